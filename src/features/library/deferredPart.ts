// The library's slice of the first-use part (src/common/deferred.ts): Edit List… and Edit Comment…,
// loaded with the first edit (src/firstUse.ts).
import { DeferredSlice } from '../../common/deferred';

export const libraryHostSlice = new DeferredSlice<{ ListEdits: typeof import('./listEdits').ListEdits }>(
  'library host',
);
