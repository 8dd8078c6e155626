// Browse and Discover: TMDB's charts and your own filters (genres, scores, your streaming services) in a
// view, and the filters saved by name.
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { BrowseView } from './browseView';
import { once } from '../../common/once';
import { discoverHostSlice } from './deferredPart';
import { SavedDiscovers } from './savedDiscovers';

export const discoverFeature = feature(({ context, client, credentials, settings, log }) => {
  const savedDiscovers = new SavedDiscovers(context.globalState);
  const browse = new BrowseView(client, credentials, savedDiscovers, () => settings().region, log);
  // Its quick picks load with the first Discover (./deferredPart).
  const discover = once(() => new (discoverHostSlice.get().DiscoverCommands)(client, savedDiscovers, browse, log));
  return {
    commands: () => ({
      [Commands.browseRefresh]: () => browse.refresh(),
      [Commands.discover]: (arg?: unknown) => discover().discover(arg),
      [Commands.editDiscover]: (arg?: unknown) => discover().discover(arg),
      [Commands.saveDiscover]: (arg?: unknown) => discover().save(arg),
      [Commands.deleteDiscover]: (arg?: unknown) => discover().delete(arg),
      [Commands.chooseServices]: () => discover().chooseServices(),
    }),
    disposables: [savedDiscovers, browse],
    exposed: { browse, savedDiscovers },
  };
});
