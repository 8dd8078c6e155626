// Loading a bundle file with V8's code cache (Node only): the deferred part of the extension
// (dist/schemasAndPages.js, ~195 KB) took ~20 ms to compile at its first use in each window; from the cache,
// ~4 ms. The cache is V8's own (a compiled form of that exact source, checked by V8 against the source and
// its version: a stale or damaged cache is rejected and written anew), kept in the extension's global
// storage. Nothing here runs in a browser.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

/** After the first use: the functions it ran are compiled by then, so the cache holds them too. */
const WRITE_AFTER_MS = 10_000;

/**
 * Requires the CommonJS file `file` as `require` would (`parentRequire` resolves what it requires), its
 * compiled code read from `folder` when kept there, and kept there once it ran when not (or rejected); with
 * no folder, compiled afresh.
 * Untyped, as `require` is: the caller that knows the file says what it holds (src/deferredEntry.ts).
 */
export function requireWithCodeCache(
  file: string,
  folder: string | undefined,
  parentRequire: (id: string) => unknown,
  onError: (error: unknown) => void = () => undefined,
  writeAfterMs = WRITE_AFTER_MS,
): ReturnType<NodeJS.Require> {
  const source = readFileSync(file, 'utf8');
  // One file a source size and V8 version: an update of either writes a new one, and the old one goes.
  const name = `${basename(file)}.${source.length}.${process.versions.v8}.cache`;
  const cacheFile = folder && join(folder, name);
  let cachedData: Buffer | undefined;
  try {
    if (cacheFile) cachedData = readFileSync(cacheFile);
  } catch {
    // None yet.
  }
  const script = new Script(Module.wrap(source), { filename: file, cachedData });
  const module: { exports: ReturnType<NodeJS.Require> } = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void).call(
    module.exports,
    module.exports,
    parentRequire,
    module,
    file,
    dirname(file),
  );
  if (folder && cacheFile && (!cachedData || script.cachedDataRejected)) {
    const timer = setTimeout(() => {
      void mkdir(folder, { recursive: true })
        .then(() => writeFile(cacheFile, script.createCachedData()))
        .then(() => readdir(folder))
        .then((names) =>
          Promise.all(
            names
              .filter((old) => old !== name && old.startsWith(`${basename(file)}.`))
              .map((old) => rm(join(folder, old), { force: true })),
          ),
        )
        .catch(onError);
    }, writeAfterMs);
    timer.unref?.();
  }
  return module.exports;
}
