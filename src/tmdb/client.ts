// The typed TMDB v3 client. Plain TypeScript: no `vscode` import, credentials and settings come in as
// functions, fetch can be injected. Every answer is validated with the schemas in ./schemas. Reads go
// through one cache (./cache): identical concurrent reads share one request, fresh answers cost none, a
// stale one is checked with its ETag, and when TMDB cannot be reached the last answer is served, marked.
import * as l10n from '@vscode/l10n';
import type { $Fetch } from 'ofetch';
import type { z } from 'zod';
import { DEFAULT_TTL_MS, maxAgeMs, MemoryCache, type AnswerStore, type CachedAnswer, type CachePolicy } from './cache';
import { CREDIT_ID, isRating, MAX_PAGE } from './constants';
import { TmdbError, isTmdbError, kindForStatus, type TmdbErrorKind } from './errors';
import { Emitter } from './events';
import { schemasAndPages } from '../schemasAndPagesLoader';
import type * as s from './schemas';
import { Throttle } from './throttle';

export interface TmdbSettings {
  apiBaseUrl: string;
  language: string;
  region: string;
  includeAdult: boolean;
}

export interface UserSession {
  sessionId: string;
  accountId: number;
}

export interface TmdbClientOptions {
  settings: () => TmdbSettings;
  /** The API Read Access Token (a JWT) or a v3 API key (32 hex characters). */
  apiToken: () => Promise<string | undefined>;
  session: () => Promise<UserSession | undefined>;
  fetch?: typeof globalThis.fetch;
  /** Called for every request with a line that holds no secret. */
  log?: (line: string) => void;
  timeoutMs?: number;
  /** Retries after 429, network errors and 5xx (GET only, but 429 for any method). */
  maxRetries?: number;
  retryBaseDelayMs?: number;
  /** Own ceiling below TMDB's ~40 requests per second. */
  requestsPerSecond?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Where public answers are kept across restarts (the extension's global storage). */
  store?: AnswerStore;
  /** The memory cache's byte budget. */
  memoryBudgetBytes?: number;
  now?: () => number;
}

/** Where an answer came from: TMDB just now, the cache while fresh, or the cache because TMDB is out of reach. */
export interface AnswerInfo {
  from: 'network' | 'cache' | 'stale' | 'offline';
  /** When TMDB last gave (or confirmed) this answer. */
  storedAt: number;
}

export type TimeWindow = 'day' | 'week';
export type Method = 'GET' | 'POST' | 'DELETE';

interface Call<T extends z.ZodType> {
  method?: Method;
  path: string;
  schema: T;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  /** The signed-in user's session: sends session_id, and makes 401 with 3/17/37 a revoked session. */
  session?: UserSession;
  /** Sends `language` from the settings. */
  localized?: boolean;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (checking a token before it is stored). */
  token?: string;
  /** Reads only: how the answer may be kept. Without it, every call asks TMDB. */
  cache?: CachePolicy;
  /** A stale answer is returned at once and checked behind (onDidRefresh says when it changed). */
  staleWhileRevalidate?: boolean;
}

interface Prepared {
  method: Method;
  endpoint: string;
  baseURL: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

type Attempt<T> =
  | { ok: true; notModified: false; value: T; body: unknown; etag?: string; maxAge?: number; size: number }
  | { ok: true; notModified: true; etag?: string; maxAge?: number }
  | { ok: false; error: TmdbError; retryAfter?: number };

interface Answer<T> {
  value: T;
  info: AnswerInfo;
  /** A new answer replaced a different kept one. */
  changed: boolean;
}

/** Network failures that a kept answer stands in for. */
const OFFLINE_KINDS: ReadonlySet<TmdbErrorKind> = new Set(['offline', 'timeout', 'server', 'rateLimited']);

/** Below TMDB's ~40/s with room for network jitter (npm run bench: 35/s still drew a 429 now and then). */
export const DEFAULT_REQUESTS_PER_SECOND = 30;
/** Answers above this are refused unread (TMDB's largest real answers are a few hundred KB). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** The status codes that confirm each write (TMDB's 1 created, 12 updated, 13 deleted). */
const CONFIRMED_BY: Record<'watchlist' | 'rated' | 'listAdded' | 'removed' | 'created', ReadonlySet<number>> = {
  watchlist: new Set([1, 12, 13]),
  rated: new Set([1, 12]),
  listAdded: new Set([12]),
  removed: new Set([13]),
  created: new Set([1]),
};
const MOVIE_APPENDS = 'keywords,release_dates,recommendations,credits,videos,watch/providers';
const TV_APPENDS = 'videos,watch/providers';
const TITLE_CACHE: CachePolicy = { scope: 'public', defaultTtlMs: DEFAULT_TTL_MS.title };
const ACCOUNT_CACHE: CachePolicy = { scope: 'account', defaultTtlMs: DEFAULT_TTL_MS.account };

export function clampPage(page: number | undefined): number {
  if (page === undefined || !Number.isFinite(page)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Math.trunc(page)));
}

/** A read access token is a JWT; a v3 key is 32 hex characters. Anything else is not a TMDB credential. */
export function tokenShape(token: string): 'bearer' | 'apiKey' | 'invalid' {
  const trimmed = token.trim();
  if (/^[0-9a-f]{32}$/i.test(trimmed)) return 'apiKey';
  if (/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(trimmed)) return 'bearer';
  return 'invalid';
}

/** Seconds from a Retry-After header (seconds or an HTTP date), at least one second. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(1000, seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(1000, date - now);
  }
  return 1000;
}

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** The schemas, loaded with zod on the first request rather than when the extension starts. */
const schemas = () => schemasAndPages().schemas;

export class TmdbClient {
  private fetcherInstance: $Fetch | undefined;
  private readonly throttle: Throttle;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly sessionRevoked = new Emitter<void>();
  /** Fires when a user call finds the session revoked (401 with status_code 3, 17 or 37). */
  readonly onDidRevokeSession = this.sessionRevoked.event;
  private readonly refreshed = new Emitter<string>();
  /** Fires with the path of a stale answer that, checked behind, turned out to have changed. */
  readonly onDidRefresh = this.refreshed.event;

