// A person's episode ratings at TMDB (the spec's facts, §12): a season's read in one call (`GET
// /3/tv/{id}/season/{n}/account_states`), and a rating set or removed (`POST`/`DELETE
// /3/tv/{id}/season/{n}/episode/{e}/rating`), announced once TMDB has it, so every page of the series follows.
// Loaded with the first page (features/titles' first-use part).
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import type { TmdbClient } from '../tmdb/client';
import { EpisodeCalls, type EpisodeRef } from '../tmdb/episodeCalls';
import { keptCopy } from '../tmdb/offline';

export interface EpisodeRatingChange extends EpisodeRef {
  value: number | undefined;
}

export class EpisodeRatings extends Disposable {
  private readonly calls: EpisodeCalls;
  private readonly changed = this.register(new vscode.EventEmitter<EpisodeRatingChange>());
  /** Fires once TMDB has a rating set or removed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: TmdbClient) {
    super();
    this.calls = new EpisodeCalls(client.calls);
  }

  /**
   * The season's ratings by episode number, and whether they are a kept copy (TMDB out of reach). TMDB's
   * rows name the episode by its id (the number only in its former description): `numbers` maps the
   * season's episode ids to their numbers.
   */
  async season(
    seriesId: number,
    season: number,
    numbers: ReadonlyMap<number, number>,
  ): Promise<{ ratings: Map<number, number>; kept: boolean }> {
    const answer = await this.calls.seasonStates(seriesId, season);
    const ratings = new Map<number, number>();
    for (const row of answer.results) {
      const episode = row.episode_number ?? numbers.get(row.id);
      if (episode !== undefined && row.rated !== false) ratings.set(episode, row.rated.value);
    }
    // `kept`: TMDB failed, and this is the last answer it gave (a rating now would not reach it either).
    return { ratings, kept: keptCopy(answer) !== undefined };
  }

  /** Rates the episode (0.5 to 10 in half steps) or, with undefined, removes its rating; resolves once TMDB has it. */
  async set(ref: EpisodeRef, value: number | undefined): Promise<void> {
    await this.calls.setRating(ref, value);
    // The season's states read again from TMDB next time, not from the cache.
    this.client.expire(`/3/tv/${ref.seriesId}/season/${ref.season}/account_states`);
    this.changed.fire({ ...ref, value });
  }
}
