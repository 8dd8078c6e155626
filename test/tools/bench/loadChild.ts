// One measurement in a fresh Node process: how long `require` of a module takes and, for the extension,
// how long `activate` takes, with `vscode` replaced by a stub that accepts anything (the wiring runs; no
// request is made at activation). Prints {"loadMs":…, "activateMs":…}.
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** Any property is another stub; calling or constructing one gives a stub; awaited, it is undefined. */
function stub(): any {
  const then = (fulfilled?: (value: undefined) => unknown) => {
    fulfilled?.(undefined);
    return stub();
  };
  return new Proxy(function () {}, {
    get: (_target, property) => (property === 'then' ? then : property === Symbol.toPrimitive ? () => '' : stub()),
    // Assignments are taken and forgotten (a function's own `name` is read-only: \`item.name = …\` threw).
    set: () => true,
    apply: () => stub(),
    construct: () => stub(),
  });
}

/** The `vscode` module: every name the API declares (esbuild's interop copies own properties), each a stub. */
function vscodeStub(): object {
  const declarations = readFileSync(join(__dirname, '..', '..', '..', '..', 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = [...new Set([...declarations.matchAll(/export (?:class|namespace|enum|function|const|let) (\w+)/g)].map((match) => match[1]!))];
  return new Proxy(Object.create(null) as object, {
    get: (_target, property) => (property === 'then' || property === '__esModule' ? undefined : stub()),
    ownKeys: () => names,
    getOwnPropertyDescriptor: () => ({ configurable: true, enumerable: true, get: () => stub() }),
  });
}

process.on('unhandledRejection', () => undefined);
const resolver = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = function (request: string, ...rest: unknown[]) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscodeStub() } as NodeJS.Module;

const target = process.argv[2]!;
const started = performance.now();
const loaded = require(target) as { activate?: (context: unknown) => unknown };
const loadMs = performance.now() - started;
let activateMs: number | undefined;
if (loaded.activate) {
  const activating = performance.now();
  loaded.activate(stub());
  activateMs = performance.now() - activating;
}
console.log(JSON.stringify({ loadMs, activateMs }));
setTimeout(() => process.exit(0), 10);
