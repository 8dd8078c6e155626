// A `vscode` module that accepts anything, for the extension's bundles run outside VS Code (the bench's
// fresh processes, the bundles' own unit tests): the wiring runs, nothing is shown, no request is made.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a stub answers instead of another stub: a value, a function, or (a plain object) names of its own. */
export interface Overrides {
  [name: string]: unknown;
}

const isOverrides = (value: unknown): value is Overrides =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Any property is another stub (or what `overrides` names); calling or constructing one gives a stub;
 * awaited, it is undefined.
 */
export function stub(overrides: Overrides = {}): any {
  const then = (fulfilled?: (value: undefined) => unknown) => {
    fulfilled?.(undefined);
    return stub();
  };
  return new Proxy(function () {}, {
    get: (_target, property) => {
      if (typeof property === 'string' && property in overrides) {
        const value = overrides[property];
        return isOverrides(value) ? stub(value) : value;
      }
      return property === 'then' ? then : property === Symbol.toPrimitive ? () => '' : stub();
    },
    // Assignments are taken and forgotten (a function's own `name` is read-only: \`item.name = …\` threw).
    set: () => true,
    apply: () => stub(),
    construct: () => stub(),
  });
}

/** The `vscode` module: every name the API declares (esbuild's interop copies own properties), each a stub. */
export function vscodeStub(overrides: Overrides = {}): object {
  const declarations = readFileSync(
    join(__dirname, '..', '..', '..', '..', 'node_modules', '@types', 'vscode', 'index.d.ts'),
    'utf8',
  );
  const names = [
    ...new Set(
      [...declarations.matchAll(/export (?:class|namespace|enum|function|const|let) (\w+)/g)].map((match) => match[1]!),
    ),
  ];
  const root = stub(overrides);
  return new Proxy(Object.create(null) as object, {
    get: (_target, property) => (property === 'then' || property === '__esModule' ? undefined : root[property]),
    ownKeys: () => names,
    getOwnPropertyDescriptor: (_target, property) => ({
      configurable: true,
      enumerable: true,
      get: () => root[property],
    }),
  });
}
