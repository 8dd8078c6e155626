// A local stand-in for TMDB's v3 API: real HTTP on 127.0.0.1, TMDB's paths, parameters, bodies and error
// bodies, app and session auth, the sign-in approval pages, a rate limit, per-path fault injection and a
// request log. Used by the unit, integration and end-to-end tests and by `npm run demo`.
// This file routes; `api.ts` is TMDB's behaviour, `web.ts` the website, `faults.ts` fault injection and
// `accounts.ts` what the stand-in remembers.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ACCOUNT_OBJECT_ID, Accounts } from './accounts';
import { answerApi } from './api';
import { loadCatalogue, synthMovie, synthSeason, synthTv, type Catalogue } from './catalogue';
import { ERR, errorJson, HttpError } from './errors';
import { bodyTransform, FaultSet, sendHuge, type Fault } from './faults';
import { answerWeb } from './web';
import { answerV4 } from './v4';
import { loadBrowse, type Browse } from './browse';
import { Schedules } from './schedule';

export type { Fault, FaultKind } from './faults';

type Json = Record<string, any>;

export interface StandInOptions {
  /** The API Read Access Token the app must send as `Authorization: Bearer`. */
  readToken: string;
  /** A v3 API key accepted as `?api_key=`. */
  apiKey?: string;
  /** v4 access tokens a user has approved: `convert/4` accepts only these. */
  v4UserTokens?: string[];
  /** Requests per second before 429 (status_code 25); 0 turns the limit off. */
  rateLimit?: number;
  /** The clock request tokens expire by (ms since the epoch). */
  now?: () => number;
  /**
   * `max-age` of the `Cache-Control: public, max-age=…` sent with public answers (TMDB's CDN sends 300);
   * undefined sends no Cache-Control. Every GET answer carries an ETag, and a matching If-None-Match gets 304.
   */
  cacheMaxAge?: number;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  at: number;
  /** When the answer was sent or the connection dropped (how many were in flight at once). */
  finishedAt?: number;
  /** A `huge` answer: how many bytes went out before it ended or the client went away. */
  bytesSent?: number;
}

export class TmdbStandIn {
  readonly catalogue: Catalogue = loadCatalogue();
  /** TMDB's lists and Discover's reference answers (their titles join the catalogue). */
  readonly browse: Browse = loadBrowse(this.catalogue);
  /** Which followed series air when, by the stand-in's clock. */
  readonly schedules: Schedules;
  readonly requests: LoggedRequest[] = [];
  /** CORS preflights (OPTIONS), which only a browser sends: not in `requests`. */
  readonly preflights: Array<{ path: string; origin: string; headers: string }> = [];
  private readonly accounts: Accounts;
  private readonly faults = new FaultSet();
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private recentStarts: number[] = [];
  private baseUrl = '';

