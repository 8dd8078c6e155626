// The transfer's slice of the deferred part (src/common/deferred.ts): papaparse with the file readers and
// writers, loaded with the first request rather than at start-up. Type-only imports: nothing here loads them.
import { DeferredSlice } from '../../common/deferred';
import type * as TransferFiles from './transferFiles';

export const transferSlice = new DeferredSlice<{ transfer: typeof TransferFiles }>('transfer');
export const transferPart = () => transferSlice.get().transfer;

/** The commands' host code, loaded with the first export or import (src/firstUse.ts). */
export const transferHostSlice = new DeferredSlice<{
  Exporter: typeof import('./exportCommand').Exporter;
  Importer: typeof import('./importCommand').Importer;
}>('transfer host');
