// What a feature is to the top: a function of the core that returns what it adds. src/extension.ts goes
// over the list of features once; nothing else at the top names a feature's services.
import * as vscode from 'vscode';
import type { Commands } from '../common/ids';
import type { Core } from './core';

export type CommandId = (typeof Commands)[keyof typeof Commands];
// Each command takes what VS Code hands it (a row, a Uri, the palette's nothing): checked by the handler itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (...args: any[]) => unknown;

export interface CommandOptions {
  /**
   * Whether `tmdb.setApiToken` and `tmdb.signInWithV4Token` take the credential as an argument, and the
   * exports a file to write. Only in test mode: otherwise any extension (or a keybinding, or a link) could
   * plant a token of its choosing, or have a file overwritten.
   */
  credentialArguments: boolean;
  /**
   * Whether a command gives back what it made (the panel it opened): the tests' handle on it. Otherwise
   * nothing: VS Code sends a command's result to whoever ran it (the workbench, from the palette) as JSON.
   */
  returnResults: boolean;
}

/** What a feature adds: its commands, what to dispose of with the window, and what test mode reads of it. */
export interface Added<Exposed extends object = object, Ids extends CommandId = CommandId> {
  commands?: (options: CommandOptions) => Record<Ids, Handler>;
  disposables?: vscode.Disposable[];
  /**
   * Its global-state keys that Settings Sync carries to the person's other machines. The top hands VS Code
   * every feature's at once: `setKeysForSync` replaces the extension's list, it does not add to it.
   */
  syncedKeys?: string[];
  /** Its services by name, for the integration suite (src/testApi.ts); never handed out otherwise. */
  exposed: Exposed;
}

/** What any part adds, as the top goes over them (the core's and each feature's). */
export interface Part {
  commands?: (options: CommandOptions) => Partial<Record<CommandId, Handler>>;
  disposables?: vscode.Disposable[];
  syncedKeys?: string[];
  exposed: object;
}

/** Every part's synced keys, as the top hands them to VS Code (at once: the list replaces the one before). */
export function syncedKeysOf(parts: readonly Part[]): string[] {
  return parts.flatMap((part) => part.syncedKeys ?? []);
}

/** A feature: registers itself on the core it is handed. */
export type Feature<Exposed extends object = object, Ids extends CommandId = CommandId> = (
  core: Core,
) => Added<Exposed, Ids>;

/** Names a feature's entry (its `index.ts`), keeping what it exposes and the commands it registers typed. */
export function feature<Exposed extends object, Ids extends CommandId = never>(
  entry: Feature<Exposed, Ids>,
): Feature<Exposed, Ids> {
  return entry;
}

/** The commands a list of features registers (the top checks they are every command there is). */
export type CommandsOf<F> = F extends (core: Core) => { commands?: (options: CommandOptions) => infer Table }
  ? keyof Table
  : never;
/** What a list of features exposes to test mode, as one type. */
export type ExposedBy<F> = (F extends (core: Core) => { exposed: infer E } ? (exposed: E) => void : never) extends (
  exposed: infer All,
) => void
  ? All
  : never;

/** Every command of every part, by id; a command two parts claim is a wiring error, said so. */
export function commandTable(parts: readonly Part[], options: CommandOptions): Map<string, Handler> {
  const table = new Map<string, Handler>();
  for (const part of parts)
    for (const [id, run] of Object.entries(part.commands?.(options) ?? {})) {
      if (table.has(id)) throw new Error(`Two features register ${id}.`);
      if (run) table.set(id, run);
    }
  return table;
}

export function registerCommands(table: Map<string, Handler>, options: CommandOptions): vscode.Disposable[] {
  return [...table].map(([id, run]) => vscode.commands.registerCommand(id, asRegistered(run, options)));
}

/** A handler as it is registered: giving back its result in test mode only (`returnResults`). */
export function asRegistered(run: Handler, options: CommandOptions): Handler {
  return options.returnResults ? run : async (...args: unknown[]) => void (await run(...args));
}
