// TMDB's v4 API as the stand-in answers it: the approval sign-in (request token, access token, sign-out)
// and the lists (mixed movies and series, public or private, sorted, a comment per item), with TMDB's
// semantics as ../../../shared/spec/tmdb-v3-facts.md §11 records them: per-item `results`, a 404 from
// item_status for an absent item, a GET that clears, `public: false` ignored on create.
import type { Accounts, ListState } from './accounts';
import { ACCOUNT_OBJECT_ID } from './accounts';
import type { Catalogue } from './catalogue';
import { matchRoute, pageOf, tmdbDate } from './api';
import { ERR, HttpError } from './errors';
import { localize } from './translations';

type Json = Record<string, any>;

export interface V4State {
  catalogue: Catalogue;
  accounts: Accounts;
  readToken: string;
}

/** The list sorts TMDB accepts on v4 (`popularity`, `runtime`, `revenue`… are refused). */
export const V4_SORTS = ['original_order', 'vote_average', 'primary_release_date', 'release_date', 'title'].flatMap(
  (field) => [`${field}.asc`, `${field}.desc`],
);

const CREATED = { status: 201, status_message: 'The item/record was created successfully.', status_code: 1 };

/** One v4 request's answer and HTTP status; `bearer` is what came after `Authorization: Bearer`. */
export function answerV4(
  state: V4State,
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
  bearer: string,
): { status: number; data: Json } {
  const { accounts } = state;
  const input = (body ?? {}) as Json;
  const isApp = bearer === state.readToken;
  const account = accounts.v4Tokens.has(bearer) ? (state.catalogue.account.id as number) : undefined;
  // Without a valid credential every v4 path answers 401, even one that does not exist.
  if (!isApp && account === undefined) throw new HttpError(ERR.invalidKey);
  const user = (): number => {
    if (account === undefined) throw new HttpError(ERR.authFailed);
    return account;
  };
  const ok = (data: Json, status = 200) => ({ status, data: { success: true, ...data } });
  const at = (pattern: string) => matchRoute(method, path, pattern);
  let m: string[] | undefined;

  // ---- sign-in -------------------------------------------------------------------------------------
  if (at('POST /4/auth/request_token')) {
    if (!isApp) throw new HttpError(ERR.invalidKey);
    const redirectTo = typeof input.redirect_to === 'string' ? input.redirect_to : undefined;
    return ok({ status_message: 'Success.', request_token: accounts.issueV4Token(redirectTo), status_code: 1 });
  }
  if (at('POST /4/auth/access_token')) {
    if (!isApp) throw new HttpError(ERR.invalidKey);
    const token = typeof input.request_token === 'string' ? accounts.liveToken(input.request_token) : undefined;
    if (!token || token.state === 'used' || token.state === 'denied') throw new HttpError(ERR.invalidToken);
    if (token.state !== 'approved') throw new HttpError(ERR.sessionDenied);
    token.state = 'used';
    return ok({
      account_id: ACCOUNT_OBJECT_ID,
      access_token: accounts.issueAccessToken(),
      status_message: 'Success.',
      status_code: 1,
    });
  }
  if (at('DELETE /4/auth/access_token')) {
    if (!isApp) throw new HttpError(ERR.invalidKey);
    const token = typeof input.access_token === 'string' ? input.access_token : '';
    if (!accounts.v4Tokens.delete(token)) throw new HttpError(ERR.v4Invalid);
    return ok({ status_message: 'The item/record was deleted successfully.', status_code: 13 });
  }

  // ---- TMDB's picks for the person -------------------------------------------------------------------
  if (
    (m = at('GET /4/account/:object_id/movie/recommendations') ?? at('GET /4/account/:object_id/tv/recommendations'))
  ) {
    user();
    if (m[0] !== ACCOUNT_OBJECT_ID) throw new HttpError(ERR.authFailed);
    // The catalogue's titles of that kind, the most popular first, each row saying its kind as TMDB's do.
    const kind = path.includes('/tv/') ? 'tv' : 'movie';
    const pool = [...(kind === 'tv' ? state.catalogue.tv : state.catalogue.movies).values()];
    const rows = pool
      .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0))
      .map((title) => ({ ...title, media_type: kind }));
    return { status: 200, data: localize(pageOf(rows, query), query.language) };
  }

  // ---- lists ---------------------------------------------------------------------------------------
  if ((m = at('GET /4/account/:object_id/lists'))) {
    const owner = user();
    if (m[0] !== ACCOUNT_OBJECT_ID) throw new HttpError(ERR.authFailed);
    return ok(pageOf(accounts.listsState(owner).map(listRow), query));
  }
  if (at('POST /4/list')) {
    const owner = user();
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name || typeof input.iso_639_1 !== 'string') throw new HttpError(ERR.invalidInput);
    // TMDB makes a list public when `public` is false; 0 makes it private.
    const isPublic = input.public === 0 ? false : input.public === false ? true : Boolean(input.public ?? true);
    const description = typeof input.description === 'string' ? input.description : '';
    const id = accounts.createList(owner, name, description, input.iso_639_1, isPublic);
    const { status, ...created } = CREATED;
    return ok({ ...created, id }, status);
  }
  if ((m = at('GET /4/list/:id/clear'))) {
    const list = own(accounts, m[0]!, user());
    const deleted = list.items.length;
    list.items = [];
    list.comments.clear();
    list.updatedAt = accounts.now();
    return ok({ items_deleted: deleted, status_message: 'Success.', id: Number(m[0]), status_code: 1 });
  }
  if ((m = at('GET /4/list/:id/item_status'))) {
    const list = own(accounts, m[0]!, user());
    const kind = query.media_type;
    if ((kind !== 'movie' && kind !== 'tv') || !/^\d+$/.test(query.media_id ?? ''))
      throw new HttpError(ERR.invalidInput);
    const mediaId = Number(query.media_id);
    if (!list.items.some((item) => sameItem(item, kind, mediaId))) throw new HttpError(ERR.notFound);
    return ok({ media_type: kind, status_message: 'Success.', id: Number(m[0]), media_id: mediaId, status_code: 1 });
  }
  if ((m = at('GET /4/list/:id'))) {
    const list = accounts.list(m[0]!);
    if (!list) throw new HttpError(ERR.notFound);
    if (!list.public && account !== list.owner) throw new HttpError(ERR.notFound);
    const sortBy = query.sort_by && V4_SORTS.includes(query.sort_by) ? query.sort_by : list.sortBy;
    return { status: 200, data: localize(listDetails(list, sortBy, query), query.language) };
  }
  if ((m = at('PUT /4/list/:id'))) {
    const list = own(accounts, m[0]!, user());
    if (input.name !== undefined && (typeof input.name !== 'string' || !input.name.trim()))
      throw new HttpError(ERR.invalidInput);
    if (input.sort_by !== undefined && !V4_SORTS.includes(input.sort_by)) throw new HttpError(ERR.invalidInput);
    if (typeof input.name === 'string') list.details.name = input.name.trim();
    if (typeof input.description === 'string') list.details.description = input.description;
    if (input.public !== undefined) list.public = Boolean(input.public);
    if (typeof input.sort_by === 'string') list.sortBy = input.sort_by;
    list.updatedAt = accounts.now();
    return ok({ status_message: 'The item/record was updated successfully.', status_code: 12 });
  }
  if ((m = at('DELETE /4/list/:id'))) {
    own(accounts, m[0]!, user());
    accounts.deleteList(m[0]!);
    return ok({ status_message: 'The item/record was deleted successfully.', status_code: 13 });
  }
  if ((m = at('POST /4/list/:id/items')) || (m = at('PUT /4/list/:id/items')) || (m = at('DELETE /4/list/:id/items'))) {
    const list = own(accounts, m[0]!, user());
    if (!Array.isArray(input.items) || input.items.length === 0) throw new HttpError(ERR.invalidInput);
    const results = (input.items as unknown[]).map((raw) => editItem(state.catalogue, list, method, raw));
    list.updatedAt = accounts.now();
    return ok({ status_message: 'Success.', results, status_code: 1 });
  }
  throw new HttpError(ERR.notFound);
}

