// Reading through the cache (./cache in memory, an AnswerStore on disk): identical concurrent reads share
// one request, fresh answers cost none, a stale one is checked with its ETag (or served at once and
// checked behind), and when TMDB cannot be reached the last answer is served. Each answer carries where
// it came from (`originOf`). Account answers started before a reset (a write, a sign-out) are not kept.
// No `vscode` import.
import type { z } from 'zod';
import { MemoryCache, withOrigin, type AnswerInfo, type AnswerStore, type CachedAnswer, type CachePolicy, type Kept } from './cache';
import { TmdbError, isTmdbError, type TmdbErrorKind } from './errors';
import { Emitter } from './events';
import { readAnswer, type Call, type Prepared, type Transport } from './transport';

/** A read: a GET and how its answer may be kept. */
export interface Read<T extends z.ZodType> extends Call<T> {
  cache: CachePolicy;
  /** A stale answer is returned at once and checked behind (onDidRefresh says when it changed). */
  staleWhileRevalidate?: boolean;
}

export interface ReadThroughOptions {
  /** Where public answers are kept across restarts (the extension's global storage). */
  store?: AnswerStore;
  /** The memory cache's byte budget. */
  memoryBudgetBytes?: number;
  now?: () => number;
  log?: (line: string) => void;
}

/** A stale answer that stays shown because its check failed: where it is read, since when, and why. */
export interface StaleKept {
  path: string;
  storedAt: number;
  why: 'offline' | 'serverError';
}

/** A kept answer and its value, read with this version's schema. */
interface KeptValue<T> {
  entry: CachedAnswer;
  value: T;
}

interface Answer<T> {
  value: T;
  info: AnswerInfo;
  /** A new answer replaced a different kept one. */
  changed: boolean;
}

/** Failures a kept answer stands in for, and how the answer is then marked: TMDB out of reach, or TMDB failing. */
const STANDS_IN_FOR: ReadonlyMap<TmdbErrorKind, 'offline' | 'serverError'> = new Map([
  ['offline', 'offline'],
  ['timeout', 'offline'],
  ['server', 'serverError'],
  ['rateLimited', 'serverError'],
] as const);

export class ReadThrough {
  private readonly memory: MemoryCache;
  private readonly inFlight = new Map<string, Promise<Answer<unknown>>>();
  /** Counts account-data resets; an answer that started before one is not kept. */
  private accountGeneration = 0;
  private readonly now: () => number;
  private readonly refreshed = new Emitter<string>();
  /** Fires with the path of a stale answer that, checked behind, turned out to have changed. */
  readonly onDidRefresh = this.refreshed.event;
  private readonly keptStale = new Emitter<StaleKept>();
  /** Fires when a stale answer served at once could not be checked behind, because TMDB failed in a way a kept answer stands in for. */
  readonly onDidKeepStale = this.keptStale.event;

  constructor(
    private readonly transport: Transport,
    private readonly options: ReadThroughOptions,
  ) {
    this.memory = new MemoryCache(options.memoryBudgetBytes);
    this.now = options.now ?? Date.now;
  }

