// The signed-in user's ratings: what TMDB says a title's rating is (account_states), and every change
// made in the extension, announced so the Rated view and open panels follow.
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import type { TmdbClient } from '../tmdb/client';
import type { MediaKind } from '../tmdb/schemas';
import { confirmedWrite } from './confirmedWrite';

export interface RatingChange {
  kind: MediaKind;
  id: number;
  /** The new rating; undefined when it was removed. */
  value: number | undefined;
}

export class RatingService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<RatingChange>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: TmdbClient) {
    super();
  }

  /** The user's rating of a title, undefined when unrated (account_states `rated`). */
  async ratingOf(kind: MediaKind, id: number): Promise<number | undefined> {
    const { rated } = await this.client.accountStates(kind, id);
    return rated === false ? undefined : rated.value;
  }

  /** Rates (0.5 to 10 in half steps) or, with undefined, removes the rating; resolves once TMDB has it. */
  async set(kind: MediaKind, id: number, value: number | undefined): Promise<void> {
    await confirmedWrite(
      () => this.client.setRating(kind, id, value),
      async () => (await this.ratingOf(kind, id)) === value,
    );
    this.changed.fire({ kind, id, value });
  }
}
