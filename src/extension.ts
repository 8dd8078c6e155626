// Wiring only: build the services, register them, return. No network call happens here; views load
// when they are first shown. Each service subscribes to what it follows itself.
// First: the deferred part's entry is named before any module that may reach it is loaded.
import './deferredEntry';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { TmdbAuthenticationProvider } from './auth/authenticationProvider';
import { Auth } from './auth/auth';
import { Credentials } from './auth/credentials';
import { keepSecretsOutOfLog, trackCredentials } from './auth/followCredentials';
import { registerCommands } from './commands';
import { ListActions } from './features/library/listActions';
import { ListEdits } from './features/library/listEdits';
import { Exporter } from './features/transfer/exportCommand';
import { Importer } from './features/transfer/importCommand';
import { keepCompiledCodeIn, translateDeferred } from './common/deferred';
import { Logger } from './kit/log';
import { openUrl } from './kit/openUrl';
import { RecentTitles } from './features/search/recentTitles';
import { pickTitle, Searcher } from './features/search/search';
import { EditorDoors } from './features/editor/editorDoors';
import { readSettings, warnAboutRefusedSettings } from './settings/settings';
import { ApiHostApproval } from './settings/apiHostApproval';
import { exportsFor, openerFor, type TmdbTestApi } from './testApi';
import { TmdbClient } from './tmdb/client';
import { ACCOUNT_STORE_LIMITS, DiskStore } from './tmdb/diskStore';
import { workspaceFolder } from './kit/workspaceFolder';
import { IN_BROWSER } from './common/host';
import { AvatarCache } from './features/trending/avatarCache';
import { ListsView } from './features/library/listsView';
import { TrendingTitlesView } from './features/trending/trendingTitlesView';
import { TrendingView } from './features/trending/trendingView';
import { createFlagView, createRatedView } from './features/library/accountTitlesView';
import { openWalkthroughOnce } from './features/welcome/walkthrough';
import { ListService } from './account/listService';
import { RatingService } from './account/ratingService';
import { TitleFlagService } from './account/titleFlags';
import { PanelManager } from './features/titles/panelManager';
import { UpNextService } from './features/upNext/upNext';
import { UpNextView } from './features/upNext/upNextView';
import { STATUS_BAR_DELAY_MS, UpNextStatus } from './features/upNext/upNextStatus';
import { BrowseView } from './features/discover/browseView';
import { SavedDiscovers } from './features/discover/savedDiscovers';
import { registerTools } from './features/chat/tools';
import { titleMarks } from './tree/titleMarks';

