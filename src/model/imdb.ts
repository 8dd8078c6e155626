// IMDb's ids, checked in one place: every id that comes from outside (TMDB's `imdb_id`, a file's `Const`,
// a document's text, a link's argument) is read through `imdbIdOf` before it goes into an address, a
// document, a request or a file. TMDB's `imdb_id` is a free-text field anyone can edit: a value that is not
// an id is as if there were none. No vscode import.

/** A title's `tt…` or a person's `nm…`, with 7 to 10 digits (IMDb's ids have 7 or 8 today), as a pattern a text's scan builds on. */
export const IMDB_ID_PATTERN = '(?:tt|nm)\\d{7,10}';
export const IMDB_ID = new RegExp(`^${IMDB_ID_PATTERN}$`);

/** The id, when `value` is one as IMDb writes it; otherwise undefined (null, empty, or anything else). */
export function imdbIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && IMDB_ID.test(value) ? value : undefined;
}

/** A title's id (`tt…`) only: what an IMDb ratings or watchlist export names. */
export function imdbTitleIdOf(value: unknown): string | undefined {
  const id = imdbIdOf(value);
  return id?.startsWith('tt') ? id : undefined;
}

/** IMDb's address of an id read by `imdbIdOf`. */
export function imdbAddress(id: string): string {
  return `https://www.imdb.com/${id.startsWith('nm') ? 'name' : 'title'}/${id}/`;
}
