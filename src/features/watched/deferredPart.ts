// The watched marks' slice of the deferred part (src/firstUse.ts): the service that reads and keeps them,
// loaded with the first page or command that asks. Type-only imports: nothing here loads it.
import { DeferredSlice } from '../../common/deferred';

export const watchedHostSlice = new DeferredSlice<{
  WatchedService: typeof import('./watchedService').WatchedService;
}>('watched host');