  private readonly memory: MemoryCache;
  private readonly inFlight = new Map<string, Promise<Answer<unknown>>>();
  /** Validated values of kept answers, so a cache hit is not validated again. */
  private readonly values = new WeakMap<CachedAnswer, unknown>();
  private readonly infos = new WeakMap<object, AnswerInfo>();
  /** Counts account-data resets; an answer that started before one is not kept. */
  private accountGeneration = 0;
  private readonly now: () => number;

  constructor(private readonly options: TmdbClientOptions) {
    this.throttle = new Throttle(options.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND, 8);
    this.sleep = options.sleep ?? sleepReal;
    this.memory = new MemoryCache(options.memoryBudgetBytes);
    this.now = options.now ?? Date.now;
  }

  /** ofetch, loaded on the first request. */
  private get fetcher(): $Fetch {
    const { ofetch } = schemasAndPages();
    this.fetcherInstance ??= this.options.fetch ? ofetch.create({}, { fetch: this.options.fetch }) : ofetch;
    return this.fetcherInstance;
  }

  // ---- the cache ------------------------------------------------------------------------------

  /** Where an answer this client returned came from, and as of when. */
  answerInfo(value: unknown): AnswerInfo | undefined {
    return typeof value === 'object' && value !== null ? this.infos.get(value) : undefined;
  }

  /** Makes kept answers under a path stale (all without one): their next use asks TMDB, with the ETag. */
  expire(pathPrefix = ''): void {
    this.memory.expire((entry) => underPath(pathOfKey(entry.key), pathPrefix));
  }

  /** Forgets the account's answers (lists, watchlist, account states): after a write, and on sign-out. */
  forgetAccount(): void {
    this.accountGeneration++;
    this.memory.drop((entry) => entry.scope === 'account');
  }

  /** `TMDB: Clear Cache`: memory and disk. */
  async clearCache(): Promise<void> {
    this.accountGeneration++;
    this.memory.drop();
    await this.options.store?.clear();
  }

  // ---- authentication -------------------------------------------------------------------------

