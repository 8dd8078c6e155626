// One account's watched marks, which know no vscode: the movies a person watched (with the day, when it is
// known) and, for each series, the episodes watched season by season, kept as ranges (1–10, 12–14), since
// people watch in order. TMDB keeps no watched history for an account (the spec's facts, §12): the
// extension keeps it, in global state that Settings Sync carries, in the compact text of ./numberText.
import {
  inRanges,
  MAX_EPISODE,
  MAX_MOVIES,
  MAX_RANGES,
  MAX_SEASON,
  MAX_SEASONS_PER_SERIES,
  MAX_SERIES,
  type EpisodeRange,
  type WatchedSnapshot,
} from '../../model/episodeRanges';
import { MAX_NUMBER, NumberReader, NumberWriter } from './numberText';

export type { EpisodeRange } from '../../model/episodeRanges';

/** What is taken as a mark, and how many are kept: a synced or hand-edited state past them is read in part. */
export const LIMITS = {
  season: MAX_SEASON,
  episode: MAX_EPISODE,
  /** A watched day, counted from 1970-01-01 (100,000 is in the year 2243). */
  day: 100_000,
  movies: MAX_MOVIES,
  series: MAX_SERIES,
  seasonsPerSeries: MAX_SEASONS_PER_SERIES,
  rangesPerSeason: MAX_RANGES,
  /** Characters of a kept text read at most: what lies past them is not looked at. */
  readChars: 400_000,
} as const;

/** The text's layout; a text of another version is not read (a newer extension wrote it). */
const VERSION = 1;

const isId = (n: number): boolean => Number.isInteger(n) && n > 0 && n <= MAX_NUMBER;
const within = (n: number, max: number): boolean => Number.isInteger(n) && n >= 0 && n <= max;

/** The day `date` falls on where the person is, counted from 1970-01-01, as marks keep it. */
export function dayOf(date: Date): number {
  return Math.floor((date.getTime() - date.getTimezoneOffset() * 60_000) / 86_400_000);
}

export class WatchedMarks {
  /** Movie id → the day watched (undefined: watched, day unknown). */
  private readonly movies = new Map<number, number | undefined>();
  /** Series id → season number → the season's watched ranges, in order, neither touching nor overlapping. */
  private readonly series = new Map<number, Map<number, EpisodeRange[]>>();

  // Movies

  /** Whether movie `id` is marked watched, and the day when known. */
  movie(id: number): { day: number | undefined } | undefined {
    return this.movies.has(id) ? { day: this.movies.get(id) } : undefined;
  }

  markMovie(id: number, day?: number): void {
    if (!isId(id)) throw new RangeError(`not a movie id: ${id}`);
    if (!this.movies.has(id) && this.movies.size >= LIMITS.movies) throw new RangeError('too many movies');
    this.movies.set(id, day !== undefined && within(day, LIMITS.day) ? day : undefined);
  }

  /** Takes the mark off; whether there was one. */
  unmarkMovie(id: number): boolean {
    return this.movies.delete(id);
  }

  /** The movies marked, by id. */
  movieIds(): number[] {
    return [...this.movies.keys()];
  }

  /**
   * Marks the movie watched on `day` (an import's): one marked already keeps the earlier day of the two
   * known (a film rewatched was first watched then).
   */
  markMovieOn(id: number, day: number | undefined): void {
    const was = this.movies.get(id);
    const known = day !== undefined && within(day, LIMITS.day) ? day : undefined;
    this.markMovie(id, was !== undefined && (known === undefined || was < known) ? was : known);
  }

  /** Every mark, in id order, as an export writes them. */
  snapshot(): WatchedSnapshot {
    const byId = <T>(map: ReadonlyMap<number, T>) => [...map.keys()].sort((a, b) => a - b);
    return {
      movies: byId(this.movies).map((id) => {
        const day = this.movies.get(id);
        return day === undefined ? { id } : { id, day };
      }),
      series: byId(this.series).map((id) => {
        const seasons = this.series.get(id)!;
        return { id, seasons: byId(seasons).map((season) => ({ season, episodes: seasons.get(season)! })) };
      }),
    };
  }

  get movieCount(): number {
    return this.movies.size;
  }

  // Episodes

  isWatched(seriesId: number, season: number, episode: number): boolean {
    const ranges = this.series.get(seriesId)?.get(season);
    return ranges !== undefined && inRanges(ranges, episode);
  }

  /** The season's watched ranges, in order. */
  season(seriesId: number, season: number): readonly EpisodeRange[] {
    return this.series.get(seriesId)?.get(season) ?? [];
  }

  /** Season number → its watched ranges, for each season of the series with a mark. */
  seasons(seriesId: number): ReadonlyMap<number, readonly EpisodeRange[]> {
    return this.series.get(seriesId) ?? new Map();
  }

  /** The series with at least one episode marked: the ones a person started. */
  startedSeries(): number[] {
    return [...this.series.keys()];
  }

