// TMDB's v3 API as the stand-in answers it: the paths, parameters, bodies and error codes the extension
// uses, over the seeded catalogue and the accounts' state. Plain functions of the request: the server
// has already checked the app's credentials, applied faults and the rate limit.
import type { Accounts, TitleFlag } from './accounts';
import { PAGE_SIZE, type Catalogue } from './catalogue';
import { MAX_PAGE } from '../../src/tmdb/constants';
import { ERR, HttpError, found, numberId } from './errors';
import { answerEpisodes, checkedRating, ratingStatus } from './episodes';
import { localize } from './translations';
import { answerBrowse, type Browse } from './browse';
import type { Schedules } from './schedule';

type Json = Record<string, any>;

export interface ApiState {
  catalogue: Catalogue;
  accounts: Accounts;
  /** The app's read token, which `convert/4` must refuse. */
  readToken: string;
  browse: Browse;
  schedules: Schedules;
}

/** TMDB's answer to one API request, in the language it asks for. */
export function answerApi(
  state: ApiState,
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
): Json {
  return localize(route(state, method, path, query, body), query.language);
}

function route(state: ApiState, method: string, path: string, query: Record<string, string>, body: unknown): Json {
  const { catalogue: c, accounts } = state;
  const route = (pattern: string): string[] | undefined => matchRoute(method, path, pattern);
  let m: string[] | undefined;
  const input = (body ?? {}) as Json;

  const browsed = answerBrowse(c, state.browse, accounts.now(), method, path, query, pageOf);
  if (browsed) return browsed;
  const episodes = answerEpisodes(state, route, query, body, pageOf);
  if (episodes) return episodes;
  if (route('GET /3/authentication')) return { success: true, status_code: 1, status_message: 'Success.' };
  if (route('GET /3/authentication/token/new')) {
    const { token, expiresAt } = accounts.issueToken();
    return { success: true, expires_at: tmdbDate(expiresAt), request_token: token };
  }
  if (route('POST /3/authentication/session/new')) {
    const token = typeof input.request_token === 'string' ? accounts.liveToken(input.request_token) : undefined;
    if (!token || token.state === 'used') throw new HttpError(ERR.invalidToken);
    if (token.state !== 'approved') throw new HttpError(ERR.sessionDenied);
    token.state = 'used';
    return { success: true, session_id: accounts.createSessionFor() };
  }
  if (route('POST /3/authentication/session/convert/4')) {
    const token = typeof input.access_token === 'string' ? input.access_token : '';
    if (token === state.readToken) throw new HttpError(ERR.v4NoWrite);
    if (!accounts.v4Tokens.has(token)) throw new HttpError(ERR.v4Invalid);
    return { success: true, session_id: accounts.createSessionFor() };
  }
  if (route('DELETE /3/authentication/session')) {
    const id = typeof input.session_id === 'string' ? input.session_id : '';
    if (!accounts.endSession(id)) throw new HttpError(ERR.sessionNotFound);
    return { success: true };
  }
  if ((m = route('GET /3/account')) || (m = route('GET /3/account/:id'))) {
    accounts.accountFor(query, m[0]);
    return c.account;
  }
  if (route('GET /3/configuration')) return c.configuration;

  if ((m = route('GET /3/trending/person/:window'))) {
    if (m[0] !== 'day' && m[0] !== 'week') throw new HttpError(ERR.notFound);
    // The week's order differs from the day's, so a client can tell which it got: TMDB's twenty in
    // another order first, then the others from the end.
    const people =
      m[0] === 'day' ? c.people : [...c.people.slice(7, 20), ...c.people.slice(0, 7), ...c.people.slice(20).reverse()];
    return pageOf(people, query);
  }
  if ((m = route('GET /3/trending/all/:window'))) {
    if (m[0] !== 'day' && m[0] !== 'week') throw new HttpError(ERR.notFound);
    const titles =
      m[0] === 'day'
        ? c.trendingTitles
        : [...c.trendingTitles.slice(5, 20), ...c.trendingTitles.slice(0, 5), ...c.trendingTitles.slice(20).reverse()];
    return pageOf(titles, query);
  }
  if ((m = route('GET /3/tv/:id/season/:n'))) {
    const series = found(c.tvDetails.get(numberId(m[0])));
    return state.schedules.season(series, found(c.seasons.get(`${series.id}:${Number(m[1])}`)));
  }
  if ((m = route('GET /3/tv/:id'))) {
    const series = found(c.tvDetails.get(numberId(m[0])));
    const appends = (query.append_to_response ?? '').split(',').filter(Boolean);
    const answer: Json = state.schedules.series(series);
    if (appends.includes('videos')) answer.videos = { results: c.videos.get(`tv:${series.id}`) ?? [] };
    if (appends.includes('watch/providers'))
      answer['watch/providers'] = { results: c.watchProviders.get(`tv:${series.id}`) ?? {} };
    if (appends.includes('aggregate_credits'))
      answer.aggregate_credits = { id: series.id, ...(c.aggregateCredits.get(series.id) ?? { cast: [], crew: [] }) };
    if (appends.includes('external_ids'))
      answer.external_ids = {
        id: series.id,
        imdb_id: c.imdbIds.get(`tv:${series.id}`) ?? null,
        tvdb_id: null,
        wikidata_id: null,
        facebook_id: null,
        instagram_id: null,
        twitter_id: null,
      };
    return answer;
  }
  if ((m = route('GET /3/tv/:id/aggregate_credits'))) {
    const series = found(c.tvDetails.get(numberId(m[0])));
    return { id: series.id, ...(c.aggregateCredits.get(series.id) ?? { cast: [], crew: [] }) };
  }
  if ((m = route('GET /3/movie/:id'))) {
    const movie = found(c.movieDetails.get(numberId(m[0])));
    const appends = (query.append_to_response ?? '').split(',').filter(Boolean);
    const { keywords, release_dates, credits, ...details } = movie;
    const answer: Json = { ...details };
    if (appends.includes('keywords')) answer.keywords = keywords;
    if (appends.includes('release_dates')) answer.release_dates = release_dates;
    if (appends.includes('credits')) answer.credits = { id: movie.id, ...credits };
    if (appends.includes('recommendations'))
      answer.recommendations = pageOf(c.recommendations.get(movie.id) ?? [], { page: '1' });
    if (appends.includes('videos')) answer.videos = { results: c.videos.get(`movie:${movie.id}`) ?? [] };
    if (appends.includes('watch/providers'))
      answer['watch/providers'] = { results: c.watchProviders.get(`movie:${movie.id}`) ?? {} };
    return answer;
  }
  if ((m = route('GET /3/movie/:id/keywords'))) {
    const movie = found(c.movieDetails.get(numberId(m[0])));
    return { id: movie.id, keywords: movie.keywords.keywords };
  }
  if ((m = route('GET /3/movie/:id/release_dates'))) {
    const movie = found(c.movieDetails.get(numberId(m[0])));
    return { id: movie.id, results: movie.release_dates.results };
  }
  if ((m = route('GET /3/movie/:id/recommendations'))) {
    const movie = found(c.movieDetails.get(numberId(m[0])));
    return pageOf(c.recommendations.get(movie.id) ?? [], query);
  }
  if ((m = route('GET /3/credit/:id'))) return found(c.credits.get(m[0]!));
  if ((m = route('GET /3/collection/:id'))) return found(c.collections.get(numberId(m[0])));
  if ((m = route('GET /3/person/:id'))) {
    const person = found(c.personDetails.get(numberId(m[0])));
    // What was asked for with append_to_response, each under its own name; nothing else.
    const { combined_credits, external_ids, images, ...rest } = person;
    const appended = new Set((query.append_to_response ?? '').split(','));
    return {
      ...rest,
      ...(appended.has('combined_credits') ? { combined_credits } : {}),
      ...(appended.has('external_ids') ? { external_ids } : {}),
      ...(appended.has('images') ? { images } : {}),
    };
  }
  if ((m = route('GET /3/search/:kind'))) {
    const kind = m[0]!;
    if (!['multi', 'movie', 'tv', 'person'].includes(kind)) throw new HttpError(ERR.notFound);
    if (!query.query) throw new HttpError({ status: 422, code: 47, message: 'query must be provided' });
    const pools: Record<string, Json[]> = {
      movie: [...c.movies.values()],
      tv: [...c.tv.values()],
      person: c.people,
    };
    const pool = kind === 'multi' ? [...pools.movie!, ...pools.tv!, ...pools.person!] : pools[kind]!;
    const hits = searchHits(pool, query.query);
    // A search of one kind has no media_type: the path says which.
    return pageOf(kind === 'multi' ? hits : hits.map(({ media_type: _kind, ...rest }) => rest), query);
  }
  if ((m = route('GET /3/find/:id'))) {
    // TMDB answers an id it does not know with empty lists, not a 404; only IMDb ids are served here.
    if (query.external_source !== 'imdb_id') throw new HttpError(ERR.invalidInput);
    return findByImdb(c, m[0]!);
  }
  if ((m = route('GET /3/list/:id'))) {
    const list = found(accounts.list(m[0]!));
    const paged = pageOf(list.items, query);
    return {
      ...list.details,
      item_count: list.items.length,
      items: paged.results,
      page: paged.page,
      total_pages: paged.total_pages,
      total_results: paged.total_results,
    };
  }
  if ((m = route('GET /3/list/:id/item_status'))) {
    const list = found(accounts.list(m[0]!));
    if (!/^\d+$/.test(query.movie_id ?? '')) throw new HttpError(ERR.invalidInput);
    const movieId = Number(query.movie_id);
    return {
      id: Number(list.details.id),
      item_present: list.items.some((item) => item.id === movieId && item.media_type !== 'tv'),
    };
  }
  if (route('POST /3/list')) {
    const account = accounts.accountFor(query, undefined);
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw new HttpError(ERR.invalidInput);
    const description = typeof input.description === 'string' ? input.description : '';
    const language = typeof input.language === 'string' ? input.language : 'en';
    const id = accounts.createList(account, name, description, language);
    return { status_message: 'The item/record was created successfully.', success: true, status_code: 1, list_id: id };
  }
  if ((m = route('POST /3/list/:id/add_item')) || (m = route('POST /3/list/:id/remove_item'))) {
    const account = accounts.accountFor(query, undefined);
    const list = accounts.ownList(m[0]!, account);
    const movieId = input.media_id;
    if (!Number.isInteger(movieId)) throw new HttpError(ERR.invalidInput);
    const at = list.items.findIndex((item) => item.id === movieId && item.media_type !== 'tv');
    if (path.endsWith('/remove_item')) {
      if (at >= 0) list.items.splice(at, 1);
      return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
    }
    // v3 lists hold movies only.
    const movie = c.movies.get(movieId);
    if (!movie) throw new HttpError(ERR.invalidId);
    if (at >= 0) throw new HttpError(ERR.duplicate);
    list.items.push(movie);
    return { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
  }
  if ((m = route('GET /3/account/:id/lists'))) {
    const account = accounts.accountFor(query, m[0]);
    return pageOf(accounts.listsOf(account), query);
  }
  if ((m = route('GET /3/account/:id/rated/movies')) || (m = route('GET /3/account/:id/rated/tv'))) {
    const kind = path.endsWith('/tv') ? 'tv' : 'movie';
    const entries = accounts.ratedEntries(kind, accounts.accountFor(query, m[0]));
    return titlesPage(
      c,
      kind,
      entries.map(([id, rating, at]) => ({ id, at, extra: { rating } })),
      query,
    );
  }
  if (
    (m = route('POST /3/movie/:id/rating')) ||
    (m = route('POST /3/tv/:id/rating')) ||
    (m = route('DELETE /3/movie/:id/rating')) ||
    (m = route('DELETE /3/tv/:id/rating'))
  ) {
    const kind = path.startsWith('/3/tv/') ? 'tv' : 'movie';
    const account = accounts.accountFor(query, undefined);
    const id = numberId(m[0]);
    if (!(kind === 'movie' ? c.movies : c.tv).has(id)) throw new HttpError(ERR.notFound);
    return ratingStatus(
      accounts.setRating(account, kind, id, method === 'DELETE' ? undefined : checkedRating(input.value)),
    );
  }
  if ((m = route('GET /3/account/:id/:flag/movies')) || (m = route('GET /3/account/:id/:flag/tv'))) {
    const flag = titleFlag(m[1]);
    const kind = path.endsWith('/tv') ? 'tv' : 'movie';
    const entries = accounts.flaggedEntries(flag, kind, accounts.accountFor(query, m[0]));
    return titlesPage(
      c,
      kind,
      entries.map(([id, at]) => ({ id, at })),
      query,
    );
  }
  if ((m = route('POST /3/account/:id/:flag'))) {
    // The watchlist and favorites: `{media_type, media_id, watchlist}` or `{…, favorite}`.
    const flag = titleFlag(m[1]);
    const account = accounts.accountFor(query, m[0]);
    const kind = input.media_type;
    const id = input.media_id;
    if ((kind !== 'movie' && kind !== 'tv') || !Number.isInteger(id) || typeof input[flag] !== 'boolean') {
      throw new HttpError(ERR.invalidInput);
    }
    if (!(kind === 'movie' ? c.movies : c.tv).has(id)) throw new HttpError(ERR.notFound);
    const outcome = accounts.setFlag(flag, account, kind, id, input[flag]);
    if (outcome === 'removed')
      return { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' };
    if (outcome === 'kept')
      return { success: true, status_code: 12, status_message: 'The item/record was updated successfully.' };
    return { success: true, status_code: 1, status_message: 'Success.' };
  }
  if ((m = route('GET /3/movie/:id/account_states')) || (m = route('GET /3/tv/:id/account_states'))) {
    const kind = path.startsWith('/3/tv/') ? 'tv' : 'movie';
    const account = accounts.accountFor(query, undefined);
    const id = numberId(m[0]);
    if (!(kind === 'movie' ? c.movies : c.tv).has(id)) throw new HttpError(ERR.notFound);
    return {
      id,
      favorite: accounts.hasFlag('favorite', kind, id, account),
      rated: accounts.ratingOf(kind, id, account),
      watchlist: accounts.hasFlag('watchlist', kind, id, account),
    };
  }
  throw new HttpError(ERR.notFound);
}

// ---- helpers ------------------------------------------------------------------------------------

export function matchRoute(method: string, path: string, pattern: string): string[] | undefined {
  const [wantMethod, wantPath] = pattern.split(' ') as [string, string];
  if (method !== wantMethod) return undefined;
  const want = wantPath.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: string[] = [];
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) params.push(decodeURIComponent(got[i]!));
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

/** `watchlist` or `favorite` in a path; any other word is a path TMDB does not have. */
function titleFlag(value: string | undefined): TitleFlag {
  if (value !== 'watchlist' && value !== 'favorite') throw new HttpError(ERR.notFound);
  return value;
}

/** A page of an account's titles (watchlist, rated), by when they were added as `sort_by` says, each as the catalogue has it. */
function titlesPage(
  c: Catalogue,
  kind: 'movie' | 'tv',
  entries: Array<{ id: number; at: number; extra?: Json }>,
  query: Record<string, string>,
): Json {
  entries.sort((a, b) => (query.sort_by === 'created_at.desc' ? b.at - a.at : a.at - b.at));
  const source = kind === 'movie' ? c.movies : c.tv;
  return pageOf(
    entries.flatMap(({ id, extra }) => (source.has(id) ? [{ ...source.get(id), ...extra }] : [])),
    query,
  );
}

export function pageOf(items: Json[], query: Record<string, string>): Json {
  const raw = query.page ?? '1';
  if (!/^\d+$/.test(raw)) throw new HttpError(ERR.invalidPage);
  const page = Number(raw);
  if (page < 1 || page > MAX_PAGE) throw new HttpError(ERR.invalidPage);
  const totalPages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
  return {
    page,
    results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total_pages: totalPages,
    total_results: items.length,
  };
}

/** TMDB's `expires_at` format: `YYYY-MM-DD HH:MM:SS UTC`. */
export function tmdbDate(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * What TMDB's search finds for `typed`, ranked as TMDB ranks: a name that starts with what was typed
 * before one that has it further in, and within each, the more popular first (so "fight" finds Fight
 * Club before a 1973 "Fight").
 */
function searchHits(pool: Json[], typed: string): Json[] {
  const needle = typed.toLowerCase().trim();
  const names = (x: Json) =>
    [x.title, x.original_title, x.name, x.original_name].filter(Boolean).map((name: string) => name.toLowerCase());
  const tier = (x: Json) =>
    names(x).some((name) => name.startsWith(needle)) ? 0 : names(x).some((name) => name.includes(` ${needle}`)) ? 1 : 2;
  return pool
    .filter((x) => names(x).some((name) => name.includes(needle)))
    .sort((a, b) => tier(a) - tier(b) || (b.popularity ?? 0) - (a.popularity ?? 0));
}

/** `/3/find/{imdb_id}`: the titles and people of the catalogue with that IMDb id, as search results. */
function findByImdb(c: Catalogue, imdbId: string): Json {
  const title = c.imdbIndex.get(imdbId);
  const person = [...c.personDetails.values()].find(
    (details) => (details.imdb_id ?? details.external_ids?.imdb_id) === imdbId,
  );
  const asResult = (pool: Map<number, Json>, id: number | undefined, kind: string) => {
    const summary = id === undefined ? undefined : pool.get(id);
    return summary ? [{ ...summary, media_type: kind }] : [];
  };
  return {
    movie_results: asResult(c.movies, title?.kind === 'movie' ? title.id : undefined, 'movie'),
    tv_results: asResult(c.tv, title?.kind === 'tv' ? title.id : undefined, 'tv'),
    person_results: person
      ? [
          {
            ...(c.people.find((p) => p.id === person.id) ?? { id: person.id, name: person.name }),
            media_type: 'person',
          },
        ]
      : [],
    tv_episode_results: [],
    tv_season_results: [],
  };
}
