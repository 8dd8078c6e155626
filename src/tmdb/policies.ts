// What each endpoint asks for and how its answer is kept, and which of TMDB's codes confirm each write:
// the client's tables (./client reads them). No vscode import.
import { tmdbPart } from './deferredPart';
import { DEFAULT_TTL_MS, type CachePolicy } from './cache';

/** The status codes that confirm each write (TMDB's 1 created, 12 updated, 13 deleted). */
export const CONFIRMED_BY: Record<'flag' | 'rated' | 'listAdded' | 'removed' | 'created', ReadonlySet<number>> = {
  /** The watchlist and favorites. */
  flag: new Set([1, 12, 13]),
  rated: new Set([1, 12]),
  listAdded: new Set([12]),
  removed: new Set([13]),
  created: new Set([1]),
};
export const MOVIE_APPENDS = 'keywords,release_dates,recommendations,credits,videos,watch/providers';
export const TV_APPENDS = 'videos,watch/providers,aggregate_credits,external_ids';
export const TITLE_CACHE: CachePolicy = { scope: 'public', defaultTtlMs: DEFAULT_TTL_MS.title };
/** What a page reads: a kept answer shows at once, even stale, and is checked behind (a slow TMDB never makes a person wait). */
export const PAGE_READ = { cache: TITLE_CACHE, staleWhileRevalidate: true } as const;
export const ACCOUNT_CACHE: CachePolicy = { scope: 'account', defaultTtlMs: DEFAULT_TTL_MS.account };
/** The person's own lists, watchlist, favorites and ratings: also on disk, shown as last seen offline. */
export const ACCOUNT_KEPT: CachePolicy = { ...ACCOUNT_CACHE, keptOffline: true };

/**
 * The schema each kind of panel's answer is read with, named once: the client's endpoint for that kind reads
 * with it, and TmdbClient.warmUp(kind) builds it ahead of the first panel of the kind.
 */
export const PANEL_SCHEMAS = {
  movie: () => tmdbPart().schemas.movieDetails(),
  tv: () => tmdbPart().schemas.tvSeries(),
  credit: () => tmdbPart().schemas.creditDetails(),
  collection: () => tmdbPart().schemas.collectionDetails(),
  person: () => tmdbPart().schemas.personDetails(),
} as const;
export type PanelSchemaKind = keyof typeof PANEL_SCHEMAS;
