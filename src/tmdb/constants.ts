// Facts about TMDB's API that several modules check. No vscode import (the page script uses it too).

/** TMDB refuses `page` above 500 (status_code 22), whatever `total_pages` says. */
export const MAX_PAGE = 500;

/** A credit id: 24 hexadecimal characters (`52542282760ee313280017f9`). */
export const CREDIT_ID = /^[0-9a-f]{24}$/i;

/** A list's id as TMDB gives them: digits (v3), or a v4 list's letters and digits. */
export const LIST_ID = /^\w{1,64}$/;

/** The ratings TMDB takes, highest first: 10, 9.5, … 0.5. */
export const RATING_VALUES: readonly number[] = Array.from({ length: 20 }, (_, i) => (20 - i) / 2);

/** 0.5 to 10 in steps of 0.5, as TMDB takes a rating. */
export function isRating(value: number): boolean {
  return Number.isFinite(value) && value >= 0.5 && value <= 10 && Number.isInteger(value * 2);
}
