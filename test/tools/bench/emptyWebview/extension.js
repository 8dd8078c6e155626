// The baseline of npm run bench:paint: asks for an id like "TMDB: Open Movie…", then opens a webview whose
// HTML already holds its title (no script, no request). How fast VS Code can paint a webview at all.
const vscode = require('vscode');

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('bench.openEmptyWebview', async () => {
      const id = await vscode.window.showInputBox({ prompt: 'An id' });
      if (!id) return;
      // Opened as TMDB's panels are, with VS Code's find widget (Ctrl+F): the workbench builds it with the
      // first webview that asks for it, ~40-90 ms before that webview's frame starts loading.
      const panel = vscode.window.createWebviewPanel('bench.empty', `Empty ${id}`, vscode.ViewColumn.Active, {
        enableScripts: true,
        enableFindWidget: true,
      });
      // What the TMDB page gives the bench: its title's paint time (Element Timing) and the mark set once
      // the frame showing its content is done.
      panel.webview.html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-bench'"></head><body><h1 elementtiming="title">Empty ${Number(id)}</h1><script nonce="bench">performance.mark('tmdb:render'); requestAnimationFrame(() => setTimeout(() => performance.mark('tmdb:render:frame')));</script></body></html>`;
    }),
  );
};
