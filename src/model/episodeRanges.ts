// Episodes as runs of numbers (1–10, 12–14), the way watched marks are kept (features/watched) and a
// season's page asks for them. No vscode.

/** A season's number at most: 0 is the specials; some series number their seasons by year. */
export const MAX_SEASON = 3_000;
/** An episode's number at most (a daily show passes ten thousand). */
export const MAX_EPISODE = 20_000;
/** Ranges of watched episodes a season holds, at most. */
export const MAX_RANGES = 2_000;
/** Movies marked watched an account keeps, at most. */
export const MAX_MOVIES = 20_000;
/** Series started an account keeps, at most. */
export const MAX_SERIES = 5_000;
/** Seasons with marks a series keeps, at most. */
export const MAX_SEASONS_PER_SERIES = 200;

/** Episodes `first` to `last` of a season, both included. */
export type EpisodeRange = readonly [first: number, last: number];

/** `numbers` (in any order, repeats allowed) as the fewest ranges, in order. */
export function rangesOf(numbers: Iterable<number>): EpisodeRange[] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const n of sorted) {
    const last = ranges[ranges.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges;
}

/** Whether `n` is in one of `ranges` (in order, apart: a binary search). */
export function inRanges(ranges: readonly EpisodeRange[], n: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const [first, last] = ranges[middle]!;
    if (n < first) high = middle - 1;
    else if (n > last) low = middle + 1;
    else return true;
  }
  return false;
}

/** Everything an account marked watched, as an export writes it (features/watched keeps it). */
export interface WatchedSnapshot {
  /** Each movie, with the day it was watched (counted from 1970-01-01) when known. */
  movies: Array<{ id: number; day?: number }>;
  /** Each series started, with its seasons' watched episodes. */
  series: Array<{ id: number; seasons: Array<{ season: number; episodes: readonly EpisodeRange[] }> }>;
}

/** A day counted from 1970-01-01, as a date is written in files (`2024-01-31`). */
export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
