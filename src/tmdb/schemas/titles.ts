// A series (with its seasons and episodes), a movie (with everything appended to it), a credit and a
// person: what the detail panels show.
import * as z from 'zod';
import { once } from '../../common/once';
import { count, flag, id, list, listText, maybeNumber, maybeText, paged, prose, summary, text, upTo } from './fields';
import {
  company,
  country,
  genre,
  keyword,
  movieSummary,
  personSummary,
  spokenLanguage,
  tvSummary,
  videos,
  watchProviders,
} from './records';

// ---- TV series --------------------------------------------------------------------------------

export const episode = once(() =>
  z.object({
    id,
    name: text,
    overview: summary,
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
  }),
);

/** Someone in one episode: a guest star (with a character) or crew (with a job). */
const episodePerson = once(() =>
  z.object({ id, name: text, profile_path: maybeText, character: text, job: text, department: text }),
);

/** An episode as its season lists it: with its guest stars and crew (an episode page shows them). */
export const seasonEpisode = once(() =>
  episode().extend({ crew: list(episodePerson(), 200), guest_stars: list(episodePerson(), 200) }),
);

/** `GET /3/tv/{id}/season/{n}`: a season with its episodes (a soap opera's can hold thousands). */
export const seasonDetails = once(() =>
  z.object({
    id,
    name: text,
    overview: prose,
    air_date: maybeText,
    season_number: z.number().int(),
    episodes: list(seasonEpisode(), 5000),
  }),
);

export const seasonSummary = once(() =>
  z.object({
    id,
    name: text,
    overview: summary,
    air_date: maybeText,
    episode_count: count,
    poster_path: maybeText,
    season_number: z.number().int(),
    vote_average: count,
  }),
);

export const creator = once(() =>
  z.object({
    id,
    credit_id: text,
    name: text,
    original_name: text,
    gender: count,
    profile_path: maybeText,
  }),
);

/**
 * `aggregate_credits`: everyone who was in the series, each person once, with every role or job and its
 * episode count (plain `credits` has only the latest season's cast). A long-running soap's runs to
 * thousands; the page shows the first 1000 cast and 500 crew.
 */
export const aggregateCredits = once(() =>
  z.object({
    cast: list(
      z.object({
        id,
        name: text,
        profile_path: maybeText,
        order: count,
        total_episode_count: count,
        roles: list(z.object({ character: text, episode_count: count }), 50),
      }),
      1000,
    ),
    crew: list(
      z.object({
        id,
        name: text,
        profile_path: maybeText,
        department: text,
        total_episode_count: count,
        jobs: list(z.object({ job: text, episode_count: count }), 50),
      }),
      500,
    ),
  }),
);

/** A title's ids elsewhere (`external_ids`): the IMDb id is what "Copy IMDb ID" copies. */
export const titleExternalIds = once(() => z.object({ imdb_id: maybeText }));

export const tvSeries = once(() =>
  z.object({
    id,
    name: text,
    original_name: text,
    adult: flag,
    backdrop_path: maybeText,
    poster_path: maybeText,
    created_by: list(creator(), 50),
    episode_run_time: list(z.number(), 20),
    first_air_date: maybeText,
    last_air_date: maybeText,
    genres: list(genre(), 50),
    homepage: maybeText,
    in_production: flag,
    languages: list(listText, 100),
    last_episode_to_air: episode().nullable().catch(null),
    next_episode_to_air: episode().nullable().catch(null),
    networks: list(company(), 50),
    number_of_episodes: maybeNumber,
    number_of_seasons: maybeNumber,
    origin_country: list(listText, 50),
    original_language: text,
    overview: prose,
    popularity: count,
    production_companies: list(company(), 100),
    production_countries: list(country(), 100),
    seasons: list(seasonSummary(), 300),
    spoken_languages: list(spokenLanguage(), 100),
    status: text,
    tagline: summary,
    type: text,
    vote_average: count,
    vote_count: count,
    videos: videos().optional().catch(undefined),
    'watch/providers': watchProviders().optional().catch(undefined),
    aggregate_credits: aggregateCredits().optional().catch(undefined),
    external_ids: titleExternalIds().optional().catch(undefined),
  }),
);

// ---- movies -----------------------------------------------------------------------------------

export const movieKeywords = once(() => z.object({ id, keywords: list(keyword(), 200) }));

/**
 * A release: a country has a handful (theatrical, digital, physical, TV, festivals; the fixtures' most is
 * 8), each with a short certification ("FSK 16") and note (at most 62 characters there).
 */
export const releaseDate = once(() =>
  z.object({
    certification: upTo(20),
    descriptors: list(upTo(30), 3),
    iso_639_1: upTo(10),
    note: upTo(100),
    release_date: z.string(),
    type: z.number().int(),
  }),
);

export const releaseDates = once(() =>
  z.object({
    id,
    // At most every country there is, each with at most twelve releases.
    results: list(z.object({ iso_3166_1: upTo(10), release_dates: list(releaseDate(), 12) }), 250),
  }),
);

