// The command table: each feature's handlers (features/*/handlers.ts, titles/titleCommands.ts) merged with
// the commands that belong to no one feature (the token and sign-in, the cache, the log, Load more…). Tree
// clicks, panel links and the palette all run these.
import * as vscode from 'vscode';
import { notifyInfo } from './kit/notify';
import type { RatingService } from './account/ratingService';
import type { TitleFlagService } from './account/titleFlags';
import type { Auth } from './auth/auth';
import type { Credentials } from './auth/credentials';
import { Commands } from './common/ids';
import type { Logger } from './kit/log';
import type { RecentTitles } from './features/search/recentTitles';
import type { Searcher } from './features/search/search';
import { searchHandlers } from './features/search/handlers';
import { libraryHandlers } from './features/library/handlers';
import { upNextHandlers } from './features/upNext/handlers';
import { discoverHandlers } from './features/discover/handlers';
import { trendingHandlers } from './features/trending/handlers';
import type { TmdbClient } from './tmdb/client';
import type { AccountTitlesView } from './features/library/accountTitlesView';
import type { AvatarCache } from './features/trending/avatarCache';
import type { ListsView } from './features/library/listsView';
import { LoadMoreNode } from './tree/nodes';
import type { TrendingTitlesView } from './features/trending/trendingTitlesView';
import type { TrendingView } from './features/trending/trendingView';
import type { PanelManager } from './features/titles/panelManager';
import { titleCommands } from './features/titles/titleCommands';
import type { UpNextService } from './features/upNext/upNext';
import type { BrowseView } from './features/discover/browseView';
import type { SavedDiscovers } from './features/discover/savedDiscovers';
import type { UpNextView } from './features/upNext/upNextView';
import type { Settings } from './settings/settings';
import type { ListActions } from './features/library/listActions';
import type { ListEdits } from './features/library/listEdits';
import type { Exporter } from './features/transfer/exportCommand';
import type { Importer } from './features/transfer/importCommand';
import { transferHandlers } from './features/transfer/handlers';
import { openWalkthrough } from './features/welcome/walkthrough';
import type { EditorDoors } from './features/editor/editorDoors';

/** What the commands act on (services built by `activate`). */
export interface CommandDeps {
  auth: Auth;
  panels: PanelManager;
  searcher: Searcher;
  recent: RecentTitles;
  trending: TrendingView;
  trendingTitles: TrendingTitlesView;
  lists: ListsView;
  watchlistView: AccountTitlesView;
  favoritesView: AccountTitlesView;
  ratedView: AccountTitlesView;
  log: Logger;
  client: TmdbClient;
  avatars: AvatarCache;
  credentials: Credentials;
  watchlist: TitleFlagService;
  favorites: TitleFlagService;
  ratings: RatingService;
  listActions: ListActions;
  listEdits: ListEdits;
  exporter: Exporter;
  importer: Importer;
  settings: () => Settings;
  upNext: UpNextService;
  upNextView: UpNextView;
  browse: BrowseView;
  savedDiscovers: SavedDiscovers;
  editor: EditorDoors;
}

export interface CommandOptions {
  /**
   * Whether `tmdb.setApiToken` and `tmdb.signInWithV4Token` take the credential as an argument, and
   * `tmdb.exportUpcoming` a file to write. Only in test mode: otherwise any extension (or a keybinding, or
   * a link) could plant a token of its choosing, or have a file overwritten.
   */
  credentialArguments: boolean;
  /**
   * Whether a command gives back what it made (the panel it opened): the tests' handle on it. Otherwise
   * nothing: VS Code sends a command's result to whoever ran it (the workbench, from the palette) as JSON.
   */
  returnResults: boolean;
}

type CommandId = (typeof Commands)[keyof typeof Commands];
// Each command takes what VS Code hands it (a row, a Uri, the palette's nothing): checked by the handler itself.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (...args: any[]) => unknown;

/** What each command does; `registerCommands` registers them all. */
export function commandHandlers(deps: CommandDeps, options: CommandOptions): Record<CommandId, Handler> {
  const { auth, panels } = deps;
  const credential = (arg: unknown) => (options.credentialArguments && typeof arg === 'string' ? arg : undefined);

  return {
    ...titleCommands(panels, deps),
    ...libraryHandlers(deps),
    ...upNextHandlers(deps, options.credentialArguments),
    ...discoverHandlers(deps),
    ...trendingHandlers(deps),
    ...searchHandlers(deps, (ref) => panels.open(ref)),
    ...deps.editor.handlers(),
    ...transferHandlers(deps, options.credentialArguments),
    [Commands.setApiToken]: (token?: unknown) => auth.setApiToken(credential(token)),
    [Commands.removeApiToken]: () => auth.removeApiToken(),
    [Commands.signIn]: () => auth.signIn(),
    [Commands.signInWithV4Token]: (token?: unknown) => auth.signInWithV4Token(credential(token)),
    [Commands.signOut]: () => auth.signOut(),
    [Commands.confirmApproval]: () => auth.confirmApproval(),
    [Commands.copyApprovalLink]: () => auth.copyApprovalLink(),
    [Commands.openApprovalPage]: () => auth.openApprovalPage(),
    [Commands.clearCache]: async () => {
      deps.editor.lookup.forget();
      await Promise.all([deps.client.clearCache(), deps.avatars.clear()]);
      deps.log.info('cache', 'cleared: answers in memory and on disk, profile pictures');
      void notifyInfo(vscode.l10n.t('TMDB: cache cleared. Views and pages ask TMDB afresh.'));
    },
    [Commands.loadMore]: (node?: unknown) => (node instanceof LoadMoreNode ? node.run() : undefined),
    [Commands.showLog]: () => deps.log.show(),
    [Commands.getStarted]: () => openWalkthrough(),
  };
}

export function registerCommands(deps: CommandDeps, options: CommandOptions): vscode.Disposable[] {
  return Object.entries(commandHandlers(deps, options)).map(([id, run]) =>
    vscode.commands.registerCommand(id, asRegistered(run, options)),
  );
}

/** A handler as it is registered: giving back its result in test mode only (`returnResults`). */
export function asRegistered(run: Handler, options: CommandOptions): Handler {
  return options.returnResults ? run : async (...args: unknown[]) => void (await run(...args));
}
