// For You: TMDB's own picks for the person (v4 recommendations, movies and series), in a sidebar view whose
// rows open their page and carry the usual row menu. Its rows load the first time the view asks for them
// (./forYouRows, in the first-use part): the start-up registers the view and nothing more.
import * as vscode from 'vscode';
import { Commands, Views } from '../../common/ids';
import { onceAsync } from '../../common/once';
import { feature } from '../../core/feature';
import { TitleNode, type Node } from '../../tree/nodes';
import { forYouHostSlice } from './deferredPart';
import type { ForYouRows } from './forYouRows';

export const forYouFeature = feature(({ client, credentials, ratings, log, doors }) => {
  const changed = new vscode.EventEmitter<undefined>();
  const redraw = () => changed.fire(undefined);
  let loaded: ForYouRows | undefined;
  const rows = onceAsync(
    async () =>
      (loaded = new (await forYouHostSlice.load()).ForYouRows(
        { client, credentials, ratings, log, watched: () => doors.get('watched') },
        redraw,
      )),
  );
  const view = vscode.window.createTreeView<Node>(Views.forYou, {
    treeDataProvider: {
      onDidChangeTreeData: changed.event,
      getTreeItem: (node) => (node instanceof TitleNode && node.showMarks(), node),
      getChildren: async (node) => (await rows()).children(node),
    },
  });
  return {
    commands: () => ({ [Commands.forYouRefresh]: async () => (await rows()).refresh() }),
    disposables: [changed, view, { dispose: () => loaded?.dispose() }],
    exposed: { forYou: { view, rows } },
  };
});
