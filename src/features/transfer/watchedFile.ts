// What a person watched, read back from the JSON the export writes (./exportFiles: watchedJson), to bring
// the marks to another account, another profile or back after a reset. Read as any input from outside is:
// a file that is not such an export is refused whole, with a reason; within one, a movie, a series or a
// season that is not one is left out by itself and counted; no more is read than the marks can keep.
// No vscode import.
import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import {
  MAX_EPISODE,
  MAX_MOVIES,
  MAX_RANGES,
  MAX_SEASON,
  MAX_SEASONS_PER_SERIES,
  MAX_SERIES,
  type EpisodeRange,
  type WatchedSnapshot,
} from '../../model/episodeRanges';
import { dayOfDate, ImportFileError } from './csvFiles';

/** TMDB's ids are below 2³¹. */
const MAX_ID = 2 ** 31 - 1;

const id = z.number().int().positive().max(MAX_ID);
const movie = z.object({ id, watched: z.string().max(32).optional() });
const season = z.object({ season: z.number().int().min(0).max(MAX_SEASON), episodes: z.string().max(16 * MAX_RANGES) });
const series = z.object({ id, seasons: z.array(z.unknown()).max(MAX_SEASONS_PER_SERIES) });
const file = z.object({
  exportedFrom: z.literal('TMDB for VS Code'),
  what: z.literal('watched'),
  movies: z.array(z.unknown()).max(MAX_MOVIES),
  series: z.array(z.unknown()).max(MAX_SERIES),
});

/** Whether the file is JSON (not an IMDb or Letterboxd CSV): by its name, or its first character. */
export function looksLikeJson(fileName: string, bytes: Uint8Array): boolean {
  if (/\.json$/i.test(fileName)) return true;
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  return bytes[i] === 0x7b; // {
}

/**
 * A season's episodes as the export writes them (`1-10,12`): ranges in order and apart, each within an
 * episode's range; undefined when any part is not (the season is left out whole).
 */
export function episodesOf(text: string): EpisodeRange[] | undefined {
  const ranges: Array<[number, number]> = [];
  for (const part of text.split(',')) {
    const run = /^\s*(\d{1,6})(?:\s*-\s*(\d{1,6}))?\s*$/.exec(part);
    if (!run) return undefined;
    const first = Number(run[1]);
    const last = run[2] === undefined ? first : Number(run[2]);
    const before = ranges[ranges.length - 1];
    if (last > MAX_EPISODE || first > last || (before && first <= before[1] + 1) || ranges.length >= MAX_RANGES)
      return undefined;
    ranges.push([first, last]);
  }
  return ranges;
}

/** The marks a watched export holds, and how many of its entries were left out as not marks. */
export interface WatchedFile {
  snapshot: WatchedSnapshot;
  skipped: number;
}

/** The export nests five deep (the file, its series, a series, its seasons, a season). */
const MAX_DEPTH = 8;
/**
 * Objects (movies, series, seasons) a file may hold: more than the marks can keep (Settings Sync's 80,000
 * characters hold about 40,000 marks), few enough that reading them stays quick.
 */
const MAX_OBJECTS = 100_000;

/**
 * Whether the text nests deeper than `MAX_DEPTH` or holds more than `MAX_OBJECTS` objects (outside its
 * strings), counted in one pass before it is parsed: JSON's reader spends half a second on a file at the cap
 * of nothing but `[`, and a tenth of one on half a million objects, before the file is found wanting.
 */
function pastShape(text: string): boolean {
  let depth = 0;
  let objects = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i++; // \ escapes the next character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 91 || code === 123) {
      if (++depth > MAX_DEPTH || (code === 123 && ++objects > MAX_OBJECTS)) return true;
    } else if (code === 93 || code === 125) depth--;
  }
  return false;
}

export function readWatchedFile(bytes: Uint8Array): WatchedFile {
  let value: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
    if (pastShape(text)) throw new Error('not the shape of an export');
    value = JSON.parse(text);
  } catch {
    throw new ImportFileError(l10n.t('The file is not JSON that can be read.'));
  }
  const read = file.safeParse(value);
  if (!read.success)
    throw new ImportFileError(
      l10n.t(
        'This JSON is not an export of what you watched from TMDB for VS Code (TMDB: Export…, What you watched). Nothing was imported.',
      ),
    );
  let skipped = 0;
  const movies: WatchedSnapshot['movies'] = [];
  for (const entry of read.data.movies) {
    const parsed = movie.safeParse(entry);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const day = parsed.data.watched === undefined ? undefined : dayOfDate(parsed.data.watched);
    // A day that is not one: the movie is still watched, its day unknown.
    movies.push(day === undefined ? { id: parsed.data.id } : { id: parsed.data.id, day });
  }
  const shows: WatchedSnapshot['series'] = [];
  for (const entry of read.data.series) {
    const parsed = series.safeParse(entry);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const seasons: WatchedSnapshot['series'][number]['seasons'] = [];
    for (const one of parsed.data.seasons) {
      const each = season.safeParse(one);
      const episodes = each.success ? episodesOf(each.data.episodes) : undefined;
      if (each.success && episodes) seasons.push({ season: each.data.season, episodes });
      else skipped++;
    }
    if (seasons.length > 0) shows.push({ id: parsed.data.id, seasons });
  }
  return { snapshot: { movies, series: shows }, skipped };
}

/** How a file's marks are said before they are kept: "12 movies, 3 series (40 episodes)". */
export function watchedFileSaid(snapshot: WatchedSnapshot): { movies: number; series: number; episodes: number } {
  let episodes = 0;
  for (const { seasons } of snapshot.series)
    for (const { episodes: ranges } of seasons) for (const [first, last] of ranges) episodes += last - first + 1;
  return { movies: snapshot.movies.length, series: snapshot.series.length, episodes };
}
