// The watchlist as the rest of the extension sees it: what TMDB says an item's state is, and every change
// made anywhere in the extension, announced so the Watchlist view and open panels follow.
import * as vscode from 'vscode';
import { Disposable } from './disposable';
import type { TmdbClient } from './tmdb/client';
import { isTmdbError, type TmdbErrorKind } from './tmdb/errors';
import type { MediaKind } from './tmdb/schemas';

/** Failures after which a write may or may not have reached TMDB. */
const AMBIGUOUS: ReadonlySet<TmdbErrorKind> = new Set(['offline', 'timeout', 'server', 'invalidResponse']);

export interface WatchlistChange {
  kind: MediaKind;
  id: number;
  onWatchlist: boolean;
}

export class WatchlistService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<WatchlistChange>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: TmdbClient) {
    super();
  }

  /** TMDB's current answer (account_states). */
  async isOnWatchlist(kind: MediaKind, id: number): Promise<boolean> {
    return (await this.client.accountStates(kind, id)).watchlist;
  }

  /**
   * Resolves once TMDB has the change: confirmed (status_code 1, 12 or 13), or, when the answer was lost
   * or unreadable (the write may have taken effect all the same), found so by asking TMDB afterwards.
   * Throws otherwise; nothing is queued to be tried later.
   */
  async set(kind: MediaKind, id: number, onWatchlist: boolean): Promise<void> {
    try {
      await this.client.setWatchlist(kind, id, onWatchlist);
    } catch (error) {
      if (!isTmdbError(error) || !AMBIGUOUS.has(error.kind)) throw error;
      const now = await this.isOnWatchlist(kind, id).catch(() => undefined);
      if (now !== onWatchlist) throw error;
    }
    this.changed.fire({ kind, id, onWatchlist });
  }
}
