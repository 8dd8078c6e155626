// The typed TMDB v3 client's public half: the cache, authentication, and TMDB's catalogue (titles, people,
// trending, search), over the one request path. The signed-in user's endpoints are ./client's, which
// extends this. Each endpoint says its path, query, schema and how its answer may be kept; a read goes
// through ./readThrough (the cache), every request through ./transport (token, throttle, timeout, retries,
// size cap, errors, validation). Plain TypeScript: no `vscode` import, credentials and settings come in as
// functions, fetch can be injected.
import type { z } from 'zod';
import { tmdbPart } from './deferredPart';
import { DEFAULT_TTL_MS, type AnswerStore, type Kept } from './cache';
import {
  ACCOUNT_CACHE,
  ACCOUNT_KEPT,
  MOVIE_APPENDS,
  PAGE_READ,
  PANEL_SCHEMAS,
  TITLE_CACHE,
  TV_APPENDS,
  type PanelSchemaKind,
} from './policies';
import { clampPage, int } from './arguments';
import { imdbIdOf } from '../model/imdb';
import { CREDIT_ID } from '../model/panelRef';
import { refuseNonToken } from './credential';
import { Discovery } from './discovery';
import { TmdbError } from './errors';
import type { Paged, SearchResult } from './schemas';
import { ReadThrough, type Read } from './readThrough';
import { MAX_SEASON_BYTES, Transport, type Call, type TransportOptions, type UserSession } from './transport';

export interface TmdbClientOptions extends TransportOptions {
  session: () => Promise<UserSession | undefined>;
  /** Where public answers are kept across restarts (the extension's global storage). */
  store?: AnswerStore;
  /** Where the person's own lists, watchlist, favorites and ratings are kept across restarts; emptied at sign-out. */
  accountStore?: AnswerStore;
  /** The memory cache's byte budget. */
  memoryBudgetBytes?: number;
  now?: () => number;
}

export type TimeWindow = 'day' | 'week';

/** The schemas, loaded with zod on the first request rather than when the extension starts. */
export const schemas = () => tmdbPart().schemas;

export class CatalogueClient {
  private readonly transport: Transport;
  private readonly reads: ReadThrough;
  /** Fires when a user call finds the session revoked (401 with status_code 3, 17 or 37). */
  readonly onDidRevokeSession;
  /** Fires with the path of a stale answer that, checked behind, turned out to have changed. */
  readonly onDidRefresh;
  /** Fires when a stale answer served at once could not be checked behind: TMDB out of reach or failing. */
  readonly onDidKeepStale;
  readonly discovery: Discovery; // Up Next's schedules, the charts, Discover

  constructor(protected readonly options: TmdbClientOptions) {
    this.transport = new Transport(options);
    this.reads = new ReadThrough(this.transport, options);
    this.onDidRevokeSession = this.transport.onDidRevokeSession;
    this.onDidRefresh = this.reads.onDidRefresh;
    this.onDidKeepStale = this.reads.onDidKeepStale;
    this.discovery = new Discovery(
      (call) => this.request(call),
      () => options.settings().region,
    );
  }

  /** Loads what the first request would (Transport.warmUp), ahead of one; and builds the schema a `kind` panel's answer is read with. */
  warmUp(kind?: PanelSchemaKind): void {
    this.transport.warmUp();
    if (kind) PANEL_SCHEMAS[kind]()();
  }

  // ---- the cache ------------------------------------------------------------------------------

  /** Makes kept answers under a path stale (all without one): their next use asks TMDB, with the ETag. */
  expire(pathPrefix = ''): void {
    this.reads.expire(pathPrefix);
  }

  /** Forgets the account's answers (lists, watchlist, account states): after a write, and on sign-out. */
  forgetAccount(): void {
    this.reads.forgetAccount();
  }

  /** Sign-out: the account's answers go from memory and disk. */
  dropAccount(): Promise<void> {
    return this.reads.dropAccount();
  }

  /** `TMDB: Clear Cache`: memory and disk. */
  clearCache(): Promise<void> {
    return this.reads.clear();
  }

  // ---- authentication -------------------------------------------------------------------------

  /** `GET /3/authentication` with a candidate token: resolves when TMDB accepts it. */
  async validateToken(token: string): Promise<void> {
    refuseNonToken(token, 'GET /3/authentication');
    await this.request({ path: '/3/authentication', schema: schemas().statusResponse, token });
  }

  createRequestToken() {
    return this.request({ path: '/3/authentication/token/new', schema: schemas().requestToken });
  }

  createSession(requestToken: string) {
    return this.request({
      method: 'POST',
      path: '/3/authentication/session/new',
      schema: schemas().session,
      body: { request_token: requestToken },
    });
  }

  /** `POST /3/authentication/session/convert/4`: a session from a v4 access token the user approved. */
  convertV4Token(accessToken: string) {
    return this.request({
      method: 'POST',
      path: '/3/authentication/session/convert/4',
      schema: schemas().session,
      body: { access_token: accessToken },
    });
  }

  /** `POST /4/auth/request_token`: a token for TMDB's v4 approval page, which sends the browser to `redirectTo`. */
  v4RequestToken(redirectTo: string) {
    return this.request({
      method: 'POST',
      path: '/4/auth/request_token',
      schema: schemas().v4RequestToken,
      body: { redirect_to: redirectTo },
    });
  }

