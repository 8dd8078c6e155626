// Files in and out, as text (papaparse, in both hosts): an IMDb or Letterboxd export read into rows to
// match, and a person's titles written as a CSV Letterboxd's importer reads or as JSON. A file that is
// not what it says (too large, not UTF-8, other columns, a formula in a cell) is refused whole, with a
// reason a person can act on: nothing of it is written anywhere. No vscode import.
import * as l10n from '@vscode/l10n';
import Papa from 'papaparse';

/** An export of 10,000 titles is well under this (IMDb: ~150 bytes a row). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** Letterboxd's importer takes files up to 1 MB. */
export const LETTERBOXD_MAX_BYTES = 1024 * 1024;

export type ImportFormat = 'imdbRatings' | 'imdbWatchlist' | 'letterboxdRatings' | 'letterboxdWatchlist';

/** One title of an export, as the file names it. */
export interface ImportRow {
  /** The file's line (the header is line 1). */
  line: number;
  title: string;
  year?: number;
  /** IMDb's id (`tt…`), when the file has one. */
  imdbId?: string;
  /** A rating on TMDB's scale (1 to 10 in steps of 0.5), when the file has one. */
  rating?: number;
}

export interface ImportFile {
  format: ImportFormat;
  rows: ImportRow[];
  /** Lines that name nothing TMDB could take (an episode, a video game, a row without a title). */
  skipped: Array<{ line: number; title: string; reason: string }>;
}

/** A file refused whole: `message` says why, for a person. */
export class ImportFileError extends Error {}

/**
 * A cell a spreadsheet would run: `=` first, or `+`, `-`, `@` before a function call (`@SUM(`) or a
 * command (`-cmd|`). A title that only starts with one of them ("+1", "-30-", "@Large") is a title.
 */
const FORMULA = /^\s*(?:=|[+\-@]\s*[\w.]*\s*[(|])/;

/** Reads an IMDb (ratings, watchlist) or Letterboxd (ratings.csv, watchlist.csv) export. */
export function readImportFile(bytes: Uint8Array): ImportFile {
  if (bytes.byteLength > MAX_IMPORT_BYTES)
    throw new ImportFileError(
      l10n.t(
        'The file is {0} MB; an export of 10,000 titles is under 5 MB. Is it the right file?',
        (bytes.byteLength / 1024 / 1024).toFixed(1),
      ),
    );
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError(
      l10n.t('The file is not UTF-8 text. Export it again from IMDb or Letterboxd, or save it as UTF-8.'),
    );
  }
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const format = formatOf(fields);
  if (!format)
    throw new ImportFileError(
      l10n.t(
        'This is not an IMDb or Letterboxd export: its first line names no "Const" column (IMDb) and no "Name" and "Year" columns (Letterboxd).',
      ),
    );
  const broken = parsed.errors.find((error) => error.type === 'Quotes' || error.code === 'TooManyFields');
  if (broken)
    throw new ImportFileError(
      l10n.t('Line {0} of the file cannot be read: {1}.', (broken.row ?? 0) + 2, broken.message),
    );
  if (parsed.data.length > MAX_IMPORT_ROWS)
    throw new ImportFileError(
      l10n.t(
        'The file has {0} titles; {1} at most can be imported at once. Split it.',
        parsed.data.length,
        MAX_IMPORT_ROWS,
      ),
    );
  parsed.data.forEach((record, index) => {
    for (const [column, value] of Object.entries(record))
      if (typeof value === 'string' && FORMULA.test(value))
        throw new ImportFileError(
          l10n.t(
            'Line {0} has a formula in its "{1}" column ({2}). An export from IMDb or Letterboxd has none: the file was changed. Nothing was imported.',
            index + 2,
            column,
            value.slice(0, 40),
          ),
        );
  });
  const rows: ImportRow[] = [];
  const skipped: ImportFile['skipped'] = [];
  parsed.data.forEach((record, index) => {
    const line = index + 2;
    const read = format.startsWith('imdb') ? imdbRow(record, line) : letterboxdRow(record, line);
    if ('reason' in read) skipped.push(read);
    else rows.push(read);
  });
  return { format, rows, skipped };
}

function formatOf(fields: string[]): ImportFormat | undefined {
  const has = (...names: string[]) => names.every((name) => fields.includes(name));
  if (has('const')) return has('position') ? 'imdbWatchlist' : 'imdbRatings';
  if (has('name', 'year')) return has('rating') ? 'letterboxdRatings' : 'letterboxdWatchlist';
  return undefined;
}

