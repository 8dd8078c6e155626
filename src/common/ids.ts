// Every identifier the extension shares with package.json, in one place.

export const EXTENSION_ID = 'tmdb-community.tmdb-vscode';

export const Commands = {
  setApiToken: 'tmdb.setApiToken',
  removeApiToken: 'tmdb.removeApiToken',
  signIn: 'tmdb.signIn',
  signInWithV4Token: 'tmdb.signInWithV4Token',
  signOut: 'tmdb.signOut',
  confirmApproval: 'tmdb.confirmApproval',
  copyApprovalLink: 'tmdb.copyApprovalLink',
  openApprovalPage: 'tmdb.openApprovalPage',
  search: 'tmdb.search',
  openMovie: 'tmdb.openMovie',
  openTvSeries: 'tmdb.openTvSeries',
  openCredit: 'tmdb.openCredit',
  openPerson: 'tmdb.openPerson',
  openCollection: 'tmdb.openCollection',
  back: 'tmdb.back',
  forward: 'tmdb.forward',
  keepOpen: 'tmdb.keepOpen',
  trendingShowDay: 'tmdb.trending.showDay',
  trendingShowWeek: 'tmdb.trending.showWeek',
  trendingRefresh: 'tmdb.trending.refresh',
  trendingTitlesRefresh: 'tmdb.trendingTitles.refresh',
  listsRefresh: 'tmdb.lists.refresh',
  watchlistRefresh: 'tmdb.watchlist.refresh',
  ratedRefresh: 'tmdb.rated.refresh',
  upNextRefresh: 'tmdb.upNext.refresh',
  showUpNext: 'tmdb.upNext.show',
  exportUpcoming: 'tmdb.exportUpcoming',
  browseRefresh: 'tmdb.browse.refresh',
  discover: 'tmdb.discover',
  saveDiscover: 'tmdb.discover.save',
  editDiscover: 'tmdb.discover.edit',
  deleteDiscover: 'tmdb.discover.delete',
  chooseServices: 'tmdb.chooseServices',
  rate: 'tmdb.rate',
  removeRating: 'tmdb.removeRating',
  addToList: 'tmdb.addToList',
  removeFromList: 'tmdb.removeFromList',
  newList: 'tmdb.newList',
  editList: 'tmdb.editList',
  editListComment: 'tmdb.editListComment',
  exportLibrary: 'tmdb.exportLibrary',
  importLibrary: 'tmdb.importLibrary',
  resumeImport: 'tmdb.resumeImport',
  addToWatchlist: 'tmdb.addToWatchlist',
  addToFavorites: 'tmdb.addToFavorites',
  removeFromFavorites: 'tmdb.removeFromFavorites',
  favoritesRefresh: 'tmdb.favorites.refresh',
  removeFromWatchlist: 'tmdb.removeFromWatchlist',
  markWatched: 'tmdb.markWatched',
  markUnwatched: 'tmdb.markUnwatched',
  markNextEpisodeWatched: 'tmdb.markNextEpisodeWatched',
  forYouRefresh: 'tmdb.forYou.refresh',
  copyLink: 'tmdb.copyLink',
  copyId: 'tmdb.copyId',
  copyImdbId: 'tmdb.copyImdbId',
  loadMore: 'tmdb.loadMore',
  showLog: 'tmdb.showLog',
  clearRecentTitles: 'tmdb.clearRecentTitles',
  clearCache: 'tmdb.clearCache',
  getStarted: 'tmdb.getStarted',
  openTitleAtCursor: 'tmdb.openTitleAtCursor',
  insertLinkToTitle: 'tmdb.insertLinkToTitle',
  /** After an IMDb-form completion (its command): not in the palette. */
  finishImdbLink: 'tmdb.finishImdbLink',
} as const;

/** The language model tools, as package.json contributes them (src/features/chat/tools.ts registers them). */
export const Tools = {
  search: 'tmdb_search',
  details: 'tmdb_details',
  trending: 'tmdb_trending',
  myTitles: 'tmdb_my_titles',
  myLists: 'tmdb_my_lists',
  watchlist: 'tmdb_watchlist',
  rate: 'tmdb_rate',
  addToList: 'tmdb_add_to_list',
  editList: 'tmdb_edit_list',
  markWatched: 'tmdb_mark_watched',
} as const;

