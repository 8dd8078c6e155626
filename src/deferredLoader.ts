// `deferred()`: ./deferred, required the first time it is asked for. In the bundle it is a file of its
// own beside dist/extension.js (see esbuild.mjs), so start-up does not pay for zod and the schemas.
import type * as Deferred from './deferred';

let loaded: typeof Deferred | undefined;

export function deferred(): typeof Deferred {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./deferred') as typeof Deferred;
  return loaded;
}
