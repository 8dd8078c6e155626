// Reading through the cache (./cache in memory, an AnswerStore on disk): identical concurrent reads share
// one request, fresh answers cost none, a stale one is checked with its ETag (or served at once and
// checked behind), and when TMDB cannot be reached the last answer is served. Each answer carries where
// it came from (`originOf`). An answer asked before a reset (Clear Cache; a write or a sign-out, for the
// account's) is not kept, one asked before an expire() is kept stale, and a late answer never replaces
// one asked after it. No `vscode` import.
import type { z } from 'zod';
import {
  MemoryCache,
  withOrigin,
  type AnswerInfo,
  type AnswerStore,
  type CachedAnswer,
  type CachePolicy,
  type Kept,
} from './cache';
import { TmdbError, isTmdbError, type TmdbErrorKind } from './errors';
import { Emitter } from './events';
import { readAnswer } from './answerBody';
import type { Transport } from './transport';
import type { Call, Prepared } from './call';
import { waitFor, type Shared } from './sharedRead';

/** A read: a GET and how its answer may be kept. */
export interface Read<T extends z.ZodType> extends Call<T> {
  cache: CachePolicy;
  /** A stale answer is returned at once and checked behind (onDidRefresh says when it changed). */
  staleWhileRevalidate?: boolean;
}

export interface ReadThroughOptions {
  /** Where public answers are kept across restarts (the extension's global storage). */
  store?: AnswerStore;
  /** Where the account's answers marked `keptOffline` are kept across restarts; emptied at sign-out. */
  accountStore?: AnswerStore;
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

export interface Answer<T> {
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
  private readonly inFlight = new Map<string, Shared>();
  /** Counts requests asked and resets, in the order they happened: what came before what. */
  private turn = 0;
  /** The turns of the last Clear Cache and of the last account reset (a write, a sign-out). */
  private clearedOn = 0;
  private accountForgottenOn = 0;
  /** The expire() calls made while anything was under way, with their turns (kept until nothing is). */
  private readonly expiries: Array<{ prefix: string; on: number }> = [];
  /** The turn of the request whose answer was last kept under a key, while anything is under way. */
  private readonly keptFrom = new Map<string, number>();
  /** Requests out (checks behind included). */
  private pending = 0;
  /** Keys whose stale answer is being checked behind: another stale read is served without another check. */
  private readonly checking = new Set<string>();
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
    // Given up before it was asked (while the call was prepared): nothing is sent.
    if (call.signal?.aborted) throw new TmdbError({ kind: 'cancelled', endpoint: prepared.endpoint });
    const key = cacheKey(prepared, call.cache);
    let shared = this.inFlight.get(key);
    if (
      !shared ||
      shared.cancel.signal.aborted ||
      this.forgotten(call.cache.scope, shared.since) ||
      this.expiredSince(key, shared.since)
    ) {
      const cancel = new AbortController();
      const started: Shared = {
        since: this.turn,
        stoppable: 0,
        cancel,
        answer: this.cached({ ...call, signal: cancel.signal }, prepared, key).finally(() => {
          if (this.inFlight.get(key) === started) this.inFlight.delete(key);
          this.settle();
        }),
      };
      // Its readers are told how it ended (waitFor); one cancelled by them all is no unhandled rejection.
      started.answer.catch(() => undefined);
      this.inFlight.set(key, started);
      shared = started;
    }
    const answer = (await waitFor(shared, call.signal, prepared.endpoint)) as Answer<z.output<T>>;
    return withOrigin({ ...(answer.value as object) } as z.output<T>, answer.info);
  }

  /** Makes kept answers under a path stale (all without one): their next use asks TMDB, with the ETag. */
  expire(pathPrefix = ''): void {
    this.memory.expire((entry) => underPath(pathOfKey(entry.key), pathPrefix));
    const on = ++this.turn;
    if (this.pending > 0 || this.inFlight.size > 0) this.expiries.push({ prefix: pathPrefix, on });
  }

