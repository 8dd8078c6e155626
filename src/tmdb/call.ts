// What a call to TMDB is, before any is sent: the settings and the session it is made with, the options of
// the transport that sends it (./transport), the call as an endpoint describes it, the call prepared, what
// it brought, and the limits every call is held to. Types and constants only; no `vscode` import.
import type { z } from 'zod';

export interface TmdbSettings {
  apiBaseUrl: string;
  language: string;
  region: string;
  includeAdult: boolean;
}

export interface UserSession {
  sessionId: string;
  accountId: number;
  /** From TMDB's v4 approval: the user's access token and account object id (v4 lists). Absent for a v3 sign-in. */
  v4?: V4User;
}

export interface V4User {
  accessToken: string;
  /** 24 hexadecimal characters: v4's `{account_object_id}`, not the v3 number. */
  accountObjectId: string;
}

export interface TransportOptions {
  settings: () => TmdbSettings;
  /** The API Read Access Token (a JWT) or a v3 API key (32 hex characters). */
  apiToken: () => Promise<string | undefined>;
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
  /**
   * Asked before a credential goes to an API host other than TMDB's or this computer's (`tmdb.apiBaseUrl`
   * set to a proxy): false refuses the request, unsent. Absent: every host is allowed (tests, benches).
   */
  allowHost?: (host: string) => Promise<boolean>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call as an endpoint describes it. */
export interface Call<T extends z.ZodType> {
  method?: Method;
  path: string;
  /** What the answer is read with: built on first need (../common/once), the first time while the request is out. */
  schema: () => T;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Record<string, unknown>;
  /** The signed-in user's session: sends session_id, and makes 401 with 3/17/37 a revoked session. */
  session?: UserSession;
  /** A v4 user call: the session's v4 access token is the bearer, and no session_id or api_key is sent. */
  asUser?: boolean;
  /** A GET that changes something (a v4 list's `clear`): not sent again after a failure that may have reached TMDB. */
  once?: boolean;
  /** Sends `language` from the settings. */
  localized?: boolean;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (checking a token before it is stored). */
  token?: string;
  /** Refuse an answer above this many bytes (default MAX_BODY_BYTES). */
  maxBytes?: number;
}

/** A call with its token, query and headers in hand (secrets only in the Authorization header or the query). */
export interface Prepared {
  method: Method;
  endpoint: string;
  baseURL: string;
  query: Record<string, string>;
  headers: Readonly<Record<string, string>>;
}

/** What a request brought: a validated answer with its caching headers, or "not modified". */
export type Sent<T> =
  | { notModified: false; value: T; body: unknown; etag?: string; maxAge?: number; size: number }
  | { notModified: true; etag?: string; maxAge?: number };

/** Below TMDB's ~40/s with room for network jitter (npm run bench: 35/s still drew a 429 now and then). */
export const DEFAULT_REQUESTS_PER_SECOND = 30;
/**
 * Answers above this many bytes are refused: one that says so in Content-Length before it is read, any
 * other as soon as that many bytes have come (the request is aborted there, so memory stays within the
 * cap). TMDB's largest real answers are a few hundred KB, but for a season's.
 */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/**
 * A season's answer holds every episode with its crew and guest stars: ~9.7 KB an episode in TMDB's real
 * answers, so a daily show's season of 2,000 episodes is ~19 MB. Past 5 MB (about 540 such episodes) the
 * general cap refused real seasons; this one is for seasons only.
 */
export const MAX_SEASON_BYTES = 32 * 1024 * 1024;