export const Views = {
  trendingPeople: 'tmdb.trendingPeople',
  trendingTitles: 'tmdb.trendingTitles',
  lists: 'tmdb.lists',
  watchlist: 'tmdb.watchlist',
  favorites: 'tmdb.favorites',
  rated: 'tmdb.rated',
  upNext: 'tmdb.upNext',
  forYou: 'tmdb.forYou',
  browse: 'tmdb.browse',
} as const;

export const ContextKeys = {
  /**
   * SecretStorage has answered: until then the views show no welcome (a reload would otherwise flash
   * "Set API Token" for as long as SecretStorage takes).
   */
  credentialsRead: 'tmdb.credentialsRead',
  hasToken: 'tmdb.hasToken',
  signedIn: 'tmdb.signedIn',
  /** Signed in through TMDB's v4 approval: lists hold series, can be private, sorted and commented. */
  v4Lists: 'tmdb.v4Lists',
  /** An import stopped with titles left to write: Resume Import shows in the palette. */
  importPending: 'tmdb.importPending',
  signingIn: 'tmdb.signingIn',
  trendingWindow: 'tmdb.trendingWindow',
  /** Trending People has shown people (completes the walkthrough's "Browse Trending People"). */
  trendingShown: 'tmdb.trendingShown',
  panelWatchlist: 'tmdb.panelWatchlist',
  /** The active panel's title is a favorite (`on`), is not (`off`), or has no toggle (''). */
  panelFavorite: 'tmdb.panelFavorite',
  /** The active panel's movie is marked watched (`on`), is not (`off`), or has no mark ('': a series, a person). */
  panelWatched: 'tmdb.panelWatched',
  /** The active panel's kind (movie, tv, person, credit), for the palette's rating and list commands. */
  panelKind: 'tmdb.panelKind',
  /** The active panel's title has the user's rating. */
  panelRated: 'tmdb.panelRated',
  /** The active panel has a title to go Back (or Forward) to. */
  panelCanGoBack: 'tmdb.panelCanGoBack',
  panelCanGoForward: 'tmdb.panelCanGoForward',
  /** Discovers are saved: the palette offers to delete one only then. */
  hasSavedDiscovers: 'tmdb.hasSavedDiscovers',
  /** The active panel is the preview tab (a sidebar row's click shows its next title there). */
  panelPreview: 'tmdb.panelPreview',
  /**
   * The active editor's file names a TMDB or IMDb reference: its context menu offers Open Title at Cursor.
   * Of the file, not the cursor: a right-click moves the cursor as the menu opens, before a key could follow.
   */
  refsInEditor: 'tmdb.refsInEditor',
} as const;

export const SecretKeys = {
  apiToken: 'tmdb.apiToken',
  session: 'tmdb.session',
} as const;

export const StateKeys = {
  trendingWindow: 'tmdb.trendingWindow',
  recentTitles: 'tmdb.recentTitles',
  walkthroughShown: 'tmdb.walkthroughShown',
  /** Discover's filters a person saved by name. */
  savedDiscovers: 'tmdb.savedDiscovers',
  /** The streaming services a person picked for "on my services" (provider ids). */
  myServices: 'tmdb.myServices',
  /** API hosts other than TMDB's that the person allowed to receive the token and session (this machine only). */
  allowedApiHosts: 'tmdb.allowedApiHosts',
  /** An import under way or stopped (a cancel, a crash, a reload), to resume. */
  importJob: 'tmdb.importJob',
  /** What each account watched (features/watched/keptMarks.ts): synced by Settings Sync. */
  watched: 'tmdb.watched',
} as const;

export const WEBVIEW_TYPE = 'tmdb.detail';
export const AUTH_PROVIDER_ID = 'tmdb';
export const AUTH_CALLBACK_PATH = '/auth-callback';
