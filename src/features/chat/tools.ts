// TMDB as language model tools (package.json `languageModelTools`): a chat, or any extension through
// `vscode.lm.invokeTool`, can search, read a title, a person, trending, and the signed-in user's
// watchlist, favorites, ratings and lists, and, once the person confirms what will change, add to or
// remove from the watchlist, rate, add a movie to a list, and mark what the person watched (kept by the
// extension, not TMDB). Every tool goes through the extension's
// client (its cache, throttle, errors) and its account services (confirmed writes, announced, so the
// views and open pages follow). Answers are built by ./toolText (deferred bundle); the tools' bodies
// (./toolBodies) load with the first tool a chat readies or calls.
//
// What reaches the person is ours or escaped: titles of confirmations and progress messages carry no
// TMDB text; a confirmation's body names the title as escaped Markdown (no link, no icon). Answers and
// errors are for the model and in English; the confirmations are in the display language.
import * as vscode from 'vscode';
import { Tools } from '../../common/ids';
import { onceAsync } from '../../common/once';
import { chatHostSlice } from './deferredPart';
import type { ToolName } from './toolBodies';
import type { Input, ToolDeps } from './toolKit';

export type { ToolDeps } from './toolKit';

const REGISTERED: ReadonlyArray<[string, ToolName]> = [
  [Tools.search, 'search'],
  [Tools.details, 'details'],
  [Tools.trending, 'trending'],
  [Tools.myTitles, 'myTitles'],
  [Tools.myLists, 'myLists'],
  [Tools.watchlist, 'watchlist'],
  [Tools.rate, 'rate'],
  [Tools.addToList, 'addToList'],
  [Tools.editList, 'editList'],
  [Tools.markWatched, 'markWatched'],
];

export function registerTools(deps: ToolDeps): vscode.Disposable[] {
  // `engines.vscode` is ^1.95, where the API is final; a fork that lacks it gets no tools, and no error.
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const bodies = onceAsync(async () => (await chatHostSlice.load()).toolBodies(deps));
  return REGISTERED.map(([id, name]) => {
    const body = async () => (await bodies())[name];
    const registered: vscode.LanguageModelTool<Input> = {
      prepareInvocation: async (options, token) => (await body()).prepareInvocation?.(options, token),
      invoke: async (options, token) => (await body()).invoke(options, token),
    };
    return vscode.lm.registerTool(id, registered);
  });
}
