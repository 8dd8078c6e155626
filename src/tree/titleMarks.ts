// What the sidebar knows of a title's flags beyond the view a row is in: on the watchlist, a favorite.
// Learned from the Watchlist and Favorites views' rows as they load and from every change made in the
// extension; forgotten at sign-out. A row built in any view carries what is known in its context value
// (`.onWatchlist`, `.favorite`), so its menu offers Remove for a title that is on, and Add otherwise.
import * as vscode from 'vscode';
import type { MediaKind, TitleFlag } from '../tmdb/schemas';

/** At most this many titles a flag (a watchlist read whole holds up to 1,020 a kind). */
const MAX_KNOWN = 5000;

export class TitleMarks implements vscode.Disposable {
  private readonly known: Record<TitleFlag, Set<string>> = { watchlist: new Set(), favorite: new Set() };
  private readonly changed = new vscode.EventEmitter<string[] | undefined>();
  /** Fires with the titles (`movie:550`) whose marks changed, or undefined when all may have (sign-out). */
  readonly onDidChange = this.changed.event;

  has(flag: TitleFlag, kind: MediaKind, id: number): boolean {
    return this.known[flag].has(`${kind}:${id}`);
  }

  /** Titles a view shows as having the flag (a page of the Watchlist or Favorites). */
  seen(flag: TitleFlag, kind: MediaKind, ids: number[]): void {
    const known = this.known[flag];
    const added = ids.map((id) => `${kind}:${id}`).filter((key) => !known.has(key) && known.size < MAX_KNOWN);
    for (const key of added) known.add(key);
    if (added.length) this.changed.fire(added);
  }

  /** A change made in the extension, confirmed by TMDB. */
  set(flag: TitleFlag, kind: MediaKind, id: number, on: boolean): void {
    const known = this.known[flag];
    const key = `${kind}:${id}`;
    if (known.has(key) === on) return;
    if (on && known.size < MAX_KNOWN) known.add(key);
    else known.delete(key);
    this.changed.fire([key]);
  }

  /** Signed out, or another account: nothing is known. */
  clear(): void {
    if (this.known.watchlist.size + this.known.favorite.size === 0) return;
    this.known.watchlist.clear();
    this.known.favorite.clear();
    this.changed.fire(undefined);
  }

  /** The marks of a row's context value (none for the flag of the view it is in: `within`). */
  suffix(kind: MediaKind, id: number, within?: TitleFlag): string {
    const mark = (flag: TitleFlag, text: string) => (flag !== within && this.has(flag, kind, id) ? text : '');
    return mark('watchlist', '.onWatchlist') + mark('favorite', '.favorite');
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The one the sidebar's rows read (made with the extension, see ../extension.ts). */
export const titleMarks = new TitleMarks();
