// The detail panels. One manager owns the open panels (found by what they show), and is also the
// WebviewPanelSerializer, so opening and restoring after a reload share one path. It follows the
// credentials, the watchlist, the ratings and the settings on behalf of every open panel, and says when
// a panel shows its title (the search's "Recently opened" follows that).
import * as vscode from 'vscode';
import { setContext } from '../../kit/contextKeys';
import { Disposable } from '../../kit/disposable';
import { ContextKeys, WEBVIEW_TYPE } from '../../common/ids';
import type { DetailPanel, PanelDeps } from './detailPanel';
import { titlesHostSlice, titlesPart } from './deferredPart';
import { PreviewTab } from '../../pageHost/previewTab';
import { kindOf, renderContext, warmUpPage } from './panelKinds';
import type { WatchlistUi } from '../../webview/protocol';
import { refKey, type PanelHistory, type PanelKind, type PanelRef, type ShownTitle } from '../../model/panelRef';
import { displayLocale } from '../../settings/settings';

/** A title a panel shows: what "Recently opened" lists. */

type DetailPanelClass = typeof import('./detailPanel').DetailPanel;

/** How long after the id box shows PanelManager.warmUp starts. */
const WARM_UP_DELAY_MS = 50;

export class PanelManager extends Disposable implements vscode.WebviewPanelSerializer {
  /** The open panels. Two can show one title (a link or Back led one to what another shows). */
  private readonly panels = new Set<DetailPanel>();
  /** Panels whose title is news (a new one, or brought to the front): said once their page has painted it. */
  private readonly unannounced = new Set<DetailPanel>();
  private readonly shown = this.register(new vscode.EventEmitter<ShownTitle>());
  /** Fires when a panel has shown its title (loaded, or brought to the front again). */
  readonly onDidShowTitle = this.shown.event;

  /** The preview tab a sidebar row's click shows its title in (./previewTab). */
  readonly previewTab = this.register(new PreviewTab<DetailPanel>());
  private warming: ReturnType<typeof setTimeout> | undefined;
  /** The kinds whose first panel has been readied (PanelManager.warmUp): each once a window. */
  private readonly warmed = new Set<PanelKind>();