  /** `POST /4/auth/access_token`: the user's access token and account object id, once they approved. */
  v4AccessToken(requestToken: string) {
    return this.request({
      method: 'POST',
      path: '/4/auth/access_token',
      schema: schemas().v4AccessToken,
      body: { request_token: requestToken },
    });
  }

  /** `DELETE /4/auth/access_token`: the user's v4 token revoked (sign-out). */
  async v4Logout(accessToken: string): Promise<void> {
    await this.request({
      method: 'DELETE',
      path: '/4/auth/access_token',
      schema: schemas().statusResponse,
      body: { access_token: accessToken },
    });
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.request({
      method: 'DELETE',
      path: '/3/authentication/session',
      schema: schemas().successOnly,
      body: { session_id: sessionId },
    });
  }

  /** Who owns a session (`GET /3/account?session_id=…`). */
  accountDetails(sessionId: string) {
    return this.request({ path: '/3/account', schema: schemas().account, query: { session_id: sessionId } });
  }

  // ---- catalogue ------------------------------------------------------------------------------

  /** `GET /3/trending/person/{day|week}`. */
  trendingPeople(window: TimeWindow, page = 1) {
    return this.trending('person', schemas().trendingPeople, window, page);
  }

  /** `GET /3/trending/all/{day|week}`: trending movies and series (and people, which views leave out). */
  trendingAll(window: TimeWindow, page = 1) {
    return this.trending('all', schemas().trendingAll, window, page);
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
      schema: schemas().seasonDetails,
      localized: true,
      maxBytes: MAX_SEASON_BYTES,
      ...PAGE_READ,
    });
  }

  /** `GET /3/tv/{series_id}` with its videos appended (one request a series panel). */
  tvSeries(seriesId: number) {
    return this.request({
      path: `/3/tv/${int(seriesId)}`,
      schema: PANEL_SCHEMAS.tv(),
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
      schema: PANEL_SCHEMAS.movie(),
      query: { append_to_response: MOVIE_APPENDS },
      localized: true,
      ...PAGE_READ,
    });
  }

  /** `GET /3/movie/{movie_id}/recommendations`: the pages after the first, which comes with the movie. */
  movieRecommendations(movieId: number, page = 1) {
    return this.request({
      path: `/3/movie/${int(movieId)}/recommendations`,
      schema: schemas().movieRecommendations,
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
      schema: PANEL_SCHEMAS.credit(),
      localized: true,
      ...PAGE_READ,
    });
  }

  collection(collectionId: number) {
    return this.request({
      path: `/3/collection/${int(collectionId)}`,
      schema: PANEL_SCHEMAS.collection(),
      localized: true,
      ...PAGE_READ,
    });
  }

  person(personId: number) {
    return this.request({
      path: `/3/person/${int(personId)}`,
      schema: PANEL_SCHEMAS.person(),
      query: { append_to_response: 'combined_credits,external_ids,images' },
      localized: true,
      ...PAGE_READ,
    });
  }

  searchMulti(query: string, page = 1, signal?: AbortSignal) {
    return this.request({
      path: '/3/search/multi',
      schema: schemas().searchMulti,
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
    if (kind === 'movie') return this.request({ ...call, schema: schemas().searchMovies });
    if (kind === 'tv') return this.request({ ...call, schema: schemas().searchTv });
    return this.request({ ...call, schema: schemas().searchPeople });
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
      schema: schemas().findByImdb,
      query: { external_source: 'imdb_id' },
      cache: TITLE_CACHE,
    });
  }

  /** A list's page; `own`: one of the signed-in account's lists (My Lists), also kept on disk for offline. */
  async list(listId: string, page = 1, own = false) {
    const session = own ? await this.options.session() : undefined;
    return this.request({
      path: `/3/list/${encodeURIComponent(listId)}`,
      schema: schemas().listDetails,
      query: { page: clampPage(page) },
      localized: true,
      // A list is its owner's to change: kept like account data; the person's own lists on disk too, for offline.
      cache: session ? { ...ACCOUNT_KEPT, accountId: session.accountId } : ACCOUNT_CACHE,
      staleWhileRevalidate: true,
    });
  }

  // ---- the one request path -------------------------------------------------------------------

  protected async requireSession(endpoint: string): Promise<UserSession> {
    const session = await this.options.session();
    if (!session) throw new TmdbError({ kind: 'signedOut', endpoint });
    return session;
  }

  /** A read with a cache policy goes through the cache; anything else straight to TMDB. */
  protected request<T extends z.ZodType>(call: Read<T>): Promise<Kept<z.output<T>>>;
  protected request<T extends z.ZodType>(call: Call<T>): Promise<z.output<T>>;
  protected async request<T extends z.ZodType>(call: Call<T> & Partial<Read<T>>): Promise<z.output<T>> {
    const prepared = await this.transport.prepare(call);
    if (call.cache && prepared.method === 'GET') return this.reads.read({ ...call, cache: call.cache }, prepared);
    try {
      const outcome = await this.transport.send(call, prepared);
      if (outcome.notModified)
        throw new TmdbError({ kind: 'invalidResponse', endpoint: prepared.endpoint, status: 304 });
      return outcome.value;
    } finally {
      // Every write may change the account's lists, watchlist or states: read them anew. What was kept for
      // offline stays until then: shown only when TMDB cannot be reached, marked with the time it was read.
      if (prepared.method !== 'GET' && call.session) this.forgetAccount();
    }
  }
}
