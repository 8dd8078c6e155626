// The deferred part: what the extension loads on first use, not at start-up (zod with every schema, ofetch,
// the page builders; its entry is src/schemasAndPages.ts, at the top). In the bundle it is a file of its own
// beside dist/extension.js (see esbuild.mjs). This loader knows no types and no module above it: the top
// names the entry once (`deferFrom`), and each owner reads its own slice through a small typed accessor
// (tmdb/deferredPart.ts, features/*/deferredPart.ts). No vscode import.
import { requireWithCodeCache } from './codeCache';
import { IN_BROWSER } from './host';

let entry: { load: () => unknown; file?: string; require?: NodeJS.Require } | undefined;
let loaded: unknown;
let translations: Record<string, string> | undefined;
let codeCache: { folder: string; onError: (error: unknown) => void; onLoaded?: (ms: number) => void } | undefined;

/**
 * Names the deferred part: `load` requires it; `file` and `parentRequire`, where given, let Node read it
 * with V8's code cache (keepCompiledCodeIn). Called once by the top (src/deferredEntry.ts).
 */
export function deferFrom(load: () => unknown, file?: string, parentRequire?: NodeJS.Require): void {
  entry = { load, file, require: parentRequire };
}

/** The deferred part, loaded the first time any owner asks for it. */
export function deferred(): unknown {
  if (loaded === undefined) {
    if (!entry) throw new Error('The deferred part was not named: import src/deferredEntry.ts first.');
    const started = performance.now();
    const { load, file, require: parentRequire } = entry;
    loaded =
      codeCache && file && parentRequire && !IN_BROWSER
        ? requireWithCodeCache(file, codeCache.folder, parentRequire, codeCache.onError)
        : load();
    if (translations) configure(loaded, translations);
    codeCache?.onLoaded?.(performance.now() - started);
  }
  return loaded;
}

/** Keeps V8's compiled code of the deferred file in `folder` (Node: see ./codeCache); `onLoaded` hears how long its load took. */
export function keepCompiledCodeIn(
  folder: string,
  onError: (error: unknown) => void,
  onLoaded?: (ms: number) => void,
): void {
  codeCache = { folder, onError, onLoaded };
}

/** The display language's strings (VS Code's l10n bundle), for the deferred part's own @vscode/l10n. */
export function translateDeferred(contents: Record<string, string>): void {
  translations = contents;
  if (loaded !== undefined) configure(loaded, contents);
}

function configure(part: unknown, contents: Record<string, string>): void {
  (part as { configureL10n(options: { contents: Record<string, string> }): void }).configureL10n({ contents });
}
