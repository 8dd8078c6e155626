// Browse's and Discover's commands, for the command table (src/commands.ts).
import { Commands } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import type { BrowseView } from './browseView';
import { DiscoverCommands } from './discoverCommands';
import type { SavedDiscovers } from './savedDiscovers';

export interface DiscoverHandlerDeps {
  client: TmdbClient;
  savedDiscovers: SavedDiscovers;
  browse: BrowseView;
  log: Logger;
}

export function discoverHandlers(deps: DiscoverHandlerDeps) {
  const discover = new DiscoverCommands(deps.client, deps.savedDiscovers, deps.browse, deps.log);
  return {
    [Commands.browseRefresh]: () => deps.browse.refresh(),
    [Commands.discover]: (arg?: unknown) => discover.discover(arg),
    [Commands.editDiscover]: (arg?: unknown) => discover.discover(arg),
    [Commands.saveDiscover]: (arg?: unknown) => discover.save(arg),
    [Commands.deleteDiscover]: (arg?: unknown) => discover.delete(arg),
    [Commands.chooseServices]: () => discover.chooseServices(),
  };
}
