// The one place that calls setContext: keys that drive viewsWelcome, menus and the panel title action.
import * as vscode from 'vscode';
import { ContextKeys } from '../common/ids';

const current = new Map<string, unknown>();

/**
 * Sets a context key, unless it already has that value (each change makes the workbench re-evaluate menus).
 * `unsetMeans`: the value the `when` clauses read an unset key as; a key never set is left unset for it
 * (a call saved at activation).
 */
export function setContext(
  key: (typeof ContextKeys)[keyof typeof ContextKeys],
  value: unknown,
  unsetMeans?: unknown,
): void {
  if (current.has(key) ? current.get(key) === value : unsetMeans !== undefined && value === unsetMeans) return;
  current.set(key, value);
  void vscode.commands.executeCommand('setContext', key, value);
}
