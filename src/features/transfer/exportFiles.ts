// Files out, as text (papaparse, in both hosts): a person's titles written as a CSV Letterboxd's importer
// reads, or as JSON with every field the extension read; what they watched (the marks the extension keeps)
// the same two ways. No vscode import.
import Papa from 'papaparse';
import { oneLine } from '../../common/plainText';
import { dateOfDay, type WatchedSnapshot } from '../../model/episodeRanges';

const EXPORTED_FROM = { exportedFrom: 'TMDB for VS Code', source: 'https://www.themoviedb.org' } as const;

/** One title as exported: what the extension read of it, with the person's rating and comment where there are. */
export interface ExportItem {
  media_type: 'movie' | 'tv';
  id: number;
  title: string;
  year?: string;
  rating?: number;
  comment?: string;
  /** Every field the extension read of the title (its summary as TMDB gave it). */
  fields: Record<string, unknown>;
}

/** A cell a spreadsheet would run, as it may read one: a formula's first character after any spaces. */
export const CSV_FORMULA = /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;

/**
 * A CSV Letterboxd's importer reads (letterboxd.com/about/importing-data: `tmdbID` matches first, then
 * `Title` and `Year`; `Rating10` is 1 to 10). Letterboxd keeps films only: series are left out and counted.
 * A list's comments are not written: Letterboxd would publish them as reviews (the JSON has them).
 *
 * Every reader must read the same cells: a spreadsheet reads a quote in a quoted cell as `""` (RFC 4180),
 * Letterboxd's page asks for `\"`, and each reads the other's form as the end of the cell (a title
 * `B",=cmd|' /C calc'!A0,"` became a formula cell of its own). So no cell holds a `"`, a `\` or a `;` at
 * all: TMDB's text has them as look-alikes (`“ ”`, `＼`, `；`), and then every reading agrees. No
 * cell starts a formula, however a spreadsheet trims it: `=`, `+`, `-`, `@` (also their full-width forms,
 * which some spreadsheets take), tab or CR, after any spaces, gets a `'` before it.
 */
export function letterboxdCsv(items: ExportItem[]): { csv: string; seriesLeftOut: number; roundedUp: number } {
  const movies = items.filter((item) => item.media_type === 'movie');
  // Rating10 takes whole numbers (Letterboxd's half stars): TMDB's 7.5 goes in as 8, and is counted.
  const roundedUp = movies.filter((item) => item.rating !== undefined && !Number.isInteger(item.rating)).length;
  const rows = movies.map((item) => ({
    tmdbID: item.id,
    Title: csvText(item.title),
    Year: csvText(item.year ?? ''),
    Rating10: item.rating === undefined ? '' : Math.max(1, Math.round(item.rating)),
  }));
  const csv = Papa.unparse(rows, {
    columns: ['tmdbID', 'Title', 'Year', 'Rating10'],
    escapeFormulae: CSV_FORMULA,
    newline: '\n',
  });
  return { csv: `${csv}\n`, seriesLeftOut: items.length - movies.length, roundedUp };
}

/**
 * TMDB's text for a cell: on one line (at most `MAX_LINE_CHARS`), its quotes, backslashes and semicolons as
 * look-alikes that no CSV reader takes for syntax. (A spreadsheet whose list separator is `;`, as in German
 * and French, splits an unquoted cell at one: `B;+cmd|…` became a formula cell there.)
 */
export function csvText(text: string): string {
  return oneLine(text)
    .replace(/;/g, '\uFF1B')
    .replace(/(^|[\s([{])"/g, '$1\u201C')
    .replace(/"/g, '\u201D')
    .replace(/\\/g, '\uFF3C');
}

/** The titles as JSON, every field the extension read, for any other tool. */
export function libraryJson(what: string, items: ExportItem[], exportedAt: Date): string {
  return `${JSON.stringify(
    {
      ...EXPORTED_FROM,
      exportedAt: exportedAt.toISOString(),
      what,
      count: items.length,
      items: items.map(({ fields, ...item }) => ({ ...fields, ...item })),
    },
    null,
    2,
  )}\n`;
}

/**
 * What a person watched, as a CSV Letterboxd's importer reads: each movie by `tmdbID`, with its
 * `WatchedDate` when the day is known (Letterboxd logs it in the diary; without one, the film is marked
 * watched). Series are not written: Letterboxd keeps films only. No cell holds text: ids and dates.
 */
export function watchedCsv(snapshot: WatchedSnapshot): string {
  const rows = snapshot.movies.map((movie) => ({
    tmdbID: movie.id,
    WatchedDate: movie.day === undefined ? '' : dateOfDay(movie.day),
  }));
  return `${Papa.unparse(rows, { columns: ['tmdbID', 'WatchedDate'], newline: '\n' })}\n`;
}

/**
 * What a person watched, as JSON: each movie with the day watched (when known), each series with its
 * seasons' watched episodes as runs (`1-10,12`), and TMDB's page of each.
 */
export function watchedJson(snapshot: WatchedSnapshot, exportedAt: Date): string {
  const runs = (episodes: WatchedSnapshot['series'][number]['seasons'][number]['episodes']) =>
    episodes.map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`)).join(',');
  return `${JSON.stringify(
    {
      ...EXPORTED_FROM,
      exportedAt: exportedAt.toISOString(),
      what: 'watched',
      movies: snapshot.movies.map(({ id, day }) => ({
        id,
        ...(day !== undefined ? { watched: dateOfDay(day) } : {}),
        url: `https://www.themoviedb.org/movie/${id}`,
      })),
      series: snapshot.series.map(({ id, seasons }) => ({
        id,
        url: `https://www.themoviedb.org/tv/${id}`,
        episodesWatched: seasons.reduce(
          (sum, { episodes }) => sum + episodes.reduce((n, [first, last]) => n + last - first + 1, 0),
          0,
        ),
        seasons: seasons.map(({ season, episodes }) => ({ season, episodes: runs(episodes) })),
      })),
    },
    null,
    2,
  )}\n`;
}
