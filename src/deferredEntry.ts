// Names the deferred parts and fills each owner's slice of them (common/deferred.ts), so no layer points up
// at them. Each part is typed here once, as the module it is: each `fill` checks it holds what its owner
// reads, so a renamed or missing key fails the type-check. Two parts:
// - ./schemasAndPages: zod with the schemas, ofetch, the page builders; no vscode. In the Node bundle,
//   dist/schemasAndPages.js beside dist/extension.js, read with V8's code cache.
// - ./firstUse: host code a first use loads (the import and export…). In the Node bundle, dist/firstUse.js:
//   what it takes of the start-up bundle is handed over by the require it is read with (`tmdb:main`: the
//   start-up bundle's modules, the table esbuild.mjs makes), so a class stays one class.
// In VS Code for the Web, both are files beside dist/web/extension.js, read through the workbench and run on
// a first use (each door awaits its slice's load()); in the tests (out/) they are the sources' own
// modules. Imported first
// by ./extension and by the tests that use the deferred parts outside the extension host.
import { join } from 'node:path';
import * as l10n from '@vscode/l10n';
import { deferFrom } from './common/deferred';
import { IN_BROWSER } from './common/host';
import { chatHostSlice, chatSlice } from './features/chat/deferredPart';
import { discoverHostSlice } from './features/discover/deferredPart';
import { editorHostSlice } from './features/editor/deferredPart';
import { libraryHostSlice } from './features/library/deferredPart';
import { searchSlice } from './features/search/deferredPart';
import { titlesHostSlice, titlesSlice } from './features/titles/deferredPart';
import { transferHostSlice, transferSlice } from './features/transfer/deferredPart';
import { watchedHostSlice } from './features/watched/deferredPart';
import { forYouHostSlice } from './features/forYou/deferredPart';
import { upNextHostSlice, upNextSlice } from './features/upNext/deferredPart';
import type * as FirstUse from './firstUse';
import type * as Part from './schemasAndPages';
import { tmdbSlice } from './tmdb/deferredPart';

/** Whether this is dist/extension.js, the Node bundle (esbuild.mjs); not the web bundle, nor the tests' out/. */
declare const __MAIN_BUNDLE__: boolean | undefined;
const MAIN_BUNDLE = typeof __MAIN_BUNDLE__ !== 'undefined' && __MAIN_BUNDLE__;

/**
 * VS Code for the Web: the extension's own files, read through the workbench (`vscode.workspace.fs`), named
 * by ./extension when it activates there. A browser's worker has no `require` of a file.
 */
let readWebFile: ((name: string) => Promise<string>) | undefined;
export function readWebPartsWith(read: (name: string) => Promise<string>): void {
  readWebFile = read;
}

/**
 * Runs a deferred part read as text in the browser's worker, as VS Code for the Web runs the extension's own
 * entry: a CommonJS module (its `module`, `exports` and `require`) in a function made of its text.
 */
async function runWebPart(name: string, require: (id: string) => unknown): Promise<ReturnType<NodeJS.Require>> {
  const read = readWebFile;
  if (!read) throw new Error(`${name} cannot be read: the extension has not activated.`);
  let source: string;
  try {
    source = await withDeadline(read(name), READ_PART_MS);
  } catch (error) {
    // Said where the first use is (a view, a notification): the next use reads it again.
    throw new Error(
      l10n.t(
        'Part of the TMDB extension ({0}) could not be read: {1}. Try again; if it keeps failing, reload the window.',
        name,
        error instanceof Error ? error.message : String(error),
      ),
      { cause: error },
    );
  }
  // Untyped, as `require` is: the part that calls it says what the file holds.
  const module: { exports: ReturnType<NodeJS.Require> } = { exports: {} };
  // The web host's own way of running an extension's file (its worker allows it: it runs ours so).
  new Function('module', 'exports', 'require', `${source}\n//# sourceURL=tmdb-vscode/dist/web/${name}`)(
    module,
    module.exports,
    require,
  );
  return module.exports;
}

/** How long a deferred part's read may take (a workbench that never answers is said to, not waited for). */
const READ_PART_MS = 30_000;

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** What the first-use file requires: the start-up bundle's own modules (`tmdb:main`), or the host's (vscode). */
const firstUseRequire = (id: string): unknown =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  id === 'tmdb:main' ? require('tmdb:main-modules').modules : require(id);

const part = deferFrom<typeof Part>({
  name: 'The deferred part (schemas and pages)',
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load: () => require('./schemasAndPages'),
  file: IN_BROWSER ? undefined : { path: join(__dirname, 'schemasAndPages.js'), require },
  fetch: IN_BROWSER
    ? () =>
        runWebPart('schemasAndPages.js', (id) => {
          throw new Error(`schemasAndPages.js requires nothing, not ${id}`);
        })
    : undefined,
  translate: (loaded, contents) => loaded.configureL10n({ contents }),
});
for (const slice of [tmdbSlice, titlesSlice, transferSlice, chatSlice, upNextSlice, searchSlice]) slice.fill(part);

const firstUse = deferFrom<typeof FirstUse>({
  name: 'The first-use part',
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  load: () => require('./firstUse'),
  file: MAIN_BUNDLE ? { path: join(__dirname, 'firstUse.js'), require: firstUseRequire, own: true } : undefined,
  // In a browser it loads the part it reads from (the pages, the files' readers…) first: each of its doors
  // then awaits one load.
  fetch: IN_BROWSER
    ? async () => {
        await part.load();
        return runWebPart('firstUse.js', firstUseRequire);
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
  watchedHostSlice,
  upNextHostSlice,
  forYouHostSlice,
])
  slice.fill(firstUse);
