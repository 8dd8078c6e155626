// Files in, as text (papaparse, in both hosts): an IMDb or Letterboxd export read into rows to match (the
// files out: ./exportFiles). A file that is not what it says (too large, not UTF-8, other columns, a
// formula in a cell) is refused whole, with a reason a person can act on: nothing of it is written
// anywhere. No vscode import.
import * as l10n from '@vscode/l10n';
import Papa from 'papaparse';
import { oneLine } from '../../common/plainText';
import { imdbTitleIdOf } from '../../model/imdb';

/** An export of 10,000 titles is well under this (IMDb: ~150 bytes a row). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/** Letterboxd's importer takes files up to 1 MB. */
export const LETTERBOXD_MAX_BYTES = 1024 * 1024;

export type ImportFormat =
  | 'imdbRatings'
  | 'imdbWatchlist'
  | 'letterboxdRatings'
  | 'letterboxdWatchlist'
  /** Letterboxd's diary.csv: a film a row, each time it was watched, with its Watched Date. */
  | 'letterboxdDiary'
  /** Letterboxd's watched.csv: every film marked watched, with the Date it was marked. */
  | 'letterboxdWatched';

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
  /** The day the title was watched (counted from 1970-01-01), when the file says (Letterboxd's diary and watched). */
  watchedDay?: number;
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
 * No two quantifiers next to each other take the same characters, so a cell costs its length (a cell of
 * `+`, spaces and a letter was quadratic as `\s*[\w.]*\s*`: 10 s at 160,000 spaces).
 */
export const FORMULA = /^\s*(?:=|[+\-@](?:\s*[\w.]+)?\s*[(|])/;

/**
 * What an export of `MAX_IMPORT_ROWS` titles stays under, counted in one pass before the file is parsed:
 * the parser's time and memory go with its lines, quotes and separators (4.9 MB of blank lines took 1.4 s
 * and 282 MB, of quotes 1.9 s), so a file past these is refused before it is read into rows.
 */
export const IMPORT_SHAPE_LIMITS = {
  /** A row a title, a header, and blank lines or line breaks inside cells besides. */
  lines: 2 * MAX_IMPORT_ROWS + 1_000,
  /** IMDb quotes its genres, directors and titles with a comma: a few pairs a row. */
  quotes: 20 * MAX_IMPORT_ROWS,
  /** IMDb's ratings export has 13 columns, and its genres commas of their own. */
  separators: 40 * MAX_IMPORT_ROWS,
  /** The longest line: a row is a few hundred characters (IMDb's longest, with a list's description, a few thousand). */
  lineChars: 64 * 1024,
  /**
   * The header's names: IMDb's exports have 13 to 16, Letterboxd's 4 or 5. (papaparse renames each repeated
   * name by looking past every name already renamed: a 64 KB header of empty names took 6 s.)
   */
  columns: 100,
} as const;

/** How much of a file's text (a header, a cell) a message quotes. */
const QUOTED_CHARS = 40;

/** Text from the file, as a message quotes it: on one line (`oneLine`), its first characters only. */
function quote(text: string): string {
  const line = oneLine(text);
  return line.length > QUOTED_CHARS ? `${line.slice(0, QUOTED_CHARS)}…` : line;
}

/**
 * The file's lines, quotes, separators, longest line and first line's columns, counted in one pass; the
 * first past its limit, if any. A line ends at LF, CR or CRLF (papaparse takes a lone CR for a line break).
 */
function pastShapeLimit(text: string): { what: keyof typeof IMPORT_SHAPE_LIMITS; count: number } | undefined {
  const counts = { lines: 1, quotes: 0, separators: 0, lineChars: 0, columns: 1 };
  let lineStart = 0;
  let firstLine = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || code === 13) {
      if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
      counts.lines++;
      counts.lineChars = Math.max(counts.lineChars, i - lineStart);
      lineStart = i + 1;
      firstLine = false;
    } else if (code === 34) counts.quotes++;
    else if (code === 44) {
      counts.separators++;
      if (firstLine) counts.columns++;
    }
  }
  counts.lineChars = Math.max(counts.lineChars, text.length - lineStart);
  for (const what of ['lines', 'quotes', 'separators', 'lineChars', 'columns'] as const)
    if (counts[what] > IMPORT_SHAPE_LIMITS[what]) return { what, count: counts[what] };
  return undefined;
}

/** Why a file of `bytes` is refused (past `MAX_IMPORT_BYTES`). */
function tooLargeMessage(bytes: number): string {
  return l10n.t(
    'The file is {0} MB; an export of 10,000 titles is under 5 MB. Is it the right file?',
    (bytes / 1024 / 1024).toFixed(1),
  );
}

/**
 * What the file system says of a file, before it is read: only a file (a device or a pipe says 0 bytes and
 * never ends), of at most `MAX_IMPORT_BYTES`. Throws `ImportFileError` with the reason.
 */
export function checkBeforeReading(file: { size: number; isFile: boolean }): void {
  if (!file.isFile) throw new ImportFileError(l10n.t('It is not a file.'));
  if (file.size > MAX_IMPORT_BYTES) throw new ImportFileError(tooLargeMessage(file.size));
}

