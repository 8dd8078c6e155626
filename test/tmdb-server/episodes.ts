// A person's episodes at the stand-in, as TMDB keeps them (the spec's facts, §12): episode ratings (written
// and taken off with TMDB's status codes and value checks), a season's account states in one call, one
// episode's, and the account's rated episodes, paged and sorted by when they were rated. TMDB keeps no
// watched history: nothing here reads or writes one.
import type { Accounts } from './accounts';
import type { Catalogue } from './catalogue';
import { ERR, HttpError, found, numberId } from './errors';

type Json = Record<string, any>;
type Route = (pattern: string) => string[] | undefined;

/** One account's episode ratings: `<series>:<season>:<episode>` → the value and when it was given. */
type Rated = Map<string, { value: number; at: number }>;

/** Every account's episode ratings (reset with the accounts). */
export class EpisodeRatings {
  private byAccount = new Map<number, Rated>();
  private seq = 0;

  reset(): void {
    this.byAccount = new Map();
  }

  rating(account: number, series: number, season: number, episode: number): { value: number } | false {
    const rated = this.byAccount.get(account)?.get(`${series}:${season}:${episode}`);
    return rated ? { value: rated.value } : false;
  }

  /** Sets (a number) or removes (undefined) a rating; says whether it was new (TMDB's 1) or replaced one (12). */
  set(
    account: number,
    series: number,
    season: number,
    episode: number,
    value: number | undefined,
  ): 'added' | 'updated' | 'removed' {
    let rated = this.byAccount.get(account);
    if (!rated) this.byAccount.set(account, (rated = new Map()));
    const key = `${series}:${season}:${episode}`;
    if (value === undefined) {
      rated.delete(key);
      return 'removed';
    }
    const had = rated.has(key);
    rated.set(key, { value, at: Date.now() + ++this.seq });
    return had ? 'updated' : 'added';
  }

  /** The account's rated episodes as [series, season, episode, value, rated at]. */
  entries(account: number): Array<[number, number, number, number, number]> {
    return [...(this.byAccount.get(account) ?? new Map())].map(([key, { value, at }]) => {
      const [series, season, episode] = key.split(':').map(Number) as [number, number, number];
      return [series, season, episode, value, at];
    });
  }
}

/** A rating's value as TMDB checks it: a number from 0.5 to 10 in steps of 0.5, each refusal with its code. */
export function checkedRating(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new HttpError(ERR.invalidInput);
  if (value < 0.5) throw new HttpError(ERR.valueTooLow);
  if (value > 10) throw new HttpError(ERR.valueTooHigh);
  if (!Number.isInteger(value * 2)) throw new HttpError(ERR.valueInvalid);
  return value;
}

/** The status body of a rating written: 1 when new, 12 when it replaced one, 13 when taken off. */
export function ratingStatus(outcome: 'added' | 'updated' | 'removed'): Json {
  if (outcome === 'removed')
    return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
  if (outcome === 'updated')
    return { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
  return { success: true, status_code: 1, status_message: 'Success.' };
}

/** The answer to an episode call, or undefined when the request is not one. */
export function answerEpisodes(
  state: { catalogue: Catalogue; accounts: Accounts },
  route: Route,
  query: Record<string, string>,
  body: unknown,
  pageOf: (items: Json[], query: Record<string, string>) => Json,
): Json | undefined {
  const { catalogue: c, accounts } = state;
  const ratings = accounts.episodeRatings;
  const season = (series: string | undefined, number: string | undefined): Json =>
    found(c.seasons.get(`${numberId(series)}:${numberId(number)}`));
  const episodeOf = (details: Json, number: string | undefined): Json =>
    found((details.episodes as Json[]).find((episode) => episode.episode_number === numberId(number)));
  let m: string[] | undefined;

  const rate = route('POST /3/tv/:id/season/:n/episode/:e/rating');
  if ((m = rate ?? route('DELETE /3/tv/:id/season/:n/episode/:e/rating'))) {
    const account = accounts.accountFor(query, undefined);
    const episode = episodeOf(season(m[0], m[1]), m[2]);
    const value = rate ? checkedRating((body as Json | undefined)?.value) : undefined;
    return ratingStatus(ratings.set(account, numberId(m[0]), episode.season_number, episode.episode_number, value));
  }
  if ((m = route('GET /3/tv/:id/season/:n/account_states'))) {
    const account = accounts.accountFor(query, undefined);
    const details = season(m[0], m[1]);
    const series = numberId(m[0]);
    return {
      id: details.id,
      results: (details.episodes as Json[]).map((episode) => ({
        id: episode.id,
        episode_number: episode.episode_number,
        rated: ratings.rating(account, series, details.season_number, episode.episode_number),
      })),
    };
  }
  if ((m = route('GET /3/tv/:id/season/:n/episode/:e/account_states'))) {
    const account = accounts.accountFor(query, undefined);
    const episode = episodeOf(season(m[0], m[1]), m[2]);
    return {
      id: episode.id,
      favorite: false,
      rated: ratings.rating(account, numberId(m[0]), episode.season_number, episode.episode_number),
      watchlist: false,
    };
  }
  if ((m = route('GET /3/account/:id/rated/tv/episodes'))) {
    const account = accounts.accountFor(query, m[0]);
    const rows = ratings
      .entries(account)
      .sort((a, b) => (query.sort_by === 'created_at.desc' ? b[4] - a[4] : a[4] - b[4]))
      .flatMap(([series, number, episodeNumber, rating]) => {
        const episode = (c.seasons.get(`${series}:${number}`)?.episodes as Json[] | undefined)?.find(
          (row) => row.episode_number === episodeNumber,
        );
        if (!episode) return [];
        const { crew: _crew, guest_stars: _guests, episode_type: _type, ...row } = episode;
        return [{ ...row, show_id: series, rating }];
      });
    return pageOf(rows, query);
  }
  return undefined;
}
