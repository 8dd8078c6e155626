// zod schemas for every TMDB resource the extension reads. Types are inferred from them.
//
// Real TMDB data is untidy (null where an integer is promised, fields missing from older records, ""
// for unknown dates), so the schemas are strict only where a view cannot exist without the value (ids,
// the watchlist flag, auth tokens) and tolerant everywhere else: a bad optional field becomes a neutral
// value, and one bad element of an array is dropped instead of failing the whole response.
import * as z from 'zod';

/** A string that may be absent, null or of the wrong type: read as "". */
const text = z.string().catch('');
/** A string that may be absent: read as null (image paths, dates). Empty strings become null. */
const maybeText = z
  .string()
  .nullable()
  .catch(null)
  .transform((v) => (v === '' ? null : v));
const count = z.number().catch(0);
const maybeNumber = z.number().nullable().catch(null);
const flag = z.boolean().catch(false);
const id = z.number().int();

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

// ---- shared records ---------------------------------------------------------------------------

export const genre = z.object({ id, name: text });
export const company = z.object({ id, name: text, logo_path: maybeText, origin_country: text });
export const country = z.object({ iso_3166_1: text, name: text });
export const spokenLanguage = z.object({ iso_639_1: text, english_name: text, name: text });
export const keyword = z.object({ id, name: text });

export const movieSummary = z.object({
  id,
  media_type: z.literal('movie').catch('movie'),
  title: text,
  original_title: text,
  overview: text,
  release_date: maybeText,
  poster_path: maybeText,
  backdrop_path: maybeText,
  genre_ids: list(z.number()),
  original_language: text,
  popularity: count,
  vote_average: count,
  vote_count: count,
  adult: flag,
  video: flag,
});

export const tvSummary = z.object({
  id,
  media_type: z.literal('tv').catch('tv'),
  name: text,
  original_name: text,
  overview: text,
  first_air_date: maybeText,
  poster_path: maybeText,
  backdrop_path: maybeText,
  genre_ids: list(z.number()),
  origin_country: list(z.string()),
  original_language: text,
  popularity: count,
  vote_average: count,
  vote_count: count,
  adult: flag,
});

/** A movie or a series where `media_type` says which (known_for, lists, search). */
export const mediaSummary = z.discriminatedUnion('media_type', [
  movieSummary.extend({ media_type: z.literal('movie') }),
  tvSummary.extend({ media_type: z.literal('tv') }),
]);

export const personSummary = z.object({
  id,
  media_type: z.literal('person').catch('person'),
  name: text,
  original_name: text,
  known_for_department: maybeText,
  profile_path: maybeText,
  popularity: count,
  gender: count,
  adult: flag,
  known_for: list(mediaSummary),
});

export const searchResult = z.discriminatedUnion('media_type', [
  movieSummary.extend({ media_type: z.literal('movie') }),
  tvSummary.extend({ media_type: z.literal('tv') }),
  personSummary.extend({ media_type: z.literal('person') }),
]);

/** `…/videos` (appended as `videos`): trailers, teasers, clips on YouTube or Vimeo, by `site` and `key`. */
export const video = z.object({
  key: text,
  site: text,
  type: text,
  name: text,
  official: flag,
  published_at: maybeText,
});
export const videos = z.object({ results: list(video, 100) });

/** `…/watch/providers` (appended as `watch/providers`): by country, JustWatch's data, TMDB's watch page. */
export const provider = z.object({ provider_id: id, provider_name: text, logo_path: maybeText, display_priority: count });
export const countryProviders = z.object({
  link: text,
  flatrate: list(provider, 100),
  free: list(provider, 100),
  ads: list(provider, 100),
  rent: list(provider, 100),
  buy: list(provider, 100),
});
/**
 * By country, each read when it is first asked for: a page reads the user's region (and, when it has no
 * data, the list of codes), not the ~100 countries an answer carries, which were most of the time spent
 * validating a title. What is read is what an eager parse gives: an entry that is not an object is left out
 * at once (the only way `countryProviders` can fail, as every field has a fallback), so the keys are the
 * same, and a country's value, once read, is `countryProviders`' output (a property test compares the two).
 */
export const watchProviders = z.object({ results: z.unknown().transform(lazyCountries) });

type CountryProviders = z.output<typeof countryProviders>;

/** Entries under two-letter country codes (at most 300), each parsed on first read. */
function lazyCountries(value: unknown): Record<string, CountryProviders> {
  const countries: Record<string, CountryProviders> = {};
  if (!isRecord(value)) return countries;
  let kept = 0;
  for (const code in value) {
    if (kept === 300) break;
    const entry = value[code];
    if (!/^[A-Z]{2}$/.test(code) || !Object.hasOwn(value, code) || !isRecord(entry)) continue;
    Object.defineProperty(countries, code, {
      enumerable: true,
      configurable: true,
      get() {
        const read = countryProviders.parse(entry);
        Object.defineProperty(countries, code, { value: read, enumerable: true, configurable: true, writable: true });
        return read;
      },
    });
    kept++;
  }
  return countries;
}

