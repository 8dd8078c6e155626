// A person's rating as TMDB takes it and as the extension writes it, in the tree, the palette, the chat and
// the page alike. No vscode import: the display language is given.

/** The ratings TMDB takes, highest first: 10, 9.5, … 0.5. */
export const RATING_VALUES: readonly number[] = Array.from({ length: 20 }, (_, i) => (20 - i) / 2);

/** 0.5 to 10 in steps of 0.5, as TMDB takes a rating. */
export function isRating(value: number): boolean {
  return Number.isFinite(value) && value >= 0.5 && value <= 10 && Number.isInteger(value * 2);
}

/** A rating as the display language writes numbers: 8.5, 8,5. */
export function formatRating(value: number, locale: string): string {
  return value.toLocaleString(locale, { maximumFractionDigits: 1 });
}
