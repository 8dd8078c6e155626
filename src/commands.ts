// Thin adapters from commands to services. Tree clicks, panel links and the palette all run these.
import * as vscode from 'vscode';
import { notifyError, notifyInfo } from './kit/notify';
import type { RatingService } from './account/ratingService';
import type { TitleFlagService } from './account/titleFlags';
import type { Auth } from './auth/auth';
import type { Credentials } from './auth/credentials';
import { Commands } from './common/ids';
import type { Logger } from './kit/log';
import type { RecentTitles } from './features/search/recentTitles';
import { showSearch, type Searcher } from './features/search/search';
import type { TmdbClient } from './tmdb/client';
import type { AccountTitlesView } from './features/library/accountTitlesView';
import type { AvatarCache } from './features/trending/avatarCache';
import type { ListsView } from './features/library/listsView';
import { LoadMoreNode, PersonNode, TitleNode } from './tree/nodes';
import type { TrendingTitlesView } from './features/trending/trendingTitlesView';
import type { TrendingView } from './features/trending/trendingView';
import type { PanelManager } from './features/titles/panelManager';
import { parseRef, type PanelKind, type PanelRef } from './model/panelRef';
import { AccountCommands } from './features/library/accountCommands';
import { CopyCommands } from './features/titles/copyCommands';
import { DiscoverCommands } from './features/discover/discoverCommands';
import { UpNextCommands } from './features/upNext/upNextCommands';
import type { UpNextService } from './features/upNext/upNext';
import type { BrowseView } from './features/discover/browseView';
import type { SavedDiscovers } from './features/discover/savedDiscovers';
import type { UpNextView } from './features/upNext/upNextView';
import type { Settings } from './settings/settings';
import type { ListActions } from './features/library/listActions';
import { openWalkthrough } from './features/welcome/walkthrough';

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
  settings: () => Settings;
  upNext: UpNextService;
  upNextView: UpNextView;
  browse: BrowseView;
  savedDiscovers: SavedDiscovers;
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

interface Prompt {
  title: string;
  prompt: string;
  placeholder: string;
  /** Said when the input is not an id or address of this kind. */
  invalid: string;
}

// Functions, not constants: the words are looked up in the display language when asked.
const PROMPTS: Record<PanelKind, () => Prompt> = {
  movie: () => ({
    title: vscode.l10n.t('TMDB: Open Movie'),
    prompt: vscode.l10n.t('A TMDB movie id or URL'),
    placeholder: vscode.l10n.t('{0} or {1}', '550', 'https://www.themoviedb.org/movie/550-fight-club'),
    invalid: vscode.l10n.t('That is not a TMDB movie id or URL.'),
  }),
  tv: () => ({
    title: vscode.l10n.t('TMDB: Open TV Series'),
    prompt: vscode.l10n.t('A TMDB series id or URL'),
    placeholder: vscode.l10n.t('{0} or {1}', '1399', 'https://www.themoviedb.org/tv/1399-game-of-thrones'),
    invalid: vscode.l10n.t('That is not a TMDB series id or URL.'),
  }),
  credit: () => ({
    title: vscode.l10n.t('TMDB: Open Credit'),
    prompt: vscode.l10n.t('A TMDB credit id (24 hexadecimal characters)'),
    placeholder: '52542282760ee313280017f9',
    invalid: vscode.l10n.t('That is not a TMDB credit id.'),
  }),
  collection: () => ({
    title: vscode.l10n.t('TMDB: Open Collection'),
    prompt: vscode.l10n.t('A TMDB collection id or URL'),
    placeholder: vscode.l10n.t('{0} or {1}', '10', 'https://www.themoviedb.org/collection/10-star-wars-collection'),
    invalid: vscode.l10n.t('That is not a TMDB collection id or URL.'),
  }),
  person: () => ({
    title: vscode.l10n.t('TMDB: Open Person'),
    prompt: vscode.l10n.t('A TMDB person id or URL'),
    placeholder: vscode.l10n.t('{0} or {1}', '287', 'https://www.themoviedb.org/person/287-brad-pitt'),
    invalid: vscode.l10n.t('That is not a TMDB person id or URL.'),
  }),
};

