// Where a TMDB credential goes: a v3 API key in the query (`api_key`), a read access token in the
// Authorization header. Plain TypeScript: no `vscode` import.
import * as l10n from '@vscode/l10n';
import { TmdbError } from './errors';

/** A token and where it goes, with the headers every request with it sends. */
export interface Credential {
  token: string;
  /** The key for the query, when the token is a v3 key. */
  apiKey: string | undefined;
  headers: Readonly<Record<string, string>>;
}

/** A read access token is a JWT; a v3 key is 32 hex characters. Anything else is not a TMDB credential. */
export function tokenShape(token: string): 'bearer' | 'apiKey' | 'invalid' {
  const trimmed = token.trim();
  if (/^[0-9a-f]{32}$/i.test(trimmed)) return 'apiKey';
  if (/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(trimmed)) return 'bearer';
  return 'invalid';
}

/** Where `token` goes (its two regular expressions are worth running once a token, not on every request). */
export function credentialOf(token: string): Credential {
  const trimmed = token.trim();
  const apiKey = tokenShape(trimmed) === 'apiKey';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (!apiKey) headers.Authorization = `Bearer ${trimmed}`;
  return { token, apiKey: apiKey ? trimmed : undefined, headers: Object.freeze(headers) };
}

/** Throws `unauthorized` (TMDB not asked) for what is neither a read access token nor a v3 key. */
export function refuseNonToken(token: string, endpoint: string): void {
  if (tokenShape(token) !== 'invalid') return;
  throw new TmdbError({
    kind: 'unauthorized',
    endpoint,
    detail: 'not a token',
    tmdbMessage: l10n.t(
      'This is neither an API Read Access Token (starts with "eyJ") nor a v3 API key (32 hex characters).',
    ),
  });
}