/**
 * Reads an IMDb (ratings, watchlist) or Letterboxd (ratings.csv, watchlist.csv, watched.csv, diary.csv)
 * export. `fileName` tells Letterboxd's watched.csv from its watchlist.csv: their columns are the same.
 */
export function readImportFile(bytes: Uint8Array, fileName = ''): ImportFile {
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new ImportFileError(tooLargeMessage(bytes.byteLength));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportFileError(
      l10n.t('The file is not UTF-8 text. Export it again from IMDb or Letterboxd, or save it as UTF-8.'),
    );
  }
  const past = pastShapeLimit(text);
  if (past) throw new ImportFileError(shapeMessage(past.what, past.count));
  const parsed = Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const format = formatOf(fields, fileName);
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
            quote(column),
            quote(value),
          ),
        );
  });
  const rows: ImportRow[] = [];
  const skipped: ImportFile['skipped'] = [];
  parsed.data.forEach((record, index) => {
    const line = index + 2;
    const read = format.startsWith('imdb') ? imdbRow(record, line) : letterboxdRow(record, line, format);
    if ('reason' in read) skipped.push(read);
    else rows.push(read);
  });
  return { format, rows, skipped };
}

function shapeMessage(what: keyof typeof IMPORT_SHAPE_LIMITS, count: number): string {
  const limit = IMPORT_SHAPE_LIMITS[what];
  switch (what) {
    case 'lines':
      return l10n.t(
        'The file has {0} lines; an export of 10,000 titles has under {1}. Is it the right file?',
        count,
        limit,
      );
    case 'quotes':
      return l10n.t(
        'The file has {0} quotation marks; an export of 10,000 titles has under {1}. Is it the right file?',
        count,
        limit,
      );
    case 'separators':
      return l10n.t(
        'The file has {0} commas; an export of 10,000 titles has under {1}. Is it the right file?',
        count,
        limit,
      );
    case 'columns':
      return l10n.t(
        'The first line of the file names {0} columns; an export names under {1}. Is it the right file?',
        count,
        limit,
      );
    case 'lineChars':
      return l10n.t(
        "A line of the file has {0} characters; an export's lines have under {1}. Is it the right file?",
        count,
        limit,
      );
  }
}

function formatOf(fields: string[], fileName: string): ImportFormat | undefined {
  const has = (...names: string[]) => names.every((name) => fields.includes(name));
  if (has('const')) return has('position') ? 'imdbWatchlist' : 'imdbRatings';
  if (!has('name', 'year')) return undefined;
  if (has('watched date')) return 'letterboxdDiary';
  if (has('rating')) return 'letterboxdRatings';
  // watched.csv and watchlist.csv have the same columns (Date, Name, Year, Letterboxd URI): only the name differs.
  // Letterboxd names it watched.csv (a browser saving it twice, "watched (1).csv").
  const name = fileName.split(/[\\/]/).pop() ?? '';
  return /^watched(?:\s*\(\d+\))?\.csv$/i.test(name) ? 'letterboxdWatched' : 'letterboxdWatchlist';
}

/** The latest day a date in a file may name: a watched day is not in the future (a day's leeway for time zones). */
const latestDay = () => Math.floor(Date.now() / 86_400_000) + 1;

/**
 * A day as the file writes it (`2024-01-31`, Letterboxd's form), counted from 1970-01-01; undefined for
 * anything else: another form, a date that is not one (2024-02-30), before 1970 or in the future.
 */
export function dayOfDate(text: string | undefined): number | undefined {
  const parts = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/.exec(text ?? '');
  if (!parts) return undefined;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  const days = time / 86_400_000;
  // Marks keep days from 1970 on (./watched's marks count from it): a film watched before is watched, its day unknown.
  return days >= 0 && days <= latestDay() ? days : undefined;
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
  const imdbId = imdbTitleIdOf((record.const ?? '').trim());
  const kind = (record['title type'] ?? '').trim().toLowerCase();
  if (!imdbId) return { line, title, reason: l10n.t('no IMDb id') };
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
  format: ImportFormat,
): ImportRow | { line: number; title: string; reason: string } {
  const title = (record.name ?? '').trim();
  if (!title) return { line, title, reason: l10n.t('no title') };
  const year = Number.parseInt(record.year ?? '', 10);
  // Letterboxd rates 0.5 to 5 in halves: TMDB's 1 to 10 in whole steps.
  const stars = Number((record.rating ?? '').trim());
  const rating = stars >= 0.5 && stars <= 5 && Number.isInteger(stars * 2) ? stars * 2 : undefined;
  // The diary's Watched Date; in watched.csv, the Date the film was marked.
  const watchedDay = dayOfDate(
    format === 'letterboxdDiary' ? record['watched date'] : format === 'letterboxdWatched' ? record.date : undefined,
  );
  return {
    line,
    title,
    ...(Number.isFinite(year) && year > 1800 ? { year } : {}),
    ...(rating ? { rating } : {}),
    ...(watchedDay !== undefined ? { watchedDay } : {}),
  };
}
