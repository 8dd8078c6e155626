// Thin adapters from commands to services. Tree clicks, panel links and the palette all run these.
import * as vscode from 'vscode';
import type { TmdbExtensionApi } from './extension';
import { Commands } from './ids';
import type { Logger } from './log';
import { parseRef } from './refs';
import { showSearch } from './search';
import { userMessage } from './tmdb/errors';
import { LoadMoreNode, PersonNode, TitleNode } from './views/nodes';
import type { PanelRef } from './webview/protocol';

export type CommandDeps = Pick<TmdbExtensionApi, 'auth' | 'panels' | 'searcher' | 'trending' | 'lists' | 'watchlistView' | 'watchlist'> & {
  log: Logger;
};

const PROMPTS: Record<PanelRef['kind'], { title: string; prompt: string; placeHolder: string }> = {
  movie: { title: 'TMDB: Open Movie', prompt: 'A TMDB movie id or URL', placeHolder: '550 or https://www.themoviedb.org/movie/550-fight-club' },
  tv: { title: 'TMDB: Open TV Series', prompt: 'A TMDB series id or URL', placeHolder: '1399 or https://www.themoviedb.org/tv/1399-game-of-thrones' },
  credit: { title: 'TMDB: Open Credit', prompt: 'A TMDB credit id (24 hexadecimal characters)', placeHolder: '52542282760ee313280017f9' },
  person: { title: 'TMDB: Open Person', prompt: 'A TMDB person id or URL', placeHolder: '287 or https://www.themoviedb.org/person/287-brad-pitt' },
};

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { auth, panels } = deps;

  /** Opens from an argument (id, URL, tree node) or asks for an id. */
  const opener = (kind: PanelRef['kind']) => async (arg?: unknown) => {
    let input: unknown = arg;
    if (arg instanceof PersonNode) input = arg.person.id;
    if (arg instanceof TitleNode) input = arg.summary.id;
    if (input === undefined) {
      input = await vscode.window.showInputBox({
        ...PROMPTS[kind],
        ignoreFocusOut: true,
        validateInput: (value) => (!value.trim() || parseRef(kind, value) ? undefined : `That is not a TMDB ${kind === 'tv' ? 'series' : kind} id or URL.`),
      });
      if (input === undefined || input === '') return undefined;
    }
    const ref = parseRef(kind, input);
    if (!ref) {
      void vscode.window.showErrorMessage(`TMDB: "${String(input).slice(0, 80)}" is not a ${kind === 'tv' ? 'series' : kind} id or URL.`);
      return undefined;
    }
    return panels.open(ref);
  };

  const setWatchlist = async (on: boolean, arg?: unknown) => {
    if (arg instanceof TitleNode) {
      try {
        await vscode.window.withProgress({ location: { viewId: 'tmdb.watchlist' } }, () => deps.watchlist.set(arg.kind, arg.summary.id, on));
        return true;
      } catch (error) {
        deps.log.error('watchlist', 'could not change the watchlist', error);
        void vscode.window.showErrorMessage(`TMDB: could not ${on ? 'add' : 'remove'} "${arg.label as string}". ${userMessage(error)}`);
        return false;
      }
    }
    const panel = panels.activePanel;
    if (!panel) {
      void vscode.window.showInformationMessage('TMDB: open a movie or series first, then use this command from its panel.');
      return false;
    }
    return panel.toggleWatchlist(on);
  };

  const register = (id: string, run: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, run);
  return [
    register(Commands.setApiToken, (token?: unknown) => auth.setApiToken(typeof token === 'string' ? token : undefined)),
    register(Commands.removeApiToken, () => auth.removeApiToken()),
    register(Commands.signIn, () => auth.signIn()),
    register(Commands.signInWithV4Token, (token?: unknown) => auth.signInWithV4Token(typeof token === 'string' ? token : undefined)),
    register(Commands.signOut, () => auth.signOut()),
    register(Commands.search, () => showSearch(deps.searcher, (ref) => panels.open(ref))),
    register(Commands.openMovie, opener('movie')),
    register(Commands.openTvSeries, opener('tv')),
    register(Commands.openCredit, opener('credit')),
    register(Commands.openPerson, opener('person')),
    register(Commands.trendingShowDay, () => deps.trending.setWindow('day')),
    register(Commands.trendingShowWeek, () => deps.trending.setWindow('week')),
    register(Commands.trendingRefresh, () => deps.trending.refresh()),
    register(Commands.listsRefresh, () => deps.lists.refresh()),
    register(Commands.watchlistRefresh, () => deps.watchlistView.refresh()),
    register(Commands.addToWatchlist, (arg?: unknown) => setWatchlist(true, arg)),
    register(Commands.removeFromWatchlist, (arg?: unknown) => setWatchlist(false, arg)),
    register(Commands.loadMore, (node?: unknown) => (node instanceof LoadMoreNode ? node.run() : undefined)),
    register(Commands.showLog, () => deps.log.show()),
  ];
}
