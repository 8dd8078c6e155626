// The typed TMDB client's core: its options, the cache's controls and the one request path every endpoint
// goes through (./readThrough for a read with a cache policy, ./transport for every request: token,
// throttle, timeout, retries, size cap, errors, validation). The endpoints are ./sessionCalls (sign-in),
// ./catalogueClient (TMDB's catalogue) and ./client (the signed-in user's), each extending the one before.
// Plain TypeScript: no `vscode` import, credentials and settings come in as functions, fetch can be injected.
import type { z } from 'zod';
import { tmdbPart, tmdbSlice } from './deferredPart';
import type { AnswerStore, Kept } from './cache';
import { PANEL_SCHEMAS, type PanelSchemaKind } from './policies';
import { TmdbError } from './errors';
import { ReadThrough, type Read } from './readThrough';
import { Transport } from './transport';
import { type Call, type TransportOptions, type UserSession } from './call';

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

/** The schemas, loaded with zod on the first request rather than when the extension starts. */
export const schemas = () => tmdbPart().schemas;

export class ClientCore {
  private readonly transport: Transport;
  private readonly reads: ReadThrough;
  /** Fires when a user call finds the session revoked (401 with status_code 3, 17 or 37). */
  readonly onDidRevokeSession;
  /** Fires with the path of a stale answer that, checked behind, turned out to have changed. */
  readonly onDidRefresh;
  /** Fires when a stale answer served at once could not be checked behind: TMDB out of reach or failing. */
  readonly onDidKeepStale;

  constructor(protected readonly options: TmdbClientOptions) {
    this.transport = new Transport(options);
    this.reads = new ReadThrough(this.transport, options);
    this.onDidRevokeSession = this.transport.onDidRevokeSession;
    this.onDidRefresh = this.reads.onDidRefresh;
    this.onDidKeepStale = this.reads.onDidKeepStale;
  }

  /** Loads what the first request would (Transport.warmUp), ahead of one; and builds the schema a `kind` panel's answer is read with. */
  warmUp(kind?: PanelSchemaKind): void {
    this.transport.warmUp();
    if (kind)
      void tmdbSlice
        .load()
        .then(() => PANEL_SCHEMAS[kind]())
        .catch(() => undefined);
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
