// Continue Watching: the series a person started (an episode marked watched: features/watched), each with its
// next aired episode not marked and how far along the person is ("14 of 19"), from the answers Up Next reads
// already (`GET /3/tv/{id}`: its seasons' episode counts and the last episode aired): no request more.
// Episodes are taken as TMDB numbers them, 1 to the season's count; the specials (season 0) are not watched
// in order and count for nothing here. Pure: no vscode, no clock. Loaded with the schemas (../../schemasAndPages).
import type { EpisodeRange } from '../../model/episodeRanges';
import type { Episode, SeriesSchedule } from '../../tmdb/schemas';

/** A series' marks: season number → its watched ranges, in order. */
export type SeasonMarks = ReadonlyMap<number, readonly EpisodeRange[]>;

export interface ContinueEntry {
  series: SeriesSchedule;
  /** The first aired episode not marked (by season, then number); its name and day when TMDB's answer has them. */
  next: Pick<Episode, 'season_number' | 'episode_number'> & Partial<Pick<Episode, 'name' | 'air_date'>>;
  /** Aired episodes marked, of `aired`. */
  watched: number;
  aired: number;
}

/**
 * Season number → how many of its episodes have aired (episodes 1 to that number), by the last one aired: TMDB's
 * `last_episode_to_air`, or its `next_episode_to_air` when that one's day (`today`, YYYY-MM-DD) has come and TMDB
 * has not moved on yet.
 */
export function airedBySeason(series: SeriesSchedule, today = ''): Map<number, number> {
  const aired = new Map<number, number>();
  const next = series.next_episode_to_air;
  const nextAired = next?.air_date && today && next.air_date <= today;
  const last = nextAired ? next : series.last_episode_to_air;
  if (!last || last.season_number < 1) return aired;
  for (const { season_number: season, episode_count: count } of series.seasons) {
    if (season >= 1 && season < last.season_number && count > 0) aired.set(season, count);
  }
  aired.set(last.season_number, last.episode_number);
  return aired;
}

/** How many of episodes 1 to `aired` the ranges hold. */
function markedUpTo(ranges: readonly EpisodeRange[], aired: number): number {
  let count = 0;
  for (const [first, last] of ranges) count += Math.max(0, Math.min(last, aired) - Math.max(first, 1) + 1);
  return count;
}

/** The first of episodes 1 to `aired` the ranges (in order, apart) do not hold, or undefined. */
function firstUnmarked(ranges: readonly EpisodeRange[], aired: number): number | undefined {
  let next = 1;
  for (const [first, last] of ranges) {
    if (last < next) continue;
    if (first > next) break;
    next = last + 1;
  }
  return next <= aired ? next : undefined;
}

/**
 * Where a started series stands: its next aired episode not marked, and its progress. Undefined when the
 * person has marked none of its regular seasons, or every aired episode (it is in its usual group then).
 */
export function continueEntry(
  series: SeriesSchedule,
  marks: SeasonMarks | undefined,
  today = '',
): ContinueEntry | undefined {
  if (!marks || ![...marks.keys()].some((season) => season >= 1)) return undefined;
  let watched = 0;
  let aired = 0;
  let next: ContinueEntry['next'] | undefined;
  for (const [season, count] of [...airedBySeason(series, today)].sort(([a], [b]) => a - b)) {
    const ranges = marks.get(season) ?? [];
    aired += count;
    watched += markedUpTo(ranges, count);
    const episode = next ? undefined : firstUnmarked(ranges, count);
    if (episode !== undefined) next = { season_number: season, episode_number: episode };
  }
  if (!next) return undefined;
  const { season_number: season, episode_number: number } = next;
  // Its name and day, when it is the episode TMDB's answer names (the last aired, or the next).
  const known = [series.last_episode_to_air, series.next_episode_to_air].find(
    (episode) => episode?.season_number === season && episode.episode_number === number,
  );
  return { series, next: known ? { ...next, name: known.name, air_date: known.air_date } : next, watched, aired };
}

/** The started series with an aired episode left, by name. */
export function continueWatching(
  schedules: readonly SeriesSchedule[],
  marksOf: (id: number) => SeasonMarks | undefined,
  today = '',
): ContinueEntry[] {
  const name = (entry: ContinueEntry) => entry.series.name || entry.series.original_name;
  return schedules
    .map((series) => continueEntry(series, marksOf(series.id), today))
    .filter((entry): entry is ContinueEntry => entry !== undefined)
    .sort((a, b) => name(a).localeCompare(name(b)) || a.series.id - b.series.id);
}