export const castMember = once(() =>
  z.object({
    id,
    name: text,
    character: text,
    profile_path: maybeText,
    credit_id: text,
    order: count,
  }),
);

export const crewMember = once(() =>
  z.object({
    id,
    name: text,
    job: text,
    department: text,
    profile_path: maybeText,
    credit_id: text,
  }),
);

/**
 * A movie's cast and crew: the page shows the top of the cast (TMDB lists it by billing order), the key crew
 * and the whole crew by department. TMDB lists the crew by no importance (a director may come 150th): read
 * to 500.
 */
export const movieCredits = once(() =>
  z.object({ id: id.optional(), cast: list(castMember(), 100), crew: list(crewMember(), 500) }),
);

export const movieRecommendations = once(() => paged(movieSummary()));

/** The collection a movie belongs to (`belongs_to_collection`), or null. */
export const collectionSummary = once(() =>
  z.object({ id, name: text, poster_path: maybeText, backdrop_path: maybeText }),
);

/**
 * `GET /3/collection/{collection_id}`: a collection and its movies. TMDB's own example names a part with
 * `name`/`original_name`, as a series; answers name it `title`: either is read as the movie's title.
 */
export const collectionDetails = once(() =>
  z.object({
    id,
    name: text,
    overview: prose,
    poster_path: maybeText,
    backdrop_path: maybeText,
    parts: list(
      movieSummary()
        .extend({ name: text, original_name: text })
        .transform(({ name, original_name, ...part }) => ({
          ...part,
          title: part.title || name,
          original_title: part.original_title || original_name,
        })),
      // Real collections hold a few dozen movies at most.
      200,
    ),
  }),
);

export const movieDetails = once(() =>
  z.object({
    id,
    title: text,
    original_title: text,
    original_language: text,
    tagline: summary,
    overview: prose,
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
    belongs_to_collection: collectionSummary().nullable().catch(null),
    genres: list(genre(), 50),
    production_companies: list(company(), 100),
    production_countries: list(country(), 100),
    spoken_languages: list(spokenLanguage(), 100),
    vote_average: count,
    vote_count: count,
    popularity: count,
    // append_to_response=keywords,release_dates,recommendations,credits
    keywords: movieKeywords().omit({ id: true }).optional().catch(undefined),
    release_dates: releaseDates().omit({ id: true }).optional().catch(undefined),
    recommendations: movieRecommendations().optional().catch(undefined),
    credits: movieCredits().optional().catch(undefined),
    videos: videos().optional().catch(undefined),
    'watch/providers': watchProviders().optional().catch(undefined),
  }),
);

// ---- credits and people -----------------------------------------------------------------------

export const creditMedia = once(() =>
  z.object({
    id,
    media_type: text,
    title: text,
    name: text,
    original_title: text,
    original_name: text,
    character: text,
    overview: summary,
    poster_path: maybeText,
    backdrop_path: maybeText,
    release_date: maybeText,
    first_air_date: maybeText,
    episodes: list(episode().partial({ id: true }), 200),
    seasons: list(seasonSummary().partial({ id: true }), 300),
  }),
);

export const creditDetails = once(() =>
  z.object({
    id: z.string(),
    credit_type: text,
    department: text,
    job: text,
    media_type: z.enum(['movie', 'tv']).catch('movie'),
    media: creditMedia(),
    person: personSummary().omit({ known_for: true }),
  }),
);

/** One credit of a person's (`combined_credits`): a cast credit has a character, a crew credit a department and job. */
const creditFields = { character: text, job: text, department: text, credit_id: text, episode_count: count };
const personCredit = once(() =>
  z.discriminatedUnion('media_type', [
    movieSummary().extend({ media_type: z.literal('movie'), ...creditFields }),
    tvSummary().extend({ media_type: z.literal('tv'), ...creditFields }),
  ]),
);

/** `external_ids`: the person's ids on other sites (each is only ever linked to its own site). */
const personExternalIds = once(() =>
  z.object({
    imdb_id: maybeText,
    wikidata_id: maybeText,
    facebook_id: maybeText,
    instagram_id: maybeText,
    tiktok_id: maybeText,
    twitter_id: maybeText,
    youtube_id: maybeText,
  }),
);

export const personDetails = once(() =>
  z.object({
    id,
    name: text,
    biography: prose,
    birthday: maybeText,
    deathday: maybeText,
    place_of_birth: maybeText,
    profile_path: maybeText,
    known_for_department: maybeText,
    also_known_as: list(listText, 100),
    homepage: maybeText,
    imdb_id: maybeText,
    popularity: count,
    combined_credits: z
      .object({ cast: list(personCredit()), crew: list(personCredit()) })
      .optional()
      .catch(undefined),
    external_ids: personExternalIds().optional().catch(undefined),
    /** `images`: the person's pictures (the profile picture among them), TMDB's best voted first. */
    images: z
      .object({
        profiles: list(z.object({ file_path: maybeText, width: count, height: count, vote_average: count }), 100),
      })
      .optional()
      .catch(undefined),
  }),
);