  /** `GET /3/authentication` with a candidate token: resolves when TMDB accepts it. */
  async validateToken(token: string): Promise<void> {
    if (tokenShape(token) === 'invalid') {
      throw new TmdbError({
        kind: 'unauthorized',
        endpoint: 'GET /3/authentication',
        detail: 'not a token',
        tmdbMessage: l10n.t('This is neither an API Read Access Token (starts with "eyJ") nor a v3 API key (32 hex characters).'),
      });
    }
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
  account(sessionId: string) {
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
  private trending<T extends z.ZodType>(what: 'person' | 'all', schema: T, window: TimeWindow, page: number) {
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
      return Promise.reject(new TmdbError({ kind: 'badRequest', endpoint: 'GET /3/tv/{series_id}/season/{season_number}' }));
    }
    return this.request({
      path: `/3/tv/${int(seriesId)}/season/${seasonNumber}`,
      schema: schemas().seasonDetails,
      localized: true,
      cache: TITLE_CACHE,
    });
  }

  /** `GET /3/tv/{series_id}` with its videos appended (one request a series panel). */
  tvSeries(seriesId: number) {
    return this.request({
      path: `/3/tv/${int(seriesId)}`,
      schema: schemas().tvSeries,
      query: { append_to_response: TV_APPENDS },
      localized: true,
      cache: TITLE_CACHE,
    });
  }

  /**
   * `GET /3/movie/{movie_id}` with its keywords, release dates, recommendations, cast and videos appended,
   * so a movie panel costs one request (`/keywords`, `/release_dates`, `/recommendations`, `/videos` in one).
   */
  movie(movieId: number) {
    return this.request({
      path: `/3/movie/${int(movieId)}`,
      schema: schemas().movieDetails,
      query: { append_to_response: MOVIE_APPENDS },
      localized: true,
      cache: TITLE_CACHE,
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

  /** `GET /3/credit/{credit_id}`. */
  credit(creditId: string) {
    if (!CREDIT_ID.test(creditId)) {
      return Promise.reject(
        new TmdbError({ kind: 'badRequest', endpoint: 'GET /3/credit/{credit_id}', tmdbMessage: 'A credit id is 24 hexadecimal characters.' }),
      );
    }
    return this.request({ path: `/3/credit/${creditId}`, schema: schemas().creditDetails, localized: true, cache: TITLE_CACHE });
  }

  person(personId: number) {
    return this.request({
      path: `/3/person/${int(personId)}`,
      schema: schemas().personDetails,
      query: { append_to_response: 'combined_credits' },
      localized: true,
      cache: TITLE_CACHE,
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

  /** The watchlist, newest first (`GET /3/account/{account_id}/watchlist/movies` or `/tv`). */
  watchlist<K extends s.MediaKind>(kind: K, page = 1): Promise<K extends 'movie' ? s.Paged<s.MovieSummary> : s.Paged<s.TvSummary>> {
    return this.accountTitles('watchlist', kind === 'movie' ? schemas().watchlistMovies : schemas().watchlistTv, kind, page) as never;
  }

  /** Titles the account rated, the latest first (`GET /3/account/{account_id}/rated/movies` or `/tv`). */
  rated<K extends s.MediaKind>(kind: K, page = 1): Promise<K extends 'movie' ? s.Paged<s.RatedMovie> : s.Paged<s.RatedTv>> {
    return this.accountTitles('rated', kind === 'movie' ? schemas().ratedMovies : schemas().ratedTv, kind, page) as never;
  }

  /** A page of the account's watchlist or rated titles, newest first; kept like account data, served stale while checked. */
  private async accountTitles<T extends z.ZodType>(what: 'watchlist' | 'rated', schema: T, kind: s.MediaKind, page: number) {
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
    return this.request({ path, schema: schemas().accountStates, session, cache: { ...ACCOUNT_CACHE, accountId: session.accountId } });
  }

  /**
   * `POST /3/account/{account_id}/watchlist`: add (`true`) or remove (`false`). Confirmed by status_code
   * 1 (added), 12 (already there) or 13 (removed).
   */
  async setWatchlist(kind: s.MediaKind, mediaId: number, watchlist: boolean): Promise<s.StatusResponse> {
    const session = await this.requireSession('POST /3/account/{account_id}/watchlist');
    return this.write(CONFIRMED_BY.watchlist, {
      method: 'POST',
      path: `/3/account/${session.accountId}/watchlist`,
      schema: schemas().statusResponse,
      body: { media_type: kind, media_id: int(mediaId), watchlist },
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
      throw new TmdbError({ kind: 'badRequest', endpoint: `${method} ${path}`, tmdbMessage: l10n.t('A rating is 0.5 to 10, in steps of 0.5.') });
    }
    const session = await this.requireSession(`${method} ${path}`);
    const body = value === undefined ? undefined : { value };
    return this.write(value === undefined ? CONFIRMED_BY.removed : CONFIRMED_BY.rated, { method, path, schema: schemas().statusResponse, body, session });
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
  private async write<T extends z.ZodType<s.StatusResponse>>(okCodes: ReadonlySet<number>, call: Call<T>): Promise<z.output<T>> {
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

  private async request<T extends z.ZodType>(call: Call<T>): Promise<z.output<T>> {
    const prepared = await this.prepare(call);
    if (!call.cache || prepared.method !== 'GET') {
      try {
        const outcome = await this.send(call, prepared);
        if (outcome.notModified) throw new TmdbError({ kind: 'invalidResponse', endpoint: prepared.endpoint, status: 304 });
        return outcome.value;
      } finally {
        // Every write may change the account's lists, watchlist or states: read them anew.
        if (prepared.method !== 'GET' && call.session) this.forgetAccount();
      }
    }
    const key = cacheKey(prepared, call.cache);
    let shared = this.inFlight.get(key) as Promise<Answer<z.output<T>>> | undefined;
    if (!shared) {
      shared = this.cached(call, prepared, key, call.cache).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, shared);
    }
    const answer = await shared;
    // Each caller gets its own top-level object, with its own note of where it came from.
    const value = { ...(answer.value as object) } as z.output<T>;
    this.infos.set(value as object, answer.info);
    return value;
  }

  /** The token, query and headers of a call (secrets only in the Authorization header or the query). */
  private async prepare<T extends z.ZodType>(call: Call<T>): Promise<Prepared> {
    const method = call.method ?? 'GET';
    const endpoint = `${method} ${call.path}`;
    const token = call.token ?? (await this.options.apiToken());
    if (!token) throw new TmdbError({ kind: 'unauthorized', endpoint });

    const settings = this.options.settings();
    const query: Record<string, string> = {};
    for (const [key, value] of Object.entries(call.query ?? {})) if (value !== undefined) query[key] = String(value);
    if (call.localized && settings.language) query.language = settings.language;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (tokenShape(token) === 'apiKey') query.api_key = token.trim();
    else headers.Authorization = `Bearer ${token.trim()}`;
    if (call.session) query.session_id = call.session.sessionId;
    return { method, endpoint, baseURL: settings.apiBaseUrl, query, headers };
  }

  /** A read through the cache: fresh → kept answer; stale → checked (or served and checked behind). */
  private async cached<T extends z.ZodType>(call: Call<T>, prepared: Prepared, key: string, policy: CachePolicy): Promise<Answer<z.output<T>>> {
    let entry = this.memory.get(key);
    if (!entry && policy.scope === 'public' && this.options.store) {
      entry = await this.options.store.get(key);
      if (entry) this.memory.set(entry);
    }
    if (entry) {
      if (entry.freshUntil > this.now()) {
        const kept = this.keptAnswer(call, prepared, entry, 'cache');
        if (kept) return kept;
        entry = undefined;
      } else if (call.staleWhileRevalidate && !entry.mustRevalidate) {
        const kept = this.keptAnswer(call, prepared, entry, 'stale');
        if (kept) {
          void this.fetchInto(call, prepared, key, policy, entry).then(
            (fresh) => fresh.changed && this.refreshed.fire(call.path),
            (error: unknown) => this.options.log?.(`${prepared.endpoint} → checked behind: ${isTmdbError(error) ? error.kind : 'failed'}`),
          );
          return kept;
        }
        entry = undefined;
      }
    }
    // Its ETag is sent only if the kept answer still reads (one from disk may predate these schemas).
    return this.fetchInto(call, prepared, key, policy, entry && this.keptAnswer(call, prepared, entry, 'stale') ? entry : undefined);
  }

  /** Asks TMDB (with the kept answer's ETag) and keeps what comes back; serves the kept answer offline. */
  private async fetchInto<T extends z.ZodType>(
    call: Call<T>,
    prepared: Prepared,
    key: string,
    policy: CachePolicy,
    kept: CachedAnswer | undefined,
  ): Promise<Answer<z.output<T>>> {
    const generation = this.accountGeneration;
    let outcome: Awaited<ReturnType<typeof this.send<T>>>;
    try {
      outcome = await this.send(call, prepared, kept?.etag);
    } catch (error) {
      if (kept && isTmdbError(error) && OFFLINE_KINDS.has(error.kind)) {
        const offline = this.keptAnswer(call, prepared, kept, 'offline');
        if (offline) {
          this.options.log?.(`${prepared.endpoint} → ${error.kind}; showing the answer kept at ${new Date(kept.storedAt).toISOString()}`);
          return offline;
        }
      }
      throw error;
    }
    const now = this.now();
    const freshFor = outcome.maxAge ?? policy.defaultTtlMs;
    const keep = policy.scope !== 'account' || generation === this.accountGeneration;
    if (outcome.notModified && kept) {
      kept.storedAt = now;
      kept.freshUntil = now + freshFor;
      kept.mustRevalidate = false;
      if (keep) this.store(kept);
      return { value: this.values.get(kept) as z.output<T>, info: { from: 'network', storedAt: now }, changed: false };
    }
    if (outcome.notModified) throw new TmdbError({ kind: 'invalidResponse', endpoint: prepared.endpoint, status: 304 });
    const entry: CachedAnswer = {
      key,
      body: outcome.body,
      etag: outcome.etag,
      storedAt: now,
      freshUntil: now + freshFor,
      scope: policy.scope,
      accountId: policy.accountId,
      size: outcome.size,
    };
    this.values.set(entry, outcome.value);
    if (keep) this.store(entry);
    const changed = kept !== undefined && (kept.etag && entry.etag ? kept.etag !== entry.etag : JSON.stringify(kept.body) !== JSON.stringify(entry.body));
    return { value: outcome.value, info: { from: 'network', storedAt: now }, changed };
  }

  private store(entry: CachedAnswer): void {
    this.memory.set(entry);
    if (entry.scope === 'public') void this.options.store?.set(entry);
  }

  /** A kept answer, validated once (answers from disk may predate this version's schemas). */
  private keptAnswer<T extends z.ZodType>(call: Call<T>, prepared: Prepared, entry: CachedAnswer, from: AnswerInfo['from']): Answer<z.output<T>> | undefined {
    let value = this.values.get(entry) as z.output<T> | undefined;
    if (value === undefined) {
      const read = readAnswer(call.schema, entry.body, prepared.endpoint, 200);
      if (!read.ok) {
        this.memory.delete(entry.key);
        return undefined;
      }
      value = read.value;
      this.values.set(entry, value);
    }
    return { value, info: { from, storedAt: entry.storedAt }, changed: false };
  }

  /** One request, with the bounded retries. */
  private async send<T extends z.ZodType>(
    call: Call<T>,
    prepared: Prepared,
    etag?: string,
  ): Promise<Extract<Attempt<z.output<T>>, { ok: true }>> {
    const maxRetries = this.options.maxRetries ?? 3;
    const baseDelay = this.options.retryBaseDelayMs ?? 400;
    const headers = etag ? { ...prepared.headers, 'If-None-Match': etag } : prepared.headers;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(call, prepared.endpoint, prepared.baseURL, prepared.query, headers);
      if (outcome.ok) return outcome;
      const error = outcome.error;
      const canRetry =
        attempt < maxRetries &&
        (error.kind === 'rateLimited' || (prepared.method === 'GET' && (error.kind === 'offline' || error.kind === 'server')));
      if (!canRetry) {
        if (error.kind === 'sessionRevoked') this.sessionRevoked.fire();
        throw error;
      }
      const delay = error.kind === 'rateLimited' ? Math.min(outcome.retryAfter ?? 1000, 30_000) : baseDelay * 2 ** attempt;
      this.options.log?.(`${prepared.endpoint} → ${error.kind}; retry ${attempt + 1}/${maxRetries} in ${delay} ms`);
      await this.sleep(delay);
      if (call.signal?.aborted) throw new TmdbError({ kind: 'cancelled', endpoint: prepared.endpoint });
    }
  }

  private async attempt<T extends z.ZodType>(
    call: Call<T>,
    endpoint: string,
    baseURL: string,
    query: Record<string, string>,
    headers: Record<string, string>,
  ): Promise<Attempt<z.output<T>>> {
    // The time allowed starts once the throttle lets the request go, not while it waits its turn.
    await this.throttle.acquire();
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 15_000);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const started = Date.now();
    let response;
    try {
      response = await this.fetcher.raw<string, 'text'>(call.path, {
        baseURL,
        method: call.method ?? 'GET',
        query,
        headers,
        body: call.body,
        signal,
        retry: 0,
        responseType: 'text',
        ignoreResponseError: true,
      });
    } catch (cause) {
      const kind: TmdbErrorKind = call.signal?.aborted ? 'cancelled' : timeout.aborted ? 'timeout' : 'offline';
      this.options.log?.(`${endpoint} → ${kind} after ${Date.now() - started} ms`);
      return { ok: false, error: new TmdbError({ kind, endpoint, detail: networkDetail(cause) }) };
    } finally {
      this.throttle.release();
    }

    const status = response.status;
    this.options.log?.(`${endpoint} → ${status} in ${Date.now() - started} ms`);
    const caching = { etag: response.headers.get('etag') ?? undefined, maxAge: maxAgeMs(response.headers.get('cache-control')) };
    if (status === 304) return { ok: true, notModified: true, ...caching };
    const text = response._data ?? '';
    if (Number(response.headers.get('content-length')) > MAX_BODY_BYTES || text.length > MAX_BODY_BYTES) {
      return { ok: false, error: new TmdbError({ kind: 'invalidResponse', endpoint, status, detail: l10n.t("TMDB's answer was too large.") }) };
    }
    const body = parseJson(text);

    if (status < 200 || status >= 300) {
      const parsed = schemas().errorBody.safeParse(body);
      const statusCode = parsed.success && 'status_code' in parsed.data ? parsed.data.status_code : undefined;
      const tmdbMessage = parsed.success
        ? 'status_message' in parsed.data
          ? parsed.data.status_message
          : parsed.data.errors.join('; ')
        : undefined;
      const kind = kindForStatus(status, statusCode, call.session !== undefined);
      return {
        ok: false,
        error: new TmdbError({ kind, endpoint, status, statusCode, tmdbMessage }),
        retryAfter: kind === 'rateLimited' ? retryAfterMs(response.headers.get('retry-after')) : undefined,
      };
    }
    const read = readAnswer(call.schema, body, endpoint, status);
    return read.ok ? { ok: true, notModified: false, value: read.value, body, size: text.length, ...caching } : read;
  }
}

/** What identifies an answer: API host, path, query without secrets, and the account for account data. */
function cacheKey(prepared: Prepared, policy: CachePolicy): string {
  const query = Object.entries(prepared.query)
    .filter(([name]) => name !== 'api_key' && name !== 'session_id')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  const account = policy.scope === 'account' ? `#account=${policy.accountId ?? ''}` : '';
  return `${prepared.baseURL} ${prepared.endpoint.slice(prepared.method.length + 1)}?${query}${account}`;
}

/** The path part of a cache key. */
function pathOfKey(key: string): string {
  return key.slice(key.indexOf(' ') + 1);
}

/** Whether a key's path (with its query) is `prefix` or below it: `/3/movie/550` holds `/3/movie/550/…`, not `/3/movie/5501`. */
function underPath(keyPath: string, prefix: string): boolean {
  if (prefix === '' || prefix.endsWith('/')) return keyPath.startsWith(prefix);
  return keyPath.startsWith(`${prefix}?`) || keyPath.startsWith(`${prefix}/`);
}

/** A successful answer read with its schema: the value, or an `invalidResponse` error. Never throws. */
export function readAnswer<T extends z.ZodType>(
  schema: T,
  body: unknown,
  endpoint: string,
  status: number,
): { ok: true; value: z.output<T> } | { ok: false; error: TmdbError } {
  if (body === undefined) {
    return { ok: false, error: new TmdbError({ kind: 'invalidResponse', endpoint, status, detail: l10n.t('The answer is not JSON.') }) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const detail = issue ? l10n.t('Field "{0}": {1}.', issue.path.join('.') || '(root)', issue.message) : undefined;
    return { ok: false, error: new TmdbError({ kind: 'invalidResponse', endpoint, status, detail }) };
  }
  return { ok: true, value: parsed.data };
}

function parseJson(textBody: string): unknown {
  try {
    return JSON.parse(textBody);
  } catch {
    return undefined;
  }
}

/** A short, secret-free reason for a network failure (the URL is never included). */
function networkDetail(cause: unknown): string | undefined {
  let current: unknown = cause;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function int(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new TmdbError({ kind: 'badRequest', endpoint: 'id', tmdbMessage: `"${String(value)}" is not a TMDB id.` });
  }
  return value;
}
