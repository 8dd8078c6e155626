// One measurement in a fresh Node process: how long `require` of a module takes and, for the extension,
// how long `activate` takes, with `vscode` replaced by a stub that accepts anything (the wiring runs; no
// request is made at activation). Prints {"loadMs":…, "activateMs":…}.
import { readdirSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type * as SchemasAndPages from '../../../src/schemasAndPages';
import { requireWithCodeCache } from '../../../src/common/codeCache';
import { stub, vscodeStub } from './vscodeStub';

process.on('unhandledRejection', () => undefined);
const resolver = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscodeStub() } as NodeJS.Module;

// `--deferred <folder> [prime]`: the first use instead: dist/schemasAndPages.js loaded, with V8's code cache
// kept in <folder> (`-`: a plain require, compiled from its source; `prime`: the cache written at once, the
// process staying till it is). Node's fetch is loaded first (~50-100 ms in a fresh process), as the extension host has it in hand.
function deferred(folder: string, prime: boolean): { loadMs: number; buildMs: number } {
  void new Headers(); // Node's fetch (undici) loaded: the extension host's is, and a request loads it anyway
  const file = join(__dirname, '..', '..', '..', '..', 'dist', 'schemasAndPages.js');
  const started = performance.now();
  const loaded = (
    folder === '-'
      ? require(file)
      : requireWithCodeCache(file, folder, require, (error) => console.error(error), prime ? 0 : undefined)
  ) as typeof SchemasAndPages;
  const loadMs = performance.now() - started;
  // What a movie panel's first use builds besides: its answer's schema (while its request is out) and the
  // schema of its page's messages (what the host posts is checked without zod).
  const building = performance.now();
  loaded.schemas.movieDetails();
  loaded.messages.pageMessage();
  return { loadMs, buildMs: performance.now() - building };
}

/** The extension's (or a module's) code loading and `activate`, `vscode` stubbed. */
function extension(target: string): { loadMs: number; activateMs?: number } {
  const started = performance.now();
  const loaded = require(target) as { activate?: (context: unknown) => unknown };
  const loadMs = performance.now() - started;
  let activateMs: number | undefined;
  if (loaded.activate) {
    const activating = performance.now();
    loaded.activate(stub());
    activateMs = performance.now() - activating;
  }
  return { loadMs, activateMs };
}

if (process.argv[2] === '--deferred') {
  const prime = process.argv[4] === 'prime';
  console.log(JSON.stringify(deferred(process.argv[3]!, prime)));
  // Priming: stays till the cache is written (at once, on an unreferenced timer), at most 30 s.
  if (prime) {
    const deadline = Date.now() + 30_000;
    const check = setInterval(() => {
      if (readdirSync(process.argv[3]!).some((name) => name.endsWith('.cache')) || Date.now() > deadline)
        process.exit(0);
    }, 20);
    void check;
  } else process.exit(0);
} else {
  console.log(JSON.stringify(extension(process.argv[2]!)));
  setTimeout(() => process.exit(0), 10);
}
