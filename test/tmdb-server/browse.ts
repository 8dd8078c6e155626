// Browse in the stand-in: TMDB's lists (Now Playing, Upcoming, Popular, Top Rated; Airing Today, On the
// Air…), whose first pages are TMDB's own example answers and whose titles join the catalogue (after
// trending, recommendations and collections were made, so those read as before); Discover over the
// whole catalogue with TMDB's filters; the genres, the watch providers and the certifications as TMDB's
// examples have them. Each title is on one or two streaming services (by its id), so "on my services"
// finds some.
import {
  fixture,
  GENRES,
  indexImages,
  movieSummaryOf,
  synthKeywords,
  synthMovie,
  synthSeason,
  synthTv,
  tvSummaryOf,
  type Catalogue,
} from './catalogue';
import { ERR, HttpError } from './errors';

type Json = Record<string, any>;

const MOVIE_CHARTS = {
  now_playing: 'movie-now-playing',
  upcoming: 'movie-upcoming',
  popular: 'movie-popular',
  top_rated: 'movie-top-rated',
} as const;
const TV_CHARTS = {
  airing_today: 'tv-airing-today',
  on_the_air: 'tv-on-the-air',
  popular: 'tv-popular',
  top_rated: 'tv-top-rated',
} as const;
/** The services titles are on: Netflix, Amazon Prime Video, Disney Plus, Hulu, Max. */
export const SERVICES = [8, 9, 337, 15, 1899];
const CERTIFICATIONS = ['G', 'PG', 'PG-13', 'R'];

export interface Browse {
  /** The ids of each chart, in order: TMDB's example first, then the catalogue's titles. */
  charts: Map<string, number[]>;
  genres: { movie: Json; tv: Json };
  providers: { movie: Json; tv: Json };
  certifications: Json;
}

/** The services a title is on (flat rate), by its id. */
export function servicesOf(id: number): number[] {
  return [...new Set([SERVICES[id % SERVICES.length]!, SERVICES[Math.floor(id / 7) % SERVICES.length]!])];
}

export function loadBrowse(c: Catalogue): Browse {
  const charts = new Map<string, number[]>();
  for (const [chart, file] of Object.entries(MOVIE_CHARTS)) {
    const answer = fixture(`openapi-examples/${file}.json`);
    for (const item of answer.results as Json[]) {
      if (c.movies.has(item.id)) continue;
      const summary = movieSummaryOf(item);
      c.movies.set(item.id, summary);
      const at = `${summary.release_date || '2023-01-01'}T00:00:00.000Z`;
      const releases = [
        {
          iso_3166_1: 'US',
          release_dates: [
            {
              certification: CERTIFICATIONS[item.id % 4],
              descriptors: [],
              iso_639_1: '',
              note: '',
              release_date: at,
              type: 3,
            },
          ],
        },
      ];
      c.movieDetails.set(item.id, {
        ...synthMovie(summary),
        keywords: { keywords: synthKeywords(item.id) },
        release_dates: { results: releases },
        credits: { cast: [], crew: [] },
      });
    }
    const rest = [...c.movies.values()]
      .filter((movie) => !answer.results.some((item: Json) => item.id === movie.id))
      .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
    charts.set(`movie:${chart}`, [
      ...answer.results.map((item: Json) => item.id),
      ...rest.slice(0, 40).map((movie) => movie.id),
    ]);
  }
  for (const [chart, file] of Object.entries(TV_CHARTS)) {
    const answer = fixture(`openapi-examples/${file}.json`);
    for (const item of answer.results as Json[]) {
      if (c.tv.has(item.id)) continue;
      const summary = tvSummaryOf(item);
      c.tv.set(item.id, summary);
      const details = synthTv(summary);
      c.tvDetails.set(item.id, details);
      for (const season of details.seasons)
        c.seasons.set(`${item.id}:${season.season_number}`, synthSeason(details, season));
    }
    const rest = [...c.tv.values()]
      .filter((series) => !answer.results.some((item: Json) => item.id === series.id))
      .sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
    charts.set(`tv:${chart}`, [
      ...answer.results.map((item: Json) => item.id),
      ...rest.slice(0, 40).map((series) => series.id),
    ]);
  }
  indexImages([...c.movies.values(), ...c.tv.values()], c.images);
  return {
    charts,
    // TMDB's example answers are its German ones (language=de-DE): the ids and their order as TMDB sends
    // them, the names in English; a German request gets them back in German (translations.ts).
    genres: {
      movie: inEnglish(fixture('openapi-examples/genre-movie-list.json')),
      tv: inEnglish(fixture('openapi-examples/genre-tv-list.json')),
    },
    providers: {
      movie: fixture('openapi-examples/watch-providers-movie.json'),
      tv: fixture('openapi-examples/watch-providers-tv.json'),
    },
    certifications: fixture('openapi-examples/certification-movie-list.json'),
  };
}

function inEnglish(list: Json): Json {
  return { genres: list.genres.map((genre: Json) => ({ id: genre.id, name: GENRES[genre.id] ?? genre.name })) };
}

