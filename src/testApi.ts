// The test-mode door. In VS Code's test mode (the integration suite) `activate` returns this view of the
// services so tests can drive and observe them; in every other mode it returns nothing, so no other
// extension can reach the token or the session through `getExtension(…).activate()`.
import * as vscode from 'vscode';
import { commandTable, syncedKeysOf, type CommandOptions, type Part } from './core/feature';
import type { Services } from './services';
import type { MediaKind } from './tmdb/schemas';
import { TitleNode, type TitleSummary } from './tree/nodes';
import type { DetailPanel } from './features/titles/detailPanel';
import type { PanelRef } from './model/panelRef';

export interface TmdbTestApi extends Services {
  treeViews: Record<
    'trending' | 'trendingTitles' | 'lists' | 'watchlist' | 'favorites' | 'rated',
    vscode.TreeView<unknown>
  >;
  /** Where the extension writes its log, its global state (for the secret-hygiene checks), and its SecretStorage (another window's writes). */
  diagnostics: {
    logUri: vscode.Uri;
    globalState: vscode.Memento;
    /** The global-state keys handed to Settings Sync (`setKeysForSync`), as the top hands them. */
    keysForSync: readonly string[];
    secrets: vscode.SecretStorage;
    globalStorageUri: vscode.Uri;
  };
  /** Every address the extension asked the browser to open, oldest first (tests may clear it). */
  openedUrls: string[];
  /** The open panel showing `ref`, if any. */
  panel(ref: PanelRef): DetailPanel | undefined;
  /** Resolves once the panel's content (or its error) is shown. */
  whenRendered(panel: DetailPanel): Promise<void>;
  /** The titles the Watchlist view lists in one of its groups. */
  watchlistItems(kind: MediaKind): Promise<TitleSummary[]>;
  /** The titles the Favorites view lists in one of its groups. */
  favoriteItems(kind: MediaKind): Promise<TitleSummary[]>;
  /** The titles the Rated view lists in one of its groups, with their rows' descriptions. */
  ratedItems(kind: MediaKind): Promise<Array<{ summary: TitleSummary; description: string }>>;
}

/** In test mode, an opener that also remembers what it opened; elsewhere the opener itself. */
export function openerFor(mode: vscode.ExtensionMode, open: (url: string) => Thenable<boolean>) {
  const opened: string[] = [];
  const opener = mode === vscode.ExtensionMode.Test ? (url: string) => (opened.push(url), open(url)) : open;
  return { opener, opened };
}

/** What `activate` returns in a build with the door: the parts' services by name, in test mode only. */
export function testExports(
  context: vscode.ExtensionContext,
  parts: readonly Part[],
  openedUrls: string[],
): TmdbTestApi | undefined {
  // Each part's services by name: their types are ./services' Services (the features' `exposed`, typed there,
  // where a name two parts expose would be `never`: said here instead).
  const names = parts.flatMap((part) => Object.keys(part.exposed));
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (twice.length) throw new Error(`Two parts expose ${twice.join(', ')}.`);
  const services = Object.assign({}, ...parts.map((part) => part.exposed)) as Omit<Services, 'commandHandlers'>;
  const commandHandlers = (options: CommandOptions) => Object.fromEntries(commandTable(parts, options));
  return exportsFor(
    context.extensionMode,
    { ...services, commandHandlers },
    {
      logUri: context.logUri,
      globalState: context.globalState,
      secrets: context.secrets,
      globalStorageUri: context.globalStorageUri,
      keysForSync: syncedKeysOf(parts),
    },
    openedUrls,
  );
}

/** What `activate` returns: the test API in test mode, nothing otherwise. */
export function exportsFor(
  mode: vscode.ExtensionMode,
  services: Services,
  context: {
    logUri: vscode.Uri;
    globalState: vscode.Memento;
    keysForSync?: readonly string[];
    secrets: vscode.SecretStorage;
    globalStorageUri: vscode.Uri;
  },
  openedUrls: string[],
): TmdbTestApi | undefined {
  if (mode !== vscode.ExtensionMode.Test) return undefined;
  const { panels, watchlistView, favoritesView, ratedView } = services;
  const titlesIn = async (view: typeof watchlistView, kind: MediaKind) => {
    const groups = await view.getChildren();
    const group = groups[kind === 'movie' ? 0 : 1];
    const nodes = group ? await view.getChildren(group) : [];
    return nodes.filter((node): node is TitleNode => node instanceof TitleNode);
  };
  return {
    ...services,
    treeViews: {
      trending: services.trending.view,
      trendingTitles: services.trendingTitles.view,
      lists: services.lists.view,
      watchlist: watchlistView.view,
      favorites: favoritesView.view,
      rated: ratedView.view,
    },
    diagnostics: {
      logUri: context.logUri,
      globalState: context.globalState,
      keysForSync: context.keysForSync ?? [],
      secrets: context.secrets,
      globalStorageUri: context.globalStorageUri,
    },
    openedUrls,
    panel: (ref) => panels.showing(ref),
    // Its content or error is shown, and its page has booted and painted it (the tab's title waits for that,
    // see webview/tabTitle) unless the panel is out of view (then the title is set at once).
    whenRendered: (detail) =>
      new Promise<void>((resolve) => {
        const rendered = () => detail.state.phase !== 'loading' && (detail.state.pageReady || !detail.panel.visible);
        if (rendered()) return resolve();
        const check = () => {
          if (!rendered()) return;
          for (const subscription of subscriptions) subscription.dispose();
          resolve();
        };
        const subscriptions = [detail.onDidChangeState(check), detail.panel.onDidChangeViewState(check)];
      }),
    watchlistItems: async (kind) => (await titlesIn(watchlistView, kind)).map((node) => node.summary),
    favoriteItems: async (kind) => (await titlesIn(favoritesView, kind)).map((node) => node.summary),
    ratedItems: async (kind) =>
      (await titlesIn(ratedView, kind)).map((node) => ({
        summary: node.summary,
        description: String(node.description),
      })),
  };
}