  /** How many of `episodes` (a season's episode numbers, as TMDB lists them) are marked. */
  countWatched(seriesId: number, season: number, episodes: readonly number[]): number {
    const ranges = this.season(seriesId, season);
    if (ranges.length === 0) return 0;
    let count = 0;
    for (const episode of episodes) if (inRanges(ranges, episode)) count++;
    return count;
  }

  /** Marks episodes `first` to `last` (one episode when `last` is left out) of a season. */
  markEpisodes(seriesId: number, season: number, first: number, last = first): void {
    checkEpisodes(seriesId, season, first, last);
    const seasons = this.series.get(seriesId) ?? new Map<number, EpisodeRange[]>();
    const ranges = withRange(seasons.get(season) ?? [], first, last);
    // What a reading would leave out is not written either (./keptMarks reads back what it keeps).
    if (!this.series.has(seriesId) && this.series.size >= LIMITS.series) throw new RangeError('too many series');
    if (!seasons.has(season) && seasons.size >= LIMITS.seasonsPerSeries) throw new RangeError('too many seasons');
    if (ranges.length > LIMITS.rangesPerSeason) throw new RangeError('too many ranges');
    seasons.set(season, ranges);
    this.series.set(seriesId, seasons);
  }

  /**
   * Marks every range of `ranges` in a season (an import's, a whole season's at once): merged with what is
   * marked in one pass, so a file of thousands of ranges costs its length, not its length squared.
   */
  markRanges(seriesId: number, season: number, ranges: readonly EpisodeRange[]): void {
    for (const [first, last] of ranges) checkEpisodes(seriesId, season, first, last);
    const seasons = this.series.get(seriesId) ?? new Map<number, EpisodeRange[]>();
    const merged = mergedRanges(seasons.get(season) ?? [], ranges);
    if (!this.series.has(seriesId) && this.series.size >= LIMITS.series) throw new RangeError('too many series');
    if (!seasons.has(season) && seasons.size >= LIMITS.seasonsPerSeries) throw new RangeError('too many seasons');
    if (merged.length > LIMITS.rangesPerSeason) throw new RangeError('too many ranges');
    if (merged.length === 0) return;
    seasons.set(season, merged);
    this.series.set(seriesId, seasons);
  }

  /** Takes the marks off episodes `first` to `last` of a season (those not marked stay so). */
  unmarkEpisodes(seriesId: number, season: number, first: number, last = first): void {
    checkEpisodes(seriesId, season, first, last);
    const seasons = this.series.get(seriesId);
    const ranges = seasons?.get(season);
    if (!seasons || !ranges) return;
    const left = withoutRange(ranges, first, last);
    if (left.length > 0) seasons.set(season, left);
    else seasons.delete(season);
    if (seasons.size === 0) this.series.delete(seriesId);
  }

  /** Takes every mark of a series off. */
  unmarkSeries(seriesId: number): boolean {
    return this.series.delete(seriesId);
  }

  /** Episodes marked in all (each range counted in full). */
  get episodeCount(): number {
    let count = 0;
    for (const seasons of this.series.values())
      for (const ranges of seasons.values()) for (const [first, last] of ranges) count += last - first + 1;
    return count;
  }

  // The kept text

  /**
   * The compact text: the version; the movies by id (each id as the step from the one before, then the day
   * + 1, 0 for unknown); the series by id, each with its seasons in order, each season with its ranges (the
   * gap from the end of the one before, then the length − 1).
   */
  encode(): string {
    const out = new NumberWriter().write(VERSION).write(this.movies.size);
    let previous = 0;
    for (const id of [...this.movies.keys()].sort((a, b) => a - b)) {
      const day = this.movies.get(id);
      out.write(id - previous).write(day === undefined ? 0 : day + 1);
      previous = id;
    }
    out.write(this.series.size);
    previous = 0;
    for (const id of [...this.series.keys()].sort((a, b) => a - b)) {
      const seasons = this.series.get(id)!;
      out.write(id - previous).write(seasons.size);
      previous = id;
      let previousSeason = 0;
      for (const season of [...seasons.keys()].sort((a, b) => a - b)) {
        const ranges = seasons.get(season)!;
        out.write(season - previousSeason).write(ranges.length);
        previousSeason = season;
        let end = 0;
        for (const [first, last] of ranges) {
          out.write(first - end).write(last - first);
          end = last + 1;
        }
      }
    }
    return out.text();
  }

