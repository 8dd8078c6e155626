// Your library: the Watchlist, Favorites, Rated and My Lists views, and the commands that change them from
// a row, a page's title bar or the palette (the watchlist, favorites, ratings, lists and their edits).
// Provides the list picker (a page's Add to List…).
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { AccountCommands } from './accountCommands';
import { createFlagView, createRatedView } from './accountTitlesView';
import { ListActions } from './listActions';
import { onceAsync } from '../../common/once';
import { libraryHostSlice } from './deferredPart';
import { ListsView } from './listsView';

export const libraryFeature = feature((core) => {
  const { client, credentials, listService, log, doors } = core;
  const needsV4 = (what: string) => core.auth.needsV4(what);
  const lists = new ListsView(client, credentials, listService, log);
  const watchlistView = createFlagView(client, credentials, core.watchlist, log);
  const favoritesView = createFlagView(client, credentials, core.favorites, log);
  const ratedView = createRatedView(client, credentials, core.ratings, log, doors.get('episodeRatings').onDidChange);
  const listActions = new ListActions({ credentials, listService, log, needsV4 });
  // Edit List… and Edit Comment… load with the first edit (./deferredPart).
  const listEdits = onceAsync(
    async () => new (await libraryHostSlice.load()).ListEdits({ client, credentials, listService, log, needsV4 }),
  );
  doors.provide('lists', listActions);
  const account = new AccountCommands({ ...core, pages: () => doors.get('pages') }, listActions);
  return {
    commands: () => ({
      [Commands.listsRefresh]: () => lists.refresh(),
      [Commands.watchlistRefresh]: () => watchlistView.refresh(),
      [Commands.favoritesRefresh]: () => favoritesView.refresh(),
      [Commands.ratedRefresh]: () => ratedView.refresh(),
      [Commands.addToWatchlist]: (arg?: unknown) => account.setWatchlist(true, arg),
      [Commands.removeFromWatchlist]: (arg?: unknown) => account.setWatchlist(false, arg),
      [Commands.addToFavorites]: (arg?: unknown) => account.setFavorite(true, arg),
      [Commands.removeFromFavorites]: (arg?: unknown) => account.setFavorite(false, arg),
      [Commands.rate]: (arg?: unknown) => account.rate(arg),
      [Commands.removeRating]: (arg?: unknown) => account.removeRating(arg),
      [Commands.addToList]: (arg?: unknown) => account.addToList(arg),
      [Commands.removeFromList]: (arg?: unknown) => account.removeFromList(arg),
      [Commands.newList]: () => listActions.newList(),
      [Commands.editList]: async (arg?: unknown) => (await listEdits()).editList(arg),
      [Commands.editListComment]: async (arg?: unknown) => (await listEdits()).editComment(arg),
    }),
    disposables: [lists, watchlistView, favoritesView, ratedView],
    exposed: { lists, watchlistView, favoritesView, ratedView, listActions },
  };
});
