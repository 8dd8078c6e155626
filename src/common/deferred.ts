// The deferred parts: what the extension loads on first use, not at start-up (src/schemasAndPages.ts: zod
// with every schema, ofetch, the page builders; src/firstUse.ts: the host code of a first import, page,
// chat tool or card). In the Node bundle each is a file of its own beside dist/extension.js (see
// esbuild.mjs). This loader knows no module above it: each owner declares the slice it reads as a
// `DeferredSlice` (tmdb/deferredPart.ts, features/*/deferredPart.ts), and the top (src/deferredEntry.ts)
// loads each part once, typed, and fills every slice with it: a key renamed in a part, or a slice it no
// longer holds, fails the type-check there. No vscode import.
import { requireWithCodeCache } from './codeCache';
import { IN_BROWSER } from './host';

/** A deferred part as its owners reach it: at once once loaded, or loaded first. */
export interface Part<T> {
  /** The part, loaded now if it is not yet; in a browser, only once `load` has resolved. */
  get(): T;
  /** The part, loaded first if it is not yet: what a first use awaits before it reads the part with `get`. */
  load(): Promise<T>;
  /** Whether `get` answers now: loaded, or loaded at once where loading takes no wait (Node). */
  canGet(): boolean;
}

/** One owner's view of the deferred part: what it reads, filled by the top. */
export class DeferredSlice<T> {
  private part: Part<T> | undefined;

  constructor(private readonly owner: string) {}

  fill(part: Part<T>): void {
    this.part = part;
  }

  /** The part, loaded the first time any owner asks for it (in a browser: after `load`). */
  get(): T {
    return this.named().get();
  }

  /** The part, loaded first where loading takes a wait (a browser): each door of a first use awaits it. */
  load(): Promise<T> {
    return this.named().load();
  }

  /** Whether `get` answers now (Node: always; a browser: once loaded). */
  canGet(): boolean {
    return this.named().canGet();
  }

  private named(): Part<T> {
    if (!this.part)
      throw new Error(`The deferred part was not named (${this.owner}): import src/deferredEntry.ts first.`);
    return this.part;
  }
}

interface Entry<T> {
  /** What the part is called in a message or the log. */
  name: string;
  /** Requires the part (the bundle's own require, or the source's in the tests). */
  load: () => T;
  /**
   * Its file and the require that resolves what it requires: read with V8's code cache once it is kept
   * (keepCompiledCodeIn), and always read so when `own` (a require of its own answers what it takes from
   * the start-up bundle: src/deferredEntry.ts).
   */
  file?: { path: string; require: (id: string) => unknown; own?: boolean };
  /**
   * Where loading takes a wait (VS Code for the Web's worker reads a file of the extension asynchronously):
   * loads the part; `get` before it has resolved is a mistake, said as one.
   */
  fetch?: () => Promise<T>;
  /** Hands the part the display language's strings (its own @vscode/l10n). */
  translate?: (part: T, contents: Record<string, string>) => void;
}

let translations: Record<string, string> | undefined;
let codeCache:
  { folder: string; onError: (error: unknown) => void; onLoaded?: (file: string, ms: number) => void } | undefined;
/** What configures each loaded part when the display language's strings come after it loaded. */
const translateLoaded: Array<(contents: Record<string, string>) => void> = [];

/** Names the deferred part (called once, by src/deferredEntry.ts): what every slice of it is filled with. */
export function deferFrom<T>(entry: Entry<T>): Part<T> {
  let loaded: { part: T } | undefined;
  let loading: Promise<T> | undefined;
  const keep = (part: T, started: number): T => {
    loaded = { part };
    const { translate } = entry;
    if (translate) {
      translateLoaded.push((contents) => translate(part, contents));
      if (translations) translate(part, translations);
    }
    codeCache?.onLoaded?.(entry.file?.path ?? entry.name, performance.now() - started);
    return part;
  };
  const get = (): T => {
    if (loaded) return loaded.part;
    if (entry.fetch) throw new Error(`${entry.name} was read before it loaded: its first use awaits load().`);
    const started = performance.now();
    const { file } = entry;
    // Untyped as `require` is, and read as the part `load` says it is.
    const part: T =
      file && (codeCache || file.own) && !IN_BROWSER
        ? requireWithCodeCache(file.path, codeCache?.folder, file.require, codeCache?.onError)
        : entry.load();
    return keep(part, started);
  };
  const load = async (): Promise<T> => {
    if (loaded) return loaded.part;
    const { fetch } = entry;
    if (!fetch) return get();
    const started = performance.now();
    // One load at a time; a failed one (a file that could not be read) is tried again by the next use.
    loading ??= fetch().then(
      (part) => keep(part, started),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return { get, load, canGet: () => loaded !== undefined || !entry.fetch };
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
