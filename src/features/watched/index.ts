// What a person watched: movies marked watched (the page's toggle, the palette, the title bar), kept for the
// account signed in and synced by Settings Sync. Provides the marks to the other features; the service that
// reads and keeps them loads with its first use (./deferredPart).
import * as vscode from 'vscode';
import { Commands, StateKeys } from '../../common/ids';
import { onceAsync } from '../../common/once';
import type { WatchedMarks } from '../../core/doors';
import { feature } from '../../core/feature';
import { TitleNode } from '../../tree/nodes';
import { watchedHostSlice } from './deferredPart';

export const watchedFeature = feature(({ context, credentials, doors, log, watchlist }) => {
  const changed = new vscode.EventEmitter<void>();
  const service = onceAsync(
    async () =>
      new (await watchedHostSlice.load()).WatchedService(context.globalState, credentials, () => changed.fire(), log),
  );
  /** Whether the account signed in has marks kept (their text is read only by the service). */
  const marksKept = async () => {
    const account = (await credentials.currentSession())?.accountId;
    const kept = context.globalState.get(StateKeys.watched);
    return account !== undefined && typeof kept === 'object' && kept !== null && String(account) in kept;
  };
  /** No marks: an empty answer signed in (`empty`), none signed out. */
  const none = async <T>(empty: T) => ((await credentials.currentSession()) ? empty : undefined);
  const watched: WatchedMarks = {
    movie: async (id) => (await service()).movie(id),
    setMovie: async (id, watched) => (await service()).setMovie(id, watched),
    season: async (seriesId, season) => (await service()).season(seriesId, season),
    setEpisodes: async (seriesId, season, ranges, watched) =>
      (await service()).setEpisodes(seriesId, season, ranges, watched),
    markAll: async (marks) => (await service()).markAll(marks),
    snapshot: async () => ((await marksKept()) ? (await service()).snapshot() : none({ movies: [], series: [] })),
    // Asked by Up Next at each load (and For You): with no marks kept for the account, answered without the service.
    started: async () => ((await marksKept()) ? (await service()).started() : none(new Map())),
    movies: async () => ((await marksKept()) ? (await service()).movies() : none(new Set<number>())),
    onDidChange: changed.event,
  };
  doors.provide('watched', watched);
  // The palette and the title bar act on the movie page in front (package.json shows them only there).
  const markInFront = (watched: boolean) => doors.get('pages').activePanel?.account?.toggleWatched(watched);
  // A movie row's menu: its page, if one is open, shows the change (the change event).
  const mark = async (arg: unknown, on: boolean) =>
    arg instanceof TitleNode && arg.kind === 'movie'
      ? (await service()).markRow(arg.summary.id, String(arg.label), on, watchlist)
      : markInFront(on);
  return {
    commands: () => ({
      [Commands.markWatched]: (arg?: unknown) => mark(arg, true),
      [Commands.markUnwatched]: (arg?: unknown) => mark(arg, false),
    }),
    disposables: [changed],
    // Settings Sync carries the marks to the person's other machines (kept compact: ./keptMarks).
    syncedKeys: [StateKeys.watched],
    exposed: { watched },
  };
});
