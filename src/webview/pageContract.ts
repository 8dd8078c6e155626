// The names the page builders write into the HTML and the page script looks for. No imports, so the page
// script's bundle takes these few strings and nothing else.

/** `data-action` values of the page's buttons. */
export const Actions = {
  retry: 'retry',
  setToken: 'set-token',
  toggleWatchlist: 'toggle-watchlist',
  toggleFavorite: 'toggle-favorite',
  toggleWatched: 'toggle-watched',
  moreRecommendations: 'more-recommendations',
  openSeason: 'open-season',
  moreEpisodes: 'more-episodes',
  rate: 'rate',
  addToList: 'add-to-list',
  /** An episode row's watched checkbox, and its season's header button. */
  markEpisode: 'mark-episode',
  markSeason: 'mark-season',
  /** An episode row's ☆: its rating at TMDB (the host asks with the rating pick). */
  rateEpisode: 'rate-episode',
} as const;
export type Action = (typeof Actions)[keyof typeof Actions];

/** Elements the page script updates in place. */
export const Hooks = {
  content: 'content',
  recommendationCards: 'recommendation-cards',
  watchlistButton: 'watchlist',
  watchlistStatus: 'watchlist-status',
  favoriteButton: 'favorite',
  favoriteStatus: 'favorite-status',
  watchedButton: 'watched',
  watchedStatus: 'watched-status',
  seasonEpisodes: 'season-episodes',
  /** The open season's watched marks above its episodes: "12 of 24 watched" and its button. */
  seasonMarks: 'season-marks',
  seasonProgress: 'season-progress',
  rating: 'rating',
  ratingStatus: 'rating-status',
  filmDepartment: 'film-department',
  filmSort: 'film-sort',
  filmCount: 'film-count',
} as const;

/** The words the page script writes itself; the shell puts them, translated, in `<body data-strings>`. */
export interface PageStrings {
  signInForWatchlist: string;
  onWatchlist: string;
  addToWatchlist: string;
  removeTooltip: string;
  addTooltip: string;
  signInForFavorite: string;
  /** The favorite toggle's words: on, off, and its tooltips. */
  favorite: string;
  addToFavorites: string;
  removeFavoriteTooltip: string;
  addFavoriteTooltip: string;
  /** A toggle's words while TMDB cannot be reached, and when it cannot be read for another reason. */
  watchlistOffline: string;
  favoriteOffline: string;
  watchlistUnavailable: string;
  favoriteUnavailable: string;
  /** A movie's watched mark: on, off, its tooltips, and signed out (the marks are an account's). */
  watched: string;
  markWatched: string;
  unmarkWatchedTooltip: string;
  markWatchedTooltip: string;
  signInForWatched: string;
  /** A season's header: "{0} of {1} watched", its button's words, and signed out (the marks are an account's). */
  seasonProgress: string;
  markSeason: string;
  unmarkSeason: string;
  signInForEpisodes: string;
  /** An episode's ☆ unrated ("Rate"), and its tooltip; rated, it shows "★ 8". */
  rateEpisode: string;
  rateEpisodeTooltip: string;
  /** An episode's ☆ while TMDB cannot be reached. */
  rateEpisodeOffline: string;
  saving: string;
  /** Beside the rating menu while a choice made with the arrows is not saved yet. */
  ratingNotSaved: string;
  moreRecommendations: string;
  /** "More episodes ({0} left)": the page fills in the number. */
  moreEpisodes: string;
  loading: string;
  loadingFromTmdb: string;
  /** "{0} titles": how many filmography rows the filters leave. */
  filmTitles: string;
  /** "1 title": the same for one. */
  filmTitle: string;
  /** "Back to {0}" and "Forward to {0}": the history bar's tooltips, naming where each leads. */
  backTo: string;
  forwardTo: string;
}