/** One row of an items call: added (POST), commented (PUT) or removed (DELETE), each with its own `success`. */
function editItem(c: Catalogue, list: ListState, method: string, raw: unknown): Json {
  const item = (raw ?? {}) as Json;
  const kind = item.media_type;
  const mediaId = item.media_id;
  const answer = (success: boolean) => ({ media_type: kind, media_id: mediaId, success });
  if ((kind !== 'movie' && kind !== 'tv') || !Number.isInteger(mediaId)) return answer(false);
  const key = `${kind}:${mediaId}`;
  const at = list.items.findIndex((entry) => sameItem(entry, kind, mediaId));
  if (method === 'POST') {
    const summary = (kind === 'movie' ? c.movies : c.tv).get(mediaId);
    if (!summary || at >= 0) return answer(false);
    list.items.push({ ...summary, media_type: kind });
    return answer(true);
  }
  if (at < 0) return answer(false);
  if (method === 'DELETE') {
    list.items.splice(at, 1);
    list.comments.delete(key);
    return answer(true);
  }
  // PUT changes the comment only; an empty one removes it.
  const comment = typeof item.comment === 'string' ? item.comment : '';
  if (comment) list.comments.set(key, comment);
  else list.comments.delete(key);
  return answer(true);
}

/** A v4 list row: public and the item count as TMDB's example gives them (0/1, `number_of_items`). */
function listRow(list: ListState): Json {
  return {
    account_object_id: ACCOUNT_OBJECT_ID,
    adult: 0,
    average_rating: 0,
    created_at: tmdbDate(list.createdAt),
    description: list.details.description ?? '',
    featured: 0,
    id: Number(list.details.id),
    iso_3166_1: 'US',
    iso_639_1: list.details.iso_639_1 ?? 'en',
    name: list.details.name,
    number_of_items: list.items.length,
    poster_path: list.details.poster_path ?? null,
    public: list.public ? 1 : 0,
    revenue: '0',
    runtime: '0',
    // The integer codes are TMDB's own and undocumented: the index of the sort here.
    sort_by: Math.max(0, V4_SORTS.indexOf(list.sortBy)) + 1,
    updated_at: tmdbDate(list.updatedAt),
  };
}

