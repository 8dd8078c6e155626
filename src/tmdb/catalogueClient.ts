// TMDB's catalogue, public to every signed-in or signed-out person: titles, seasons, people, credits,
// collections, trending, search, IMDb ids and lists, with how each answer may be kept. Over ./sessionCalls
// and ./clientCore (the cache's controls, the one request path); the signed-in user's endpoints are
// ./client's, which extends this. No `vscode` import.
import type { z } from 'zod';
import { DEFAULT_TTL_MS } from './cache';
import {
  ACCOUNT_CACHE,
  ACCOUNT_KEPT,
  MOVIE_APPENDS,
  PAGE_READ,
  PANEL_SCHEMAS,
  TITLE_CACHE,
  TV_APPENDS,
} from './policies';
import { clampPage, int } from './arguments';
import { imdbIdOf } from '../model/imdb';
import { CREDIT_ID } from '../model/panelRef';
import { schemas, type TmdbClientOptions } from './clientCore';
import { Discovery } from './discovery';
import { TmdbError } from './errors';
import type { Paged, SearchResult } from './schemas';
import { SessionCalls } from './sessionCalls';
import { MAX_SEASON_BYTES } from './call';

export type TimeWindow = 'day' | 'week';

export class CatalogueClient extends SessionCalls {
  readonly discovery: Discovery; // Up Next's schedules, the charts, Discover

  constructor(options: TmdbClientOptions) {
    super(options);
    this.discovery = new Discovery(
      (call) => this.request(call),
      () => options.settings().region,
    );
  }

  /** `GET /3/trending/person/{day|week}`. */
  trendingPeople(window: TimeWindow, page = 1) {
    return this.trending('person', () => schemas().trendingPeople(), window, page);
  }

  /** `GET /3/trending/all/{day|week}`: trending movies and series (and people, which views leave out). */
  trendingAll(window: TimeWindow, page = 1) {
    return this.trending('all', () => schemas().trendingAll(), window, page);
  }

  /** A trending page: public, kept 10 minutes unless TMDB says otherwise, served stale while checked. */
  private trending<T extends z.ZodType>(what: 'person' | 'all', schema: () => T, window: TimeWindow, page: number) {
    return this.request({
      path: `/3/trending/${what}/${window}`,
      schema,
      query: { page: clampPage(page) },
      localized: true,
      cache: { scope: 'public', defaultTtlMs: DEFAULT_TTL_MS.trending },
      staleWhileRevalidate: true,
    });
  }

  /** `GET /3/tv/{series_id}/season/{season_number}`: a season's episodes, opened from the series page. */
  season(seriesId: number, seasonNumber: number) {
    if (!Number.isSafeInteger(seasonNumber) || seasonNumber < 0 || seasonNumber > 1000) {
      return Promise.reject(
        new TmdbError({ kind: 'badRequest', endpoint: 'GET /3/tv/{series_id}/season/{season_number}' }),
      );
    }
    return this.request({
      path: `/3/tv/${int(seriesId)}/season/${seasonNumber}`,
      schema: () => schemas().seasonDetails(),
      localized: true,
      maxBytes: MAX_SEASON_BYTES,
      ...PAGE_READ,
    });
  }

  /** `GET /3/tv/{series_id}` with its videos appended (one request a series panel). */
  tvSeries(seriesId: number) {
    return this.request({
      path: `/3/tv/${int(seriesId)}`,
      schema: PANEL_SCHEMAS.tv,
      query: { append_to_response: TV_APPENDS },
      localized: true,
      ...PAGE_READ,
    });
  }

  /**
   * `GET /3/movie/{movie_id}` with its keywords, release dates, recommendations, cast and videos appended,
   * so a movie panel costs one request (`/keywords`, `/release_dates`, `/recommendations`, `/videos` in one).
   */
  movie(movieId: number) {
    return this.request({
      path: `/3/movie/${int(movieId)}`,
      schema: PANEL_SCHEMAS.movie,
      query: { append_to_response: MOVIE_APPENDS },
      localized: true,
      ...PAGE_READ,
    });
  }

