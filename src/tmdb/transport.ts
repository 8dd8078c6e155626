// One request to TMDB and what its answer means: the token (Authorization header, or api_key for a v3
// key) and the query, the throttle, the timeout, bounded retries (Retry-After on 429), the size cap,
// status → error, and the schema check. No cache here (./readThrough) and no endpoint list (./client).
// Plain TypeScript: no `vscode` import; fetch can be injected.
import * as l10n from '@vscode/l10n';
import type { $Fetch } from 'ofetch';
import { IN_BROWSER } from '../common/host';
import { once } from '../common/once';
import type { z } from 'zod';
import { tmdbPart, tmdbSlice } from './deferredPart';
import { maxAgeMs } from './cache';
import { credentialOf, type Credential } from './credential';
import { hostToApprove } from './constants';
import { TmdbError, kindForStatus, type TmdbErrorKind } from './errors';
import { Emitter } from './events';
import { Throttle } from './throttle';
import { parseJson, readAnswer, readCapped } from './answerBody';
import {
  DEFAULT_REQUESTS_PER_SECOND,
  MAX_BODY_BYTES,
  type Call,
  type Prepared,
  type Sent,
  type TransportOptions,
} from './call';

type Attempt<T> = ({ ok: true } & Sent<T>) | { ok: false; error: TmdbError; retryAfter?: number };

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

export class Transport {
  private fetcherInstance: $Fetch | undefined;
  private credential: Credential | undefined;
  /** Fetch's first call, made once, for a `data:` address (warmUp). */
  private readonly warmFetch = once(() =>
    fetch('data:,')
      .then((response) => response.arrayBuffer())
      .catch(() => undefined),
  );
  private readonly throttle: Throttle;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly sessionRevoked = new Emitter<string | undefined>();
  /**
   * Fires when a user call finds the session revoked (401 with status_code 3, 17 or 37), with the id of the
   * session it was sent with: a late answer for a session already replaced must not end the new one.
   */
  readonly onDidRevokeSession = this.sessionRevoked.event;

  constructor(private readonly options: TransportOptions) {
    this.throttle = new Throttle(options.requestsPerSecond ?? DEFAULT_REQUESTS_PER_SECOND, 8);
    this.sleep = options.sleep ?? sleepReal;
  }

  /** ofetch, loaded on the first request. */
  private get fetcher(): $Fetch {
    const { ofetch } = tmdbPart();
    this.fetcherInstance ??= this.options.fetch ? ofetch.create({}, { fetch: this.options.fetch }) : ofetch;
    return this.fetcherInstance;
  }

  /**
   * Loads now what the first request loads on the extension host's one thread: the deferred part (ofetch
   * with it) and fetch's HTTP client, which loads on fetch's first call. Without this, that work runs when
   * an id pasted in a box is asked for ahead, and the person's Enter waits behind it. Fetch is asked once,
   * for a `data:` address: no server is asked (in VS Code, its proxy support looks up a proxy for it first,
   * and loads the system certificates the first TMDB request needs anyway).
   */
  warmUp(): void {
    void tmdbSlice
      .load()
      .then(() => this.fetcher)
      .catch(() => undefined);
    if (!IN_BROWSER && !this.options.fetch) void this.warmFetch();
  }

  /** The token, query and headers of a call. */
  async prepare<T extends z.ZodType>(call: Call<T>): Promise<Prepared> {
    const method = call.method ?? 'GET';
    const endpoint = `${method} ${call.path}`;
    const token = call.token ?? (await this.options.apiToken());
    if (!token) throw new TmdbError({ kind: 'unauthorized', endpoint });
    // The schemas and ofetch, loaded on the first call that is sent (a wait in a browser only).
    await tmdbSlice.load();

    const settings = this.options.settings();
    const host = this.options.allowHost && hostToApprove(settings.apiBaseUrl);
    if (host && !(await this.options.allowHost!(host)))
      throw new TmdbError({ kind: 'notSent', endpoint, detail: host });
    const query: Record<string, string> = {};
    const asked = call.query;
    // Well-formed text (a lone surrogate, as from a search cut in the middle of an emoji, made the address
    // and the cache key throw URIError, which the request took for being offline).
    if (asked)
      for (const key of Object.keys(asked))
        if (asked[key] !== undefined) query[key] = String(asked[key]).toWellFormed();
    if (call.localized && settings.language) query.language = settings.language;
    if (call.asUser) {
      const user = call.session?.v4;
      if (!user) throw new TmdbError({ kind: 'signedOut', endpoint });
      return { method, endpoint, baseURL: settings.apiBaseUrl, query, headers: credentialOf(user.accessToken).headers };
    }
    // Worked out once a token (./credential), not on every request.
    if (this.credential?.token !== token) this.credential = credentialOf(token);
    const { apiKey, headers } = this.credential;
    if (apiKey) query.api_key = apiKey;
    if (call.session) query.session_id = call.session.sessionId;
    return { method, endpoint, baseURL: settings.apiBaseUrl, query, headers };
  }