/** IMDb's kinds of title that TMDB keeps as movies or series; the rest (episodes, games, podcasts) are skipped. */
const IMDB_KINDS = new Set([
  '',
  'movie',
  'tvmovie',
  'tv movie',
  'tvseries',
  'tv series',
  'tvminiseries',
  'tv mini series',
  'short',
  'tvspecial',
  'tv special',
  'video',
]);

function imdbRow(
  record: Record<string, string>,
  line: number,
): ImportRow | { line: number; title: string; reason: string } {
  const title = (record.title ?? '').trim();
  const imdbId = (record.const ?? '').trim();
  const kind = (record['title type'] ?? '').trim().toLowerCase();
  if (!/^tt\d{7,10}$/.test(imdbId)) return { line, title, reason: l10n.t('no IMDb id') };
  if (!IMDB_KINDS.has(kind))
    return {
      line,
      title,
      reason: l10n.t('an IMDb "{0}", which TMDB does not keep as a movie or series', record['title type']!.trim()),
    };
  const rated = Number((record['your rating'] ?? record['you rated'] ?? '').trim());
  const year = Number.parseInt(record.year ?? '', 10);
  return {
    line,
    title,
    imdbId,
    ...(Number.isFinite(year) && year > 1800 ? { year } : {}),
    ...(Number.isInteger(rated) && rated >= 1 && rated <= 10 ? { rating: rated } : {}),
  };
}

function letterboxdRow(
  record: Record<string, string>,
  line: number,
): ImportRow | { line: number; title: string; reason: string } {
  const title = (record.name ?? '').trim();
  if (!title) return { line, title, reason: l10n.t('no title') };
  const year = Number.parseInt(record.year ?? '', 10);
  // Letterboxd rates 0.5 to 5 in halves: TMDB's 1 to 10 in whole steps.
  const stars = Number((record.rating ?? '').trim());
  const rating = stars >= 0.5 && stars <= 5 && Number.isInteger(stars * 2) ? stars * 2 : undefined;
  return { line, title, ...(Number.isFinite(year) && year > 1800 ? { year } : {}), ...(rating ? { rating } : {}) };
}

// ---- out --------------------------------------------------------------------------------------

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

/**
 * A CSV Letterboxd's importer reads (letterboxd.com/about/importing-data: `tmdbID` matches first, then
 * `Title` and `Year`; `Rating10` is 1 to 10). Letterboxd keeps films only: series are left out and counted.
 * A cell ending in a backslash loses it (before the closing quote it would escape the quote).
 * No cell starts with `=`, `+`, `-` or `@` (papaparse's `escapeFormulae` puts a `'` before); a quote in a
 * cell is escaped with a backslash, as that page asks.
 */
export function letterboxdCsv(items: ExportItem[]): { csv: string; seriesLeftOut: number } {
  const movies = items.filter((item) => item.media_type === 'movie');
  // A list's comments are not written: Letterboxd would publish them as reviews (the JSON has them).
  const rows = movies.map((item) => ({
    tmdbID: item.id,
    Title: item.title.replace(/\\+$/, ''),
    Year: item.year ?? '',
    Rating10: item.rating === undefined ? '' : Math.max(1, Math.round(item.rating)),
  }));
  const csv = Papa.unparse(rows, {
    columns: ['tmdbID', 'Title', 'Year', 'Rating10'],
    // papaparse's own test (`^[=+\-@\t\r].*$`) misses a cell whose formula is on its first line of several.
    escapeFormulae: /^[=+\-@\t\r]/,
    escapeChar: '\\',
    newline: '\n',
  });
  return { csv: `${csv}\n`, seriesLeftOut: items.length - movies.length };
}

/** The titles as JSON, every field the extension read, for any other tool. */
export function libraryJson(what: string, items: ExportItem[], exportedAt: Date): string {
  return `${JSON.stringify(
    {
      exportedFrom: 'TMDB for VS Code',
      source: 'https://www.themoviedb.org',
      exportedAt: exportedAt.toISOString(),
      what,
      count: items.length,
      items: items.map(({ fields, ...item }) => ({ ...fields, ...item })),
    },
    null,
    2,
  )}\n`;
}
