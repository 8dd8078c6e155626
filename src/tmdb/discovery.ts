// The endpoints of Up Next and Browse: a series' schedule, the charts (Now Playing, Airing Today…),
// Discover with a person's filters, and what the filters offer. Public answers, kept like trending (a
// schedule: six hours at least, whatever the CDN says). No vscode import.
import type { z } from 'zod';
import { tmdbPart } from './deferredPart';
import { clampPage, int } from './arguments';
import { DEFAULT_TTL_MS, type CachePolicy, type Kept } from './cache';
import type { Read } from './readThrough';
import type { MediaKind } from './schemas';

const schemas = () => tmdbPart().schemas;

/** The lists TMDB keeps of each kind, in the order Browse shows them. */
export const CHARTS = {
  movie: ['now_playing', 'upcoming', 'popular', 'top_rated'],
  tv: ['airing_today', 'on_the_air', 'popular', 'top_rated'],
} as const;
export type Chart<K extends MediaKind = MediaKind> = (typeof CHARTS)[K][number];

/** What a person filters Discover by. Every field is optional: none is TMDB's most popular. */
export interface DiscoverFilters {
  kind: MediaKind;
  /** Genre ids; a title must have all of them. */
  genres?: number[];
  yearFrom?: number;
  yearTo?: number;
  /** TMDB's user score, 0 to 10. */
  minScore?: number;
  minVotes?: number;
  /** Minutes. */
  runtimeFrom?: number;
  runtimeTo?: number;
  /** Movies: this certification of the region or milder (`certification.lte`). */
  certification?: string;
  /** Only what the person's streaming services offer (their flat-rate catalogue in the region). */
  onMyServices?: boolean;
}

/** Where Discover looks: the region, and the person's services there (provider ids). */
export interface DiscoverScope {
  region: string;
  services: number[];
}

/** TMDB's `/3/discover/{kind}` query for the filters. */
export function discoverQuery(filters: DiscoverFilters, scope: DiscoverScope): Record<string, string | number> {
  const movie = filters.kind === 'movie';
  const date = movie ? 'primary_release_date' : 'first_air_date';
  const query: Record<string, string | number> = { sort_by: 'popularity.desc' };
  if (filters.genres?.length) query.with_genres = filters.genres.join(',');
  if (filters.yearFrom !== undefined) query[`${date}.gte`] = `${filters.yearFrom}-01-01`;
  if (filters.yearTo !== undefined) query[`${date}.lte`] = `${filters.yearTo}-12-31`;
  if (filters.minScore !== undefined) query['vote_average.gte'] = filters.minScore;
  if (filters.minVotes !== undefined) query['vote_count.gte'] = filters.minVotes;
  if (filters.runtimeFrom !== undefined) query['with_runtime.gte'] = filters.runtimeFrom;
  if (filters.runtimeTo !== undefined) query['with_runtime.lte'] = filters.runtimeTo;
  if (movie && filters.certification && scope.region) {
    query.certification_country = scope.region;
    query['certification.lte'] = filters.certification;
  }
  if (filters.onMyServices && scope.services.length && scope.region) {
    // `|`: any of them; `watch_region` is required with it.
    query.with_watch_providers = scope.services.join('|');
    query.watch_region = scope.region;
    query.with_watch_monetization_types = 'flatrate';
  }
  return query;
}

const LISTING: CachePolicy = { scope: 'public', defaultTtlMs: DEFAULT_TTL_MS.trending };
const REFERENCE: CachePolicy = {
  scope: 'public',
  defaultTtlMs: DEFAULT_TTL_MS.reference,
  minTtlMs: DEFAULT_TTL_MS.reference,
};
/** A schedule is kept six hours, and shown stale (checked behind) after that: Up Next never waits for TMDB once it has one. */
const SCHEDULE: CachePolicy = {
  scope: 'public',
  defaultTtlMs: DEFAULT_TTL_MS.schedule,
  minTtlMs: DEFAULT_TTL_MS.schedule,
};

type Reader = <T extends z.ZodType>(call: Read<T>) => Promise<Kept<z.output<T>>>;

export class Discovery {
  constructor(
    private readonly read: Reader,
    private readonly region: () => string,
  ) {}

  /** `GET /3/tv/{series_id}` with no appends: a followed series' next and last episodes. */
  schedule(seriesId: number, signal?: AbortSignal) {
    return this.read({
      path: `/3/tv/${int(seriesId)}`,
      signal,
      schema: () => schemas().seriesSchedule(),
      localized: true,
      cache: SCHEDULE,
      staleWhileRevalidate: true,
    });
  }

  /** `GET /3/movie/now_playing` and the others: a page of one of TMDB's lists, for the region (movies) or the time zone (series airing). */
  chart<K extends MediaKind>(kind: K, chart: Chart<K>, page = 1) {
    const query: Record<string, string | number> = { page: clampPage(page) };
    if (kind === 'movie' && this.region()) query.region = this.region();
    if (kind === 'tv' && (chart === 'airing_today' || chart === 'on_the_air'))
      query.timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const schema = () => (kind === 'movie' ? schemas().moviePage() : schemas().tvPage());
    return this.read({
      path: `/3/${kind}/${chart}`,
      schema,
      query,
      localized: true,
      cache: LISTING,
      staleWhileRevalidate: true,
    }) as Promise<
      Kept<
        z.output<
          K extends 'movie'
            ? ReturnType<ReturnType<typeof schemas>['moviePage']>
            : ReturnType<ReturnType<typeof schemas>['tvPage']>
        >
      >
    >;
  }

  /** `GET /3/discover/{movie|tv}` with the filters. */
  discover(filters: DiscoverFilters, services: number[], page = 1) {
    const query = { ...discoverQuery(filters, { region: this.region(), services }), page: clampPage(page) };
    const schema = () => (filters.kind === 'movie' ? schemas().moviePage() : schemas().tvPage());
    return this.read({
      path: `/3/discover/${filters.kind}`,
      schema,
      query,
      localized: true,
      cache: LISTING,
      staleWhileRevalidate: true,
    });
  }

  genres(kind: MediaKind) {
    return this.read({
      path: `/3/genre/${kind}/list`,
      schema: () => schemas().genreList(),
      localized: true,
      cache: REFERENCE,
    });
  }

  /** The streaming services TMDB knows in the region, its most watched first. */
  async providers(kind: MediaKind) {
    const region = this.region();
    const answer = await this.read({
      path: `/3/watch/providers/${kind}`,
      schema: () => schemas().providerList(),
      query: { watch_region: region },
      localized: true,
      cache: REFERENCE,
    });
    const rank = (provider: (typeof answer.results)[number]) =>
      provider.display_priorities[region] ?? provider.display_priority;
    return [...answer.results].sort((a, b) => rank(a) - rank(b));
  }

  /** The region's movie certifications, the mildest first. */
  async certifications(): Promise<Array<{ certification: string; meaning: string }>> {
    const answer = await this.read({
      path: '/3/certification/movie/list',
      schema: () => schemas().certificationList(),
      cache: REFERENCE,
    });
    const mine = Object.hasOwn(answer.certifications, this.region())
      ? (answer.certifications[this.region()] ?? [])
      : [];
    return [...mine].sort((a, b) => a.order - b.order).filter((c) => c.certification && c.certification !== 'NR');
  }
}
