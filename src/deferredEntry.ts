// Names the deferred part's entry (./schemasAndPages) for the loader below (common/deferred.ts), so no
// layer points up at it. In the Node bundle the entry is dist/schemasAndPages.js beside dist/extension.js
// (kept apart by esbuild.mjs, read with V8's code cache); in the web bundle it is inlined. Imported first
// by ./extension and by the tests that use the deferred part outside the extension host.
import { join } from 'node:path';
import { deferFrom } from './common/deferred';
import { IN_BROWSER } from './common/host';

deferFrom(
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  () => require('./schemasAndPages'),
  IN_BROWSER ? undefined : join(__dirname, 'schemasAndPages.js'),
  IN_BROWSER ? undefined : require,
);
