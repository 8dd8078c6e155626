// The baseline of npm run bench:list: a view in TMDB's side bar with the Watchlist's shape (two groups
// open, twenty titles in the first), every row in hand: what showing rows costs the workbench, with no
// request and no work of an extension's but the one that gets rows drawn at once. Activated when TMDB is (onStartupFinished).
const vscode = require('vscode');

const groups = ['Movies', 'TV Series'];

exports.activate = (context) => {
  const provider = {
    getTreeItem: (element) => element,
    getChildren: (element) => {
      if (!element)
        return groups.map((name) =>
          Object.assign(new vscode.TreeItem(name, vscode.TreeItemCollapsibleState.Expanded), { id: name }),
        );
      if (element.id !== 'Movies') return [];
      return Array.from({ length: 20 }, (_, i) =>
        Object.assign(new vscode.TreeItem(`Movie ${i + 1}`), {
          id: `movie-${i + 1}`,
          description: '2024',
          iconPath: new vscode.ThemeIcon('device-camera-video'),
        }),
      );
    },
  };
  const view = vscode.window.createTreeView('bench.rows', { treeDataProvider: provider });
  // As TMDB's views do (src/tree/treeProvider.ts): the first time the view is shown, a message set lays its
  // tree out at once; the workbench would otherwise leave the rows undrawn for 2 s.
  const shown = view.onDidChangeVisibility(({ visible }) => {
    if (!visible) return;
    shown.dispose();
    // eslint-disable-next-line no-self-assign -- setting it again lays the tree out (as src/tree/treeProvider.ts)
    view.message = view.message;
  });
  context.subscriptions.push(view, shown);
};
exports.deactivate = () => {};
