// The records many answers share: genres, companies, the movie, series and person summaries that
// listings and searches hold, videos, and where to watch.
import * as z from 'zod';
import { once } from '../../common/once';
import { count, flag, id, list, listText, maybeText, paged, summary, text } from './fields';

// ---- shared records ---------------------------------------------------------------------------

export const genre = once(() => z.object({ id, name: text }));
export const company = once(() => z.object({ id, name: text, logo_path: maybeText, origin_country: text }));
export const country = once(() => z.object({ iso_3166_1: text, name: text }));
export const spokenLanguage = once(() => z.object({ iso_639_1: text, english_name: text, name: text }));
export const keyword = once(() => z.object({ id, name: text }));

export const movieSummary = once(() =>
  z.object({
    id,
    media_type: z.literal('movie').catch('movie'),
    title: text,
    original_title: text,
    overview: summary,
    release_date: maybeText,
    poster_path: maybeText,
    backdrop_path: maybeText,
    genre_ids: list(z.number(), 50),
    original_language: text,
    popularity: count,
    vote_average: count,
    vote_count: count,
    adult: flag,
    video: flag,
  }),
);

export const tvSummary = once(() =>
  z.object({
    id,
    media_type: z.literal('tv').catch('tv'),
    name: text,
    original_name: text,
    overview: summary,
    first_air_date: maybeText,
    poster_path: maybeText,
    backdrop_path: maybeText,
    genre_ids: list(z.number(), 50),
    origin_country: list(listText, 50),
    original_language: text,
    popularity: count,
    vote_average: count,
    vote_count: count,
    adult: flag,
  }),
);

/** A movie or a series where `media_type` says which (known_for, lists, search). */
export const mediaSummary = once(() =>
  z.discriminatedUnion('media_type', [
    movieSummary().extend({ media_type: z.literal('movie') }),
    tvSummary().extend({ media_type: z.literal('tv') }),
  ]),
);

export const personSummary = once(() =>
  z.object({
    id,
    media_type: z.literal('person').catch('person'),
    name: text,
    original_name: text,
    known_for_department: maybeText,
    profile_path: maybeText,
    popularity: count,
    gender: count,
    adult: flag,
    known_for: list(mediaSummary()),
  }),
);

export const searchResult = once(() =>
  z.discriminatedUnion('media_type', [
    movieSummary().extend({ media_type: z.literal('movie') }),
    tvSummary().extend({ media_type: z.literal('tv') }),
    personSummary().extend({ media_type: z.literal('person') }),
  ]),
);

/** `…/videos` (appended as `videos`): trailers, teasers, clips on YouTube or Vimeo, by `site` and `key`. */
export const video = once(() =>
  z.object({
    key: text,
    site: text,
    type: text,
    name: text,
    official: flag,
    published_at: maybeText,
  }),
);
export const videos = once(() => z.object({ results: list(video(), 100) }));

/** `…/watch/providers` (appended as `watch/providers`): by country, JustWatch's data, TMDB's watch page. */
export const provider = once(() =>
  z.object({ provider_id: id, provider_name: text, logo_path: maybeText, display_priority: count }),
);
export const countryProviders = once(() =>
  z.object({
    link: text,
    flatrate: list(provider(), 100),
    free: list(provider(), 100),
    ads: list(provider(), 100),
    rent: list(provider(), 100),
    buy: list(provider(), 100),
  }),
);
/**
 * By country, each read when it is first asked for: a page reads the user's region (and, when it has no
 * data, the list of codes), not the ~100 countries an answer carries, which were most of the time spent
 * validating a title. What is read is what an eager parse gives: an entry that is not an object is left out
 * at once (the only way `countryProviders` can fail, as every field has a fallback), so the keys are the
 * same, and a country's value, once read, is `countryProviders`' output (a property test compares the two).
 */
export const watchProviders = once(() => z.object({ results: z.unknown().transform(lazyCountries) }));

type CountryProviders = z.output<ReturnType<typeof countryProviders>>;

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
        const read = countryProviders().parse(entry);
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

// ---- listings of summaries ---------------------------------------------------------------------

export const trendingPeople = once(() => paged(personSummary()));
export const searchMulti = once(() => paged(searchResult()));
/** `GET /3/search/{movie,tv,person}`: one kind, without `media_type` (the summaries say it). */
export const searchMovies = once(() => paged(movieSummary()));
export const searchTv = once(() => paged(tvSummary()));
export const searchPeople = once(() => paged(personSummary()));
/** `GET /3/find/{external_id}?external_source=imdb_id`: what an IMDb id is at TMDB (a title's tt, a person's nm). */
export const findByImdb = once(() =>
  z.object({
    movie_results: list(movieSummary(), 20),
    tv_results: list(tvSummary(), 20),
    person_results: list(personSummary(), 20),
    /** An episode's IMDb id: its series (`show_id`) is what a link to it opens. */
    tv_episode_results: list(z.object({ show_id: id }), 20),
  }),
);
/** `GET /3/trending/all/{window}`: movies, series and (sometimes) people, as the search has them. */
export const trendingAll = once(() => paged(searchResult()));