/** How long typing must pause before the title typed so far is asked for (it may not be whole yet). */
const TYPING_PAUSE_MS = 250;

/**
 * Asks for an id or address of `kind`; undefined when dismissed or left empty. An input box of its own,
 * not `showInputBox`, for two reasons:
 * - `showInputBox` asks its `validateInput` again on Enter when Enter comes within 100 ms of typing or
 *   pasting: a round trip to the extension host before the panel can even be created. Here the value is
 *   checked as it changes, and Enter on a valid one opens at once.
 * - A valid value is handed to `prefetch` before Enter: at once when pasted (a pasted id or address is
 *   whole), after a pause in typing otherwise ("5" on the way to "550" is a valid id too), so the panel
 *   finds its answer in hand or on the way.
 */
function askForRef(kind: PanelKind, prefetch: (ref: PanelRef) => void): Promise<PanelRef | undefined> {
  const { title, prompt, placeholder, invalid } = PROMPTS[kind]();
  const box = vscode.window.createInputBox();
  box.title = title;
  box.prompt = prompt;
  box.placeholder = placeholder;
  box.ignoreFocusOut = true;
  let typed = '';
  let pause: ReturnType<typeof setTimeout> | undefined;
  return new Promise((resolve) => {
    const done = (ref: PanelRef | undefined) => {
      resolve(ref);
      box.hide();
    };
    const subscriptions = [
      box.onDidChangeValue((value) => {
        clearTimeout(pause);
        const ref = parseRef(kind, value);
        box.validationMessage = !value.trim() || ref ? undefined : invalid;
        const pasted = value.length - typed.length > 1;
        typed = value;
        if (ref && pasted) prefetch(ref);
        else if (ref) pause = setTimeout(() => prefetch(ref), TYPING_PAUSE_MS);
      }),
      box.onDidAccept(() => {
        if (!box.value.trim()) return done(undefined);
        const ref = parseRef(kind, box.value);
        if (ref) done(ref); // otherwise the box stays, saying why
      }),
      box.onDidHide(() => {
        clearTimeout(pause);
        resolve(undefined);
        for (const subscription of subscriptions) subscription.dispose();
        box.dispose();
      }),
    ];
    box.show();
  });
}

