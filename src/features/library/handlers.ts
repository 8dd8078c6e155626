// The library's commands (the watchlist, favorites, ratings and lists, from a row, a page's title bar or
// the palette), for the command table (src/commands.ts).
import { Commands } from '../../common/ids';
import { AccountCommands, type AccountCommandDeps } from './accountCommands';
import type { AccountTitlesView } from './accountTitlesView';
import type { ListActions } from './listActions';
import type { ListEdits } from './listEdits';
import type { ListsView } from './listsView';

export interface LibraryHandlerDeps extends AccountCommandDeps {
  listActions: ListActions;
  listEdits: ListEdits;
  lists: ListsView;
  watchlistView: AccountTitlesView;
  favoritesView: AccountTitlesView;
  ratedView: AccountTitlesView;
}

export function libraryHandlers(deps: LibraryHandlerDeps) {
  const account = new AccountCommands(deps, deps.listActions);
  return {
    [Commands.listsRefresh]: () => deps.lists.refresh(),
    [Commands.watchlistRefresh]: () => deps.watchlistView.refresh(),
    [Commands.favoritesRefresh]: () => deps.favoritesView.refresh(),
    [Commands.ratedRefresh]: () => deps.ratedView.refresh(),
    [Commands.addToWatchlist]: (arg?: unknown) => account.setWatchlist(true, arg),
    [Commands.removeFromWatchlist]: (arg?: unknown) => account.setWatchlist(false, arg),
    [Commands.addToFavorites]: (arg?: unknown) => account.setFavorite(true, arg),
    [Commands.removeFromFavorites]: (arg?: unknown) => account.setFavorite(false, arg),
    [Commands.rate]: (arg?: unknown) => account.rate(arg),
    [Commands.removeRating]: (arg?: unknown) => account.removeRating(arg),
    [Commands.addToList]: (arg?: unknown) => account.addToList(arg),
    [Commands.removeFromList]: (arg?: unknown) => account.removeFromList(arg),
    [Commands.newList]: () => deps.listActions.newList(),
    [Commands.editList]: (arg?: unknown) => deps.listEdits.editList(arg),
    [Commands.editListComment]: (arg?: unknown) => deps.listEdits.editComment(arg),
  };
}
