// Discover's slice of the first-use part (src/common/deferred.ts): the quick picks that choose the
// filters and the services, loaded with the first Discover (src/firstUse.ts).
import { DeferredSlice } from '../../common/deferred';

export const discoverHostSlice = new DeferredSlice<{
  DiscoverCommands: typeof import('./discoverCommands').DiscoverCommands;
}>('discover host');
