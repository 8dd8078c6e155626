// The client's memory of TMDB's answers: a bounded in-memory cache (most recently used kept) and, for
// public answers only, a bounded store on disk that survives a restart and serves when TMDB is out of
// reach. Account answers (lists, watchlist, account states) stay in memory, are scoped to the account,
// and are dropped on every write and on sign-out. No vscode import.

/** Where an answer may be kept. */
export type CacheScope =
  | 'public' // memory and disk: titles, people, credits, trending
  | 'memory' // memory only: searches (what someone typed is not written to disk)
  | 'account'; // memory, per account (lists, watchlist, account states); what is `keptOffline` also on disk

export interface CachePolicy {
  scope: CacheScope;
  /** How long an answer is fresh when TMDB sends no `Cache-Control: max-age`. */
  defaultTtlMs: number;
  /**
   * At least this long, whatever `max-age` says (TMDB's CDN says 5 minutes of everything): a series'
   * schedule changes a few times a week, and Up Next asks for dozens of them.
   */
  minTtlMs?: number;
  /** The account the answer belongs to (scope `account`). */
  accountId?: number;
  /**
   * Scope `account`: also kept on disk, in the account's own store, to be shown as last seen when TMDB
   * cannot be reached (the person's lists, watchlist, favorites, ratings); removed at sign-out.
   */
  keptOffline?: boolean;
}

/** One kept answer: TMDB's JSON as it came (validated again when read from disk), and its freshness. */
export interface CachedAnswer {
  key: string;
  body: unknown;
  etag?: string;
  /** When the answer arrived (ms since the epoch); shown as "as of". */
  storedAt: number;
  freshUntil: number;
  scope: CacheScope;
  accountId?: number;
  /** Bytes of the JSON text, for the memory bound. */
  size: number;
  /** Someone asked for it anew (Refresh, Retry): the next use waits for TMDB instead of serving it stale. */
  mustRevalidate?: boolean;
}

/** The persistent half: a folder of files, or anything else that keeps answers across restarts. */
export interface AnswerStore {
  get(key: string): Promise<CachedAnswer | undefined>;
  set(answer: CachedAnswer): Promise<void>;
  clear(): Promise<void>;
}

/**
 * Where an answer came from: TMDB just now, the cache while fresh (or stale, checked behind), or the
 * cache because TMDB could not be reached (`offline`) or answered with an error (`serverError`).
 */
export interface AnswerInfo {
  from: 'network' | 'cache' | 'stale' | 'offline' | 'serverError';
  /** When TMDB last gave (or confirmed) this answer. */
  storedAt: number;
}

/** The key under which an answer carries its AnswerInfo (not enumerable: copies, JSON and deep equality leave it out). */
const ORIGIN: unique symbol = Symbol('tmdb.origin');

/** An answer as the client returns it: TMDB's value, carrying where it came from. */
export type Kept<T> = T & { readonly [ORIGIN]?: AnswerInfo };

/** Marks `value` (the caller's own object) with where it came from. */
export function withOrigin<T>(value: T, info: AnswerInfo): Kept<T> {
  Object.defineProperty(value, ORIGIN, { value: info, enumerable: false });
  return value as Kept<T>;
}

/** Where an answer the client returned came from, and as of when; undefined for anything else. */
export function originOf(answer: unknown): AnswerInfo | undefined {
  return typeof answer === 'object' && answer !== null ? (answer as Kept<object>)[ORIGIN] : undefined;
}

/** Keeps this many bytes of answers in memory (a movie with its appends is 50–300 KB). */
export const MEMORY_BUDGET_BYTES = 32 * 1024 * 1024;
/** Fresh-for when TMDB says nothing, by what the answer is. */
export const DEFAULT_TTL_MS = {
  title: 60 * 60 * 1000,
  trending: 10 * 60 * 1000,
  search: 5 * 60 * 1000,
  account: 2 * 60 * 1000,
  /** A series' schedule, for Up Next: asked again at most four times a day. */
  schedule: 6 * 60 * 60 * 1000,
  /** The genres, watch providers and certifications Discover offers. */
  reference: 24 * 60 * 60 * 1000,
} as const;

/** `max-age` from a Cache-Control header, in ms; undefined when absent, `no-store` or `no-cache`. */
export function maxAgeMs(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const directives = header
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return 0;
  const maxAge = directives.find((part) => part.startsWith('max-age='));
  const seconds = maxAge ? Number(maxAge.slice('max-age='.length)) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * Memory, most recently used last; evicts the least recently used past the byte budget. Beside each answer
 * it keeps the answer's validated value once read, so a hit is not validated again, and that value goes
 * when its answer does.
 */
export class MemoryCache {
  private readonly entries = new Map<string, { answer: CachedAnswer; value?: unknown }>();
  private bytes = 0;

  constructor(private readonly budgetBytes = MEMORY_BUDGET_BYTES) {}

  get(key: string): CachedAnswer | undefined {
    const slot = this.entries.get(key);
    if (slot) {
      this.entries.delete(key);
      this.entries.set(key, slot);
    }
    return slot?.answer;
  }

  /** The validated value kept beside `answer` (undefined if none is, or memory holds another answer under its key). */
  valueOf(answer: CachedAnswer): unknown {
    const slot = this.entries.get(answer.key);
    return slot?.answer === answer ? slot.value : undefined;
  }

  /** Keeps the validated value of an answer memory holds (nothing, if it does not hold that answer). */
  remember(answer: CachedAnswer, value: unknown): void {
    const slot = this.entries.get(answer.key);
    if (slot?.answer === answer) slot.value = value;
  }

  /** Keeps an entry and its validated value, if known (evicting the least recently used past the budget); false if it is not kept. */
  set(entry: CachedAnswer, value?: unknown): boolean {
    this.delete(entry.key);
    // A size that is no count of bytes would defeat the budget: such an entry is not kept.
    if (!(Number.isSafeInteger(entry.size) && entry.size >= 0 && entry.size <= this.budgetBytes)) return false;
    this.entries.set(entry.key, { answer: entry, value });
    this.bytes += entry.size;
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.budgetBytes) break;
      this.delete(key);
    }
    return true;
  }

  delete(key: string): void {
    const slot = this.entries.get(key);
    if (!slot) return;
    this.entries.delete(key);
    this.bytes -= slot.answer.size;
  }

  /** Drops what matches: an account's answers, or everything. */
  drop(matches: (entry: CachedAnswer) => boolean = () => true): void {
    for (const { answer } of [...this.entries.values()]) if (matches(answer)) this.delete(answer.key);
  }

  /** Makes what matches stale: the next use asks TMDB (with the ETag, so an unchanged answer costs little). */
  expire(matches: (entry: CachedAnswer) => boolean): void {
    for (const { answer } of this.entries.values()) {
      if (!matches(answer)) continue;
      answer.freshUntil = 0;
      answer.mustRevalidate = true;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }
}
