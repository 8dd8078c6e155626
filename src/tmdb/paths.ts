// TMDB's paths as the rest of the extension names them: what a Refresh, a write or Up Next asks the cache
// to read anew (`TmdbClient.expire`), and what a view follows. The endpoints themselves are the client's.
// No vscode import.

export const TmdbPaths = {
  /** Trending people, by day or week. */
  trendingPeople: '/3/trending/person/',
  /** Trending movies and series together. */
  trendingAll: '/3/trending/all/',
  /** Everything of the signed-in account: its lists, watchlist, favorites, ratings. */
  account: '/3/account/',
  /** A list's own page. */
  list: '/3/list/',
  /** The account's v4 lists. */
  v4Account: '/4/account/',
  /** A v4 list's own page. */
  v4List: '/4/list/',
  /** Discover's results. */
  discover: '/3/discover/',
  movie: (id: number) => `/3/movie/${id}`,
  tv: (id: number) => `/3/tv/${id}`,
  credit: (id: string) => `/3/credit/${id}`,
  collection: (id: number) => `/3/collection/${id}`,
  person: (id: number) => `/3/person/${id}`,
  /** A chart of movies or series (`popular`, `top_rated`…). */
  chart: (kind: 'movie' | 'tv', chart: string) => `/3/${kind}/${chart}`,
} as const;