/** What `z.object` accepts: an object that is not null or an array. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- TV series --------------------------------------------------------------------------------

export const episode = z.object({
  id,
  name: text,
  overview: text,
  air_date: maybeText,
  episode_number: count,
  season_number: count,
  episode_type: text,
  production_code: text,
  runtime: maybeNumber,
  show_id: maybeNumber,
  still_path: maybeText,
  vote_average: count,
  vote_count: count,
});

/** `GET /3/tv/{id}/season/{n}`: a season with its episodes (a soap opera's can hold thousands). */
export const seasonDetails = z.object({
  id,
  name: text,
  overview: text,
  air_date: maybeText,
  season_number: z.number().int(),
  episodes: list(episode, 5000),
});

export const seasonSummary = z.object({
  id,
  name: text,
  overview: text,
  air_date: maybeText,
  episode_count: count,
  poster_path: maybeText,
  season_number: z.number().int(),
  vote_average: count,
});

export const creator = z.object({
  id,
  credit_id: text,
  name: text,
  original_name: text,
  gender: count,
  profile_path: maybeText,
});

export const tvSeries = z.object({
  id,
  name: text,
  original_name: text,
  adult: flag,
  backdrop_path: maybeText,
  poster_path: maybeText,
  created_by: list(creator),
  episode_run_time: list(z.number()),
  first_air_date: maybeText,
  last_air_date: maybeText,
  genres: list(genre),
  homepage: maybeText,
  in_production: flag,
  languages: list(z.string()),
  last_episode_to_air: episode.nullable().catch(null),
  next_episode_to_air: episode.nullable().catch(null),
  networks: list(company),
  number_of_episodes: maybeNumber,
  number_of_seasons: maybeNumber,
  origin_country: list(z.string()),
  original_language: text,
  overview: text,
  popularity: count,
  production_companies: list(company),
  production_countries: list(country),
  seasons: list(seasonSummary),
  spoken_languages: list(spokenLanguage),
  status: text,
  tagline: text,
  type: text,
  vote_average: count,
  vote_count: count,
  videos: videos.optional().catch(undefined),
  'watch/providers': watchProviders.optional().catch(undefined),
});

// ---- movies -----------------------------------------------------------------------------------

export const movieKeywords = z.object({ id, keywords: list(keyword) });

export const releaseDate = z.object({
  certification: text,
  descriptors: list(z.string()),
  iso_639_1: text,
  note: text,
  release_date: z.string(),
  type: z.number().int(),
});

export const releaseDates = z.object({
  id,
  results: list(z.object({ iso_3166_1: z.string(), release_dates: list(releaseDate) })),
});

export const castMember = z.object({
  id,
  name: text,
  character: text,
  profile_path: maybeText,
  credit_id: text,
  order: count,
});

export const crewMember = z.object({
  id,
  name: text,
  job: text,
  department: text,
  profile_path: maybeText,
  credit_id: text,
});

/** A movie's cast and crew: the page shows the top of the cast (TMDB lists it by billing order). */
export const movieCredits = z.object({ id: id.optional(), cast: list(castMember, 100), crew: list(crewMember, 100) });

export const movieRecommendations = paged(movieSummary);

export const movieDetails = z.object({
  id,
  title: text,
  original_title: text,
  original_language: text,
  tagline: text,
  overview: text,
  release_date: maybeText,
  runtime: maybeNumber,
  status: text,
  adult: flag,
  budget: count,
  revenue: count,
  homepage: maybeText,
  imdb_id: maybeText,
  poster_path: maybeText,
  backdrop_path: maybeText,
  genres: list(genre),
  production_companies: list(company),
  production_countries: list(country),
  spoken_languages: list(spokenLanguage),
  vote_average: count,
  vote_count: count,
  popularity: count,
  // append_to_response=keywords,release_dates,recommendations,credits
  keywords: movieKeywords.omit({ id: true }).optional().catch(undefined),
  release_dates: releaseDates.omit({ id: true }).optional().catch(undefined),
  recommendations: movieRecommendations.optional().catch(undefined),
  credits: movieCredits.optional().catch(undefined),
  videos: videos.optional().catch(undefined),
  'watch/providers': watchProviders.optional().catch(undefined),
});

// ---- credits and people -----------------------------------------------------------------------

export const creditMedia = z.object({
  id,
  media_type: text,
  title: text,
  name: text,
  original_title: text,
  original_name: text,
  character: text,
  overview: text,
  poster_path: maybeText,
  backdrop_path: maybeText,
  release_date: maybeText,
  first_air_date: maybeText,
  episodes: list(episode.partial({ id: true })),
  seasons: list(seasonSummary.partial({ id: true })),
});

export const creditDetails = z.object({
  id: z.string(),
  credit_type: text,
  department: text,
  job: text,
  media_type: z.enum(['movie', 'tv']).catch('movie'),
  media: creditMedia,
  person: personSummary.omit({ known_for: true }),
});

