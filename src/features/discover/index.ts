// Browse and Discover: TMDB's charts and your own filters (genres, scores, your streaming services) in a
// view, and the filters saved by name.
import { Commands, StateKeys } from '../../common/ids';
import { feature } from '../../core/feature';
import { BrowseView } from './browseView';
import { onceAsync } from '../../common/once';
import { discoverHostSlice } from './deferredPart';
import { SavedDiscovers } from './savedDiscovers';

export const discoverFeature = feature(({ context, client, credentials, settings, log }) => {
  const savedDiscovers = new SavedDiscovers(context.globalState);
  const browse = new BrowseView(client, credentials, savedDiscovers, () => settings().region, log);
  // Its quick picks load with the first Discover (./deferredPart).
  const discover = onceAsync(
    async () => new (await discoverHostSlice.load()).DiscoverCommands(client, savedDiscovers, browse, log),
  );
  return {
    commands: () => ({
      [Commands.browseRefresh]: () => browse.refresh(),
      [Commands.discover]: async (arg?: unknown) => (await discover()).discover(arg),
      [Commands.editDiscover]: async (arg?: unknown) => (await discover()).discover(arg),
      [Commands.saveDiscover]: async (arg?: unknown) => (await discover()).save(arg),
      [Commands.deleteDiscover]: async (arg?: unknown) => (await discover()).delete(arg),
      [Commands.chooseServices]: async () => (await discover()).chooseServices(),
    }),
    disposables: [savedDiscovers, browse],
    // Settings Sync carries them to the person's other machines.
    syncedKeys: [StateKeys.savedDiscovers, StateKeys.myServices],
    exposed: { browse, savedDiscovers },
  };
});
