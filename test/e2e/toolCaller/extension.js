// Stands in for a chat (no language model can run here): picks one of the tools every extension sees
// (`vscode.lm.tools`), takes its input as JSON, calls it as a chat does (`vscode.lm.invokeTool`, outside a
// chat request: VS Code asks the person in its own dialog when the tool wants a confirmation), and opens
// the answer, or the error, in an editor. Plain JavaScript, loaded as an extension under development.
const vscode = require('vscode');

exports.activate = (context) => {
  context.subscriptions.push(
    vscode.commands.registerCommand('toolCaller.invoke', async () => {
      const picked = await vscode.window.showQuickPick(
        vscode.lm.tools.map((tool) => ({ label: tool.name, description: tool.tags.join(', ') })),
        // A chat's box does not close when another part of the window takes the focus: nor do these (a page
        // drawing its season took it from the input box in CI, and the journey waited 45 s for a closed box).
        { title: 'Tool to invoke', ignoreFocusOut: true },
      );
      if (!picked) return;
      const input = await vscode.window.showInputBox({
        title: 'Tool input',
        prompt: `Input for ${picked.label} (JSON)`,
        placeHolder: '{}',
        ignoreFocusOut: true,
      });
      if (input === undefined) return;
      let answer;
      try {
        const result = await vscode.lm.invokeTool(picked.label, {
          input: JSON.parse(input || '{}'),
          toolInvocationToken: undefined,
        });
        answer = result.content
          .map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : ''))
          .join('');
      } catch (error) {
        answer = `Error (${error.name}): ${error.message}`;
      }
      const document = await vscode.workspace.openTextDocument({
        content: `${picked.label} answered:\n${answer}\n`,
        language: 'plaintext',
      });
      // Beside what is open, as a chat panel is: a page in front stays drawn (in front of it, the answer hid
      // the page, and closing the answer drew the page anew, which took the focus from the next palette).
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside });
    }),
  );
};
