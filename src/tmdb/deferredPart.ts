// The client's slice of the deferred part (src/common/deferred.ts): zod's schemas and ofetch, loaded on
// the first request rather than at start-up. Type-only imports: nothing here loads them.
import type { ofetch } from 'ofetch';
import { deferred } from '../common/deferred';
import type * as Schemas from './schemas';

interface TmdbPart {
  schemas: typeof Schemas;
  ofetch: typeof ofetch;
}

export const tmdbPart = (): TmdbPart => deferred() as TmdbPart;
