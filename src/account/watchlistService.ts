// The watchlist as the rest of the extension sees it: what TMDB says an item's state is, and every change
// made anywhere in the extension, announced so the Watchlist view and open panels follow.
import * as vscode from 'vscode';
import { Disposable } from '../common/disposable';
import type { TmdbClient } from '../tmdb/client';
import type { MediaKind } from '../tmdb/schemas';
import { confirmedWrite } from './confirmedWrite';

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

  /** Resolves once TMDB has the change (status_code 1, 12 or 13, or found so afterwards); throws otherwise. */
  async set(kind: MediaKind, id: number, onWatchlist: boolean): Promise<void> {
    await confirmedWrite(
      () => this.client.setWatchlist(kind, id, onWatchlist),
      async () => (await this.isOnWatchlist(kind, id)) === onWatchlist,
    );
    this.changed.fire({ kind, id, onWatchlist });
  }
}
