// The deferred parts: what the extension loads on first use, not at start-up (src/schemasAndPages.ts: zod
// with every schema, ofetch, the page builders; src/firstUse.ts: the host code of a first import, page,
// chat tool or card). In the Node bundle each is a file of its own beside dist/extension.js (see
// esbuild.mjs). This loader knows no module above it: each owner declares the slice it reads as a
// `DeferredSlice` (tmdb/deferredPart.ts, features/*/deferredPart.ts), and the top (src/deferredEntry.ts)
// loads each part once, typed, and fills every slice with it: a key renamed in a part, or a slice it no
// longer holds, fails the type-check there. No vscode import.
import { requireWithCodeCache } from './codeCache';
import { IN_BROWSER } from './host';

/** One owner's view of the deferred part: what it reads, filled by the top. */
export class DeferredSlice<T> {
  private load: (() => T) | undefined;

  constructor(private readonly owner: string) {}

  fill(load: () => T): void {
    this.load = load;
  }

  /** The part, loaded the first time any owner asks for it. */
  get(): T {
    if (!this.load)
      throw new Error(`The deferred part was not named (${this.owner}): import src/deferredEntry.ts first.`);
    return this.load();
  }
}

interface Entry<T> {
  /** Requires the part (the bundle's own require, or the source's in the tests). */
  load: () => T;
  /**
   * Its file and the require that resolves what it requires: read with V8's code cache once it is kept
   * (keepCompiledCodeIn), and always read so when `own` (a require of its own answers what it takes from
   * the start-up bundle: src/deferredEntry.ts).
   */
  file?: { path: string; require: (id: string) => unknown; own?: boolean };
  /** Hands the part the display language's strings (its own @vscode/l10n). */
  translate?: (part: T, contents: Record<string, string>) => void;
}

let translations: Record<string, string> | undefined;
let codeCache:
  { folder: string; onError: (error: unknown) => void; onLoaded?: (file: string, ms: number) => void } | undefined;
/** What configures each loaded part when the display language's strings come after it loaded. */
const translateLoaded: Array<(contents: Record<string, string>) => void> = [];

/** Names the deferred part (called once, by src/deferredEntry.ts): the accessor every slice is filled with. */
export function deferFrom<T>(entry: Entry<T>): () => T {
  let loaded: { part: T } | undefined;
  return () => {
    if (!loaded) {
      const started = performance.now();
      const { file } = entry;
      // Untyped as `require` is, and read as the part `load` says it is.
      const part: T =
        file && (codeCache || file.own) && !IN_BROWSER
          ? requireWithCodeCache(file.path, codeCache?.folder, file.require, codeCache?.onError)
          : entry.load();
      loaded = { part };
      const { translate } = entry;
      if (translate) {
        translateLoaded.push((contents) => translate(part, contents));
        if (translations) translate(part, translations);
      }
      codeCache?.onLoaded?.(file?.path ?? 'the deferred part', performance.now() - started);
    }
    return loaded.part;
  };
}

/** Keeps V8's compiled code of the deferred file in `folder` (Node: see ./codeCache); `onLoaded` hears how long its load took. */
export function keepCompiledCodeIn(
  folder: string,
  onError: (error: unknown) => void,
  onLoaded?: (file: string, ms: number) => void,
): void {
  codeCache = { folder, onError, onLoaded };
}

/** The display language's strings (VS Code's l10n bundle), for the deferred part's own @vscode/l10n. */
export function translateDeferred(contents: Record<string, string>): void {
  translations = contents;
  for (const translate of translateLoaded) translate(contents);
}
