// The one place that calls setContext: keys that drive viewsWelcome, menus and the panel title action.
import * as vscode from 'vscode';
import { ContextKeys } from './ids';

const current = new Map<string, unknown>();

/** Sets a context key, unless it already has that value (each change makes the workbench re-evaluate menus). */
export function setContext(key: (typeof ContextKeys)[keyof typeof ContextKeys], value: unknown): void {
  if (current.has(key) && current.get(key) === value) return;
  current.set(key, value);
  void vscode.commands.executeCommand('setContext', key, value);
}
