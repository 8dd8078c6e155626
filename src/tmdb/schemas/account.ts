// The signed-in user's data (account, lists, watchlist, ratings, account states), sign-in (request
// tokens, sessions), and TMDB's status and error bodies.
import * as z from 'zod';
import { once } from '../../common/once';
import { count, flag, id, list, maybeNumber, maybeText, paged, text } from './fields';
import { mediaSummary, movieSummary, tvSummary } from './records';

// ---- account, lists, watchlist -----------------------------------------------------------------

export const account = once(() =>
  z.object({
    id,
    username: text,
    name: text,
    iso_639_1: text,
    iso_3166_1: text,
    include_adult: flag,
    avatar: z
      .object({
        gravatar: z.object({ hash: maybeText }).catch({ hash: null }),
        tmdb: z.object({ avatar_path: maybeText }).catch({ avatar_path: null }),
      })
      .catch({ gravatar: { hash: null }, tmdb: { avatar_path: null } }),
  }),
);

/** List ids are integers in account lists and strings in list details. */
const listId = once(() => z.union([z.number().int(), z.string().min(1)]).transform(String));

export const listSummary = once(() =>
  z.object({
    id: listId(),
    name: text,
    description: text,
    favorite_count: count,
    item_count: count,
    iso_639_1: text,
    list_type: text,
    poster_path: maybeText,
  }),
);

export const accountLists = once(() => paged(listSummary()));

export const listDetails = once(() =>
  z.object({
    id: listId(),
    name: text,
    description: text,
    created_by: text,
    favorite_count: count,
    item_count: count,
    iso_639_1: text,
    poster_path: maybeText,
    items: list(mediaSummary()),
    page: z.number().int().catch(1),
    total_pages: z.number().int().catch(1),
    total_results: z.number().int().catch(0),
  }),
);

export const watchlistMovies = once(() => paged(movieSummary()));
export const watchlistTv = once(() => paged(tvSummary()));

/** `GET /3/account/{account_id}/rated/movies` and `/tv`: the titles with the account's `rating`. */
export const ratedMovies = once(() => paged(movieSummary().extend({ rating: maybeNumber })));
export const ratedTv = once(() => paged(tvSummary().extend({ rating: maybeNumber })));

/** `GET /3/list/{list_id}/item_status?movie_id=`. */
export const listItemStatus = once(() => z.object({ item_present: z.boolean() }));

export const accountStates = once(() =>
  z.object({
    id,
    // Read strictly, as the watchlist: a write that got no clear answer is checked against it.
    favorite: z.boolean(),
    rated: z.union([z.literal(false), z.object({ value: z.number() })]).catch(false),
    watchlist: z.boolean(),
  }),
);

// ---- authentication ---------------------------------------------------------------------------

/** A request token is 40 hexadecimal characters; it goes into the approval page's address, so nothing else is taken. */
export const requestToken = once(() =>
  z.object({ success: flag, expires_at: text, request_token: z.string().regex(/^[0-9a-f]{40}$/i) }),
);
export const session = once(() => z.object({ success: flag, session_id: z.string().min(1) }));
export const statusResponse = once(() =>
  z.object({
    /** Absent in some answers; only an explicit `false` is a refusal. */
    success: z.boolean().optional().catch(undefined),
    status_code: z.number().int(),
    status_message: text,
  }),
);
export const successOnly = once(() => z.object({ success: z.boolean() }));
/** `POST /3/list`: the new list's id with the status. */
export const listCreated = once(() => statusResponse().extend({ list_id: z.number().int().positive() }));

/** TMDB's error bodies: the usual status triple, or a validation list. */
export const errorBody = once(() =>
  z.union([
    z.object({ status_code: z.number().int(), status_message: text, success: flag.optional() }),
    z.object({ errors: z.array(z.string()) }),
  ]),
);