  /** Forgets the account's answers (lists, watchlist, account states): after a write, and on sign-out. */
  forgetAccount(): void {
    this.accountForgottenOn = ++this.turn;
    this.memory.drop((entry) => entry.scope === 'account');
  }

  /** Memory and disk. */
  async clear(): Promise<void> {
    this.clearedOn = ++this.turn;
    this.memory.drop();
    await Promise.all([this.options.store?.clear(), this.options.accountStore?.clear()]);
  }

  /** Sign-out: the account's answers go from memory and from disk. */
  async dropAccount(): Promise<void> {
    this.forgetAccount();
    await this.options.accountStore?.clear();
  }

  /** Whether what was asked on `turn` is to be dropped: a Clear Cache since, or an account reset for an account answer. */
  private forgotten(scope: CachePolicy['scope'], turn: number): boolean {
    return this.clearedOn > turn || (scope === 'account' && this.accountForgottenOn > turn);
  }

  /** Whether an expire() covering `key` came after `turn`: what was asked then is kept stale. */
  private expiredSince(key: string, turn: number): boolean {
    return this.expiries.some((expiry) => expiry.on > turn && underPath(pathOfKey(key), expiry.prefix));
  }

  /** With nothing under way, no late answer can come: the record of what came before what is let go. */
  private settle(): void {
    if (this.pending > 0 || this.inFlight.size > 0) return;
    this.expiries.length = 0;
    this.keptFrom.clear();
  }

  /** A read through the cache: fresh → kept answer; stale → checked (or served and checked behind). */
  private async cached<T extends z.ZodType>(
    call: Read<T>,
    prepared: Prepared,
    key: string,
  ): Promise<Answer<z.output<T>>> {
    let entry = this.memory.get(key);
    if (!entry) {
      const asked = this.turn;
      entry = await this.storeFor(call.cache)?.get(key);
      // A sign-out or Clear Cache while the file was read: what it held is gone.
      if (this.forgotten(call.cache.scope, asked)) entry = undefined;
      // The account's answer from disk is what was last seen, maybe before a write in another window or
      // session: shown only when TMDB cannot confirm it, never as fresh.
      if (entry?.scope === 'account') entry = { ...entry, freshUntil: 0, mustRevalidate: true };
      if (entry) this.memory.set(entry);
    }
    // A kept answer that no longer reads (one from disk may predate these schemas) is as good as none: its ETag is not sent either.
    const kept = entry && this.validated(call, prepared, entry);
    if (kept && kept.entry.freshUntil > this.now()) return answerOf(kept, 'cache');
    if (kept && call.staleWhileRevalidate && !kept.entry.mustRevalidate) {
      if (this.checking.has(key)) return answerOf(kept, 'stale');
      // Checked behind: a changed answer is announced; so is one TMDB could not confirm (fetchInto
      // then hands back the kept answer marked offline or serverError), for the page to say so.
      this.checking.add(key);
      // Not the readers' to cancel: they have their answer.
      void this.fetchInto({ ...call, signal: undefined }, prepared, key, kept)
        .finally(() => this.checking.delete(key))
        .then(
          (fresh) => {
            if (fresh.changed) this.refreshed.fire(call.path);
            const why = fresh.info.from;
            if (why === 'offline' || why === 'serverError')
              this.keptStale.fire({ path: call.path, storedAt: fresh.info.storedAt, why });
          },
          (error: unknown) =>
            this.options.log?.(`${prepared.endpoint} → checked behind: ${isTmdbError(error) ? error.kind : 'failed'}`),
        );
      return answerOf(kept, 'stale');
    }
    return this.fetchInto(call, prepared, key, kept);
  }

  /** Asks TMDB (with the kept answer's ETag) and keeps what comes back; serves the kept answer offline. */
  private async fetchInto<T extends z.ZodType>(
    call: Read<T>,
    prepared: Prepared,
    key: string,
    kept: KeptValue<z.output<T>> | undefined,
  ): Promise<Answer<z.output<T>>> {
    const asked = ++this.turn;
    this.pending++;
    try {
      return await this.ask(call, prepared, key, kept, asked);
    } finally {
      this.pending--;
      this.settle();
    }
  }

