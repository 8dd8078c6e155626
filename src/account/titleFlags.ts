// The watchlist and favorites as the rest of the extension sees them: what TMDB says a title's flag is
// (account_states), and every change made anywhere in the extension, announced so the Watchlist and
// Favorites views and open panels follow. One service a flag.
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import type { TmdbClient } from '../tmdb/client';
import type { MediaKind, TitleFlag } from '../tmdb/schemas';
import { confirmedWrite } from './confirmedWrite';

export interface FlagChange {
  kind: MediaKind;
  id: number;
  /** On the watchlist, or a favorite, now. */
  on: boolean;
}

export class TitleFlagService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<FlagChange>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly client: TmdbClient,
    readonly flag: TitleFlag,
  ) {
    super();
  }

  /** TMDB's current answer (account_states). */
  async has(kind: MediaKind, id: number): Promise<boolean> {
    return (await this.client.accountStates(kind, id))[this.flag];
  }

  /** Resolves once TMDB has the change (status_code 1, 12 or 13, or found so afterwards); throws otherwise. */
  async set(kind: MediaKind, id: number, on: boolean): Promise<void> {
    await confirmedWrite(
      () => this.client.setFlag(this.flag, kind, id, on),
      async () => (await this.has(kind, id)) === on,
    );
    this.changed.fire({ kind, id, on });
  }
}
