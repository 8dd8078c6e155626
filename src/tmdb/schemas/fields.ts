// The field readers every schema is made of, and the two shapes every listing has (list, paged).
//
// Real TMDB data is untidy (null where an integer is promised, fields missing from older records, ""
// for unknown dates), so the schemas are strict only where a view cannot exist without the value (ids,
// the watchlist and favorite flags, auth tokens) and tolerant everywhere else: a bad optional field becomes a neutral
// value, and one bad element of an array is dropped instead of failing the whole response.
import * as z from 'zod';

/**
 * How long a text from TMDB is kept, by what it is: a name, title, job or note; a summary (an episode's,
 * or a title's in a listing); an overview or a biography, whose whole is on TMDB's page, one click away.
 * Longer text is cut with "…". Real TMDB text is far shorter; the bounds keep a hostile answer's
 * reading and rendering bounded (every page escapes what it shows).
 */
export const MAX_TEXT = 500;
export const MAX_SUMMARY = 2_000;
export const MAX_PROSE = 10_000;

const clipTo = (max: number) => (value: string) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A short string read as the others, at most `max` characters: a certification, a release's note, a code. */
export function upTo(max: number) {
  return z.string().catch('').transform(clipTo(max));
}
/** A string that may be absent, null or of the wrong type: read as "". At most MAX_TEXT characters. */
export const text = z.string().catch('').transform(clipTo(MAX_TEXT));
/** The same, at most MAX_SUMMARY characters. */
export const summary = z.string().catch('').transform(clipTo(MAX_SUMMARY));
/** The same, at most MAX_PROSE characters. */
export const prose = z.string().catch('').transform(clipTo(MAX_PROSE));
/** A string that may be absent: read as null (image paths, dates). Empty strings become null. */
export const maybeText = z
  .string()
  .nullable()
  .catch(null)
  .transform((v) => (v === '' ? null : v === null ? null : clipTo(MAX_TEXT)(v)));
/** A string in a list of strings (languages, countries, names), at most MAX_TEXT characters. */
export const listText = z.string().transform(clipTo(MAX_TEXT));
export const count = z.number().catch(0);
export const maybeNumber = z.number().nullable().catch(null);
export const flag = z.boolean().catch(false);
export const id = z.number().int();

/**
 * An array in which an element that does not parse is dropped, and a missing array is empty. Only the
 * first `max` elements are read: validation costs time on the extension host's one thread, and no view
 * shows more (a hostile or broken answer with 10,000 credits is read in bounded time).
 */
export function list<T extends z.ZodType>(item: T, max = 1000) {
  // `catch` turns a bad element into a marker inside one array parse (cheaper than a safeParse each).
  // A missing or non-array value becomes [] before parsing, not through a failed parse: a failure builds
  // an issue with its message, and answers miss arrays often (most countries have one or two of the five
  // kinds of offer), so that was most of the time spent reading a movie.
  const orDropped = item.catch(DROPPED as never);
  return z
    .preprocess(
      (value) => (Array.isArray(value) ? (value.length > max ? value.slice(0, max) : value) : []),
      z.array(orDropped),
    )
    .transform(
      (values) =>
        (values.includes(DROPPED as never) ? values.filter((value) => value !== DROPPED) : values) as Array<
          z.output<T>
        >,
    );
}

const DROPPED: unique symbol = Symbol('dropped');

/** The envelope of every paged endpoint. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    page: z.number().int().catch(1),
    results: list(item),
    total_pages: z.number().int().catch(1),
    total_results: z.number().int().catch(0),
  });
}
