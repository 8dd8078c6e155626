// What the user opened lately (movies, series, people, credits), newest first, at most 20: an empty
// "TMDB: Search…" offers them. Kept in memory and in global state (no secret in it), and clearable.
import * as vscode from 'vscode';
import * as z from 'zod';
import { Disposable } from './disposable';
import { StateKeys } from './ids';
import { panelRef, refKey } from './webview/panelRef';

export const MAX_RECENT = 20;

const recent = z.object({ ref: panelRef, label: z.string(), detail: z.string() });
export type RecentTitle = z.infer<typeof recent>;

export class RecentTitles extends Disposable {
  private items: RecentTitle[];
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
    const stored = z.array(recent).safeParse(state.get(StateKeys.recentTitles));
    this.items = stored.success ? stored.data.slice(0, MAX_RECENT) : [];
  }

  get all(): readonly RecentTitle[] {
    return this.items;
  }

  /** Puts a title first (once), dropping the oldest past 20. */
  add(title: RecentTitle): Thenable<void> {
    this.items = [title, ...this.items.filter((item) => refKey(item.ref) !== refKey(title.ref))].slice(0, MAX_RECENT);
    this.changed.fire();
    return this.state.update(StateKeys.recentTitles, this.items);
  }

  clear(): Thenable<void> {
    this.items = [];
    this.changed.fire();
    return this.state.update(StateKeys.recentTitles, undefined);
  }
}