  /** One request, with the bounded retries; `etag` makes it conditional. */
  async send<T extends z.ZodType>(call: Call<T>, prepared: Prepared, etag?: string): Promise<Sent<z.output<T>>> {
    const maxRetries = this.options.maxRetries ?? 3;
    const baseDelay = this.options.retryBaseDelayMs ?? 400;
    const headers = etag ? { ...prepared.headers, 'If-None-Match': etag } : prepared.headers;
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(call, prepared.endpoint, prepared.baseURL, prepared.query, headers);
      if (outcome.ok) return outcome;
      const error = outcome.error;
      const canRetry =
        attempt < maxRetries &&
        (error.kind === 'rateLimited' ||
          (prepared.method === 'GET' && !call.once && (error.kind === 'offline' || error.kind === 'server')));
      if (!canRetry) {
        if (error.kind === 'sessionRevoked') this.sessionRevoked.fire(call.session?.sessionId);
        throw error;
      }
      const delay =
        error.kind === 'rateLimited' ? Math.min(outcome.retryAfter ?? 1000, 30_000) : baseDelay * 2 ** attempt;
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
    headers: Readonly<Record<string, string>>,
  ): Promise<Attempt<z.output<T>>> {
    // The time allowed starts once the throttle lets the request go, not while it waits its turn.
    // A request cancelled while it waits its turn leaves the line unsent.
    await this.throttle.acquire(call.signal).catch(() => {
      throw new TmdbError({ kind: 'cancelled', endpoint });
    });
    // One controller for the three ways a request ends early: the caller's signal, the time allowed, and the
    // size cap. (AbortSignal.timeout joined by AbortSignal.any cost a sixth of a small request's CPU time.)
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, this.options.timeoutMs ?? 15_000);
    const cancel = () => abort.abort();
    if (call.signal?.aborted) abort.abort();
    else call.signal?.addEventListener('abort', cancel, { once: true });
    const started = Date.now();
    const cap = call.maxBytes ?? MAX_BODY_BYTES;
    const tooLargeError = (status: number) =>
      new TmdbError({ kind: 'invalidResponse', endpoint, status, detail: l10n.t("TMDB's answer was too large.") });
    let status: number;
    let responseHeaders: Headers;
    let text: string;
    let bytes: number;
    try {
      const responding = this.fetcher.raw<ReadableStream<Uint8Array> | null, 'stream'>(
        address(baseURL, call.path, query),
        {
          method: call.method ?? 'GET',
          headers,
          body: call.body,
          signal: abort.signal,
          retry: 0,
          // In a browser (VS Code for the Web), its HTTP cache would answer before this client's own cache and
          // its ETag checks; Node's fetch has no such cache.
          ...(IN_BROWSER ? { cache: 'no-store' as const } : {}),
          responseType: 'stream',
          ignoreResponseError: true,
        },
      );
      call.schema(); // the first time, built while the request is out (a movie's: ~5 ms); then kept
      const response = await responding;
      status = response.status;
      responseHeaders = response.headers;
      if (Number(responseHeaders.get('content-length')) > cap) {
        abort.abort();
        this.options.log?.(
          `${endpoint} → ${status}, refused unread: Content-Length ${responseHeaders.get('content-length')}`,
        );
        return { ok: false, error: tooLargeError(status) };
      }
      const read = await readCapped(response._data ?? null, cap);
      if (read === undefined) {
        abort.abort();
        this.options.log?.(`${endpoint} → ${status}, aborted at ${cap} bytes`);
        return { ok: false, error: tooLargeError(status) };
      }
      ({ text, bytes } = read);
    } catch (cause) {
      const kind: TmdbErrorKind = call.signal?.aborted ? 'cancelled' : timedOut ? 'timeout' : 'offline';
      this.options.log?.(`${endpoint} → ${kind} after ${Date.now() - started} ms`);
      return { ok: false, error: new TmdbError({ kind, endpoint, detail: networkDetail(cause) }) };
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', cancel);
      this.throttle.release();
    }

    this.options.log?.(`${endpoint} → ${status} in ${Date.now() - started} ms`);
    const caching = {
      etag: responseHeaders.get('etag') ?? undefined,
      maxAge: maxAgeMs(responseHeaders.get('cache-control')),
    };
    if (status === 304) {
      // "Not modified" answers a conditional request only: to any other it says nothing usable.
      if (headers['If-None-Match'] !== undefined) return { ok: true, notModified: true, ...caching };
      return {
        ok: false,
        error: new TmdbError({
          kind: 'invalidResponse',
          endpoint,
          status,
          detail: l10n.t('TMDB answered "not modified" to a request that asked nothing conditional.'),
        }),
      };
    }
    const body = parseJson(text);

    if (status < 200 || status >= 300) {
      const parsed = tmdbPart().schemas.errorBody().safeParse(body);
      const statusCode = parsed.success && 'status_code' in parsed.data ? parsed.data.status_code : undefined;
      const tmdbMessage = parsed.success
        ? 'status_message' in parsed.data
          ? parsed.data.status_message
          : parsed.data.errors.join('; ')
        : undefined;
      // A v4 user call refused as unauthorized: the user's token was revoked (TMDB gives no lifetime for it).
      const kind =
        call.asUser && status === 401
          ? 'sessionRevoked'
          : kindForStatus(status, statusCode, call.session !== undefined);
      return {
        ok: false,
        error: new TmdbError({ kind, endpoint, status, statusCode, tmdbMessage }),
        retryAfter: kind === 'rateLimited' ? retryAfterMs(responseHeaders.get('retry-after')) : undefined,
      };
    }
    const read = readAnswer(call.schema(), body, endpoint, status);
    return read.ok ? { ok: true, notModified: false, value: read.value, body, size: bytes, ...caching } : read;
  }
}

/**
 * The request's address. Built here rather than by ofetch's `baseURL` and `query` (ufo parses the address
 * and the query back apart to join them: a tenth of the client's own CPU time on a small answer).
 */
export function address(baseURL: string, path: string, query: Record<string, string>): string {
  let url = (baseURL.endsWith('/') ? baseURL.slice(0, -1) : baseURL) + path;
  let separator = path.includes('?') ? '&' : '?';
  for (const [name, value] of Object.entries(query)) {
    url += `${separator}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    separator = '&';
  }
  return url;
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
