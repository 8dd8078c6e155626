// Which addresses the three address settings may hold. The API host receives the token and the session,
// and the website the approval page, so a setting may only name an https address, or an http one on this
// computer (the local stand-in). Anything else is refused and the default is used. No vscode import.
import * as l10n from '@vscode/l10n';
import { isLoopback, TMDB_API_ORIGIN } from '../tmdb/constants';

export const DEFAULT_BASE_URLS = {
  apiBaseUrl: TMDB_API_ORIGIN,
  webBaseUrl: 'https://www.themoviedb.org',
  imageBaseUrl: 'https://image.tmdb.org/t/p',
} as const;
export type BaseUrlSetting = keyof typeof DEFAULT_BASE_URLS;

/** A base address's host (and port): a name of letters, digits, dots and hyphens, or IPv6's loopback. */
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[::1\])(?::\d{1,5})?$/;
/** A base address's path: unreserved characters, slashes and percent escapes, nothing Markdown or HTML reads. */
const SAFE_PATH = /^(?:[A-Za-z0-9._~/-]|%[0-9A-Fa-f]{2})*$/;

/** The address without a trailing slash, or why it is refused. */
export function checkBaseUrl(value: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return { ok: false, reason: l10n.t('it is not a web address') };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return {
      ok: false,
      reason: l10n.t('only https addresses are allowed (http only on this computer: 127.0.0.1, localhost or [::1])'),
    };
  }
  if (url.username || url.password) return { ok: false, reason: l10n.t('it must not carry a user name or password') };
  if (url.search || url.hash) return { ok: false, reason: l10n.t('it must not carry a query or a fragment') };
  // The address goes into pages' pictures and a hover card's Markdown: a path of these characters cannot end
  // a Markdown link or an attribute early ("/t/p)[Sign in](command:…)" would add a link to every card).
  // The host likewise: WHATWG URLs let `)`, `(`, `*` and `&` into one ("https://a)www.evil.com" ended the
  // card's picture and linked the rest).
  if (!SAFE_HOST.test(url.host))
    return { ok: false, reason: l10n.t('its host may hold only letters, digits, "." and "-", and a port') };
  if (!SAFE_PATH.test(url.pathname))
    return {
      ok: false,
      reason: l10n.t('its path may hold only letters, digits, "/", ".", "-", "_", "~" and %-escapes'),
    };
  return { ok: true, url: `${url.origin}${url.pathname}`.replace(/\/+$/, '') };
}