  /**
   * Marks from a kept text, read as any input from outside is (Settings Sync, a hand-edited state): at most
   * LIMITS.readChars characters looked at, marks past LIMITS left out, a mark that is not one (an id of 0,
   * an episode out of range, a step backwards) skipped by itself, and the reading ended at the first
   * character that is not the text's. `skipped` counts what was left out.
   */
  static decode(text: unknown): { marks: WatchedMarks; skipped: number; newer?: true } {
    const marks = new WatchedMarks();
    if (typeof text !== 'string') return { marks, skipped: 0 };
    const read = new NumberReader(text.length > LIMITS.readChars ? text.slice(0, LIMITS.readChars) : text);
    const version = read.next();
    // Another layout (a newer extension's, on another machine): read as nothing, and never written over.
    if (version !== VERSION) {
      const newer = version !== undefined && version > VERSION;
      return { marks, skipped: text.length > 0 ? 1 : 0, ...(newer && { newer: true as const }) };
    }
    let skipped = 0;
    const movieCount = read.next() ?? 0;
    let id = 0;
    for (let i = 0; i < movieCount; i++) {
      const step = read.next();
      const day = read.next();
      if (step === undefined || day === undefined) return { marks, skipped: skipped + 1 };
      id += step;
      if (step > 0 && isId(id) && day <= LIMITS.day + 1 && marks.movies.size < LIMITS.movies)
        marks.movies.set(id, day === 0 ? undefined : day - 1);
      else skipped++;
    }
    const seriesCount = read.next() ?? 0;
    id = 0;
    for (let i = 0; i < seriesCount; i++) {
      const step = read.next();
      const seasonCount = read.next();
      if (step === undefined || seasonCount === undefined) return { marks, skipped: skipped + 1 };
      id += step;
      const keep = step > 0 && isId(id) && marks.series.size < LIMITS.series;
      const seasons = new Map<number, EpisodeRange[]>();
      let season = 0;
      for (let j = 0; j < seasonCount; j++) {
        const seasonStep = read.next();
        const rangeCount = read.next();
        if (seasonStep === undefined || rangeCount === undefined) return { marks, skipped: skipped + 1 };
        season += seasonStep;
        const keepSeason = (j === 0 || seasonStep > 0) && season <= LIMITS.season;
        const ranges: EpisodeRange[] = [];
        let end = 0;
        for (let k = 0; k < rangeCount; k++) {
          const gap = read.next();
          const length = read.next();
          if (gap === undefined || length === undefined) return { marks, skipped: skipped + 1 };
          const first = end + gap;
          const last = first + length;
          // A range that touches the one before it (gap 0 after the first) would not be kept apart: joined.
          if (last > LIMITS.episode || ranges.length >= LIMITS.rangesPerSeason) skipped++;
          else if (gap === 0 && ranges.length > 0) ranges[ranges.length - 1] = [ranges[ranges.length - 1]![0], last];
          else ranges.push([first, last]);
          end = last + 1;
        }
        if (keepSeason && ranges.length > 0 && seasons.size < LIMITS.seasonsPerSeries) seasons.set(season, ranges);
        else if (rangeCount > 0) skipped++;
      }
      if (keep && seasons.size > 0) marks.series.set(id, seasons);
      else if (seasonCount > 0) skipped++;
    }
    if (read.stoppedEarly) skipped++;
    return { marks, skipped };
  }
}

function checkEpisodes(seriesId: number, season: number, first: number, last: number): void {
  if (!isId(seriesId)) throw new RangeError(`not a series id: ${seriesId}`);
  if (!within(season, LIMITS.season)) throw new RangeError(`not a season: ${season}`);
  if (!within(first, LIMITS.episode) || !within(last, LIMITS.episode) || first > last)
    throw new RangeError(`not episodes: ${first}–${last}`);
}

/** `ranges` with `first`–`last` added: the ranges it overlaps or touches become one. */
function withRange(ranges: readonly EpisodeRange[], first: number, last: number): EpisodeRange[] {
  const before = ranges.filter(([, end]) => end < first - 1);
  const after = ranges.filter(([start]) => start > last + 1);
  const joined = ranges.filter(([start, end]) => end >= first - 1 && start <= last + 1);
  const from = Math.min(first, ...joined.map(([start]) => start));
  const to = Math.max(last, ...joined.map(([, end]) => end));
  return [...before, [from, to], ...after];
}

/** Both lists of ranges as one, in order, the ranges that overlap or touch joined (`marked` is in order already). */
function mergedRanges(marked: readonly EpisodeRange[], added: readonly EpisodeRange[]): EpisodeRange[] {
  // An import's ranges come in order: sorted only when they are not.
  const inOrder = added.every((range, i) => i === 0 || added[i - 1]![0] <= range[0]);
  const incoming = inOrder ? added : [...added].sort((a, b) => a[0] - b[0]);
  // The ranges themselves are kept (no copy a range): one that grows is made anew, never changed in place.
  const out: EpisodeRange[] = [];
  let i = 0;
  let j = 0;
  while (i < marked.length || j < incoming.length) {
    const next =
      j >= incoming.length || (i < marked.length && marked[i]![0] <= incoming[j]![0]) ? marked[i++]! : incoming[j++]!;
    const last = out[out.length - 1];
    if (!last || next[0] > last[1] + 1) out.push(next);
    else if (next[1] > last[1]) out[out.length - 1] = [last[0], next[1]];
  }
  return out;
}

/** `ranges` with `first`–`last` taken out: a range it cuts through keeps its two ends. */
function withoutRange(ranges: readonly EpisodeRange[], first: number, last: number): EpisodeRange[] {
  const left: EpisodeRange[] = [];
  for (const [start, end] of ranges) {
    if (end < first || start > last) left.push([start, end]);
    else {
      if (start < first) left.push([start, first - 1]);
      if (end > last) left.push([last + 1, end]);
    }
  }
  return left;
}
