// Wiring only: build the services, register them, return. No network call happens here; views load
// when they are first shown.
import * as vscode from 'vscode';
import { Auth } from './auth/auth';
import { Credentials } from './auth/credentials';
import { TmdbAuthenticationProvider } from './auth/provider';
import { registerCommands } from './commands';
import { readSettings } from './config';
import { trackCredentials } from './context';
import { Views } from './ids';
import { Logger } from './log';
import { Searcher } from './search';
import { TmdbClient } from './tmdb/client';
import { ImageCache } from './views/images';
import { ListsProvider } from './views/lists';
import { TrendingProvider } from './views/trending';
import { WatchlistProvider } from './views/watchlist';
import { Watchlist } from './watchlist';
import { PanelManager } from './webview/panels';

/** What `activate` returns: the services, for automation and the integration tests. */
export interface TmdbExtensionApi {
  client: TmdbClient;
  credentials: Credentials;
  auth: Auth;
  accounts: TmdbAuthenticationProvider;
  panels: PanelManager;
  searcher: Searcher;
  trending: TrendingProvider;
  lists: ListsProvider;
  watchlistView: WatchlistProvider;
  watchlist: Watchlist;
  treeViews: Record<'trending' | 'lists' | 'watchlist', vscode.TreeView<unknown>>;
  /** Where the extension writes its log, and its global state (for the secret-hygiene checks). */
  diagnostics: { logUri: vscode.Uri; globalState: vscode.Memento };
}

export function activate(context: vscode.ExtensionContext): TmdbExtensionApi {
  const log = new Logger('TMDB');
  const credentials = new Credentials(context.secrets);
  let auth: Auth | undefined;
  const client = new TmdbClient({
    settings: readSettings,
    apiToken: () => credentials.apiToken(),
    session: () => credentials.currentSession(),
    log: (line) => log.trace('http', line),
    onSessionRevoked: () => void auth?.sessionRevoked(),
  });
  auth = new Auth({ client, credentials, log, settings: readSettings });
  const watchlist = new Watchlist(client);
  const images = new ImageCache(vscode.Uri.joinPath(context.globalStorageUri, 'images'), readSettings, log);
  const trending = new TrendingProvider(client, credentials, context.globalState, images, log);
  const lists = new ListsProvider(client, credentials, log);
  const watchlistView = new WatchlistProvider(client, credentials, watchlist, log);
  const panels = new PanelManager({ extensionUri: context.extensionUri, client, watchlist, credentials, settings: readSettings, log });
  const searcher = new Searcher(client, log);
  const accounts = new TmdbAuthenticationProvider(credentials, auth);

  const treeViews = {
    trending: vscode.window.createTreeView(Views.trendingPeople, { treeDataProvider: trending }),
    lists: vscode.window.createTreeView(Views.lists, { treeDataProvider: lists, showCollapseAll: true }),
    watchlist: vscode.window.createTreeView(Views.watchlist, { treeDataProvider: watchlistView }),
  };
  const describeWindow = () => (treeViews.trending.description = trending.windowLabel);
  describeWindow();

  // The token changes what every view shows; the session, only My Lists and Watchlist.
  let lastToken: string | undefined;
  const onCredentials = async () => {
    const [token, session] = await Promise.all([credentials.apiToken(), credentials.currentSession()]);
    log.setSecrets([token, session?.sessionId]);
    if (token !== lastToken) {
      lastToken = token;
      trending.reset();
    }
    lists.reset();
    watchlistView.reset();
  };
  void onCredentials();

  context.subscriptions.push(
    log,
    credentials,
    auth,
    watchlist,
    trending,
    lists,
    watchlistView,
    panels,
    ...Object.values(treeViews),
    accounts,
    trackCredentials(credentials),
    credentials.onDidChange(onCredentials),
    vscode.window.registerUriHandler({ handleUri: (uri) => auth.handleUri(uri) }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('tmdb')) return;
      log.info('settings', 'TMDB settings changed; reloading the views and panels');
      trending.reset();
      lists.reset();
      watchlistView.reset();
      for (const panel of panels.openPanels) void panel.load();
    }),
    trending.onDidChangeWindow(describeWindow),
    ...registerCommands({ auth, log, panels, searcher, trending, lists, watchlistView, watchlist }),
  );
  log.info('extension', `activated (VS Code ${vscode.version})`);

  const diagnostics = { logUri: context.logUri, globalState: context.globalState };
  return { client, credentials, auth, accounts, panels, searcher, trending, lists, watchlistView, watchlist, treeViews, diagnostics };
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
