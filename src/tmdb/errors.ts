// One error type for everything that can go wrong talking to TMDB, with a `kind` the UI acts on.
// Messages name the endpoint path (never its query, which can hold api_key or session_id) and never a secret,
// and are in the display language (`@vscode/l10n`, configured by the extension with VS Code's bundle).

import * as l10n from '@vscode/l10n';
import { plainText } from '../common/plainText';

export type TmdbErrorKind =
  | 'unauthorized' // no API token, or TMDB refused it (401, 7/10/35)
  | 'signedOut' // a user call without a session
  | 'sessionRevoked' // 401 with 3, 17 or 37 on a user call: the session is gone
  | 'notFound' // 404 (6, 34)
  | 'rateLimited' // 429 (25) after the bounded retries
  | 'badRequest' // 400 / 422 (22, 27, 33, 41, 47, validation errors)
  | 'server' // 5xx
  | 'offline' // the network failed (refused, reset, DNS)
  | 'timeout' // no answer in time
  | 'cancelled' // the caller aborted (a stale search)
  | 'invalidResponse' // not JSON, or not the shape the extension needs
  | 'notSent'; // the API address names another host, not allowed to receive the token (`detail` names it)

export interface TmdbErrorInit {
  kind: TmdbErrorKind;
  endpoint: string;
  status?: number;
  statusCode?: number;
  tmdbMessage?: string;
  detail?: string;
}

/** TMDB's status_code for "Duplicate entry: The data you tried to submit already exists." */
export const DUPLICATE_ENTRY = 8;

/** TMDB's body codes for a session that no longer works on a user call. */
export const SESSION_REVOKED_CODES: ReadonlySet<number> = new Set([3, 17, 37]);

export class TmdbError extends Error {
  override readonly name = 'TmdbError';
  readonly kind: TmdbErrorKind;
  /** The path called, e.g. `GET /3/movie/550`; no query, so no secret. */
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly statusCode: number | undefined;
  readonly tmdbMessage: string | undefined;

  constructor(init: TmdbErrorInit) {
    // TMDB's status_message is shown in notifications, which read markup: it is kept as plain text.
    if (init.tmdbMessage !== undefined) init = { ...init, tmdbMessage: plainText(init.tmdbMessage.slice(0, 500)) };
    super(describe(init));
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.statusCode = init.statusCode;
    this.tmdbMessage = init.tmdbMessage;
  }

  /** Worth trying again as it is (the UI offers "Retry"). */
  get retryable(): boolean {
    return ['offline', 'timeout', 'server', 'rateLimited', 'invalidResponse'].includes(this.kind);
  }
}

function describe(init: TmdbErrorInit): string {
  const reason = init.tmdbMessage ? ' ' + l10n.t('TMDB says: {0}', init.tmdbMessage) : '';
  const detail = init.detail ? ` (${init.detail})` : '';
  const where = ` (${init.endpoint}${init.status ? `, HTTP ${init.status}` : ''}${init.statusCode ? `, code ${init.statusCode}` : ''})`;
  switch (init.kind) {
    case 'unauthorized':
      return init.status
        ? l10n.t('TMDB refused the API token.') + reason + where
        : l10n.t('No TMDB API token is set: run "TMDB: Set API Token".') + where;
    case 'signedOut':
      return l10n.t('Sign in to TMDB first.') + where;
    case 'sessionRevoked':
      return l10n.t('Your TMDB session has ended; sign in again.') + reason + where;
    case 'notFound':
      return l10n.t('TMDB has no such item.') + reason + where;
    case 'rateLimited':
      return l10n.t('TMDB is limiting requests; try again in a moment.') + where;
    case 'badRequest':
      return l10n.t('TMDB did not accept the request.') + reason + where;
    case 'server':
      return l10n.t('TMDB is having trouble right now.') + reason + where;
    case 'offline':
      return l10n.t('Cannot reach TMDB; check your connection.') + detail + where;
    case 'timeout':
      return l10n.t('TMDB did not answer in time.') + where;
    case 'cancelled':
      return l10n.t('Cancelled.') + where;
    case 'invalidResponse':
      return l10n.t('TMDB sent an answer the extension cannot read.') + (init.detail ? ` ${init.detail}` : '') + where;
    case 'notSent':
      return (
        l10n.t(
          'Nothing was sent: the setting tmdb.apiBaseUrl names {0}, which you did not allow to receive your TMDB token. Change the setting, or reload the window to be asked again.',
          init.detail ?? '',
        ) + where
      );
  }
}

/** The kind for an HTTP error answer, from its status and TMDB's body code. */
export function kindForStatus(status: number, statusCode: number | undefined, withSession: boolean): TmdbErrorKind {
  if (
    withSession &&
    statusCode !== undefined &&
    SESSION_REVOKED_CODES.has(statusCode) &&
    (status === 401 || status === 404)
  ) {
    return 'sessionRevoked';
  }
  if (status === 429 || statusCode === 25) return 'rateLimited';
  // 403 with 8, "Duplicate entry": the item is there already (a list's add_item).
  if (statusCode === DUPLICATE_ENTRY) return 'badRequest';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  if (status >= 500) return 'server';
  if (status >= 400) return 'badRequest';
  return 'invalidResponse';
}

export function isTmdbError(error: unknown, kind?: TmdbErrorKind): error is TmdbError {
  return error instanceof TmdbError && (kind === undefined || error.kind === kind);
}

/** A few words for a tree row. */
export function shortReason(error: unknown): string {
  if (!(error instanceof TmdbError)) return l10n.t('unexpected error');
  switch (error.kind) {
    case 'unauthorized':
      return l10n.t('no usable API token');
    case 'signedOut':
      return l10n.t('not signed in');
    case 'sessionRevoked':
      return l10n.t('session ended');
    case 'notFound':
      return l10n.t('not found');
    case 'rateLimited':
      return l10n.t('TMDB is busy');
    case 'badRequest':
      return l10n.t('request refused');
    case 'server':
      return l10n.t('TMDB is having trouble');
    case 'offline':
      return l10n.t('offline');
    case 'timeout':
      return l10n.t('timed out');
    case 'cancelled':
      return l10n.t('cancelled');
    case 'invalidResponse':
      return l10n.t('unreadable answer');
    case 'notSent':
      return l10n.t('API address not allowed');
  }
}

/** The sentence to show a person: a TmdbError's message (secret-free), never an internal error's text. */
export function userMessage(error: unknown): string {
  return error instanceof TmdbError ? error.message : l10n.t('An unexpected error happened; see the TMDB log.');
}

/** A write TMDB answered without confirming it (`success: false`, or a status code that does not confirm it). */
export function unconfirmed(
  call: { method?: string; path: string },
  reply: { status_code: number; status_message: string },
): TmdbError {
  return new TmdbError({
    kind: 'invalidResponse',
    endpoint: `${call.method ?? 'GET'} ${call.path}`,
    statusCode: reply.status_code,
    tmdbMessage: reply.status_message,
    detail: l10n.t('TMDB did not confirm the change.'),
  });
}