  constructor(private readonly options: StandInOptions) {
    this.accounts = new Accounts(this.catalogue, new Set(options.v4UserTokens ?? []), options.now);
    this.schedules = new Schedules(
      () => this.accounts.now(),
      () => options.now?.() ?? Date.now(),
    );
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  // ---- lifecycle --------------------------------------------------------------------------------

  /** Listens on 127.0.0.1 (port 0: any free one) and resolves to the base URL. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${address.port}`;
    return this.baseUrl;
  }

  get url(): string {
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // ---- test controls ----------------------------------------------------------------------------

  now(): number {
    return this.accounts.now();
  }

  /** Moves the stand-in's clock forward (request tokens expire after 60 minutes; next episodes move on). */
  advanceClock(ms: number): void {
    this.accounts.advanceClock(ms);
  }

  /**
   * `count` series of its own (ids from 9,000,001), each on the air with its next episode 0 to 20 days
   * away, are all the demo account follows: the bench's 10, 50 and 200.
   */
  followSeries(count: number): number[] {
    const ids = Array.from({ length: count }, (_, i) => 9_000_001 + i);
    for (const [i, id] of ids.entries()) {
      const summary = {
        id,
        name: `Series ${i + 1}`,
        original_name: `Series ${i + 1}`,
        overview: '',
        first_air_date: '2020-01-01',
        poster_path: null,
        backdrop_path: null,
        genre_ids: [18],
        origin_country: ['US'],
        original_language: 'en',
        popularity: 1,
        vote_average: 7,
        vote_count: 10,
        media_type: 'tv',
      };
      const details = synthTv(summary);
      this.catalogue.tv.set(id, summary);
      this.catalogue.tvDetails.set(id, details);
      for (const season of details.seasons)
        this.catalogue.seasons.set(`${id}:${season.season_number}`, synthSeason(details, season));
      this.schedules.plan(id, { status: 'Returning Series', daysToNext: i % 21 });
    }
    this.accounts.followOnly(ids);
    return ids;
  }

  /**
   * `count` movies of its own (ids from 8,000,001, "Movie 1" the newest) are the demo account's movie
   * watchlist: a long list (the bench's and the tests' 1,000).
   */
  fillWatchlist(count: number): number[] {
    const ids = Array.from({ length: count }, (_, i) => 8_000_001 + i);
    for (const [i, id] of ids.entries()) {
      const summary = {
        id,
        title: `Movie ${i + 1}`,
        original_title: `Movie ${i + 1}`,
        overview: '',
        release_date: '2001-01-01',
        poster_path: null,
        backdrop_path: null,
        genre_ids: [18],
        original_language: 'en',
        popularity: 1,
        vote_average: 7,
        vote_count: 10,
        adult: false,
        video: false,
        media_type: 'movie',
      };
      this.catalogue.movies.set(id, summary);
      this.catalogue.movieDetails.set(id, synthMovie(summary));
    }
    this.accounts.watchlistOnly(ids);
    return ids;
  }

  /** The clock back to real time. */
  resetClock(): void {
    this.accounts.resetClock();
  }

  inject(fault: Fault): void {
    this.faults.add(fault);
  }

  private readonly held: Array<{ path: string; go: () => void }> = [];

  /** Lets the requests a `hold` fault stopped go on: those to paths that start with `path`, or all. */
  release(path = ''): void {
    for (const request of this.held.filter((r) => r.path.startsWith(path))) {
      this.held.splice(this.held.indexOf(request), 1);
      request.go();
    }
  }

  clearFaults(): void {
    this.faults.clear();
    this.release();
  }

  setRateLimit(perSecond: number): void {
    this.options.rateLimit = perSecond;
    this.recentStarts = [];
  }

  /** The max-age public answers carry from now on; undefined sends no Cache-Control. */
  setCacheMaxAge(seconds: number | undefined): void {
    this.options.cacheMaxAge = seconds;
  }

  /** Approves (or denies) a request token as the user would on the approval page. */
  decide(requestToken: string, approve: boolean): boolean {
    return this.accounts.decide(requestToken, approve);
  }

  /** Ends a session as TMDB does when the user revokes it on the website (all sessions without an id). */
  revokeSession(sessionId?: string): void {
    this.accounts.revokeSession(sessionId);
  }

  /** Issues a session directly (tests that are not about sign-in). */
  createSessionFor(accountId?: number): string {
    return this.accounts.createSessionFor(accountId);
  }

  addV4UserToken(token: string): void {
    this.accounts.v4Tokens.add(token);
  }

  hasSession(sessionId: string): boolean {
    return this.accounts.hasSession(sessionId);
  }

  /** Puts a title on the demo account's watchlist or takes it off, as a test's starting point. */
  setOnWatchlist(kind: 'movie' | 'tv', id: number, on: boolean): void {
    this.accounts.setFlag('watchlist', this.catalogue.account.id as number, kind, id, on);
  }

  /** Marks a title as a favorite of the demo account or unmarks it, as a test's starting point (done elsewhere). */
  setFavorite(kind: 'movie' | 'tv', id: number, on: boolean): void {
    this.accounts.setFlag('favorite', this.catalogue.account.id as number, kind, id, on);
  }

  /** Rates a title for the demo account (undefined: unrated), as a test's starting point (done elsewhere). */
  setRating(kind: 'movie' | 'tv', id: number, value: number | undefined): void {
    this.accounts.setRating(this.catalogue.account.id as number, kind, id, value);
  }

  watchlistOf(kind: 'movie' | 'tv', accountId?: number): number[] {
    return this.accounts.flaggedOf('watchlist', kind, accountId);
  }

  favoritesOf(kind: 'movie' | 'tv', accountId?: number): number[] {
    return this.accounts.flaggedOf('favorite', kind, accountId);
  }

  /** The account's rating of a title as account_states says it: `{ value }` or false. */
  ratingOf(
    kind: 'movie' | 'tv',
    id: number,
    accountId = this.catalogue.account.id as number,
  ): { value: number } | false {
    return this.accounts.ratingOf(kind, id, accountId);
  }

  /** The account's rating of an episode as a season's account states say it: `{ value }` or false. */
  episodeRatingOf(
    series: number,
    season: number,
    episode: number,
    accountId = this.catalogue.account.id as number,
  ): { value: number } | false {
    return this.accounts.episodeRatings.rating(accountId, series, season, episode);
  }

  /** The id of the account's list with this name. */
  listIdNamed(name: string, accountId = this.catalogue.account.id as number): string | undefined {
    const list = this.accounts.listsOf(accountId).find((summary) => summary.name === name);
    return list && String(list.id);
  }

  /** The ids a list holds, in order. */
  listItemIds(listId: string): number[] {
    return this.accounts.list(listId)?.items.map((item) => item.id as number) ?? [];
  }

  /** A list as v4 sees it: its items as "<media_type>:<id>", public, sort, comments; undefined once deleted. */
  v4List(listId: string) {
    const list = this.accounts.list(listId);
    if (!list) return undefined;
    return {
      name: String(list.details.name),
      description: String(list.details.description ?? ''),
      items: list.items.map((item) => `${item.media_type ?? 'movie'}:${item.id}`),
      public: list.public,
      sortBy: list.sortBy,
      comments: Object.fromEntries(list.comments),
    };
  }

  /** Renames a list at TMDB, as its owner could on TMDB's site (a name with line breaks, say). */
  renameList(listId: string, name: string): void {
    const list = this.accounts.list(listId);
    if (!list) throw new Error(`no list ${listId}`);
    list.details.name = name;
  }

  /** The demo account's list ids, newest first. */
  listIds(): string[] {
    return this.accounts.listsState(this.catalogue.account.id as number).map((list) => String(list.details.id));
  }

  /**
   * A session as TMDB's v4 approval gives it (tests that are not about sign-in): the user's access token,
   * the account object id, and the v3 session made from it.
   */
  createV4Session(): { sessionId: string; accountId: number; v4: { accessToken: string; accountObjectId: string } } {
    const accessToken = this.accounts.issueAccessToken();
    return {
      sessionId: this.accounts.createSessionFor(),
      accountId: this.catalogue.account.id as number,
      v4: { accessToken, accountObjectId: ACCOUNT_OBJECT_ID },
    };
  }

  /** Whether TMDB would still take this v4 access token (false once signed out). */
  hasV4Token(token: string): boolean {
    return this.accounts.v4Tokens.has(token);
  }

  /** The seeded watchlist, ratings and lists again. */
  resetAccounts(): void {
    this.accounts.reset();
  }

  requestsTo(path: string | RegExp): LoggedRequest[] {
    return this.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  // ---- HTTP -------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrivedAt = performance.now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const method = req.method ?? 'GET';
    // CORS as TMDB answers a browser (VS Code for the Web calls the API from a web worker): any origin, no
    // credentials; the headers the client reads are exposed. A preflight is answered here and logged apart.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After, Content-Length');
    if (method === 'OPTIONS') {
      this.preflights.push({
        path: url.pathname,
        origin: String(req.headers.origin ?? ''),
        headers: String(req.headers['access-control-request-headers'] ?? ''),
      });
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
        'Access-Control-Allow-Headers': 'Authorization, Content-Type, If-None-Match, Accept',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const entry: LoggedRequest = {
      method,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
      status: 0,
      at: Date.now(),
    };
    this.requests.push(entry);
    res.once('close', () => (entry.finishedAt = Date.now()));
    // A round-trip latency fault holds the API's answers (and its dropped connections) until then, in
    // performance.now()'s time; checked again when the timer fires, which may be a little early.
    let sendAt = 0;
    const whenDue = (go: () => void): void => {
      const wait = sendAt - performance.now();
      if (wait > 0) setTimeout(() => whenDue(go), Math.ceil(wait));
      else go();
    };
    const answer = (status: number, headers: Record<string, string>, payload?: string) =>
      whenDue(() => {
        entry.status = status;
        res.writeHead(status, headers).end(payload);
      });
    const drop = () =>
      whenDue(() => {
        entry.status = -1;
        req.socket.destroy();
      });
    const send = (status: number, payload: string, headers: Record<string, string> = {}) =>
      answer(status, { 'Content-Type': 'application/json;charset=utf-8', ...headers }, payload);

    try {
      let transform: ((data: Json) => string) | undefined;
      let dropAnswer = false;
      for (const fault of this.faults.take(method, url.pathname, query)) {
        switch (fault.kind) {
          case 'latency': {
            const ms = fault.ms ?? 1000;
            if (fault.roundTrip) sendAt = arrivedAt + ms;
            else await new Promise((resolve) => setTimeout(resolve, ms));
            break;
          }
          case 'hold':
            await new Promise<void>((go) => this.held.push({ path: url.pathname, go }));
            break;
          case 'reset':
            drop();
            return;
          case 'revokeSession':
            if (query.session_id) this.accounts.revokeSession(query.session_id);
            break;
          case 'resetAfter':
            dropAnswer = true;
            break;
          case 'notModified':
            answer(304, typeof fault.value === 'string' ? { ETag: fault.value } : {});
            return;
          case 'huge':
            entry.status = 200;
            entry.bytesSent = await sendHuge(res, fault);
            return;
          case 'status': {
            const status = fault.status ?? 500;
            const code = fault.statusCode ?? (status === 429 ? 25 : status >= 500 ? 11 : 47);
            send(
              status,
              errorJson(code, status >= 500 ? ERR.internal.message : 'Injected failure.'),
              status === 429 ? { 'Retry-After': '1' } : {},
            );
            return;
          }
          default: {
            // Body changes add up, in the order they were injected (two setField faults set two fields).
            const next = bodyTransform(fault);
            const before = transform;
            if (next) transform = before ? (data) => next(JSON.parse(before(data)) as Json) : next;
          }
        }
      }

      if (url.pathname.startsWith('/3/')) {
        if (this.overRateLimit()) {
          const limit = this.options.rateLimit ?? 40;
          send(429, errorJson(25, `Your request count (${limit + 1}) is over the allowed limit of (${limit}).`), {
            'Retry-After': '1',
          });
          return;
        }
        this.checkAppAuth(req, query);
        const data = answerApi(
          {
            catalogue: this.catalogue,
            accounts: this.accounts,
            readToken: this.options.readToken,
            browse: this.browse,
            schedules: this.schedules,
          },
          method,
          url.pathname,
          query,
          body,
        );
        if (dropAnswer) {
          drop();
          return;
        }
        const payload = transform ? transform(data) : JSON.stringify(data);
        if (method !== 'GET') {
          send(200, payload);
          return;
        }
        // As the CDN in front of TMDB does: public answers may be kept a while; every answer has an ETag.
        const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
        const caching: Record<string, string> = { ETag: etag };
        const maxAge = 'cacheMaxAge' in this.options ? this.options.cacheMaxAge : 300;
        // Account answers (with a session) carry only the ETag: how long to keep them is the client's call.
        if (!query.session_id && maxAge !== undefined) caching['Cache-Control'] = `public, max-age=${maxAge}`;
        if (req.headers['if-none-match'] === etag) {
          answer(304, caching);
          return;
        }
        send(200, payload, caching);
        return;
      }
      if (url.pathname.startsWith('/4/')) {
        if (this.overRateLimit()) {
          send(429, errorJson(25, 'Your request count is over the allowed limit.'), { 'Retry-After': '1' });
          return;
        }
        const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const v4State = { catalogue: this.catalogue, accounts: this.accounts, readToken: this.options.readToken };
        const { status, data } = answerV4(v4State, method, url.pathname, query, body, bearer);
        if (dropAnswer) {
          drop();
          return;
        }
        // Never Cache-Control for an account's answers: `GET /4/list/{id}` of a private list is one.
        send(status, transform ? transform(data) : JSON.stringify(data));
        return;
      }
      answerWeb(
        { accounts: this.accounts, catalogue: this.catalogue, baseUrl: this.baseUrl },
        method,
        url,
        res,
        entry,
        body,
      );
    } catch (error) {
      const spec = error instanceof HttpError ? error.spec : ERR.internal;
      send(spec.status, errorJson(spec.code, spec.message));
    }
  }

  private overRateLimit(): boolean {
    const limit = this.options.rateLimit ?? 40;
    if (limit <= 0) return false;
    const now = Date.now();
    this.recentStarts = this.recentStarts.filter((t) => now - t < 1000);
    if (this.recentStarts.length >= limit) return true;
    this.recentStarts.push(now);
    return false;
  }

  private checkAppAuth(req: IncomingMessage, query: Record<string, string>): void {
    const header = req.headers.authorization;
    if (header === `Bearer ${this.options.readToken}`) return;
    if (!header && this.options.apiKey && query.api_key === this.options.apiKey) return;
    throw new HttpError(ERR.invalidKey);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}
