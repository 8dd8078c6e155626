// Facts about TMDB's API that several modules check. No vscode import (the page script uses it too).

/** TMDB refuses `page` above 500 (status_code 22), whatever `total_pages` says. */
export const MAX_PAGE = 500;

/** A list's id as TMDB gives them: digits (v3), or a v4 list's letters and digits. */
export const LIST_ID = /^\w{1,64}$/;

/** TMDB's API, where the token and the session go unless a setting names another address. */
export const TMDB_API_ORIGIN = 'https://api.themoviedb.org';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** This computer's own names (the stand-in, a local proxy). */
export function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname);
}

/**
 * The host to ask the person about before a credential goes to `apiBaseUrl`, or undefined when none is
 * needed: TMDB's own API, or this computer (the stand-in, a local proxy: nothing leaves it).
 */
export function hostToApprove(apiBaseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(apiBaseUrl);
  } catch {
    return undefined; // refused by the settings, which use the default then
  }
  if (isLoopback(url.hostname) || url.origin === TMDB_API_ORIGIN) return undefined;
  return url.host;
}
