// The typed TMDB v3 client: the endpoint list. Each endpoint says its path, query, schema and how its
// answer may be kept; a read goes through ./readThrough (the cache), every request through ./transport
// (token, throttle, timeout, retries, size cap, errors, validation). Plain TypeScript: no `vscode` import,
// credentials and settings come in as functions, fetch can be injected.
import * as l10n from '@vscode/l10n';
import type { z } from 'zod';
import { tmdbPart } from './deferredPart';
import { DEFAULT_TTL_MS, type AnswerStore, type Kept } from './cache';
import {
  ACCOUNT_CACHE,
  CONFIRMED_BY,
  MOVIE_APPENDS,
  PAGE_READ,
  PANEL_SCHEMAS,
  TITLE_CACHE,
  TV_APPENDS,
  type PanelSchemaKind,
} from './policies';
import { clampPage, int } from './arguments';
import { CREDIT_ID } from '../model/panelRef';
import { isRating } from '../model/ratings';
import { refuseNonToken } from './credential';
import { Discovery } from './discovery';
import { TmdbError } from './errors';
import { ReadThrough, type Read } from './readThrough';
import type * as s from './schemas';
import { MAX_SEASON_BYTES, Transport, type Call, type TransportOptions, type UserSession } from './transport';

export interface TmdbClientOptions extends TransportOptions {
  session: () => Promise<UserSession | undefined>;
  /** Where public answers are kept across restarts (the extension's global storage). */
  store?: AnswerStore;
  /** The memory cache's byte budget. */
  memoryBudgetBytes?: number;
  now?: () => number;
}

export type TimeWindow = 'day' | 'week';

/** The schemas, loaded with zod on the first request rather than when the extension starts. */
const schemas = () => tmdbPart().schemas;

export class TmdbClient {
  private readonly transport: Transport;
  private readonly reads: ReadThrough;
  /** Fires when a user call finds the session revoked (401 with status_code 3, 17 or 37). */
  readonly onDidRevokeSession;
  /** Fires with the path of a stale answer that, checked behind, turned out to have changed. */
  readonly onDidRefresh;
  /** Fires when a stale answer served at once could not be checked behind: TMDB out of reach or failing. */
  readonly onDidKeepStale;
  readonly discovery: Discovery; // Up Next's schedules, the charts, Discover

