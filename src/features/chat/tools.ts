// TMDB as language model tools (package.json `languageModelTools`): a chat, or any extension through
// `vscode.lm.invokeTool`, can search, read a title, a person, trending, and the signed-in user's
// watchlist, favorites, ratings and lists, and, once the person confirms what will change, add to or
// remove from the watchlist, rate, and add a movie to a list. Every tool goes through the extension's
// client (its cache, throttle, errors) and its account services (confirmed writes, announced, so the
// views and open pages follow). Answers are built by ./toolText (deferred bundle).
//
// What reaches the person is ours or escaped: titles of confirmations and progress messages carry no
// TMDB text; a confirmation's body names the title as escaped Markdown (no link, no icon). Answers and
// errors are for the model and in English; the confirmations are in the display language.
import * as vscode from 'vscode';
import { Tools } from '../../common/ids';
import { readTools } from './readTools';
import type { ToolDeps } from './toolKit';
import { writeTools } from './writeTools';
import { listTools } from './listTools';

export type { ToolDeps } from './toolKit';

export function registerTools(deps: ToolDeps): vscode.Disposable[] {
  // `engines.vscode` is ^1.95, where the API is final; a fork that lacks it gets no tools, and no error.
  if (typeof vscode.lm?.registerTool !== 'function') return [];
  const { search, details, trending, myTitles, myLists } = readTools(deps);
  const { watchlist, rate, addToList } = writeTools(deps);
  return [
    vscode.lm.registerTool(Tools.search, search),
    vscode.lm.registerTool(Tools.details, details),
    vscode.lm.registerTool(Tools.trending, trending),
    vscode.lm.registerTool(Tools.myTitles, myTitles),
    vscode.lm.registerTool(Tools.myLists, myLists),
    vscode.lm.registerTool(Tools.watchlist, watchlist),
    vscode.lm.registerTool(Tools.rate, rate),
    vscode.lm.registerTool(Tools.addToList, addToList),
    vscode.lm.registerTool(Tools.editList, listTools(deps)),
  ];
}
