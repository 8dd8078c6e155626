// The services `activate` builds, by name: what commands act on, and what test mode hands the tests.
import type { TmdbAuthenticationProvider } from './auth/authenticationProvider';
import type { Auth } from './auth/auth';
import type { Credentials } from './auth/credentials';
import type { Logger } from './common/log';
import type { RecentTitles } from './search/recentTitles';
import type { Searcher } from './search/search';
import type { TmdbClient } from './tmdb/client';
import type { AvatarCache } from './views/avatarCache';
import type { ListsView } from './views/listsView';
import type { TrendingTitlesView } from './views/trendingTitlesView';
import type { TrendingView } from './views/trendingView';
import type { AccountTitlesView } from './views/accountTitlesView';
import type { ListService } from './account/listService';
import type { RatingService } from './account/ratingService';
import type { WatchlistService } from './account/watchlistService';
import type { ListActions } from './commands/listActions';
import type { PanelManager } from './webview/panelManager';

export interface Services {
  log: Logger;
  client: TmdbClient;
  credentials: Credentials;
  auth: Auth;
  accounts: TmdbAuthenticationProvider;
  panels: PanelManager;
  searcher: Searcher;
  recent: RecentTitles;
  trending: TrendingView;
  trendingTitles: TrendingTitlesView;
  lists: ListsView;
  watchlistView: AccountTitlesView;
  ratedView: AccountTitlesView;
  watchlist: WatchlistService;
  ratings: RatingService;
  listService: ListService;
  listActions: ListActions;
  avatars: AvatarCache;
}