  constructor(private readonly options: TmdbClientOptions) {
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

  list(listId: string, page = 1) {
    return this.request({
      path: `/3/list/${encodeURIComponent(listId)}`,
      schema: schemas().listDetails,
      query: { page: clampPage(page) },
      localized: true,
      // A list is its owner's to change: kept like account data.
      cache: ACCOUNT_CACHE,
      staleWhileRevalidate: true,
    });
  }

  // ---- the signed-in user ---------------------------------------------------------------------

  /** `GET /3/account/{account_id}/lists`. */
  async accountLists(page = 1) {
    const session = await this.requireSession('GET /3/account/{account_id}/lists');
    return this.request({
      path: `/3/account/${session.accountId}/lists`,
      schema: schemas().accountLists,
      query: { page: clampPage(page) },
      session,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /** The watchlist or the favorites, the latest added first (`GET /3/account/{account_id}/watchlist/movies`, `/favorite/tv`…). */
  flagged<K extends s.MediaKind>(
    flag: s.TitleFlag,
    kind: K,
    page = 1,
  ): Promise<K extends 'movie' ? s.Paged<s.MovieSummary> : s.Paged<s.TvSummary>> {
    return this.accountTitles(
      flag,
      () => (kind === 'movie' ? schemas().watchlistMovies() : schemas().watchlistTv()),
      kind,
      page,
    ) as never;
  }

  /** Titles the account rated, the latest first (`GET /3/account/{account_id}/rated/movies` or `/tv`). */
  rated<K extends s.MediaKind>(
    kind: K,
    page = 1,
  ): Promise<K extends 'movie' ? s.Paged<s.RatedMovie> : s.Paged<s.RatedTv>> {
    return this.accountTitles(
      'rated',
      () => (kind === 'movie' ? schemas().ratedMovies() : schemas().ratedTv()),
      kind,
      page,
    ) as never;
  }

  /** A page of the account's watchlist, favorites or rated titles, newest first; kept like account data, served stale while checked. */
  private async accountTitles<T extends z.ZodType>(
    what: s.TitleFlag | 'rated',
    schema: () => T,
    kind: s.MediaKind,
    page: number,
  ) {
    const session = await this.requireSession(`GET /3/account/{account_id}/${what}`);
    return this.request({
      path: `/3/account/${session.accountId}/${what}/${kind === 'movie' ? 'movies' : 'tv'}`,
      schema,
      query: { page: clampPage(page), sort_by: 'created_at.desc' },
      session,
      localized: true,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  async accountStates(kind: s.MediaKind, mediaId: number) {
    const path = `/3/${kind}/${int(mediaId)}/account_states`;
    const session = await this.requireSession(`GET ${path}`);
    return this.request({
      path,
      schema: schemas().accountStates,
      session,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /**
   * `POST /3/account/{account_id}/{watchlist|favorite}` with `{media_type, media_id, <flag>}`. Confirmed by
   * status_code 1 (added), 12 (already so) or 13 (removed).
   */
  async setFlag(flag: s.TitleFlag, kind: s.MediaKind, mediaId: number, on: boolean): Promise<s.StatusResponse> {
    const session = await this.requireSession(`POST /3/account/{account_id}/${flag}`);
    return this.write(CONFIRMED_BY.flag, {
      method: 'POST',
      path: `/3/account/${session.accountId}/${flag}`,
      schema: schemas().statusResponse,
      body: { media_type: kind, media_id: int(mediaId), [flag]: on },
      session,
    });
  }

  /**
   * `POST /3/{movie|tv}/{id}/rating` with a value from 0.5 to 10 in steps of 0.5 (confirmed by 1, new, or
   * 12, replaced), or with `undefined`, `DELETE` the same path (confirmed by 13).
   */
  async setRating(kind: s.MediaKind, mediaId: number, value: number | undefined): Promise<s.StatusResponse> {
    const path = `/3/${kind}/${int(mediaId)}/rating`;
    const method = value === undefined ? 'DELETE' : 'POST';
    if (value !== undefined && !isRating(value)) {
      throw new TmdbError({
        kind: 'badRequest',
        endpoint: `${method} ${path}`,
        tmdbMessage: l10n.t('A rating is 0.5 to 10, in steps of 0.5.'),
      });
    }
    const session = await this.requireSession(`${method} ${path}`);
    const body = value === undefined ? undefined : { value };
    return this.write(value === undefined ? CONFIRMED_BY.removed : CONFIRMED_BY.rated, {
      method,
      path,
      schema: schemas().statusResponse,
      body,
      session,
    });
  }

  /** `GET /3/list/{list_id}/item_status?movie_id=`: whether a list holds a movie (v3 lists hold movies only). */
  async listHolds(listId: string, movieId: number): Promise<boolean> {
    const session = await this.requireSession('GET /3/list/{list_id}/item_status');
    const answer = await this.request({
      path: `/3/list/${encodeURIComponent(listId)}/item_status`,
      schema: schemas().listItemStatus,
      query: { movie_id: int(movieId) },
      session,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
    });
    return answer.item_present;
  }

  /** `POST /3/list/{list_id}/add_item` (confirmed by 12) or `/remove_item` (13): a movie, into or out of a list. */
  async setListItem(listId: string, movieId: number, present: boolean): Promise<s.StatusResponse> {
    const path = `/3/list/${encodeURIComponent(listId)}/${present ? 'add_item' : 'remove_item'}`;
    const session = await this.requireSession(`POST ${path}`);
    return this.write(present ? CONFIRMED_BY.listAdded : CONFIRMED_BY.removed, {
      method: 'POST',
      path,
      schema: schemas().statusResponse,
      body: { media_id: int(movieId) },
      session,
    });
  }

  /** `POST /3/list`: a new list of the account's, in the content language; resolves to its id. */
  async createList(name: string, description: string): Promise<string> {
    const session = await this.requireSession('POST /3/list');
    const language = this.options.settings().language.split('-')[0] || 'en';
    const reply = await this.write(CONFIRMED_BY.created, {
      method: 'POST',
      path: '/3/list',
      schema: schemas().listCreated,
      body: { name, description, language },
      session,
    });
    return String(reply.list_id);
  }

  /**
   * A write TMDB must confirm: a 2xx that does not say `success: false` and whose status_code is one of
   * `okCodes`. Any other answer is an error, never a silent success.
   */
  private async write<T extends z.ZodType<s.StatusResponse>>(
    okCodes: ReadonlySet<number>,
    call: Call<T>,
  ): Promise<z.output<T>> {
    const reply = await this.request(call);
    if (reply.success === false || !okCodes.has(reply.status_code)) {
      throw new TmdbError({
        kind: 'invalidResponse',
        endpoint: `${call.method ?? 'GET'} ${call.path}`,
        statusCode: reply.status_code,
        tmdbMessage: reply.status_message,
        detail: l10n.t('TMDB did not confirm the change.'),
      });
    }
    return reply;
  }

  // ---- the one request path -------------------------------------------------------------------

  private async requireSession(endpoint: string): Promise<UserSession> {
    const session = await this.options.session();
    if (!session) throw new TmdbError({ kind: 'signedOut', endpoint });
    return session;
  }

  /** A read with a cache policy goes through the cache; anything else straight to TMDB. */
  private request<T extends z.ZodType>(call: Read<T>): Promise<Kept<z.output<T>>>;
  private request<T extends z.ZodType>(call: Call<T>): Promise<z.output<T>>;
  private async request<T extends z.ZodType>(call: Call<T> & Partial<Read<T>>): Promise<z.output<T>> {
    const prepared = await this.transport.prepare(call);
    if (call.cache && prepared.method === 'GET') return this.reads.read({ ...call, cache: call.cache }, prepared);
    try {
      const outcome = await this.transport.send(call, prepared);
      if (outcome.notModified)
        throw new TmdbError({ kind: 'invalidResponse', endpoint: prepared.endpoint, status: 304 });
      return outcome.value;
    } finally {
      // Every write may change the account's lists, watchlist or states: read them anew.
      if (prepared.method !== 'GET' && call.session) this.forgetAccount();
    }
  }
}
