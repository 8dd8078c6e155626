// What the user opened lately (movies, series, people, credits), newest first, at most 20: an empty
// "TMDB: Search…" offers them. Kept in memory and in global state (no secret in it), and clearable.
import * as vscode from 'vscode';
import * as z from 'zod';
import { StateKeys } from './ids';
import { panelRef, refKey } from './webview/panelRef';

export const MAX_RECENT = 20;

const recent = z.object({ ref: panelRef, label: z.string(), detail: z.string() });
export type RecentTitle = z.infer<typeof recent>;

export class RecentTitles {
  private items: RecentTitle[];

  constructor(private readonly state: vscode.Memento) {
    const stored = z.array(recent).safeParse(state.get(StateKeys.recentTitles));
    this.items = stored.success ? stored.data.slice(0, MAX_RECENT) : [];
  }

  get all(): readonly RecentTitle[] {
    return this.items;
  }

  /** Puts a title first (once), dropping the oldest past 20. */
  add(title: RecentTitle): Thenable<void> {
    const first = this.items[0];
    // Panels reload often (every settings change): an unchanged list is not written again.
    if (first && refKey(first.ref) === refKey(title.ref) && first.label === title.label && first.detail === title.detail) return Promise.resolve();
    this.items = [title, ...this.items.filter((item) => refKey(item.ref) !== refKey(title.ref))].slice(0, MAX_RECENT);
    return this.state.update(StateKeys.recentTitles, this.items);
  }

  clear(): Thenable<void> {
    this.items = [];
    return this.state.update(StateKeys.recentTitles, undefined);
  }
}

