// zod schemas for every TMDB resource the extension reads, one module a kind of answer; types are
// inferred from them. Loaded on first use (../../schemasAndPages), never at start-up.
//
// Real TMDB data is untidy (null where an integer is promised, fields missing from older records, ""
// for unknown dates), so the schemas are strict only where a view cannot exist without the value (ids,
// the watchlist flag, auth tokens) and tolerant everywhere else: a bad optional field becomes a neutral
// value, and one bad element of an array is dropped instead of failing the whole response (./fields).
import type { z } from 'zod';
import type {
  mediaSummary,
  movieSummary,
  personSummary,
  searchResult,
  tvSummary,
  video,
  watchProviders,
} from './records';
import type {
  aggregateCredits,
  collectionDetails,
  creditDetails,
  episode,
  seasonEpisode,
  movieDetails,
  movieKeywords,
  personDetails,
  releaseDate,
  releaseDates,
  seasonDetails,
  seasonSummary,
  tvSeries,
} from './titles';
import type { v4AccountLists, v4ListDetails } from './lists4';
import type { ratedEpisodes, seasonAccountStates, v4Picks } from './episodes';
import type { certificationList, genreList, providerList, seriesSchedule } from './browse';
import type {
  account,
  accountStates,
  listDetails,
  listSummary,
  ratedMovies,
  ratedTv,
  requestToken,
  session,
  statusResponse,
} from './account';

export { list, paged } from './fields';
export * from './records';
export * from './titles';
export * from './account';
export * from './browse';
export * from './lists4';
export * from './episodes';

// ---- types ------------------------------------------------------------------------------------

export type Paged<T> = { page: number; results: T[]; total_pages: number; total_results: number };
export type MovieSummary = z.output<ReturnType<typeof movieSummary>>;
export type RatedMovie = z.output<ReturnType<typeof ratedMovies>>['results'][number];
export type RatedTv = z.output<ReturnType<typeof ratedTv>>['results'][number];
export type TvSummary = z.output<ReturnType<typeof tvSummary>>;
export type MediaSummary = z.output<ReturnType<typeof mediaSummary>>;
export type PersonSummary = z.output<ReturnType<typeof personSummary>>;
export type SearchResult = z.output<ReturnType<typeof searchResult>>;
export type TvSeries = z.output<ReturnType<typeof tvSeries>>;
export type Video = z.output<ReturnType<typeof video>>;
export type SeasonDetails = z.output<ReturnType<typeof seasonDetails>>;
export type WatchProviders = z.output<ReturnType<typeof watchProviders>>;
export type Episode = z.output<ReturnType<typeof episode>>;
export type SeasonEpisode = z.output<ReturnType<typeof seasonEpisode>>;
export type AggregateCredits = z.output<ReturnType<typeof aggregateCredits>>;
export type SeasonSummary = z.output<ReturnType<typeof seasonSummary>>;
export type MovieDetails = z.output<ReturnType<typeof movieDetails>>;
export type CollectionDetails = z.output<ReturnType<typeof collectionDetails>>;
export type MovieKeywords = z.output<ReturnType<typeof movieKeywords>>;
export type ReleaseDates = z.output<ReturnType<typeof releaseDates>>;
export type ReleaseDate = z.output<ReturnType<typeof releaseDate>>;
export type CreditDetails = z.output<ReturnType<typeof creditDetails>>;
export type PersonDetails = z.output<ReturnType<typeof personDetails>>;
export type Account = z.output<ReturnType<typeof account>>;
/** A list row; v4 rows also say whether the list is public (v3 lists are always public). */
export type ListSummary = z.output<ReturnType<typeof listSummary>> & { public?: boolean };
export type ListDetails = z.output<ReturnType<typeof listDetails>>;
/** A v4 list row: ListSummary with whether it is public. */
export type V4ListSummary = z.output<ReturnType<typeof v4AccountLists>>['results'][number];
export type V4ListPage = z.output<ReturnType<typeof v4ListDetails>>;
export type V4ListItem = V4ListPage['results'][number];
/** The v4 list sorts TMDB accepts. */
export type V4ListSort = `${'original_order' | 'vote_average' | 'primary_release_date' | 'title'}.${'asc' | 'desc'}`;
export type AccountStates = z.output<ReturnType<typeof accountStates>>;
export type SeasonAccountStates = z.output<ReturnType<typeof seasonAccountStates>>;
export type RatedEpisode = z.output<ReturnType<typeof ratedEpisodes>>['results'][number];
export type V4Pick = z.output<ReturnType<typeof v4Picks>>['results'][number];
export type RequestToken = z.output<ReturnType<typeof requestToken>>;
export type Session = z.output<ReturnType<typeof session>>;
export type StatusResponse = z.output<ReturnType<typeof statusResponse>>;
export type MediaKind = 'movie' | 'tv';
export type SeriesSchedule = z.output<ReturnType<typeof seriesSchedule>>;
export type GenreList = z.output<ReturnType<typeof genreList>>;
export type ProviderList = z.output<ReturnType<typeof providerList>>;
export type CertificationList = z.output<ReturnType<typeof certificationList>>;
/** What `account_states` says of a title, and `POST /3/account/{id}/<flag>` sets: on the watchlist, a favorite. */
export type TitleFlag = 'watchlist' | 'favorite';
