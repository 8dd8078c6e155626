// Names the deferred part's entry (./schemasAndPages) and fills each owner's slice of it (common/deferred.ts),
// so no layer points up at it. The part is typed here once, as the module it is: each `fill` checks it holds
// what its owner reads, so a renamed or missing key fails the type-check. In the Node bundle the entry is
// dist/schemasAndPages.js beside dist/extension.js (kept apart by esbuild.mjs, read with V8's code cache);
// in the web bundle it is inlined. Imported first by ./extension and by the tests that use the deferred
// part outside the extension host.
import { join } from 'node:path';
import { deferFrom } from './common/deferred';
import { IN_BROWSER } from './common/host';
import { chatSlice } from './features/chat/deferredPart';
import { searchSlice } from './features/search/deferredPart';
import { titlesSlice } from './features/titles/deferredPart';
import { transferSlice } from './features/transfer/deferredPart';
import { upNextSlice } from './features/upNext/deferredPart';
import type * as Part from './schemasAndPages';
import { tmdbSlice } from './tmdb/deferredPart';

const part = deferFrom<typeof Part>({
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load: () => require('./schemasAndPages'),
  file: IN_BROWSER ? undefined : { path: join(__dirname, 'schemasAndPages.js'), require },
  translate: (loaded, contents) => loaded.configureL10n({ contents }),
});
for (const slice of [tmdbSlice, titlesSlice, transferSlice, chatSlice, upNextSlice, searchSlice]) slice.fill(part);
