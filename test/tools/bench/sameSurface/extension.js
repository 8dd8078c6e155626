// The second baseline of npm run bench:startup (see README.md): TMDB's surface, registered and empty.
const vscode = require('vscode');

exports.activate = (context) => {
  const { contributes, benchSurface } = context.extension.packageJSON;
  const nothing = { getChildren: () => [], getTreeItem: (item) => item };
  for (const view of Object.values(contributes.views).flat())
    context.subscriptions.push(vscode.window.createTreeView(view.id, { treeDataProvider: nothing }));
  for (let i = 0; i < benchSurface.commands; i++) {
    context.subscriptions.push(
      vscode.commands.registerCommand(contributes.commands[i]?.command ?? `benchSurface.internal${i}`, () => undefined),
    );
  }
  for (const tool of contributes.languageModelTools)
    context.subscriptions.push(
      vscode.lm.registerTool(tool.name, { invoke: () => new vscode.LanguageModelToolResult([]) }),
    );
  const sessions = new vscode.EventEmitter();
  const provider = {
    onDidChangeSessions: sessions.event,
    getSessions: async () => [],
    createSession: async () => Promise.reject(new Error('none')),
    removeSession: async () => undefined,
  };
  context.subscriptions.push(
    sessions,
    vscode.authentication.registerAuthenticationProvider(
      contributes.authentication[0].id,
      contributes.authentication[0].label,
      provider,
    ),
  );
  context.subscriptions.push(vscode.window.registerUriHandler({ handleUri: () => undefined }));
};
exports.deactivate = () => {};