  /** `GET /3/movie/{movie_id}/recommendations`: the pages after the first, which comes with the movie. */
  movieRecommendations(movieId: number, page = 1) {
    return this.request({
      path: `/3/movie/${int(movieId)}/recommendations`,
      schema: () => schemas().movieRecommendations(),
      query: { page: clampPage(page) },
      localized: true,
      cache: TITLE_CACHE,
    });
  }

  credit(creditId: string) {
    if (!CREDIT_ID.test(creditId)) {
      return Promise.reject(
        new TmdbError({
          kind: 'badRequest',
          endpoint: 'GET /3/credit/{credit_id}',
          tmdbMessage: 'A credit id is 24 hexadecimal characters.',
        }),
      );
    }
    return this.request({
      path: `/3/credit/${creditId}`,
      schema: PANEL_SCHEMAS.credit,
      localized: true,
      ...PAGE_READ,
    });
  }

  collection(collectionId: number) {
    return this.request({
      path: `/3/collection/${int(collectionId)}`,
      schema: PANEL_SCHEMAS.collection,
      localized: true,
      ...PAGE_READ,
    });
  }

  person(personId: number) {
    return this.request({
      path: `/3/person/${int(personId)}`,
      schema: PANEL_SCHEMAS.person,
      query: { append_to_response: 'combined_credits,external_ids,images' },
      localized: true,
      ...PAGE_READ,
    });
  }

  searchMulti(query: string, page = 1, signal?: AbortSignal) {
    return this.request({
      path: '/3/search/multi',
      schema: () => schemas().searchMulti(),
      query: { query, page: clampPage(page), include_adult: this.options.settings().includeAdult },
      localized: true,
      signal,
      cache: { scope: 'memory', defaultTtlMs: DEFAULT_TTL_MS.search },
    });
  }

  /** TMDB's search of one kind: its own ranking and counts, not the mixed search filtered. */
  searchKind(kind: 'movie' | 'tv' | 'person', query: string, page = 1): Promise<Paged<SearchResult>> {
    const call = {
      path: `/3/search/${kind}`,
      query: { query, page: clampPage(page), include_adult: this.options.settings().includeAdult },
      localized: true,
      cache: { scope: 'memory' as const, defaultTtlMs: DEFAULT_TTL_MS.search },
    };
    if (kind === 'movie') return this.request({ ...call, schema: () => schemas().searchMovies() });
    if (kind === 'tv') return this.request({ ...call, schema: () => schemas().searchTv() });
    return this.request({ ...call, schema: () => schemas().searchPeople() });
  }

  /**
   * `GET /3/find/{imdb_id}?external_source=imdb_id`: the TMDB title or person an IMDb id names. Kept like a
   * title (a day, on disk): an id found once is not asked again.
   */
  findByImdb(imdbId: string) {
    if (!imdbIdOf(imdbId)) {
      return Promise.reject(
        new TmdbError({
          kind: 'badRequest',
          endpoint: 'GET /3/find/{external_id}',
          tmdbMessage: 'An IMDb id is tt or nm and digits.',
        }),
      );
    }
    return this.request({
      path: `/3/find/${imdbId}`,
      schema: () => schemas().findByImdb(),
      query: { external_source: 'imdb_id' },
      cache: TITLE_CACHE,
    });
  }

  /** A list's page; `own`: one of the signed-in account's lists (My Lists), also kept on disk for offline. */
  async list(listId: string, page = 1, own = false) {
    const session = own ? await this.options.session() : undefined;
    return this.request({
      path: `/3/list/${encodeURIComponent(listId)}`,
      schema: () => schemas().listDetails(),
      query: { page: clampPage(page) },
      localized: true,
      // A list is its owner's to change: kept like account data; the person's own lists on disk too, for offline.
      cache: session ? { ...ACCOUNT_KEPT, accountId: session.accountId } : ACCOUNT_CACHE,
      staleWhileRevalidate: true,
    });
  }
}
