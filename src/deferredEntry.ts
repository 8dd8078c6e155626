// Names the deferred parts and fills each owner's slice of them (common/deferred.ts), so no layer points up
// at them. Each part is typed here once, as the module it is: each `fill` checks it holds what its owner
// reads, so a renamed or missing key fails the type-check. Two parts:
// - ./schemasAndPages: zod with the schemas, ofetch, the page builders; no vscode. In the Node bundle,
//   dist/schemasAndPages.js beside dist/extension.js, read with V8's code cache.
// - ./firstUse: host code a first use loads (the import and export…). In the Node bundle, dist/firstUse.js:
//   what it takes of the start-up bundle is handed over by the require it is read with (`tmdb:main`: the
//   start-up bundle's modules, the table esbuild.mjs makes), so a class stays one class.
// In the web bundle both are inlined; in the tests (out/) they are the sources' own modules. Imported first
// by ./extension and by the tests that use the deferred parts outside the extension host.
import { join } from 'node:path';
import { deferFrom } from './common/deferred';
import { IN_BROWSER } from './common/host';
import { chatHostSlice, chatSlice } from './features/chat/deferredPart';
import { discoverHostSlice } from './features/discover/deferredPart';
import { editorHostSlice } from './features/editor/deferredPart';
import { libraryHostSlice } from './features/library/deferredPart';
import { searchSlice } from './features/search/deferredPart';
import { titlesHostSlice, titlesSlice } from './features/titles/deferredPart';
import { transferHostSlice, transferSlice } from './features/transfer/deferredPart';
import { upNextSlice } from './features/upNext/deferredPart';
import type * as FirstUse from './firstUse';
import type * as Part from './schemasAndPages';
import { tmdbSlice } from './tmdb/deferredPart';

/** Whether this is dist/extension.js, the Node bundle (esbuild.mjs); not the web bundle, nor the tests' out/. */
declare const __MAIN_BUNDLE__: boolean | undefined;
const MAIN_BUNDLE = typeof __MAIN_BUNDLE__ !== 'undefined' && __MAIN_BUNDLE__;

const part = deferFrom<typeof Part>({
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load: () => require('./schemasAndPages'),
  file: IN_BROWSER ? undefined : { path: join(__dirname, 'schemasAndPages.js'), require },
  translate: (loaded, contents) => loaded.configureL10n({ contents }),
});
for (const slice of [tmdbSlice, titlesSlice, transferSlice, chatSlice, upNextSlice, searchSlice]) slice.fill(part);

const firstUse = deferFrom<typeof FirstUse>({
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load: () => require('./firstUse'),
  file: MAIN_BUNDLE
    ? {
        path: join(__dirname, 'firstUse.js'),
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require: (id) => (id === 'tmdb:main' ? require('tmdb:main-modules').modules : require(id)),
        own: true,
      }
    : undefined,
});
for (const slice of [
  transferHostSlice,
  titlesHostSlice,
  chatHostSlice,
  discoverHostSlice,
  libraryHostSlice,
  editorHostSlice,
])
  slice.fill(firstUse);
