// What the stand-in remembers between requests: request tokens and their approval, sessions, the
// v4 tokens users approved, and each account's watchlist, ratings and lists. Time runs on a clock tests
// can advance.
import { randomBytes } from 'node:crypto';
import type { Catalogue } from './catalogue';
import { ERR, HttpError } from './errors';
import { EpisodeRatings } from './episodes';

type TokenState = { state: 'issued' | 'approved' | 'denied' | 'used'; expiresAt: number; redirectTo?: string };
/** An account's titles with one flag (watchlist, favorite): id → when it was set. */
type Flagged = { movie: Map<number, number>; tv: Map<number, number> };
export type TitleFlag = 'watchlist' | 'favorite';
type Json = Record<string, any>;
/** A rating: its value and when it was given (for `sort_by=created_at.*`). */
type Ratings = { movie: Map<number, { value: number; at: number }>; tv: Map<number, { value: number; at: number }> };
/**
 * A list as its owner edits it: the details without items, the items in order, and what TMDB's v4 lists
 * add (public or private, the sort, a comment per item keyed `<media_type>:<id>`).
 */
export interface ListState {
  owner: number;
  details: Json;
  items: Json[];
  public: boolean;
  sortBy: string;
  comments: Map<string, string>;
  createdAt: number;
  updatedAt: number;
}

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** The demo account's v4 id: 24 hexadecimal characters, not the v3 number (TMDB's example account's). */
export const ACCOUNT_OBJECT_ID = '4bc8892a017a3c0f92000002';
/** v4 request tokens last 15 minutes, not 60. */
export const V4_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export class Accounts {
  private readonly tokens = new Map<string, TokenState>();
  private readonly sessions = new Map<string, number>(); // session id → account id
  /** By flag, by account. */
  private flags: Record<TitleFlag, Map<number, Flagged>> = { watchlist: new Map(), favorite: new Map() };
  private ratings = new Map<number, Ratings>();
  /** Each account's episode ratings (./episodes). */
  readonly episodeRatings = new EpisodeRatings();
  /** Every list by id, the newest first (the order `GET /3/account/{id}/lists` gives). */
  private lists = new Map<string, ListState>();
  private clockOffset = 0;
  private seq = 0;

  constructor(
    private readonly catalogue: Catalogue,
    readonly v4Tokens: Set<string>,
    private readonly clock: () => number = Date.now,
  ) {
    this.reset();
  }

  now(): number {
    return this.clock() + this.clockOffset;
  }

  advanceClock(ms: number): void {
    this.clockOffset += ms;
  }

  /** The series the demo account follows are exactly these (on its watchlist; no favorite or rated series). */
  followOnly(ids: number[]): void {
    const account = this.catalogue.account.id as number;
    const at = Date.now() - 1_000_000;
    this.flags.watchlist.get(account)!.tv = new Map(ids.map((id, i) => [id, at + i]));
    this.flags.favorite.get(account)!.tv = new Map();
    this.ratings.get(account)!.tv = new Map();
  }

  /** The demo account's movie watchlist is exactly these, the first id the newest. */
  watchlistOnly(ids: number[]): void {
    const account = this.catalogue.account.id as number;
    const at = Date.now() - 1_000_000;
    this.flags.watchlist.get(account)!.movie = new Map(ids.map((id, i) => [id, at + ids.length - i]));
  }

  resetClock(): void {
    this.clockOffset = 0;
  }

  // ---- request tokens and sessions ------------------------------------------------------------

  issueToken(): { token: string; expiresAt: number } {
    const token = randomBytes(20).toString('hex');
    const expiresAt = this.now() + TOKEN_LIFETIME_MS;
    this.tokens.set(token, { state: 'issued', expiresAt });
    return { token, expiresAt };
  }

  /** A v4 request token: a JWT-shaped string, 15 minutes, with where to send the browser once approved. */
  issueV4Token(redirectTo: string | undefined): string {
    const token = jwt({ scopes: ['pending_request_token'], jti: randomBytes(6).toString('hex') });
    this.tokens.set(token, { state: 'issued', expiresAt: this.now() + V4_TOKEN_LIFETIME_MS, redirectTo });
    return token;
  }

  /** A user access token for an approved request token (used up), signed in as the demo account. */
  issueAccessToken(): string {
    const token = jwt({
      sub: ACCOUNT_OBJECT_ID,
      scopes: ['api_read', 'api_write'],
      jti: randomBytes(6).toString('hex'),
    });
    this.v4Tokens.add(token);
    return token;
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

  // ---- watchlists and favorites ----------------------------------------------------------------

  flaggedOf(flag: TitleFlag, kind: 'movie' | 'tv', accountId = this.catalogue.account.id as number): number[] {
    return [...(this.flags[flag].get(accountId)?.[kind].keys() ?? [])];
  }

  /** Entries as [id, added at], for sorting by `created_at`. */
  flaggedEntries(flag: TitleFlag, kind: 'movie' | 'tv', accountId: number): Array<[number, number]> {
    return [...(this.flags[flag].get(accountId)?.[kind] ?? new Map<number, number>())];
  }

  hasFlag(flag: TitleFlag, kind: 'movie' | 'tv', id: number, accountId: number): boolean {
    return this.flags[flag].get(accountId)?.[kind].has(id) ?? false;
  }

  /** Adds or removes; says whether the entry was new (TMDB's 1), already there (12) or removed (13). */
  setFlag(
    flag: TitleFlag,
    accountId: number,
    kind: 'movie' | 'tv',
    id: number,
    on: boolean,
  ): 'added' | 'kept' | 'removed' {
    let lists = this.flags[flag].get(accountId);
    if (!lists) this.flags[flag].set(accountId, (lists = { movie: new Map(), tv: new Map() }));
    const entries = lists[kind];
    if (!on) {
      entries.delete(id);
      return 'removed';
    }
    if (entries.has(id)) return 'kept';
    entries.set(id, Date.now() + ++this.seq);
    return 'added';
  }

  // ---- ratings ----------------------------------------------------------------------------------

  /** The account's rating of a title, or false (as `account_states.rated` says it). */
  ratingOf(kind: 'movie' | 'tv', id: number, accountId: number): { value: number } | false {
    const rating = this.ratings.get(accountId)?.[kind].get(id);
    return rating ? { value: rating.value } : false;
  }

  /** Rated titles as [id, value, rated at]. */
  ratedEntries(kind: 'movie' | 'tv', accountId: number): Array<[number, number, number]> {
    return [...(this.ratings.get(accountId)?.[kind] ?? new Map())].map(([id, { value, at }]) => [id, value, at]);
  }

  /** Sets (a number) or removes (undefined) a rating; says whether it was new (TMDB's 1) or replaced one (12). */
  setRating(
    accountId: number,
    kind: 'movie' | 'tv',
    id: number,
    value: number | undefined,
  ): 'added' | 'updated' | 'removed' {
    let ratings = this.ratings.get(accountId);
    if (!ratings) this.ratings.set(accountId, (ratings = { movie: new Map(), tv: new Map() }));
    if (value === undefined) {
      ratings[kind].delete(id);
      return 'removed';
    }
    const had = ratings[kind].has(id);
    ratings[kind].set(id, { value, at: Date.now() + ++this.seq });
    return had ? 'updated' : 'added';
  }

  // ---- lists ------------------------------------------------------------------------------------

  list(listId: string): ListState | undefined {
    return this.lists.get(listId);
  }

  /** The summaries `GET /3/account/{id}/lists` gives, newest first, with their item counts. */
  listsOf(accountId: number): Json[] {
    return [...this.lists.values()]
      .filter((list) => list.owner === accountId)
      .map(({ details, items }) => ({
        description: details.description,
        favorite_count: details.favorite_count ?? 0,
        id: Number(details.id),
        item_count: items.length,
        iso_639_1: details.iso_639_1,
        list_type: 'movie',
        name: details.name,
        poster_path: details.poster_path ?? null,
      }));
  }

  /** The account's lists as they are kept (v4 reads them whole), newest first. */
  listsState(accountId: number): ListState[] {
    return [...this.lists.values()].filter((list) => list.owner === accountId);
  }

  deleteList(listId: string): void {
    this.lists.delete(listId);
  }

  /** `POST /3/list` and `POST /4/list`: a new, empty list, first among the account's. */
  createList(accountId: number, name: string, description: string, language: string, isPublic = true): number {
    const id = 9_000_000 + ++this.seq;
    const details = {
      created_by: 'demo',
      description,
      favorite_count: 0,
      id: String(id),
      iso_639_1: language,
      name,
      poster_path: null,
    };
    const list: ListState = { owner: accountId, details, items: [], ...v4Defaults(this.now()), public: isPublic };
    this.lists = new Map([[String(id), list], ...this.lists]);
    return id;
  }

  /** The list, if `accountId` may edit it: 404 (34) for no such list, 401 (3) for someone else's. */
  ownList(listId: string, accountId: number): ListState {
    const list = this.lists.get(listId);
    if (!list) throw new HttpError(ERR.notFound);
    if (list.owner !== accountId) throw new HttpError(ERR.authFailed);
    return list;
  }

  // ---- start over -------------------------------------------------------------------------------

  /** The seeded state: the watchlist, three ratings, the demo account's lists. */
  reset(): void {
    const at = Date.now() - 1_000_000;
    const account = this.catalogue.account.id as number;
    const flagged = (seed: { movie: number[]; tv: number[] }): Map<number, Flagged> => {
      const movie = new Map([...new Set(seed.movie)].map((id, i) => [id, at + i]));
      const tv = new Map([...new Set(seed.tv)].map((id, i) => [id, at + i]));
      return new Map([[account, { movie, tv }]]);
    };
    this.flags = { watchlist: flagged(this.catalogue.watchlistSeed), favorite: flagged(this.catalogue.favoriteSeed) };
    const ratings: Ratings = { movie: new Map(), tv: new Map() };
    for (const [kind, id, value] of this.catalogue.ratingSeed) ratings[kind].set(id, { value, at: at + id });
    this.ratings = new Map([[account, ratings]]);
    this.episodeRatings.reset();
    this.lists = new Map();
    for (const [id, { items, ...details }] of this.catalogue.listDetails) {
      this.lists.set(id, { owner: account, details, items: [...items], ...v4Defaults(at) });
    }
  }
}

function v4Defaults(at: number): Pick<ListState, 'public' | 'sortBy' | 'comments' | 'createdAt' | 'updatedAt'> {
  return { public: true, sortBy: 'original_order.asc', comments: new Map(), createdAt: at, updatedAt: at };
}

/** A JWT-shaped token as TMDB's are (header, payload, signature in base64url); the signature means nothing here. */
function jwt(payload: Json): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...payload, version: 1, nbf: Math.floor(Date.now() / 1000) })}.${randomBytes(16).toString('base64url')}`;
}
