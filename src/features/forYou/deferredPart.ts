// For You's slice of the deferred part (src/firstUse.ts): its rows, loaded the first time the view is shown.
// Type-only imports: nothing here loads them.
import { DeferredSlice } from '../../common/deferred';

export const forYouHostSlice = new DeferredSlice<{
  ForYouRows: typeof import('./forYouRows').ForYouRows;
}>('forYou host');
