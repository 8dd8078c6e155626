// The title pages: movies, series, people, credits and collections in webview panels, with the account's
// controls on them, and the commands that open, navigate and copy them. Provides the pages to the other
// features (open one, the one in front, what they show).
import { feature } from '../../core/feature';
import { PanelManager } from './panelManager';
import { firstFound } from './firstFound';
import { titleCommands } from './titleCommands';

export const titlesFeature = feature((core) => {
  const panels = new PanelManager({
    ...core,
    extensionUri: core.context.extensionUri,
    addToList: (title) => core.doors.get('lists').addToList(title),
    watched: () => core.doors.get('watched'),
    offeredEarlier: new Set(),
  });
  core.doors.provide('pages', panels);
  return {
    commands: () => titleCommands(panels, { ...core, panels }, firstFound(core.client)),
    disposables: [panels],
    exposed: { panels },
  };
});
