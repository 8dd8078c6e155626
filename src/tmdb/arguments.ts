// What an endpoint sends, checked before it is sent: a page TMDB accepts, an id that is an id. No
// vscode import.
import { isTmdbId } from '../model/panelRef';
import { MAX_PAGE } from './constants';
import { TmdbError } from './errors';

/** A page TMDB accepts: 1 to 500. */
export function clampPage(page: number | undefined): number {
  if (page === undefined || !Number.isFinite(page)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Math.trunc(page)));
}

/** A season's or an episode's number (0: the specials, or an episode TMDB numbers 0), or a `badRequest`. */
export function numberIn(value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new TmdbError({
      kind: 'badRequest',
      endpoint: 'number',
      tmdbMessage: `"${String(value)}" is not a number there.`,
    });
  }
  return value;
}

/** A TMDB id (the model's isTmdbId), or a `badRequest` before anything is sent. */
export function int(value: number): number {
  if (!isTmdbId(value)) {
    throw new TmdbError({ kind: 'badRequest', endpoint: 'id', tmdbMessage: `"${String(value)}" is not a TMDB id.` });
  }
  return value;
}