function listDetails(list: ListState, sortBy: string, query: Record<string, string>): Json {
  const items = sorted(list.items, sortBy);
  const paged = pageOf(items, query);
  // Every item has a key in `comments`; the rows carry none.
  const comments = Object.fromEntries(
    list.items.map((item) => [
      `${item.media_type}:${item.id}`,
      list.comments.get(`${item.media_type}:${item.id}`) ?? null,
    ]),
  );
  return {
    average_rating: 0,
    backdrop_path: null,
    comments,
    created_by: { avatar_path: null, gravatar_hash: '', id: ACCOUNT_OBJECT_ID, name: 'Demo Viewer', username: 'demo' },
    description: list.details.description ?? '',
    id: Number(list.details.id),
    iso_3166_1: 'US',
    iso_639_1: list.details.iso_639_1 ?? 'en',
    item_count: list.items.length,
    name: list.details.name,
    object_ids: {},
    poster_path: list.details.poster_path ?? null,
    public: list.public,
    revenue: 0,
    runtime: 0,
    sort_by: sortBy,
    ...paged,
  };
}

function sorted(items: Json[], sortBy: string): Json[] {
  const [field, direction] = sortBy.split('.') as [string, string];
  if (field === 'original_order') return direction === 'desc' ? [...items].reverse() : items;
  const value = (item: Json): number | string =>
    field === 'vote_average'
      ? (item.vote_average ?? 0)
      : field === 'title'
        ? String(item.title ?? item.name ?? '').toLowerCase()
        : String(item.release_date ?? item.first_air_date ?? '');
  const sign = direction === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    return x < y ? -sign : x > y ? sign : 0;
  });
}

function own(accounts: Accounts, listId: string, owner: number): ListState {
  return accounts.ownList(listId, owner) as ListState;
}

function sameItem(item: Json, kind: string, id: number): boolean {
  return item.id === id && (item.media_type ?? 'movie') === kind;
}
