// The titles and people a text names: TMDB addresses (themoviedb.org/movie/550-fight-club, /tv/1399,
// /person/287, /collection/10), IMDb addresses and ids (imdb.com/title/tt0137523, tt0137523, nm0000093)
// and our short form (tmdb:movie/550). Found by one pass of one expression, bounded in how many it
// returns and in what it reads at a time, so a 10 MB file costs what a 10 MB scan costs, and a file of
// nothing but ids stops at the bound. No vscode import: the bench and the unit suite run it in plain Node.
import { IMDB_ID_PATTERN } from '../../model/imdb';

/** What a found reference opens: a TMDB title, person or collection, or an IMDb id (asked of TMDB first). */
export type TextTarget =
  { kind: 'movie' | 'tv' | 'person' | 'collection'; id: number } | { imdb: string; kind: 'title' | 'name' };

export interface TextRef {
  /** Offsets in the text given (start inclusive, end exclusive). */
  start: number;
  end: number;
  target: TextTarget;
}

/** The most references a document shows as links: past it, a file of nothing but ids is not a page of links. */
export const MAX_REFS = 5000;
/** How much of a document the link provider scans before letting the extension host answer others. */
export const SLICE_CHARS = 1 << 20;
/** Our short form's scheme: `tmdb:movie/550`. */
export const SHORT_SCHEME = 'tmdb';

/** What was typed after `tmdb:` (up to the cursor): the search, possibly empty. */
const TRIGGERED = new RegExp(`(?:^|[\\s(\\[{>"'])${SHORT_SCHEME}:([^\\s\\[\\]()][^\\[\\]()]{0,79}|)$`);
/** Our short form typed out (`tmdb:movie/550`): a reference, not a search. */
const SHORT_TYPED = /^(?:movie|tv|person|collection)(?:\/|$)/;

/** A line's text up to a position (a document's, or any with the same shape). */
export function lineBefore(
  document: { lineAt(line: number): { text: string } },
  position: { line: number; character: number },
): string {
  return document.lineAt(position.line).text.slice(Math.max(0, position.character - 200), position.character);
}

/**
 * The search typed after `tmdb:` up to the cursor (possibly empty) in a line's text before it, or undefined
 * where nothing asks for the completion: checked before its code loads (any `:` typed in Markdown asks).
 */
export function typedSearch(lineBeforeCursor: string): string | undefined {
  const query = TRIGGERED.exec(lineBeforeCursor.slice(-200))?.[1];
  return query === undefined || SHORT_TYPED.test(query) ? undefined : query;
}

const KIND = '(movie|tv|person|collection)';
const ID = '(\\d{1,9})';
/** The longest a reference is: what follows an address's id is read up to this many characters. */
const MAX_REST = 500;
const MAX_REF_LENGTH = 100 + MAX_REST;
/** What may follow a TMDB or IMDb address's id and still be part of it (a slug, a path, a query), up to a bracket, quote or space. */
const REST = `(?:[-/?#][^\\s<>"'\`()\\[\\]{}|\\\\^*]{0,${MAX_REST}})?`;
const IMDB = `(${IMDB_ID_PATTERN})`;
/**
 * One expression, four forms; the first that matches at a place wins (an address before the bare id inside it).
 * Groups: 1-2 TMDB address, 3 IMDb address, 4-5 short form, 6 bare IMDb id.
 */
const PATTERN = new RegExp(
  [
    `(?<![\\w.-])(?:https?://)?(?:www\\.)?themoviedb\\.org/${KIND}/${ID}(?![\\d])${REST}`,
    `(?<![\\w.-])(?:https?://)?(?:www\\.|m\\.)?imdb\\.com/(?:[a-z]{2}/)?(?:title|name)/${IMDB}(?![\\d])${REST}`,
    `(?<![\\w.:/-])${SHORT_SCHEME}:${KIND}/${ID}(?![\\w])`,
    `(?<![\\w/-])${IMDB}(?![\\w])`,
  ].join('|'),
  'g',
);