const personCredit = z.discriminatedUnion('media_type', [
  movieSummary.extend({ media_type: z.literal('movie'), character: text, job: text, credit_id: text }),
  tvSummary.extend({ media_type: z.literal('tv'), character: text, job: text, credit_id: text }),
]);

export const personDetails = z.object({
  id,
  name: text,
  biography: text,
  birthday: maybeText,
  deathday: maybeText,
  place_of_birth: maybeText,
  profile_path: maybeText,
  known_for_department: maybeText,
  also_known_as: list(z.string()),
  homepage: maybeText,
  imdb_id: maybeText,
  popularity: count,
  combined_credits: z
    .object({ cast: list(personCredit), crew: list(personCredit) })
    .optional()
    .catch(undefined),
});

// ---- account, lists, watchlist -----------------------------------------------------------------

export const account = z.object({
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
});

/** List ids are integers in account lists and strings in list details. */
const listId = z.union([z.number().int(), z.string().min(1)]).transform(String);

export const listSummary = z.object({
  id: listId,
  name: text,
  description: text,
  favorite_count: count,
  item_count: count,
  iso_639_1: text,
  list_type: text,
  poster_path: maybeText,
});

export const accountLists = paged(listSummary);

export const listDetails = z.object({
  id: listId,
  name: text,
  description: text,
  created_by: text,
  favorite_count: count,
  item_count: count,
  iso_639_1: text,
  poster_path: maybeText,
  items: list(mediaSummary),
  page: z.number().int().catch(1),
  total_pages: z.number().int().catch(1),
  total_results: z.number().int().catch(0),
});

export const watchlistMovies = paged(movieSummary);
export const watchlistTv = paged(tvSummary);

/** `GET /3/account/{account_id}/rated/movies` and `/tv`: the titles with the account's `rating`. */
export const ratedMovies = paged(movieSummary.extend({ rating: maybeNumber }));
export const ratedTv = paged(tvSummary.extend({ rating: maybeNumber }));

/** `GET /3/list/{list_id}/item_status?movie_id=`. */
export const listItemStatus = z.object({ item_present: z.boolean() });

export const accountStates = z.object({
  id,
  favorite: flag,
  rated: z.union([z.literal(false), z.object({ value: z.number() })]).catch(false),
  watchlist: z.boolean(),
});

export const trendingPeople = paged(personSummary);
export const searchMulti = paged(searchResult);
/** `GET /3/trending/all/{window}`: movies, series and (sometimes) people, as the search has them. */
export const trendingAll = paged(searchResult);

// ---- authentication ---------------------------------------------------------------------------

export const requestToken = z.object({ success: flag, expires_at: text, request_token: z.string().min(1) });
export const session = z.object({ success: flag, session_id: z.string().min(1) });
export const statusResponse = z.object({
  /** Absent in some answers; only an explicit `false` is a refusal. */
  success: z.boolean().optional().catch(undefined),
  status_code: z.number().int(),
  status_message: text,
});
export const successOnly = z.object({ success: z.boolean() });
/** `POST /3/list`: the new list's id with the status. */
export const listCreated = statusResponse.extend({ list_id: z.number().int().positive() });

/** TMDB's error bodies: the usual status triple, or a validation list. */
export const errorBody = z.union([
  z.object({ status_code: z.number().int(), status_message: text, success: flag.optional() }),
  z.object({ errors: z.array(z.string()) }),
]);

// ---- types ------------------------------------------------------------------------------------

export type Paged<T> = { page: number; results: T[]; total_pages: number; total_results: number };
export type MovieSummary = z.output<typeof movieSummary>;
export type RatedMovie = z.output<typeof ratedMovies>['results'][number];
export type RatedTv = z.output<typeof ratedTv>['results'][number];
export type TvSummary = z.output<typeof tvSummary>;
export type MediaSummary = z.output<typeof mediaSummary>;
export type PersonSummary = z.output<typeof personSummary>;
export type SearchResult = z.output<typeof searchResult>;
export type TvSeries = z.output<typeof tvSeries>;
export type Video = z.output<typeof video>;
export type SeasonDetails = z.output<typeof seasonDetails>;
export type WatchProviders = z.output<typeof watchProviders>;
export type Episode = z.output<typeof episode>;
export type SeasonSummary = z.output<typeof seasonSummary>;
export type MovieDetails = z.output<typeof movieDetails>;
export type MovieKeywords = z.output<typeof movieKeywords>;
export type ReleaseDates = z.output<typeof releaseDates>;
export type ReleaseDate = z.output<typeof releaseDate>;
export type CreditDetails = z.output<typeof creditDetails>;
export type PersonDetails = z.output<typeof personDetails>;
export type Account = z.output<typeof account>;
export type ListSummary = z.output<typeof listSummary>;
export type ListDetails = z.output<typeof listDetails>;
export type AccountStates = z.output<typeof accountStates>;
export type RequestToken = z.output<typeof requestToken>;
export type Session = z.output<typeof session>;
export type StatusResponse = z.output<typeof statusResponse>;
export type MediaKind = 'movie' | 'tv';