/** YYYY-MM-DD of the local day `days` after `now`'s. */
function day(now: number, days: number): string {
  const date = new Date(now);
  const shifted = new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${shifted.getFullYear()}-${pad(shifted.getMonth() + 1)}-${pad(shifted.getDate())}`;
}

const number = (value: string | undefined): number | undefined =>
  value !== undefined && value !== '' && Number.isFinite(Number(value)) ? Number(value) : undefined;

/** The US certification of a movie (its release dates), or ''. */
function certificationOf(c: Catalogue, id: number, country: string): string {
  const results = (c.movieDetails.get(id)?.release_dates?.results ?? []) as Json[];
  return (
    results.find((r) => r.iso_3166_1 === country)?.release_dates?.find((d: Json) => d.certification)?.certification ??
    ''
  );
}

/** The routes of Browse, or undefined for any other path. */
export function answerBrowse(
  c: Catalogue,
  b: Browse,
  now: number,
  method: string,
  path: string,
  query: Record<string, string>,
  pageOf: (items: Json[], query: Record<string, string>) => Json,
): Json | undefined {
  if (method !== 'GET') return undefined;
  let m: RegExpExecArray | null;
  if ((m = /^\/3\/(movie|tv)\/(now_playing|upcoming|popular|top_rated|airing_today|on_the_air)$/.exec(path))) {
    const [, kind, chart] = m as unknown as [string, 'movie' | 'tv', string];
    const ids = b.charts.get(`${kind}:${chart}`);
    if (!ids) throw new HttpError(ERR.notFound);
    const titles = ids.map((id) => (kind === 'movie' ? c.movies : c.tv).get(id)).filter(Boolean) as Json[];
    const answer = pageOf(
      titles.map(({ media_type: _m, ...rest }) => rest),
      query,
    );
    if (chart === 'now_playing') return { dates: { maximum: day(now, 0), minimum: day(now, -40) }, ...answer };
    if (chart === 'upcoming') return { dates: { maximum: day(now, 21), minimum: day(now, 0) }, ...answer };
    return answer;
  }
  if ((m = /^\/3\/discover\/(movie|tv)$/.exec(path))) return discover(c, b, m[1] as 'movie' | 'tv', query, pageOf);
  if ((m = /^\/3\/genre\/(movie|tv)\/list$/.exec(path))) return b.genres[m[1] as 'movie' | 'tv'];
  if ((m = /^\/3\/watch\/providers\/(movie|tv)$/.exec(path))) return b.providers[m[1] as 'movie' | 'tv'];
  if (path === '/3/certification/movie/list') return b.certifications;
  return undefined;
}

/** `GET /3/discover/{kind}` over the catalogue, with TMDB's filters and sorts. */
function discover(
  c: Catalogue,
  b: Browse,
  kind: 'movie' | 'tv',
  query: Record<string, string>,
  pageOf: (items: Json[], query: Record<string, string>) => Json,
): Json {
  if (query.with_watch_providers && !query.watch_region) throw new HttpError(ERR.invalidInput);
  const date = kind === 'movie' ? 'primary_release_date' : 'first_air_date';
  const dateOf = (title: Json): string => (kind === 'movie' ? title.release_date : title.first_air_date) ?? '';
  const genreGroups = (query.with_genres ?? '')
    .split(',')
    .filter(Boolean)
    .map((group) => group.split('|').map(Number));
  const providers = (query.with_watch_providers ?? '').split('|').filter(Boolean).map(Number);
  const gte = (key: string) => number(query[key]);
  let titles = [...(kind === 'movie' ? c.movies : c.tv).values()].filter((title) => {
    const genres = new Set<number>(title.genre_ids ?? []);
    if (!genreGroups.every((group) => group.some((id) => genres.has(id)))) return false;
    if (query[`${date}.gte`] && !(dateOf(title) >= query[`${date}.gte`]!)) return false;
    if (query[`${date}.lte`] && !(dateOf(title) && dateOf(title) <= query[`${date}.lte`]!)) return false;
    if (gte('vote_average.gte') !== undefined && (title.vote_average ?? 0) < gte('vote_average.gte')!) return false;
    if (gte('vote_count.gte') !== undefined && (title.vote_count ?? 0) < gte('vote_count.gte')!) return false;
    if (gte('with_runtime.gte') !== undefined || gte('with_runtime.lte') !== undefined) {
      const details = (kind === 'movie' ? c.movieDetails : c.tvDetails).get(title.id);
      const runtime = kind === 'movie' ? details?.runtime : details?.episode_run_time?.[0];
      if (typeof runtime !== 'number') return false;
      if (runtime < (gte('with_runtime.gte') ?? 0) || runtime > (gte('with_runtime.lte') ?? Infinity)) return false;
    }
    if (kind === 'movie' && query['certification.lte'] && query.certification_country) {
      const order = ((b.certifications.certifications[query.certification_country] ?? []) as Json[])
        .sort((x, y) => x.order - y.order)
        .map((x) => x.certification as string);
      const mine = order.indexOf(certificationOf(c, title.id, query.certification_country));
      if (mine < 0 || mine > order.indexOf(query['certification.lte'])) return false;
    }
    if (providers.length && !servicesOf(title.id).some((id) => providers.includes(id))) return false;
    return true;
  });
  const sort = query.sort_by ?? 'popularity.desc';
  const [field, direction] = sort.split('.') as [string, string];
  const key = (title: Json) =>
    field === 'primary_release_date' || field === 'first_air_date' ? dateOf(title) : (title[field] ?? 0);
  titles = titles.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (direction === 'asc' ? 1 : -1));
  return pageOf(
    titles.map(({ media_type: _m, ...rest }) => rest),
    query,
  );
}
