// `schemasAndPages()`: ./schemasAndPages, required the first time it is asked for. In the bundle it is a
// file of its own beside dist/extension.js (see esbuild.mjs), so start-up does not pay for zod, the
// schemas and the page builders. The layers below the root reach it through this one function: it is the
// only import that runs upward (test/unit/layers.test.ts).
import { join } from 'node:path';
import { requireWithCodeCache } from './common/codeCache';
import { IN_BROWSER } from './common/host';
import type * as SchemasAndPages from './schemasAndPages';

let loaded: typeof SchemasAndPages | undefined;
let translations: Record<string, string> | undefined;
let codeCache: { folder: string; onError: (error: unknown) => void; onLoaded?: (ms: number) => void } | undefined;

export function schemasAndPages(): typeof SchemasAndPages {
  if (!loaded) {
    const started = performance.now();
    loaded = (
      codeCache && !IN_BROWSER
        ? requireWithCodeCache(join(__dirname, 'schemasAndPages.js'), codeCache.folder, require, codeCache.onError)
        : // eslint-disable-next-line @typescript-eslint/no-require-imports
          require('./schemasAndPages')
    ) as typeof SchemasAndPages;
    if (translations) loaded.configureL10n({ contents: translations });
    codeCache?.onLoaded?.(performance.now() - started);
  }
  return loaded;
}

/** Keeps V8's compiled code of the deferred file in `folder` (Node: see ./common/codeCache); `onLoaded` hears how long its load took. */
export function keepCompiledCodeIn(folder: string, onError: (error: unknown) => void, onLoaded?: (ms: number) => void): void {
  codeCache = { folder, onError, onLoaded };
}

/** The display language's strings (VS Code's l10n bundle), for the loaded file's own @vscode/l10n. */
export function translateSchemasAndPages(contents: Record<string, string>): void {
  translations = contents;
  loaded?.configureL10n({ contents });
}