  /** The answer to a read, shared with identical reads under way; each caller gets its own top-level object. */
  async read<T extends z.ZodType>(call: Read<T>, prepared: Prepared): Promise<Kept<z.output<T>>> {
    const key = cacheKey(prepared, call.cache);
    let shared = this.inFlight.get(key) as Promise<Answer<z.output<T>>> | undefined;
    if (!shared) {
      shared = this.cached(call, prepared, key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, shared);
    }
    const answer = await shared;
    return withOrigin({ ...(answer.value as object) } as z.output<T>, answer.info);
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

  /** Memory and disk. */
  async clear(): Promise<void> {
    this.accountGeneration++;
    this.memory.drop();
    await this.options.store?.clear();
  }

  /** A read through the cache: fresh → kept answer; stale → checked (or served and checked behind). */
  private async cached<T extends z.ZodType>(call: Read<T>, prepared: Prepared, key: string): Promise<Answer<z.output<T>>> {
    let entry = this.memory.get(key);
    if (!entry && call.cache.scope === 'public' && this.options.store) {
      entry = await this.options.store.get(key);
      if (entry) this.memory.set(entry);
    }
    // A kept answer that no longer reads (one from disk may predate these schemas) is as good as none: its ETag is not sent either.
    const kept = entry && this.validated(call, prepared, entry);
    if (kept && kept.entry.freshUntil > this.now()) return answerOf(kept, 'cache');
    if (kept && call.staleWhileRevalidate && !kept.entry.mustRevalidate) {
      // Checked behind: a changed answer is announced; so is one TMDB could not confirm (fetchInto
      // then hands back the kept answer marked offline or serverError), for the page to say so.
      void this.fetchInto(call, prepared, key, kept).then(
        (fresh) => {
          if (fresh.changed) this.refreshed.fire(call.path);
          const why = fresh.info.from;
          if (why === 'offline' || why === 'serverError') this.keptStale.fire({ path: call.path, storedAt: fresh.info.storedAt, why });
        },
        (error: unknown) => this.options.log?.(`${prepared.endpoint} → checked behind: ${isTmdbError(error) ? error.kind : 'failed'}`),
      );
      return answerOf(kept, 'stale');
    }
    return this.fetchInto(call, prepared, key, kept);
  }

  /** Asks TMDB (with the kept answer's ETag) and keeps what comes back; serves the kept answer offline. */
  private async fetchInto<T extends z.ZodType>(call: Read<T>, prepared: Prepared, key: string, kept: KeptValue<z.output<T>> | undefined): Promise<Answer<z.output<T>>> {
    const policy = call.cache;
    const generation = this.accountGeneration;
    let outcome;
    try {
      outcome = await this.transport.send(call, prepared, kept?.entry.etag);
    } catch (error) {
      const standIn = isTmdbError(error) ? STANDS_IN_FOR.get(error.kind) : undefined;
      if (kept && isTmdbError(error) && standIn) {
        this.options.log?.(`${prepared.endpoint} → ${error.kind}; showing the answer kept at ${new Date(kept.entry.storedAt).toISOString()}`);
        return answerOf(kept, standIn);
      }
      throw error;
    }
    const now = this.now();
    const freshFor = outcome.maxAge === 0 ? 0 : Math.max(outcome.maxAge ?? policy.defaultTtlMs, policy.minTtlMs ?? 0);
    const keep = policy.scope !== 'account' || generation === this.accountGeneration;
    if (outcome.notModified && kept) {
      // The 304's headers are the answer's now (RFC 9111 §4.3.4): a new ETag replaces the old one.
      const { entry } = kept;
      entry.etag = outcome.etag ?? entry.etag;
      entry.storedAt = now;
      entry.freshUntil = now + freshFor;
      entry.mustRevalidate = false;
      if (keep) this.store(entry, kept.value);
      return { value: kept.value, info: { from: 'network', storedAt: now }, changed: false };
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
    if (keep) this.store(entry, outcome.value);
    const before = kept?.entry;
    const changed = before !== undefined && (before.etag && entry.etag ? before.etag !== entry.etag : JSON.stringify(before.body) !== JSON.stringify(entry.body));
    return { value: outcome.value, info: { from: 'network', storedAt: now }, changed };
  }

  /** Keeps an answer and its validated value in memory (the value goes when memory lets the answer go), and the answer on disk if public. */
  private store(entry: CachedAnswer, value: unknown): void {
    this.memory.set(entry, value);
    if (entry.scope === 'public') void this.options.store?.set(entry);
  }

  /** A kept answer with its value, read with its schema the first time (answers from disk may predate this version's schemas); one that does not read is dropped. */
  private validated<T extends z.ZodType>(call: Read<T>, prepared: Prepared, entry: CachedAnswer): KeptValue<z.output<T>> | undefined {
    let value = this.memory.valueOf(entry) as z.output<T> | undefined;
    if (value === undefined) {
      const read = readAnswer(call.schema(), entry.body, prepared.endpoint, 200);
      if (!read.ok) {
        this.memory.delete(entry.key);
        return undefined;
      }
      value = read.value;
      this.memory.remember(entry, value);
    }
    return { entry, value };
  }
}

function answerOf<T>(kept: KeptValue<T>, from: AnswerInfo['from']): Answer<T> {
  return { value: kept.value, info: { from, storedAt: kept.entry.storedAt }, changed: false };
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
