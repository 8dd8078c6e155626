// Matching an export's rows to TMDB's titles: an IMDb id through `/3/find` (a match by id), a Letterboxd
// title and year through the search (one title of that name and year: a match to check; several, or
// none of that year: a choice for the person; nothing: not matched). Asked a few at a time: the client's
// throttle keeps the pace under TMDB's limit. No vscode import.
import { titleOf } from '../../model/titles';
import type { TmdbClient } from '../../tmdb/client';
import type { ImportRow } from './csvFiles';

export interface Candidate {
  kind: 'movie' | 'tv';
  id: number;
  /** In the person's language (the search is asked in it). */
  title: string;
  /** As released: Letterboxd's exports name films so, whatever the person's language. */
  originalTitle?: string;
  year: string;
  posterPath: string | null;
}

export type Matched =
  | { row: ImportRow; how: 'id' | 'title'; target: Candidate }
  | { row: ImportRow; how: 'ambiguous'; candidates: Candidate[] }
  | { row: ImportRow; how: 'none' };

export interface Lookup {
  /** The movie or series with this IMDb id (an episode is none). */
  byImdb(imdbId: string): Promise<Candidate | undefined>;
  /** Movies TMDB's search finds for this title. */
  byTitle(title: string, year?: number): Promise<Candidate[]>;
}

/** Searches and finds in flight at once: the client's throttle sets the pace, these keep it busy. */
const IN_FLIGHT = 6;
/** A choice offers this many titles at most. */
const MAX_CANDIDATES = 5;

/** Every row matched, in the file's order; `onProgress` hears how many are done. A cancel stops asking. */
export async function matchRows(
  rows: ImportRow[],
  lookup: Lookup,
  options: { onProgress?: (done: number) => void; cancelled?: () => boolean } = {},
): Promise<Matched[]> {
  const out: Matched[] = new Array(rows.length);
  let next = 0;
  let done = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < rows.length && !options.cancelled?.() && !failure) {
      const index = next++;
      try {
        out[index] = await matchRow(rows[index]!, lookup);
      } catch (error) {
        // TMDB out of reach, say: the others stop asking, and the person hears it once.
        failure ??= { error };
        return;
      }
      options.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rows.length) }, worker));
  if (failure) throw failure.error;
  return out.filter(Boolean);
}

async function matchRow(row: ImportRow, lookup: Lookup): Promise<Matched> {
  if (row.imdbId) {
    const target = await lookup.byImdb(row.imdbId);
    return target ? { row, how: 'id', target } : { row, how: 'none' };
  }
  return byTitleAndYear(row, await lookup.byTitle(row.title, row.year));
}

/** A title of that name and year; several, or only others: a choice; nothing: not matched. */
export function byTitleAndYear(row: ImportRow, found: Candidate[]): Matched {
  if (found.length === 0) return { row, how: 'none' };
  const name = normalized(row.title);
  const year = row.year === undefined ? undefined : String(row.year);
  const sameName = found.filter(
    (candidate) => normalized(candidate.title) === name || normalized(candidate.originalTitle ?? '') === name,
  );
  const exact = sameName.filter((candidate) => year === undefined || candidate.year === year);
  if (exact.length === 1) return { row, how: 'title', target: exact[0]! };
  // TMDB's search reads every title it has of a film (English, its translations, the original): the file's
  // English words found it even where the display language names it otherwise ("Chihiros Reise ins
  // Zauberland", "千と千尋の神隠し"). None named as the file, and one of the file's year: that one, to check.
  if (sameName.length === 0 && year !== undefined) {
    const sameYear = found.filter((candidate) => candidate.year === year);
    if (sameYear.length === 1) return { row, how: 'title', target: sameYear[0]! };
  }
  const offered = exact.length > 1 ? exact : [...sameName, ...found.filter((c) => !sameName.includes(c))];
  return { row, how: 'ambiguous', candidates: offered.slice(0, MAX_CANDIDATES) };
}

/** A title as a match compares it: case, accents, punctuation and "the" aside. */
function normalized(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/^the /, '')
    .trim();
}

/** `/3/find` for an IMDb id (a movie, else a series); TMDB's movie search for a title. */
export function lookupOn(client: TmdbClient): Lookup {
  const candidate = (
    kind: 'movie' | 'tv',
    summary: Parameters<typeof titleOf>[1] & { id: number; poster_path?: string | null },
  ): Candidate => {
    const { name, year } = titleOf(kind, summary);
    const original =
      (summary as { original_title?: string; original_name?: string }).original_title ??
      (summary as { original_name?: string }).original_name;
    return {
      kind,
      id: summary.id,
      title: name,
      ...(original ? { originalTitle: original } : {}),
      year,
      posterPath: summary.poster_path ?? null,
    };
  };
  return {
    async byImdb(imdbId) {
      const found = await client.findByImdb(imdbId);
      const movie = found.movie_results[0];
      if (movie) return candidate('movie', movie);
      const series = found.tv_results[0];
      return series ? candidate('tv', series) : undefined;
    },
    async byTitle(title) {
      const found = await client.searchKind('movie', title);
      return found.results.flatMap((result) => (result.media_type === 'person' ? [] : [candidate('movie', result)]));
    },
  };
}