/** What ends a sentence rather than an address. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '~', '_']);

function imdbTarget(id: string): TextTarget {
  return { imdb: id, kind: id.startsWith('tt') ? 'title' : 'name' };
}

function targetOf(match: RegExpExecArray): TextTarget | undefined {
  const [, webKind, webId, imdbAddress, shortKind, shortId, bareImdb] = match;
  const kind = (webKind ?? shortKind) as 'movie' | 'tv' | 'person' | 'collection' | undefined;
  const id = Number(webId ?? shortId);
  if (kind) return Number.isSafeInteger(id) && id > 0 ? { kind, id } : undefined;
  const imdb = imdbAddress ?? bareImdb;
  return imdb ? imdbTarget(imdb) : undefined;
}

export interface FindOptions {
  /** Where in `text` a reference may start, from and before (the part of a document asked about); the whole text otherwise. */
  from?: number;
  to?: number;
  /** At most this many (MAX_REFS unless told). */
  limit?: number;
}

/** The references in `text` (or those starting from `from` and before `to`), in order, at most `limit`. */
export function findRefs(text: string, options: FindOptions = {}): TextRef[] {
  const from = Math.max(0, options.from ?? 0);
  const to = Math.min(text.length, options.to ?? text.length);
  const limit = options.limit ?? MAX_REFS;
  const found: TextRef[] = [];
  // Only the part asked for is read (and what a reference starting in it may run on to): a scan of a 1 MB
  // slice of a 10 MB text reads 1 MB, not the 9 after it. One character before it for the lookbehinds.
  const start = Math.max(0, from - 1);
  const part = start === 0 && to === text.length ? text : text.slice(start, Math.min(text.length, to + MAX_REF_LENGTH));
  // A fresh expression each call: `lastIndex` is its state, and a shared one would carry it between callers.
  const pattern = new RegExp(PATTERN);
  pattern.lastIndex = from - start;
  while (found.length < limit) {
    const match = pattern.exec(part);
    if (!match || match.index + start >= to) break;
    // A sentence's full stop or comma after an address is the sentence's, not the address's (walked back
    // one character at a time: an expression anchored at the end would try every start, quadratic).
    let length = match[0].length;
    while (length > 0 && TRAILING.has(match[0][length - 1]!)) length--;
    const target = targetOf(match);
    if (target) found.push({ start: match.index + start, end: match.index + start + length, target });
  }
  return found;
}

/**
 * The references of `text` a slice at a time (`size` characters; the link provider lets the extension host
 * answer others between slices): together what `findRefs(text)` finds. A slice's scan starts where the last
 * reference ended, so one that runs across an edge is found once.
 */
export function* refSlices(text: string, size = SLICE_CHARS, limit = MAX_REFS): Generator<TextRef[]> {
  let count = 0;
  let after = 0;
  for (let from = 0; from < text.length && count < limit; from += size) {
    if (after >= from + size) continue;
    const refs = findRefs(text, { from: Math.max(from, after), to: from + size, limit: limit - count });
    count += refs.length;
    if (refs.length) after = refs[refs.length - 1]!.end;
    yield refs;
  }
}

/**
 * The reference at `offset` in `text` (a line, say): the one whose span holds it. `touching`: the offset just
 * after its end counts too (a cursor placed after the id); a mouse over the next character is not on it.
 */
export function refAt(text: string, offset: number, touching = true): TextRef | undefined {
  const within = (start: number, end: number) => start <= offset && (touching ? offset <= end : offset < end);
  const direct = findRefs(text).find((ref) => within(ref.start, ref.end));
  if (direct) return direct;
  // The words of a Markdown link to a title are the title's too: the whole link is the reference.
  for (const link of text.matchAll(MARKDOWN_LINK)) {
    if (link.index > offset) break;
    const end = link.index + link[0].length;
    const address = findRefs(link[1]!, { limit: 1 })[0];
    if (address && within(link.index, end)) return { ...address, start: link.index, end };
  }
  return undefined;
}

/** `[words](address)`: the words on one line, the address without spaces (each bounded: a line is read once). */
const MARKDOWN_LINK = /\[[^[\]\n]{0,500}\]\(([^()\s]{1,2000})\)/g;

/** The short form of a target we write and read (`tmdb:movie/550`); an IMDb id is written as itself. */
export function shortForm(target: TextTarget): string {
  return 'imdb' in target ? target.imdb : `${SHORT_SCHEME}:${target.kind}/${target.id}`;
}

/** TMDB's web address of a title, person or collection. */
export function tmdbAddress(target: { kind: string; id: number }): string {
  return `https://www.themoviedb.org/${target.kind}/${target.id}`;
}
