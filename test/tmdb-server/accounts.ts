// What the stand-in remembers between requests: request tokens and their approval, sessions, the
// v4 tokens users approved, and each account's watchlist. Time runs on a clock tests can advance.
import { randomBytes } from 'node:crypto';
import type { Catalogue } from './catalogue';
import { ERR, HttpError } from './errors';

type TokenState = { state: 'issued' | 'approved' | 'denied' | 'used'; expiresAt: number };
type Watchlists = { movie: Map<number, number>; tv: Map<number, number> };

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export class Accounts {
  private readonly tokens = new Map<string, TokenState>();
  private readonly sessions = new Map<string, number>(); // session id → account id
  private watchlists = new Map<number, Watchlists>();
  private clockOffset = 0;
  private seq = 0;

  constructor(
    private readonly catalogue: Catalogue,
    readonly v4Tokens: Set<string>,
    private readonly clock: () => number = Date.now,
  ) {
    this.resetWatchlist();
  }

  now(): number {
    return this.clock() + this.clockOffset;
  }

  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }

  // ---- request tokens and sessions ------------------------------------------------------------

  issueToken(): { token: string; expiresAt: number } {
    const token = randomBytes(20).toString('hex');
    const expiresAt = this.now() + TOKEN_LIFETIME_MS;
    this.tokens.set(token, { state: 'issued', expiresAt });
    return { token, expiresAt };
  }

  /** A request token that has not expired, or undefined. */
  liveToken(requestToken: string): TokenState | undefined {
    const token = this.tokens.get(requestToken);
    if (!token) return undefined;
    return token.expiresAt <= this.now() ? undefined : token;
  }

  /** Approves (or denies) a request token as the user would on the approval page. */
  decide(requestToken: string, approve: boolean): boolean {
    const token = this.liveToken(requestToken);
    if (!token || token.state !== 'issued') return false;
    token.state = approve ? 'approved' : 'denied';
    return true;
  }

  createSessionFor(accountId = this.catalogue.account.id as number): string {
    const id = randomBytes(20).toString('hex');
    this.sessions.set(id, accountId);
    return id;
  }

  hasSession(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  endSession(sessionId: string): boolean {
    return this.sessions.delete(sessionId);
  }

  revokeSession(sessionId?: string): void {
    if (sessionId) this.sessions.delete(sessionId);
    else this.sessions.clear();
  }

  /** The account a request's `session_id` belongs to; 401 (3) when none, or when it is not `accountId`. */
  accountFor(query: Record<string, string>, accountId?: string): number {
    const account = query.session_id ? this.sessions.get(query.session_id) : undefined;
    if (account === undefined) throw new HttpError(ERR.authFailed);
    if (accountId !== undefined && String(account) !== accountId) throw new HttpError(ERR.authFailed);
    return account;
  }

  // ---- watchlists -----------------------------------------------------------------------------

  watchlistOf(kind: 'movie' | 'tv', accountId = this.catalogue.account.id as number): number[] {
    return [...(this.watchlists.get(accountId)?.[kind].keys() ?? [])];
  }

  /** Entries as [id, added at], for sorting by `created_at`. */
  watchlistEntries(kind: 'movie' | 'tv', accountId: number): Array<[number, number]> {
    return [...(this.watchlists.get(accountId)?.[kind] ?? new Map<number, number>())];
  }

  isOnWatchlist(kind: 'movie' | 'tv', id: number, accountId: number): boolean {
    return this.watchlists.get(accountId)?.[kind].has(id) ?? false;
  }

  /** Adds or removes; says whether the entry was new (TMDB's 1), already there (12) or removed (13). */
  setWatchlist(accountId: number, kind: 'movie' | 'tv', id: number, on: boolean): 'added' | 'kept' | 'removed' {
    let lists = this.watchlists.get(accountId);
    if (!lists) this.watchlists.set(accountId, (lists = { movie: new Map(), tv: new Map() }));
    const entries = lists[kind];
    if (!on) {
      entries.delete(id);
      return 'removed';
    }
    if (entries.has(id)) return 'kept';
    entries.set(id, Date.now() + ++this.seq);
    return 'added';
  }

  resetWatchlist(): void {
    const at = Date.now() - 1_000_000;
    const seed = this.catalogue.watchlistSeed;
    const movie = new Map([...new Set(seed.movie)].map((id, i) => [id, at + i]));
    const tv = new Map([...new Set(seed.tv)].map((id, i) => [id, at + i]));
    this.watchlists = new Map([[this.catalogue.account.id, { movie, tv }]]);
  }
}
