// What the user opened lately (movies, series, people, credits), newest first, at most 20: an empty
// "TMDB: Search…" offers them. Kept in memory and in global state (no secret in it), and clearable.
import * as vscode from 'vscode';
import { recentTitlesPart, searchSlice } from './deferredPart';
import { StateKeys } from '../../common/ids';
import { refKey, type ShownTitle } from '../../model/panelRef';

export const MAX_RECENT = 20;

/** A title as a panel showed it (the panel manager says when). */
export type RecentTitle = ShownTitle;

export class RecentTitles {
  /** Read from global state when first needed (the search, or a title opening), not at start-up. */
  private items: RecentTitle[] | undefined;

  constructor(private readonly state: vscode.Memento) {}

  get all(): readonly RecentTitle[] {
    if (!this.items) {
      const stored = recentTitlesPart()().safeParse(this.state.get(StateKeys.recentTitles));
      this.items = stored.success ? stored.data.slice(0, MAX_RECENT) : [];
    }
    return this.items;
  }

  /**
   * Runs `then` once the titles can be read (with the deferred part's schema): at once where it loads at
   * once (Node), after its load in a browser.
   */
  whenRead(then: () => void, onError: (error: unknown) => void): void {
    if (searchSlice.canGet()) then();
    else void searchSlice.load().then(then, onError);
  }

  /** Puts a title first (once), dropping the oldest past 20. */
  add(title: RecentTitle): Thenable<void> {
    const items = this.all;
    const first = items[0];
    // Panels reload often (every settings change): an unchanged list is not written again.
    if (
      first &&
      refKey(first.ref) === refKey(title.ref) &&
      first.label === title.label &&
      first.detail === title.detail
    )
      return Promise.resolve();
    this.items = [title, ...items.filter((item) => refKey(item.ref) !== refKey(title.ref))].slice(0, MAX_RECENT);
    return this.state.update(StateKeys.recentTitles, this.items);
  }

  clear(): Thenable<void> {
    this.items = [];
    return this.state.update(StateKeys.recentTitles, undefined);
  }
}
