// A local stand-in for TMDB's v3 API: real HTTP on 127.0.0.1, TMDB's paths, parameters, bodies and error
// bodies, app and session auth, the sign-in approval pages, a rate limit, per-path fault injection and a
// request log. Used by the unit, integration and end-to-end tests and by `npm run demo`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadCatalogue, PAGE_SIZE, type Catalogue } from './catalogue';
import { approvalPage, allowPage, messagePage } from './pages';

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
}

export type FaultKind = 'latency' | 'status' | 'malformed' | 'removeField' | 'nullField' | 'reset' | 'revokeSession';

export interface Fault {
  /** Matches the request path (e.g. `/3/movie/550`); a string matches a path that starts with it. */
  path: string | RegExp;
  method?: string;
  kind: FaultKind;
  /** latency: milliseconds before answering (the request then proceeds normally). */
  ms?: number;
  /** status: the HTTP status to answer (a TMDB error body goes with it). */
  status?: number;
  statusCode?: number;
  /** removeField / nullField: a dotted path into the answer, e.g. `results.0.name`. */
  field?: string;
  /** How many requests it applies to; unlimited when absent. */
  times?: number;
  /** Only the Nth matching request onwards (1-based), e.g. page 2 of something. */
  query?: Record<string, string>;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
  at: number;
}

