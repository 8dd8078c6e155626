// Every tool's body, by the name ./tools registers it under: loaded with the first tool a chat calls or
// readies (src/firstUse.ts), not at start-up.
import type * as vscode from 'vscode';
import { listTools } from './listTools';
import { readTools } from './readTools';
import type { Input, ToolDeps } from './toolKit';
import { writeTools } from './writeTools';
import { watchedTool } from './watchedTool';

export type ToolName =
  | 'search'
  | 'details'
  | 'trending'
  | 'myTitles'
  | 'myLists'
  | 'watchlist'
  | 'rate'
  | 'addToList'
  | 'editList'
  | 'markWatched';

export function toolBodies(deps: ToolDeps): Record<ToolName, vscode.LanguageModelTool<Input>> {
  return { ...readTools(deps), ...writeTools(deps), editList: listTools(deps), markWatched: watchedTool(deps) };
}
