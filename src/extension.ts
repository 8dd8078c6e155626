// The top: builds the core once, then each feature in turn registers itself on it (a feature is a folder
// under src/features with one entry, its index.ts). No network call happens here; views load when they
// are first shown.
// First: the deferred part's entry is named before any module that may reach it is loaded.
import { readWebPartsWith } from './deferredEntry';
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { translateDeferred } from './common/deferred';
import { IN_BROWSER } from './common/host';
import { buildCore } from './core/core';
import { commandTable, registerCommands, syncedKeysOf, type Part } from './core/feature';
import { chatFeature } from './features/chat';
import { discoverFeature } from './features/discover';
import { editorFeature } from './features/editor';
import { libraryFeature } from './features/library';
import { searchFeature } from './features/search';
import { titlesFeature } from './features/titles';
import { transferFeature } from './features/transfer';
import { trendingFeature } from './features/trending';
import { upNextFeature } from './features/upNext';
import { forYouFeature } from './features/forYou';
import { watchedFeature } from './features/watched';
import { welcomeFeature } from './features/welcome';
import { openUrl } from './kit/openUrl';
import { openerFor, testExports, type TmdbTestApi } from './testApi';

/** The features, in the order they register: one that provides a door (../core/doors) before one that follows it at once. */
export const FEATURES = [
  trendingFeature,
  watchedFeature,
  titlesFeature,
  searchFeature,
  libraryFeature,
  upNextFeature,
  forYouFeature,
  discoverFeature,
  transferFeature,
  editorFeature,
  chatFeature,
  welcomeFeature,
] as const;

/**
 * Whether this build has the test-mode door (./testApi): esbuild.mjs builds it in for the integration
 * suite (--test-api) and the tests' own build, and leaves it out of the bundles that ship.
 */
declare const __TEST_API__: boolean | undefined;

export function activate(context: vscode.ExtensionContext): TmdbTestApi | undefined {
  // The modules that import nothing from vscode (pages, client errors) translate with @vscode/l10n:
  // hand it the bundle VS Code loaded for the display language (none for English).
  if (vscode.l10n.bundle) {
    l10n.config({ contents: vscode.l10n.bundle });
    translateDeferred(vscode.l10n.bundle);
  }
  // VS Code for the Web reads the deferred parts, on their first use, as the extension's own files.
  if (IN_BROWSER) readWebPartsWith((name) => readText(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', name)));
  const { opener, opened } = openerFor(context.extensionMode, openUrl);
  const { core, added } = buildCore(context, opener);
  const parts: Part[] = [added, ...FEATURES.map((entry) => entry(core))];
  context.globalState.setKeysForSync(syncedKeysOf(parts));
  const options = { credentialArguments: core.testMode, returnResults: core.testMode };
  context.subscriptions.push(
    ...parts.flatMap((part) => part.disposables ?? []),
    ...registerCommands(commandTable(parts, options), options),
  );
  return typeof __TEST_API__ !== 'undefined' && __TEST_API__ ? testExports(context, parts, opened) : undefined;
}

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

export function deactivate(): void {
  // Everything is in context.subscriptions.
}
