// `deferred()`: ./deferred, required the first time it is asked for. In the bundle it is a file of its
// own beside dist/extension.js (see esbuild.mjs), so start-up does not pay for zod, the schemas and the
// page builders.
import type * as Deferred from './deferred';

let loaded: typeof Deferred | undefined;
let translations: Record<string, string> | undefined;

export function deferred(): typeof Deferred {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require('./deferred') as typeof Deferred;
    if (translations) loaded.configureL10n({ contents: translations });
  }
  return loaded;
}

/** The display language's strings (VS Code's l10n bundle), for the deferred file's own @vscode/l10n. */
export function translateDeferred(contents: Record<string, string>): void {
  translations = contents;
  loaded?.configureL10n({ contents });
}