export function activate(context: vscode.ExtensionContext): TmdbTestApi | undefined {
  const testMode = context.extensionMode === vscode.ExtensionMode.Test;
  // The modules that import nothing from vscode (pages, client errors) translate with @vscode/l10n:
  // hand it the bundle VS Code loaded for the display language (none for English).
  if (vscode.l10n.bundle) {
    l10n.config({ contents: vscode.l10n.bundle });
    translateDeferred(vscode.l10n.bundle);
  }
  const { opener, opened } = openerFor(context.extensionMode, openUrl);
  const log = new Logger('TMDB', `TMDB ${String(context.extension.packageJSON.version)} in VS Code ${vscode.version}`);
  // The deferred part's compiled code, kept between windows (its first use in a window compiles it otherwise).
  if (!IN_BROWSER) {
    const folder = vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath;
    keepCompiledCodeIn(
      folder,
      (error) => log.error('extension', 'could not keep the compiled code', error),
      (ms) => log.trace('extension', `loaded the deferred part in ${ms.toFixed(1)} ms`),
    );
  }
  const credentials = new Credentials(context.secrets, (line) => log.warn('auth', line));
  const answers = vscode.Uri.joinPath(context.globalStorageUri, 'answers');
  const accountAnswers = vscode.Uri.joinPath(context.globalStorageUri, 'account');
  const apiHosts = new ApiHostApproval(context.globalState);
  const client = new TmdbClient({
    settings: readSettings,
    allowHost: (host) => apiHosts.allowed(host),
    apiToken: () => credentials.apiToken(),
    session: () => credentials.currentSession(),
    log: (line) => log.trace('http', line),
    // Test mode only: the integration suite's fault matrix shortens the 15 s a request may take, and the
    // pause before each retry (0.4, 0.8, 1.6 s: 2.8 s before every "offline"; the retries themselves stay).
    timeoutMs: testMode && !IN_BROWSER ? Number(process.env.TMDB_TEST_TIMEOUT_MS) || undefined : undefined,
    retryBaseDelayMs: testMode && !IN_BROWSER ? Number(process.env.TMDB_TEST_RETRY_MS) || undefined : undefined,
    // Public answers (titles, people, trending) outlive a restart and serve when TMDB is out of reach.
    // In a browser (VS Code for the Web) there is no Node file system: the same folder through workspace.fs.
    store: new DiskStore(IN_BROWSER ? workspaceFolder(answers) : answers.fsPath),
    // The person's own lists and titles, shown as last seen offline; emptied at sign-out.
    accountStore: new DiskStore(
      IN_BROWSER ? workspaceFolder(accountAnswers) : accountAnswers.fsPath,
      ACCOUNT_STORE_LIMITS,
      Date.now,
      'account',
    ),
  });
  const auth = new Auth({ client, credentials, log, settings: readSettings, openUrl: opener });
  const watchlist = new TitleFlagService(client, 'watchlist');
  const favorites = new TitleFlagService(client, 'favorite');
  const ratings = new RatingService(client);
  const listService = new ListService(client);
  // In a browser a saved picture cannot be a tree icon (its storage is no address the page can load): rows keep their codicon.
  const avatars = new AvatarCache(vscode.Uri.joinPath(context.globalStorageUri, 'images'), readSettings, log, {
    enabled: !IN_BROWSER,
  });
  const trending = new TrendingView(client, credentials, context.globalState, avatars, log);
  const trendingTitles = new TrendingTitlesView(client, credentials, context.globalState, log);
  const lists = new ListsView(client, credentials, listService, log);
  const watchlistView = createFlagView(client, credentials, watchlist, log);
  const favoritesView = createFlagView(client, credentials, favorites, log);
  const ratedView = createRatedView(client, credentials, ratings, log);
  const upNext = new UpNextService(client, credentials, { watchlist, favorites, ratings }, log);
  const upNextView = new UpNextView(client, credentials, upNext, log);
  const savedDiscovers = new SavedDiscovers(context.globalState);
  const browse = new BrowseView(client, credentials, savedDiscovers, () => readSettings().region, log);
  const upNextStatus = new UpNextStatus(upNext, credentials, testMode ? undefined : { delayMs: STATUS_BAR_DELAY_MS });
  const recent = new RecentTitles(context.globalState);
  const needsV4 = (what: string) => auth.needsV4(what);
  const listActions = new ListActions({ credentials, listService, log, needsV4 });
  const listEdits = new ListEdits({ client, credentials, listService, log, needsV4 });
  const exporter = new Exporter({ client, credentials, listService, log });
  const importer = new Importer({
    client,
    credentials,
    listService,
    log,
    state: context.globalState,
    imageBaseUrl: () => readSettings().imageBaseUrl,
  });
  const panels = new PanelManager({
    ...{
      extensionUri: context.extensionUri,
      client,
      watchlist,
      favorites,
      ratings,
      credentials,
      settings: readSettings,
      log,
    },
    addToList: (title) => listActions.addToList(title),
  });
  const searcher = new Searcher(client, log);
  const editor = new EditorDoors({
    client,
    credentials,
    settings: readSettings,
    log,
    open: (ref) => panels.open(ref),
    recent: () => recent.all,
    pickTitle: (title) => pickTitle(searcher, recent, title),
  });
  /** The session the rows' marks are of (../tree/titleMarks): another one, or none, forgets them. */
  let signedInAs: string | undefined;
  const accounts = new TmdbAuthenticationProvider(credentials, auth);

  context.subscriptions.push(
    log,
    keepSecretsOutOfLog(log, credentials),
    // The rows' menus follow each flag as it changes, and forget them all with the session.
    watchlist.onDidChange(({ kind, id, on }) => titleMarks.set('watchlist', kind, id, on)),
    favorites.onDidChange(({ kind, id, on }) => titleMarks.set('favorite', kind, id, on)),
    // A session made the old way is offered TMDB's v4 sign-in once, at start (not after a sign-in that chose it).
    credentials.follow(({ session }, initial) => {
      if (initial && session && !session.v4) void auth.offerUpgrade(context.globalState);
      // An import a cancel, a crash or a reload stopped is offered again, once signed in.
      if (initial && session && !testMode) void importer.offerResume();
    }),
    credentials.onDidChange(({ session }) => {
      if (session?.sessionId === signedInAs) return;
      signedInAs = session?.sessionId;
      titleMarks.clear();
    }),
    credentials,
    auth,
    watchlist,
    favorites,
    ratings,
    listService,
    trending,
    trendingTitles,
    lists,
    watchlistView,
    favoritesView,
    ratedView,
    upNext,
    upNextView,
    upNextStatus,
    savedDiscovers,
    browse,
    panels,
    panels.onDidShowTitle((title) => void recent.add(title)),
    accounts,
    trackCredentials(credentials),
    forgetAccountOnSessionChange(credentials, client),
    warnAboutRefusedSettings(),
    apiHosts,
    editor,
    vscode.window.registerUriHandler({ handleUri: (uri) => auth.handleUri(uri) }),
  );
  const services = {
    ...{
      log,
      client,
      credentials,
      auth,
      accounts,
      panels,
      searcher,
      recent,
      avatars,
      apiHosts,
      settings: readSettings,
    },
    ...{
      trending,
      trendingTitles,
      lists,
      watchlistView,
      favoritesView,
      ratedView,
      watchlist,
      favorites,
      ratings,
      listService,
      listActions,
      listEdits,
      exporter,
      importer,
    },
    ...{ upNext, upNextView, upNextStatus, browse, savedDiscovers, editor },
  };
  context.subscriptions.push(...registerCommands(services, { credentialArguments: testMode, returnResults: testMode }));
  context.subscriptions.push(
    ...registerTools({ client, credentials, watchlist, ratings, listService, settings: readSettings }),
  );
  if (!testMode) void openWalkthroughOnce(context.globalState);
  return exportsFor(context.extensionMode, services, context, opened);
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}

/**
 * Account answers belong to one session: signing out (or in as someone else) forgets them, from memory
 * and from disk (kept there to show offline). Signed out at start, what an earlier session left goes too.
 */
function forgetAccountOnSessionChange(credentials: Credentials, client: TmdbClient): vscode.Disposable {
  let sessionId: string | undefined;
  let first = true;
  return credentials.follow(({ session }) => {
    const was = sessionId;
    const starting = first;
    first = false;
    if (!starting && session?.sessionId === was) return;
    sessionId = session?.sessionId;
    if (!session || (was !== undefined && was !== session.sessionId)) void client.dropAccount();
    else if (!starting) client.forgetAccount();
  });
}
