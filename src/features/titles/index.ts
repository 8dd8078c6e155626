// The title pages: movies, series, people, credits and collections in webview panels, with the account's
// controls on them, and the commands that open, navigate and copy them. Provides the pages to the other
// features (open one, the one in front, what they show), and what an episode's rating changes.
import * as vscode from 'vscode';
import { feature } from '../../core/feature';
import { PanelManager } from './panelManager';
import { firstFound } from './firstFound';
import { titleCommands } from './titleCommands';
import { titlesHostSlice } from './deferredPart';
import type { EpisodeRatings } from '../../account/episodeRatings';

export const titlesFeature = feature((core) => {
  let episodeRatings: EpisodeRatings | undefined;
  // Heard by the Rated view's Episodes (features/library), before any page has made the service.
  const episodeRated = new vscode.EventEmitter<void>();
  const makeEpisodeRatings = () => {
    const made = new (titlesHostSlice.get().EpisodeRatings)(core.client);
    made.onDidChange(() => episodeRated.fire());
    return made;
  };
  const panels = new PanelManager({
    ...core,
    extensionUri: core.context.extensionUri,
    addToList: (title) => core.doors.get('lists').addToList(title),
    watched: () => core.doors.get('watched'),
    offeredEarlier: new Set(),
    // One for every page, made with the first page's code (its first-use part is loaded by then).
    episodeRatings: () => (episodeRatings ??= makeEpisodeRatings()),
  });
  core.doors.provide('pages', panels);
  core.doors.provide('episodeRatings', { onDidChange: episodeRated.event });
  return {
    commands: () => titleCommands(panels, { ...core, panels }, firstFound(core.client)),
    disposables: [panels, episodeRated, { dispose: () => episodeRatings?.dispose() }],
    exposed: { panels },
  };
});