  private async ask<T extends z.ZodType>(
    call: Read<T>,
    prepared: Prepared,
    key: string,
    kept: KeptValue<z.output<T>> | undefined,
    asked: number,
  ): Promise<Answer<z.output<T>>> {
    const policy = call.cache;
    let outcome;
    try {
      outcome = await this.transport.send(call, prepared, kept?.entry.etag);
    } catch (error) {
      const standIn = isTmdbError(error) ? STANDS_IN_FOR.get(error.kind) : undefined;
      if (kept && isTmdbError(error) && standIn) {
        this.options.log?.(
          `${prepared.endpoint} → ${error.kind}; showing the answer kept at ${new Date(kept.entry.storedAt).toISOString()}`,
        );
        return answerOf(kept, standIn);
      }
      throw error;
    }
    const now = this.now();
    // Asked before a reset: not kept. Before an expire() (a Refresh, a write's): kept, but asked again on next use.
    // After an answer asked later was kept: that one stays.
    const keep = !this.forgotten(policy.scope, asked) && (this.keptFrom.get(key) ?? 0) < asked;
    const stale = this.expiredSince(key, asked);
    const freshFor = outcome.maxAge === 0 ? 0 : Math.max(outcome.maxAge ?? policy.defaultTtlMs, policy.minTtlMs ?? 0);
    const freshUntil = stale ? 0 : now + freshFor;
    if (outcome.notModified && kept) {
      // The 304's headers are the answer's now (RFC 9111 §4.3.4): a new ETag replaces the old one.
      const { entry } = kept;
      if (keep) {
        entry.etag = outcome.etag ?? entry.etag;
        entry.storedAt = now;
        entry.freshUntil = freshUntil;
        entry.mustRevalidate = stale;
        this.store(entry, kept.value, asked, policy);
      }
      return { value: kept.value, info: { from: 'network', storedAt: now }, changed: false };
    }
    if (outcome.notModified) throw new TmdbError({ kind: 'invalidResponse', endpoint: prepared.endpoint, status: 304 });
    const entry: CachedAnswer = {
      key,
      body: outcome.body,
      etag: outcome.etag,
      storedAt: now,
      freshUntil,
      scope: policy.scope,
      accountId: policy.accountId,
      size: outcome.size,
      ...(stale ? { mustRevalidate: true } : {}),
    };
    if (keep) this.store(entry, outcome.value, asked, policy);
    const before = kept?.entry;
    const changed =
      before !== undefined &&
      (before.etag && entry.etag
        ? before.etag !== entry.etag
        : JSON.stringify(before.body) !== JSON.stringify(entry.body));
    return { value: outcome.value, info: { from: 'network', storedAt: now }, changed };
  }

  /** Keeps an answer and its validated value in memory (the value goes when memory lets the answer go), and the answer on disk if public. */
  private store(entry: CachedAnswer, value: unknown, asked: number, policy: CachePolicy): void {
    this.keptFrom.set(entry.key, asked);
    this.memory.set(entry, value);
    void this.storeFor(policy)?.set(entry);
  }

  /** The disk store an answer under `policy` is kept in, if any. */
  private storeFor(policy: CachePolicy): AnswerStore | undefined {
    if (policy.scope === 'public') return this.options.store;
    return policy.scope === 'account' && policy.keptOffline ? this.options.accountStore : undefined;
  }

  /** A kept answer with its value, read with its schema the first time (answers from disk may predate this version's schemas); one that does not read is dropped. */
  private validated<T extends z.ZodType>(
    call: Read<T>,
    prepared: Prepared,
    entry: CachedAnswer,
  ): KeptValue<z.output<T>> | undefined {
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
  let query = '';
  for (const name of Object.keys(prepared.query).sort()) {
    if (name === 'api_key' || name === 'session_id') continue;
    query += `${query ? '&' : ''}${name}=${encodeURIComponent(prepared.query[name]!)}`;
  }
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
