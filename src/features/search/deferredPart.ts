// The search's slice of the deferred part (src/common/deferred.ts): the recent titles' schema (zod).
// Type-only imports: nothing here loads it.
import { DeferredSlice } from '../../common/deferred';
import type { recentTitles } from './recentTitlesSchema';

export const searchSlice = new DeferredSlice<{ recentTitles: typeof recentTitles }>('search');
export const recentTitlesPart = () => searchSlice.get().recentTitles;
