// TMDB's v4 answers: the approval sign-in and the lists (mixed movies and series, public or private,
// sorted, a comment per item). Read into the shapes the views already know (ListSummary, a page of
// MediaSummary) plus what v4 adds.
import * as z from 'zod';
import { once } from '../../common/once';
import { count, list, maybeText, paged, text } from './fields';
import { mediaSummary } from './records';
import { statusResponse } from './account';

/** A request token or user token is a JWT; it goes into an address and a header, so nothing else is taken. */
const jwt = z.string().regex(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);

export const v4RequestToken = once(() => z.object({ request_token: jwt }));
export const v4AccessToken = once(() =>
  z.object({ access_token: jwt, account_id: z.string().regex(/^[0-9a-f]{24}$/i) }),
);

/** 0/1 in account lists, a boolean in list details. */
const publicFlag = z.union([z.boolean(), z.number()]).transform(Boolean).catch(true);

/** `GET /4/account/{account_object_id}/lists`: rows read as v3's ListSummary, with `public`. */
export const v4AccountLists = once(() =>
  paged(
    z
      .object({
        id: z.number().int().positive(),
        name: text,
        description: text,
        number_of_items: count,
        iso_639_1: text,
        poster_path: maybeText,
        public: publicFlag,
      })
      .transform((row) => ({
        id: String(row.id),
        name: row.name,
        description: row.description,
        favorite_count: 0,
        item_count: row.number_of_items,
        iso_639_1: row.iso_639_1,
        list_type: 'mixed',
        poster_path: row.poster_path,
        public: row.public,
      })),
  ),
);

/** `GET /4/list/{list_id}`: a page of mixed items, each with its comment (joined on "<media_type>:<id>"). */
export const v4ListDetails = once(() =>
  z
    .object({
      id: z.number().int().positive(),
      name: text,
      description: text,
      public: publicFlag,
      sort_by: z.string().catch('original_order.asc'),
      item_count: count,
      comments: z.record(z.string(), z.string().nullable().catch(null)).catch({}),
      results: list(mediaSummary()),
      page: z.number().int().catch(1),
      total_pages: z.number().int().catch(1),
      total_results: z.number().int().catch(0),
    })
    .transform(({ comments, results, ...rest }) => ({
      ...rest,
      id: String(rest.id),
      results: results.map((item) => ({
        ...item,
        comment: text.parse(comments[`${item.media_type}:${item.id}`] ?? ''),
      })),
    })),
);

/** An items call's answer: one `{media_type, media_id, success}` a row. */
export const v4ItemResults = once(() =>
  statusResponse().extend({
    results: list(
      z.object({ media_type: z.enum(['movie', 'tv']), media_id: z.number().int(), success: z.boolean().catch(false) }),
    ),
  }),
);

export const v4ListCreated = once(() => statusResponse().extend({ id: z.number().int().positive() }));
export const v4Cleared = once(() => statusResponse().extend({ items_deleted: count }));