  constructor(private readonly deps: PanelDeps) {
    super();
    this.register({ dispose: () => clearTimeout(this.warming) });
    this.register(vscode.window.registerWebviewPanelSerializer(WEBVIEW_TYPE, this));
    this.register(
      deps.watchlist.onDidChange((change) => {
        for (const panel of this.showingAll(change)) panel.controls.showWatchlist({ state: change.on ? 'on' : 'off' });
      }),
    );
    this.register(
      deps.favorites.onDidChange((change) => {
        for (const panel of this.showingAll(change)) panel.controls.showFavorite({ state: change.on ? 'on' : 'off' });
      }),
    );
    // A watched mark made anywhere (another page of the movie, the palette, the title bar) shows on each page.
    this.register(
      deps.watched().onDidChange(() => {
        for (const panel of this.panels.values()) {
          void panel.account?.loadWatched();
          void panel.controls.episodes?.refresh();
        }
      }),
    );
    this.register(
      deps.ratings.onDidChange((change) => {
        for (const panel of this.showingAll(change))
          panel.controls.showRating({ state: 'shown', value: change.value ?? null });
      }),
    );
    // A page shows a kept answer at once, even a stale one, while the client checks it behind.
    this.register(
      deps.client.onDidRefresh((path) => {
        for (const panel of this.panels.values()) {
          if (path === kindOf(panel.ref).path(panel.ref.id)) void panel.load({ inPlace: true });
          else if (path === `${kindOf(panel.ref).path(panel.ref.id)}/account_states`) void panel.account?.load();
        }
      }),
    );
    this.register(
      deps.client.onDidKeepStale(({ path, storedAt, why }) => {
        for (const panel of this.panels.values())
          if (path === kindOf(panel.ref).path(panel.ref.id)) panel.showKeptMark({ since: storedAt, why });
      }),
    );
    this.register(
      deps.credentials.onDidChange(() => {
        for (const panel of this.panels.values()) {
          void (panel.state.needsToken ? panel.load() : panel.account?.load());
          void panel.controls.episodes?.refresh();
        }
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration('tmdb')) return;
        deps.log.info('panels', 'TMDB settings changed; reloading the open panels');
        for (const panel of this.panels.values()) void panel.load();
      }),
    );
  }

  /**
   * Opens a panel, or reveals the one already showing this title. `preview` (a sidebar row's click): as
   * VS Code opens a file from the Explorer when `workbench.editor.enablePreview` is on, the title shows in
   * the preview tab, which the next row's click reuses; a double click, an act in the page (a link, a
   * toggle, a rating) or Keep Open keeps it (./previewTab).
   */
  async open(ref: PanelRef, options: { preview?: boolean } = {}): Promise<DetailPanel> {
    // The panel's host code and the pages' builders load with the first page (src/firstUse.ts).
    const { DetailPanel } = await titlesHostSlice.load();
    const { reuse, keep } = this.previewTab.opening(ref, options.preview ?? false);
    const existing = this.showing(ref);
    if (existing && keep) this.previewTab.keep(existing);
    if (!existing && reuse) {
      reuse.showTitle(ref);
      reuse.panel.reveal();
      return reuse;
    }
    if (existing) {
      existing.panel.reveal();
      if (existing.state.pageReady) this.announce(existing);
      else this.unannounced.add(existing); // its page is rebuilt: said once painted
      return existing;
    }
    this.deps.log.trace('panels', `opening ${ref.kind} ${ref.id}`);
    const panel = vscode.window.createWebviewPanel(
      WEBVIEW_TYPE,
      'TMDB',
      vscode.ViewColumn.Active,
      this.webviewOptions(),
    );
    const detail = this.attach(DetailPanel, panel, ref);
    if (options.preview && !keep) this.previewTab.set(detail);
    return detail;
  }

  /**
   * Asks TMDB for what `ref`'s panel will show before the panel is opened (an id typed in "Open
   * Movie…"): the panel then finds the answer kept, or joins the request. A failure is left for the
   * panel to meet, if it is opened.
   */
  prefetch(ref: PanelRef): void {
    if (this.showing(ref)) return;
    this.deps.log.trace('panels', `asking ahead for ${ref.kind} ${ref.id}`);
    kindOf(ref)
      .fetch(this.deps.client, ref.id)
      .catch(() => undefined);
  }

  /**
   * Readies what the first `kind` panel needs before any TMDB answer (the deferred part, fetch, the kind's
   * schema, a first page of the kind: ./panelKinds warmUpPage; the panel's own code, src/firstUse.ts) while a person reads the id box, a moment
   * after it shows (its own message to the workbench goes first). Without this, that work runs when the
   * pasted id is asked for ahead, and the Enter that creates the panel waits behind it. Once a kind: later
   * boxes find it done. A failure here is only logged: the request meets it again and says so.
   */
  warmUp(kind: PanelKind): void {
    if (this.warmed.has(kind)) return;
    clearTimeout(this.warming);
    this.warming = setTimeout(() => {
      this.warmed.add(kind);
      this.deps.client.warmUp(kind);
      titlesHostSlice
        .load()
        .then(() => warmUpPage(kind, renderContext(this.deps.settings(), displayLocale())))
        .catch((error: unknown) =>
          this.deps.log.warn(
            'panels',
            `could not ready the first panel ahead: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
    }, WARM_UP_DELAY_MS);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    let DetailPanel: DetailPanelClass;
    try {
      ({ DetailPanel } = await titlesHostSlice.load());
    } catch (error) {
      // The page's own code could not be read (a browser): the tab goes; opening the title again tries again.
      this.deps.log.error('panels', 'could not restore a panel', error);
      panel.dispose();
      return;
    }
    const ref = titlesPart().messages.parsePanelRef(state);
    if (!ref) {
      this.deps.log.warn('panels', 'a saved panel had no readable state; closed it');
      panel.dispose();
      return;
    }
    panel.webview.options = this.webviewOptions();
    const detail = this.attach(DetailPanel, panel, ref, titlesPart().messages.parsePanelHistory(state));
    // The preview tab before the reload is the preview tab still.
    if ((state as { preview?: unknown }).preview === true) this.previewTab.set(detail);
  }

  /** The open panel showing `ref`, if any. */
  showing(ref: PanelRef): DetailPanel | undefined {
    return this.showingAll(ref)[0];
  }

  /** Every open panel showing `ref`. */
  private showingAll(ref: PanelRef): DetailPanel[] {
    const key = refKey(ref);
    return this.openPanels.filter((detail) => refKey(detail.ref) === key);
  }

  get openPanels(): DetailPanel[] {
    return [...this.panels.values()];
  }

  get activePanel(): DetailPanel | undefined {
    return this.openPanels.find((detail) => detail.panel.active);
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableFindWidget: true,
      // The page's script, style and logo are inlined, and pictures come from TMDB's image host: the
      // webview may read no file of this computer at all.
      localResourceRoots: [],
    };
  }

  /** The panel showing `ref`, brought to the front; undefined when none does. */
  private revealShowing(ref: PanelRef): DetailPanel | undefined {
    const existing = this.showing(ref);
    if (existing) void this.open(ref);
    return existing;
  }

  private attach(
    DetailPanel: DetailPanelClass,
    panel: vscode.WebviewPanel,
    ref: PanelRef,
    history?: PanelHistory,
  ): DetailPanel {
    // A link in a page opens a tab of its own when asked (a modifier-click), brings forward the tab that
    // shows its title already, or else is followed in the same panel (DetailPanel, with Back).
    const detail = new DetailPanel(
      panel,
      ref,
      this.deps,
      (next, newTab) => {
        if (newTab) void this.open(next);
        return newTab || this.revealShowing(next) !== undefined;
      },
      history,
    );
    this.panels.add(detail);
    const syncContext = () => {
      // At once, whatever its page is doing: the pin and Ctrl+K Enter are for the preview tab only.
      if (detail.panel.active) setContext(ContextKeys.panelPreview, this.previewTab.is(detail));
      // Not before the page has painted its content (./tabTitle): each context key change makes the workbench
      // re-evaluate its menus, on the thread that builds the webview and paints its frames.
      if (!detail.panel.active || detail.state.phase === 'loading' || !detail.state.pageReady) return;
      setContext(ContextKeys.panelWatchlist, toggleContext(detail.state.watchlist));
      setContext(ContextKeys.panelFavorite, toggleContext(detail.state.favorite));
      setContext(ContextKeys.panelWatched, toggleContext(detail.state.watched));
      setContext(ContextKeys.panelKind, detail.ref.kind);
      setContext(ContextKeys.panelRated, detail.state.rating.value !== null);
      setContext(ContextKeys.panelCanGoBack, detail.canGoBack);
      setContext(ContextKeys.panelCanGoForward, detail.canGoForward);
      setContext(ContextKeys.panelPreview, this.previewTab.is(detail));
    };
    // Once its page has painted it too (its tab has the title then, see ./tabTitle; and the recent titles'
    // write waits till then). A page painted again (a kept answer refreshed, a tab clicked) is not news.
    this.unannounced.add(detail);
    const announceShown = () => {
      if (detail.state.phase !== 'shown') this.unannounced.add(detail);
      else if (detail.state.pageReady && this.unannounced.delete(detail)) this.announce(detail);
    };
    // Back and Forward follow the title at once (the other keys wait for its content, see syncContext).
    const syncHistory = detail.onDidNavigate(() => {
      if (!detail.panel.active) return;
      setContext(ContextKeys.panelCanGoBack, detail.canGoBack);
      setContext(ContextKeys.panelCanGoForward, detail.canGoForward);
      // The toggles were the title's before: none till the new one's states are read.
      setContext(ContextKeys.panelWatchlist, '');
      setContext(ContextKeys.panelFavorite, '');
      setContext(ContextKeys.panelWatched, '');
    });
    const subscriptions = [
      detail.onDidChangeState(syncContext),
      detail.onDidChangeState(announceShown),
      panel.onDidChangeViewState(syncContext),
      this.previewTab.onDidChange(
        () => detail.panel.active && setContext(ContextKeys.panelPreview, this.previewTab.is(detail)),
      ),
      syncHistory,
    ];
    panel.onDidDispose(() => {
      this.panels.delete(detail);
      this.unannounced.delete(detail);
      for (const subscription of subscriptions) subscription.dispose();
      detail.dispose();
      if (this.activePanel) return;
      setContext(ContextKeys.panelWatchlist, '');
      setContext(ContextKeys.panelFavorite, '');
      setContext(ContextKeys.panelWatched, '');
      setContext(ContextKeys.panelKind, '');
      setContext(ContextKeys.panelRated, false);
      setContext(ContextKeys.panelCanGoBack, false);
      setContext(ContextKeys.panelCanGoForward, false);
      setContext(ContextKeys.panelPreview, false);
    });
    return detail;
  }

  /** Says that `detail` shows its title, once it has. */
  private announce(detail: DetailPanel): void {
    if (detail.state.phase !== 'shown') return;
    this.shown.fire({ ref: detail.ref, label: detail.title, detail: kindOf(detail.ref).label() });
  }

  override dispose(): void {
    for (const detail of [...this.panels]) detail.panel.dispose();
    super.dispose();
  }
}

/** An editor-title toggle (watchlist, favorite): "on", "off" (signed out offers Add, which leads to sign-in), or hidden. */
function toggleContext(toggle: WatchlistUi): string {
  const state = toggle.state;
  return state === 'on' || state === 'off' ? state : state === 'signedOut' ? 'off' : '';
}
