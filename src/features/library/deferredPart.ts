// The library's slice of the first-use part (src/common/deferred.ts): Edit List… and Edit Comment…, loaded
// with the first edit, and Rated's Episodes, with the Rated view's first rows (src/firstUse.ts).
import { DeferredSlice } from '../../common/deferred';

export const libraryHostSlice = new DeferredSlice<{
  ListEdits: typeof import('./listEdits').ListEdits;
  RatedEpisodesGroup: typeof import('./ratedEpisodes').RatedEpisodesGroup;
}>('library host');