type TokenState = { state: 'issued' | 'approved' | 'denied' | 'used'; expiresAt: number };

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const ERR = {
  invalidKey: { status: 401, code: 7, message: 'Invalid API key: You must be granted a valid key.' },
  authFailed: { status: 401, code: 3, message: 'Authentication failed: You do not have permissions to access the service.' },
  sessionDenied: { status: 401, code: 17, message: 'Session denied.' },
  invalidToken: { status: 401, code: 33, message: 'Invalid request token: The request token is either expired or invalid.' },
  v4Invalid: { status: 401, code: 35, message: 'Invalid token.' },
  v4NoWrite: { status: 401, code: 36, message: "This token hasn't been granted write permission by the user." },
  notFound: { status: 404, code: 34, message: 'The resource you requested could not be found.' },
  invalidId: { status: 404, code: 6, message: 'Invalid id: The pre-requisite id is invalid or not found.' },
  sessionNotFound: { status: 404, code: 37, message: 'Session not found.' },
  invalidPage: { status: 400, code: 22, message: 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.' },
  invalidInput: { status: 400, code: 47, message: 'The input is not valid.' },
  internal: { status: 500, code: 11, message: 'Internal error: Something went wrong, contact TMDB.' },
} as const;

type ErrorSpec = { status: number; code: number; message: string };

class HttpError extends Error {
  constructor(readonly spec: ErrorSpec) {
    super(spec.message);
  }
}

export class TmdbStandIn {
  readonly catalogue: Catalogue = loadCatalogue();
  readonly requests: LoggedRequest[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private readonly faults: Array<Fault & { used: number }> = [];
  private readonly tokens = new Map<string, TokenState>();
  private readonly sessions = new Map<string, number>(); // session id → account id
  private readonly v4Tokens: Set<string>;
  private watchlists = new Map<number, { movie: Map<number, number>; tv: Map<number, number> }>();
  private recentStarts: number[] = [];
  private clockOffset = 0;
  private seq = 0;
  private baseUrl = '';

  constructor(private readonly options: StandInOptions) {
    this.v4Tokens = new Set(options.v4UserTokens ?? []);
    this.resetWatchlist();
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  // ---- lifecycle and test controls ------------------------------------------------------------

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

  now(): number {
    return (this.options.now ?? Date.now)() + this.clockOffset;
  }

  /** Moves the stand-in's clock forward (request tokens expire after 60 minutes). */
  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }

  inject(fault: Fault): void {
    this.faults.push({ ...fault, used: 0 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  setRateLimit(perSecond: number): void {
    this.options.rateLimit = perSecond;
    this.recentStarts = [];
  }

  /** Approves (or denies) a request token as the user would on the approval page. */
  decide(requestToken: string, approve: boolean): boolean {
    const token = this.liveToken(requestToken);
    if (!token || token.state !== 'issued') return false;
    token.state = approve ? 'approved' : 'denied';
    return true;
  }

  /** Ends a session as TMDB does when the user revokes it on the website. */
  revokeSession(sessionId?: string): void {
    if (sessionId) this.sessions.delete(sessionId);
    else this.sessions.clear();
  }

  /** Issues a session directly (tests that are not about sign-in). */
  createSessionFor(accountId = this.catalogue.account.id as number): string {
    const id = randomBytes(20).toString('hex');
    this.sessions.set(id, accountId);
    return id;
  }

  addV4UserToken(token: string): void {
    this.v4Tokens.add(token);
  }

  hasSession(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  watchlistOf(kind: 'movie' | 'tv', accountId = this.catalogue.account.id as number): number[] {
    return [...(this.watchlists.get(accountId)?.[kind].keys() ?? [])];
  }

  resetWatchlist(): void {
    const at = Date.now() - 1_000_000;
    const seed = this.catalogue.watchlistSeed;
    const movie = new Map([...new Set(seed.movie)].map((id, i) => [id, at + i]));
    const tv = new Map([...new Set(seed.tv)].map((id, i) => [id, at + i]));
    this.watchlists = new Map([[this.catalogue.account.id, { movie, tv }]]);
  }

  requestsTo(path: string | RegExp): LoggedRequest[] {
    return this.requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  // ---- HTTP -----------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const entry: LoggedRequest = { method, path: url.pathname, query, headers: req.headers, body, status: 0, at: Date.now() };
    this.requests.push(entry);
    const send = (status: number, payload: string, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8', ...headers });
      res.end(payload);
    };

    try {
      let transform: ((data: Json) => string) | undefined;
      for (const fault of this.matchingFaults(method, url.pathname, query)) {
        fault.used++;
        switch (fault.kind) {
          case 'latency':
            await new Promise((resolve) => setTimeout(resolve, fault.ms ?? 1000));
            break;
          case 'reset':
            entry.status = -1;
            req.socket.destroy();
            return;
          case 'revokeSession':
            if (query.session_id) this.sessions.delete(query.session_id);
            break;
          case 'status': {
            const status = fault.status ?? 500;
            const code = fault.statusCode ?? (status === 429 ? 25 : status >= 500 ? 11 : 47);
            send(status, errorJson(code, status >= 500 ? ERR.internal.message : 'Injected failure.'), status === 429 ? { 'Retry-After': '1' } : {});
            return;
          }
          case 'malformed':
            transform = (data) => JSON.stringify(data).slice(0, 40);
            break;
          case 'removeField':
          case 'nullField':
            transform = (data) => JSON.stringify(editField(data, fault.field ?? '', fault.kind === 'nullField'));
            break;
        }
      }

      if (url.pathname.startsWith('/3/')) {
        if (this.overRateLimit()) {
          const limit = this.options.rateLimit ?? 40;
          send(429, errorJson(25, `Your request count (${limit + 1}) is over the allowed limit of (${limit}).`), { 'Retry-After': '1' });
          return;
        }
        this.checkAppAuth(req, query);
        const data = this.api(method, url.pathname, query, body);
        send(200, transform ? transform(data) : JSON.stringify(data));
        return;
      }
      this.web(method, url, req, res, entry, body);
    } catch (error) {
      const spec = error instanceof HttpError ? error.spec : ERR.internal;
      send(spec.status, errorJson(spec.code, spec.message));
    }
  }

  private matchingFaults(method: string, path: string, query: Record<string, string>) {
    const matches = this.faults.filter((f) => {
      if (f.times !== undefined && f.used >= f.times) return false;
      if (f.method && f.method !== method) return false;
      if (f.query && Object.entries(f.query).some(([k, v]) => query[k] !== v)) return false;
      return typeof f.path === 'string' ? path.startsWith(f.path) : f.path.test(path);
    });
    return matches;
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

  private accountFor(query: Record<string, string>, accountId?: string): number {
    const account = query.session_id ? this.sessions.get(query.session_id) : undefined;
    if (account === undefined) throw new HttpError(ERR.authFailed);
    if (accountId !== undefined && String(account) !== accountId) throw new HttpError(ERR.authFailed);
    return account;
  }

  private liveToken(requestToken: string): TokenState | undefined {
    const token = this.tokens.get(requestToken);
    if (!token) return undefined;
    return token.expiresAt <= this.now() ? undefined : token;
  }

  // ---- the API --------------------------------------------------------------------------------

  private api(method: string, path: string, query: Record<string, string>, body: unknown): Json {
    const c = this.catalogue;
    const route = (pattern: string): string[] | undefined => matchRoute(method, path, pattern);
    let m: string[] | undefined;
    const input = (body ?? {}) as Json;

    if ((m = route('GET /3/authentication'))) return { success: true, status_code: 1, status_message: 'Success.' };
    if ((m = route('GET /3/authentication/token/new'))) {
      const token = randomBytes(20).toString('hex');
      const expiresAt = this.now() + TOKEN_LIFETIME_MS;
      this.tokens.set(token, { state: 'issued', expiresAt });
      return { success: true, expires_at: tmdbDate(expiresAt), request_token: token };
    }
    if ((m = route('POST /3/authentication/session/new'))) {
      const token = typeof input.request_token === 'string' ? this.liveToken(input.request_token) : undefined;
      if (!token || token.state === 'used') throw new HttpError(ERR.invalidToken);
      if (token.state !== 'approved') throw new HttpError(ERR.sessionDenied);
      token.state = 'used';
      return { success: true, session_id: this.createSessionFor() };
    }
    if ((m = route('POST /3/authentication/session/convert/4'))) {
      const token = typeof input.access_token === 'string' ? input.access_token : '';
      if (token === this.options.readToken) throw new HttpError(ERR.v4NoWrite);
      if (!this.v4Tokens.has(token)) throw new HttpError(ERR.v4Invalid);
      return { success: true, session_id: this.createSessionFor() };
    }
    if ((m = route('DELETE /3/authentication/session'))) {
      const id = typeof input.session_id === 'string' ? input.session_id : '';
      if (!this.sessions.delete(id)) throw new HttpError(ERR.sessionNotFound);
      return { success: true };
    }
    if ((m = route('GET /3/account')) || (m = route('GET /3/account/:id'))) {
      this.accountFor(query, m[0]);
      return c.account;
    }
    if ((m = route('GET /3/configuration'))) return c.configuration;

    if ((m = route('GET /3/trending/person/:window'))) {
      if (m[0] !== 'day' && m[0] !== 'week') throw new HttpError(ERR.notFound);
      // The week's order differs from the day's, so a client can tell which it got.
      const people = m[0] === 'day' ? c.people : [...c.people].reverse();
      return pageOf(people, query);
    }
    if ((m = route('GET /3/tv/:id'))) return found(c.tvDetails.get(numberId(m[0])));
    if ((m = route('GET /3/movie/:id'))) {
      const movie = found(c.movieDetails.get(numberId(m[0])));
      const appends = (query.append_to_response ?? '').split(',').filter(Boolean);
      const { keywords, release_dates, credits, ...details } = movie;
      const answer: Json = { ...details };
      if (appends.includes('keywords')) answer.keywords = keywords;
      if (appends.includes('release_dates')) answer.release_dates = release_dates;
      if (appends.includes('credits')) answer.credits = { id: movie.id, ...credits };
      if (appends.includes('recommendations')) answer.recommendations = pageOf(c.recommendations.get(movie.id) ?? [], { page: '1' });
      return answer;
    }
    if ((m = route('GET /3/movie/:id/keywords'))) {
      const movie = found(c.movieDetails.get(numberId(m[0])));
      return { id: movie.id, keywords: movie.keywords.keywords };
    }
    if ((m = route('GET /3/movie/:id/release_dates'))) {
      const movie = found(c.movieDetails.get(numberId(m[0])));
      return { id: movie.id, results: movie.release_dates.results };
    }
    if ((m = route('GET /3/movie/:id/recommendations'))) {
      const movie = found(c.movieDetails.get(numberId(m[0])));
      return pageOf(c.recommendations.get(movie.id) ?? [], query);
    }
    if ((m = route('GET /3/credit/:id'))) return found(c.credits.get(m[0]!));
    if ((m = route('GET /3/person/:id'))) {
      const person = found(c.personDetails.get(numberId(m[0])));
      const { combined_credits, ...rest } = person;
      return (query.append_to_response ?? '').includes('combined_credits') ? { ...rest, combined_credits } : rest;
    }
    if ((m = route('GET /3/search/multi'))) {
      if (!query.query) throw new HttpError({ status: 422, code: 47, message: 'query must be provided' });
      const needle = query.query.toLowerCase();
      const hits: Json[] = [
        ...[...c.movies.values()].filter((x) => `${x.title} ${x.original_title}`.toLowerCase().includes(needle)),
        ...[...c.tv.values()].filter((x) => `${x.name} ${x.original_name}`.toLowerCase().includes(needle)),
        ...c.people.filter((p) => p.name.toLowerCase().includes(needle)),
      ];
      return pageOf(hits, query);
    }
    if ((m = route('GET /3/list/:id'))) {
      const list = found(c.listDetails.get(m[0]!));
      const paged = pageOf(list.items, query);
      return { ...list, items: paged.results, page: paged.page, total_pages: paged.total_pages, total_results: paged.total_results };
    }
    if ((m = route('GET /3/account/:id/lists'))) {
      const account = this.accountFor(query, m[0]);
      return pageOf(account === c.account.id ? c.lists : [], query);
    }
    if ((m = route('GET /3/account/:id/watchlist/movies')) || (m = route('GET /3/account/:id/watchlist/tv'))) {
      const kind = path.endsWith('/tv') ? 'tv' : 'movie';
      const account = this.accountFor(query, m[0]);
      const entries = [...(this.watchlists.get(account)?.[kind] ?? new Map<number, number>())];
      entries.sort((a, b) => (query.sort_by === 'created_at.desc' ? b[1] - a[1] : a[1] - b[1]));
      const source = kind === 'movie' ? c.movies : c.tv;
      return pageOf(entries.map(([id]) => source.get(id)).filter(Boolean) as Json[], query);
    }
    if ((m = route('POST /3/account/:id/watchlist'))) {
      const account = this.accountFor(query, m[0]);
      const kind = input.media_type;
      const id = input.media_id;
      if ((kind !== 'movie' && kind !== 'tv') || !Number.isInteger(id) || typeof input.watchlist !== 'boolean') {
        throw new HttpError(ERR.invalidInput);
      }
      if (!(kind === 'movie' ? c.movies : c.tv).has(id)) throw new HttpError(ERR.notFound);
      let lists = this.watchlists.get(account);
      if (!lists) this.watchlists.set(account, (lists = { movie: new Map(), tv: new Map() }));
      const set = lists[kind as 'movie' | 'tv'];
      if (!input.watchlist) {
        set.delete(id);
        return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
      }
      if (set.has(id)) return { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
      set.set(id, Date.now() + ++this.seq);
      return { success: true, status_code: 1, status_message: 'Success.' };
    }
    if ((m = route('GET /3/movie/:id/account_states')) || (m = route('GET /3/tv/:id/account_states'))) {
      const kind = path.startsWith('/3/tv/') ? 'tv' : 'movie';
      const account = this.accountFor(query, undefined);
      const id = numberId(m[0]);
      if (!(kind === 'movie' ? c.movies : c.tv).has(id)) throw new HttpError(ERR.notFound);
      return { id, favorite: false, rated: false, watchlist: this.watchlists.get(account)?.[kind].has(id) ?? false };
    }
    throw new HttpError(ERR.notFound);
  }

  // ---- the website: approval pages ------------------------------------------------------------

  private web(method: string, url: URL, _req: IncomingMessage, res: ServerResponse, entry: LoggedRequest, body: unknown): void {
    const html = (status: number, page: string, headers: Record<string, string> = {}) => {
      entry.status = status;
      res.writeHead(status, { 'Content-Type': 'text/html;charset=utf-8', ...headers });
      res.end(page);
    };
    const redirect = (location: string) => {
      entry.status = 302;
      res.writeHead(302, { Location: location });
      res.end();
    };

    const picture = /^\/t\/p\/(w\d+|h\d+|original)\/([\w-]+)\.(jpg|png|svg)$/.exec(url.pathname);
    if (method === 'GET' && picture) {
      entry.status = 200;
      res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=86400' });
      res.end(placeholderImage(picture[2]!));
      return;
    }
    if (method === 'GET' && url.pathname === '/authenticate/allow') {
      const token = url.searchParams.get('request_token') ?? '';
      return html(200, allowPage(), {
        'Authentication-Callback': `${this.baseUrl}/3/authentication/session/new?request_token=${token}`,
      });
    }
    const m = /^\/authenticate\/([0-9a-f]{40})(?:\/(allow|deny))?$/.exec(url.pathname);
    if (!m) return html(404, messagePage('Not found', 'There is no page here.'));
    const [, requestToken, action] = m as unknown as [string, string, string | undefined];
    const redirectTo = url.searchParams.get('redirect_to') ?? (body as Json | undefined)?.redirect_to ?? '';
    const token = this.liveToken(requestToken);
    if (!token || token.state !== 'issued') {
      return html(410, messagePage('Link expired', 'This approval link is no longer valid. Go back to the editor and sign in again.'));
    }
    if (method === 'GET' && !action) return html(200, approvalPage(requestToken, redirectTo));
    if (method === 'POST' && action) {
      const approved = action === 'allow';
      token.state = approved ? 'approved' : 'denied';
      if (redirectTo) {
        const target = new URL(redirectTo);
        target.searchParams.set('request_token', requestToken);
        target.searchParams.set(approved ? 'approved' : 'denied', 'true');
        return redirect(target.toString());
      }
      if (approved) return redirect(`/authenticate/allow?request_token=${requestToken}`);
      return html(200, messagePage('Access denied', 'You denied the application access to your account.'));
    }
    return html(405, messagePage('Not allowed', 'Use the buttons on the approval page.'));
  }
}

// ---- helpers ------------------------------------------------------------------------------------

function matchRoute(method: string, path: string, pattern: string): string[] | undefined {
  const [wantMethod, wantPath] = pattern.split(' ') as [string, string];
  if (method !== wantMethod) return undefined;
  const want = wantPath.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params.push(decodeURIComponent(got[i]!));
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

function numberId(value: string | undefined): number {
  if (!value || !/^\d+$/.test(value)) throw new HttpError(ERR.notFound);
  return Number(value);
}

function found<T>(value: T | undefined): T {
  if (value === undefined) throw new HttpError(ERR.notFound);
  return value;
}

function pageOf(items: Json[], query: Record<string, string>): Json {
  const raw = query.page ?? '1';
  if (!/^\d+$/.test(raw)) throw new HttpError(ERR.invalidPage);
  const page = Number(raw);
  if (page < 1 || page > 500) throw new HttpError(ERR.invalidPage);
  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: totalPages,
    total_results: items.length,
  };
}

/** Image files stand in as a coloured tile derived from the file name (no real pictures are shipped). */
function placeholderImage(name: string): string {
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 300" preserveAspectRatio="xMidYMid slice"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,22%)"/></linearGradient></defs><rect width="200" height="300" fill="url(#g)"/><circle cx="100" cy="120" r="34" fill="rgba(255,255,255,.25)"/><rect x="50" y="170" width="100" height="60" rx="30" fill="rgba(255,255,255,.18)"/></svg>`;
}

function errorJson(code: number, message: string): string {
  return JSON.stringify({ success: false, status_code: code, status_message: message });
}

/** TMDB's `expires_at` format: `YYYY-MM-DD HH:MM:SS UTC`. */
function tmdbDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function editField(data: Json, dotted: string, toNull: boolean): Json {
  const copy = structuredClone(data);
  const keys = dotted.split('.').filter(Boolean);
  let target: any = copy;
  for (const key of keys.slice(0, -1)) {
    target = target?.[key];
    if (target === undefined) return copy;
  }
  const last = keys[keys.length - 1];
  if (last === undefined || target === undefined || target === null) return copy;
  if (toNull) target[last] = null;
  else delete target[last];
  return copy;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}