/** What each command does; `registerCommands` registers them all. */
export function commandHandlers(deps: CommandDeps, options: CommandOptions): Record<CommandId, Handler> {
  const { auth, panels } = deps;
  const credential = (arg: unknown) => (options.credentialArguments && typeof arg === 'string' ? arg : undefined);

  /** Opens from an argument (id, URL, tree node) or asks for an id. */
  const opener = (kind: PanelKind) => async (arg?: unknown, at?: unknown) => {
    let input: unknown = arg;
    if (arg instanceof PersonNode) input = arg.person.id;
    if (arg instanceof TitleNode) input = arg.summary.id;
    if (input === undefined) {
      // The box is shown by the time askForRef returns; the warm-up comes a moment after it.
      const asking = askForRef(kind, (ref) => panels.prefetch(ref));
      panels.warmUp(kind);
      const asked = await asking;
      return asked && panels.open(asked);
    }
    const ref = parseRef(kind, input);
    if (!ref) {
      const { invalid } = PROMPTS[kind]();
      void notifyError(vscode.l10n.t('TMDB: cannot open "{0}". {1}', String(input).slice(0, 80), invalid));
      return undefined;
    }
    const panel = panels.open(ref);
    // Up Next opens a series at the season of the episode it names.
    const season = (at as { season?: unknown } | undefined)?.season;
    if (ref.kind === 'tv' && typeof season === 'number') void panel.openSeason(season);
    return panel;
  };

  const account = new AccountCommands(deps, deps.listActions);
  const copy = new CopyCommands(deps);
  const upNext = new UpNextCommands(deps.upNext, deps.credentials, deps.settings, deps.log);
  const discover = new DiscoverCommands(deps.client, deps.savedDiscovers, deps.browse, deps.log);

  /** One day/week switch for both trending views. */
  const setTrendingWindow = async (window: 'day' | 'week') => {
    await deps.trending.setWindow(window);
    deps.trendingTitles.windowChanged();
  };

  return {
    [Commands.setApiToken]: (token?: unknown) => auth.setApiToken(credential(token)),
    [Commands.removeApiToken]: () => auth.removeApiToken(),
    [Commands.signIn]: () => auth.signIn(),
    [Commands.signInWithV4Token]: (token?: unknown) => auth.signInWithV4Token(credential(token)),
    [Commands.signOut]: () => auth.signOut(),
    [Commands.confirmApproval]: () => auth.confirmApproval(),
    [Commands.copyApprovalLink]: () => auth.copyApprovalLink(),
    [Commands.openApprovalPage]: () => auth.openApprovalPage(),
    [Commands.search]: () => showSearch(deps.searcher, deps.recent, (ref) => panels.open(ref)),
    [Commands.clearRecentTitles]: () => deps.recent.clear(),
    [Commands.clearCache]: async () => {
      await Promise.all([deps.client.clearCache(), deps.avatars.clear()]);
      deps.log.info('cache', 'cleared: answers in memory and on disk, profile pictures');
      void notifyInfo(vscode.l10n.t('TMDB: cache cleared. Views and pages ask TMDB afresh.'));
    },
    [Commands.openMovie]: opener('movie'),
    [Commands.openTvSeries]: opener('tv'),
    [Commands.openCredit]: opener('credit'),
    [Commands.openPerson]: opener('person'),
    [Commands.openCollection]: opener('collection'),
    [Commands.trendingShowDay]: () => setTrendingWindow('day'),
    [Commands.trendingShowWeek]: () => setTrendingWindow('week'),
    [Commands.trendingRefresh]: () => deps.trending.refresh(),
    [Commands.trendingTitlesRefresh]: () => deps.trendingTitles.refresh(),
    [Commands.listsRefresh]: () => deps.lists.refresh(),
    [Commands.watchlistRefresh]: () => deps.watchlistView.refresh(),
    [Commands.favoritesRefresh]: () => deps.favoritesView.refresh(),
    [Commands.ratedRefresh]: () => deps.ratedView.refresh(),
    [Commands.upNextRefresh]: () => deps.upNextView.refresh(),
    [Commands.showUpNext]: () => upNext.show(),
    [Commands.exportUpcoming]: (target?: unknown) =>
      upNext.exportUpcoming(options.credentialArguments && target instanceof vscode.Uri ? target : undefined),
    [Commands.browseRefresh]: () => deps.browse.refresh(),
    [Commands.discover]: (arg?: unknown) => discover.discover(arg),
    [Commands.editDiscover]: (arg?: unknown) => discover.discover(arg),
    [Commands.saveDiscover]: (arg?: unknown) => discover.save(arg),
    [Commands.deleteDiscover]: (arg?: unknown) => discover.delete(arg),
    [Commands.chooseServices]: () => discover.chooseServices(),
    [Commands.addToWatchlist]: (arg?: unknown) => account.setWatchlist(true, arg),
    [Commands.removeFromWatchlist]: (arg?: unknown) => account.setWatchlist(false, arg),
    [Commands.addToFavorites]: (arg?: unknown) => account.setFavorite(true, arg),
    [Commands.removeFromFavorites]: (arg?: unknown) => account.setFavorite(false, arg),
    [Commands.rate]: (arg?: unknown) => account.rate(arg),
    [Commands.removeRating]: (arg?: unknown) => account.removeRating(arg),
    [Commands.addToList]: (arg?: unknown) => account.addToList(arg),
    [Commands.removeFromList]: (arg?: unknown) => account.removeFromList(arg),
    [Commands.newList]: () => deps.listActions.newList(),
    [Commands.copyLink]: (arg?: unknown) => copy.copy('link', arg),
    [Commands.copyId]: (arg?: unknown) => copy.copy('id', arg),
    [Commands.copyImdbId]: (arg?: unknown) => copy.copy('imdbId', arg),
    [Commands.loadMore]: (node?: unknown) => (node instanceof LoadMoreNode ? node.run() : undefined),
    [Commands.back]: () => panels.activePanel?.goBack(),
    [Commands.forward]: () => panels.activePanel?.goForward(),
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
