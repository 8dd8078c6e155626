// The field readers every schema is made of, and the two shapes every listing has (list, paged).
//
// Real TMDB data is untidy (null where an integer is promised, fields missing from older records, ""
// for unknown dates), so the schemas are strict only where a view cannot exist without the value (ids,
// the watchlist flag, auth tokens) and tolerant everywhere else: a bad optional field becomes a neutral
// value, and one bad element of an array is dropped instead of failing the whole response.
import * as z from 'zod';

/** A string that may be absent, null or of the wrong type: read as "". */
export const text = z.string().catch('');
/** A string that may be absent: read as null (image paths, dates). Empty strings become null. */
export const maybeText = z
  .string()
  .nullable()
  .catch(null)
  .transform((v) => (v === '' ? null : v));
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
    .preprocess((value) => (Array.isArray(value) ? (value.length > max ? value.slice(0, max) : value) : []), z.array(orDropped))
    .transform((values) => (values.includes(DROPPED as never) ? values.filter((value) => value !== DROPPED) : values) as Array<z.output<T>>);
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
