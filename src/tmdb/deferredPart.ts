// The client's slice of the deferred part (src/common/deferred.ts): zod's schemas and ofetch, loaded on
// the first request rather than at start-up. Type-only imports: nothing here loads them.
import type { ofetch } from 'ofetch';
import { DeferredSlice } from '../common/deferred';
import type * as Schemas from './schemas';

export const tmdbSlice = new DeferredSlice<{ schemas: typeof Schemas; ofetch: typeof ofetch }>('tmdb');
export const tmdbPart = () => tmdbSlice.get();
