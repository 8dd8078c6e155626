// The services `activate` builds, by name: what commands act on, and what test mode hands the tests.
import type { AccountsProvider } from './auth/accountsProvider';
import type { Auth } from './auth/auth';
import type { Credentials } from './auth/credentials';
import type { Logger } from './log';
import type { RecentTitles } from './recentTitles';
import type { Searcher } from './search';
import type { TmdbClient } from './tmdb/client';
import type { AvatarCache } from './views/avatarCache';
import type { ListsView } from './views/listsView';
import type { TrendingTitlesView } from './views/trendingTitlesView';
import type { TrendingView } from './views/trendingView';
import type { WatchlistView } from './views/watchlistView';
import type { WatchlistService } from './watchlistService';
import type { PanelManager } from './webview/panelManager';

export interface Services {
  log: Logger;
  client: TmdbClient;
  credentials: Credentials;
  auth: Auth;
  accounts: AccountsProvider;
  panels: PanelManager;
  searcher: Searcher;
  recent: RecentTitles;
  trending: TrendingView;
  trendingTitles: TrendingTitlesView;
  lists: ListsView;
  watchlistView: WatchlistView;
  watchlist: WatchlistService;
  avatars: AvatarCache;
}
