// One detail panel: it fetches its title from its first turn, while the webview boots; the page's HTML comes
// with its content when that is in hand already, otherwise the content is posted as soon as it is (VS Code
// hands it over when the page has loaded) and again when the page says `ready` (also after a reload). It
// carries out what the page asks for (retry, another panel, a season, more recommendations; the toggles,
// rating and marks go to ./panelControls, Add to List… to the list picker). An answer kept because TMDB is out of
// reach shows with "Offline · as of …" and Retry. The workbench's own work for a page (its tab's title, the
// title bar's keys) waits till the page has booted and painted what it was given (./tabTitle).
import * as vscode from 'vscode';
import { Disposable } from '../../kit/disposable';
import { displayLocale } from '../../settings/settings';
import { keptLabel, type KeptCopy } from '../../model/kept';
import { keptCopy } from '../../tmdb/offline';
import type { PanelAccount } from './panelAccount';
import { PanelControls, UNREAD } from './panelControls';
import type { PanelDeps, PanelState } from './panelState';

export type { PanelDeps, PanelState } from './panelState';
import { loadSeason, type MoreHost } from './panelMore';
import { carryOut, type PageRequestsHost } from './pageRequests';
import { loadFailure } from './loadFailure';
import { kindOf, renderContext } from './panelKinds';
import { MAX_HISTORY, MAX_NAME, refKey, type PanelHistory, type PanelRef } from '../../model/panelRef';
import { BrowsingHistory, type Step } from './browsingHistory';
import type { RenderContext } from './html/markup';
import { titlesPart } from './deferredPart';
import { renderOfflineNotice } from './html/notices';
import { PageChannel } from '../../pageHost/pageChannel';
import { TabTitle } from '../../pageHost/tabTitle';
import type { HostMessage } from '../../webview/protocol';

/** What the page asks for that is the person's own act (a preview tab is kept open by it, ./panelManager). */
const ACTS: ReadonlySet<string> = new Set([
  'open',
  'toggleWatchlist',
  'toggleFavorite',
  'toggleWatched',
  'rate',
  'addToList',
  'markEpisodes',
  'markSeason',
  'rateEpisode',
]);

export class DetailPanel extends Disposable {
  /** What the page is told, posted again on `ready` (./pageChannel). */
  private readonly page: PageChannel;
  /** Numbers the loading, content and error messages, so the page shows each once (see `post`). */
  private contentSeq = 0;
  private firstLoad: ReturnType<typeof setTimeout> | undefined; // the load on the first turn (see the constructor)
  /** The answer shown (to mark it "Offline · as of …" when its check behind fails). */
  private data: unknown;
  private current: PanelState = {
    phase: 'loading',
    ...UNREAD,
    needsToken: false,
    pageReady: false,
    kept: undefined,
  };
  private readonly stateChanged = this.register(new vscode.EventEmitter<PanelState>());
  /** Fires when the content is shown or fails, and when the watchlist toggle or the rating changes. */
  readonly onDidChangeState = this.stateChanged.event;
  /** The toggles, the rating and the watched marks of the title shown (./panelControls). */
  readonly controls: PanelControls;
  private shownRef: PanelRef;
  private readonly tabTitle: TabTitle;
  /** Where Back and Forward lead (./browsingHistory). */
  private readonly history: BrowsingHistory;
  private readonly navigated = this.register(new vscode.EventEmitter<{ from: PanelRef; to: PanelRef }>());
  /** Fires when the panel shows another title (a link followed in place, Back, Forward). */
  readonly onDidNavigate = this.navigated.event;
  private readonly acted = this.register(new vscode.EventEmitter<void>());
  /** Fires when the person acts in the page: follows a link, changes the watchlist, a favorite, a rating or a list. */
  readonly onDidAct = this.acted.event;
  /** The names of the titles this panel has shown, for Back and Forward to say where they lead. */
  private readonly names = new Map<string, string>();
  /** Whether the panel is the preview tab (./previewTab); the page keeps it, for a reload. */
  private previewing = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    ref: PanelRef,
    private readonly deps: PanelDeps,
    /** Where a link leads: another panel (`newTab`: a modifier-click), or the one showing that title; false: here, with Back. */
    private readonly openElsewhere: (ref: PanelRef, newTab: boolean) => boolean,
    history: PanelHistory = { back: [], forward: [] },
  ) {
    super();
    this.shownRef = ref;
    this.tabTitle = this.register(
      new TabTitle(panel, (settled) => settled !== this.current.pageReady && this.update({ pageReady: settled })),
    );
    this.page = new PageChannel(
      panel,
      deps,
      this.tabTitle,
      () => this.ref,
      () => this.isDisposed,
    );
    this.history = new BrowsingHistory(history);
    this.controls = new PanelControls(
      {
        state: () => this.current,
        ref: () => this.shownRef,
        title: () => this.title,
        post: (message) => this.post(message),
        update: (change) => this.update(change),
      },
      deps,
    );
    this.register(this.controls);
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'tmdb.svg');
    // VS Code sends the panel's creation on a timer of its own: the load waits for the next (a page built first held a first
    // panel back ~8 ms). An answer in hand is read in that turn and goes into the page's HTML; any other is posted.
    if (history.back.length || history.forward.length) this.postLocation();
    this.firstLoad = setTimeout(() => void this.load());
    const inHand = setTimeout(() => this.page.setHtml());
    this.register({ dispose: () => (clearTimeout(this.firstLoad), clearTimeout(inHand)) });
    const requests = this.requests();
    this.register(
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const message = titlesPart().messages.parsePageMessage(raw);
        if (!message) {
          deps.log.warn('panels', `dropped a malformed message from the page: ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        if (ACTS.has(message.type)) this.acted.fire();
        carryOut(message, requests).catch((error: unknown) =>
          deps.log.error('panels', `could not carry out "${message.type}" from the page`, error),
        );
      }),
    );
  }

  get state(): PanelState {
    return this.current;
  }

  /** The tab's title, or the one it is about to have (./tabTitle). */
  get title(): string {
    return this.tabTitle.value;
  }
  /** What the panel shows now. */
  get ref(): PanelRef {
    return this.shownRef;
  }

  /**
   * What the panel is when written out as JSON: what it shows, nothing of what it holds (the client, the
   * credentials with the token in hand). VS Code sends a command's result to the workbench as JSON: an
   * "Open Movie" run from the palette sent this object whole.
   */
  toJSON(): PanelRef {
    return this.shownRef;
  }

  get account(): PanelAccount | undefined {
    return this.controls.account;
  }
  get canGoBack(): boolean {
    return this.history.canGoBack;
  }
  get canGoForward(): boolean {
    return this.history.canGoForward;
  }

  /** Makes the panel the preview tab, or a kept one (./previewTab); the page is told, for a reload. */
  markPreview(on: boolean): void {
    if (this.previewing === on) return;
    this.previewing = on;
    this.tabTitle.markPreview(on ? (name) => vscode.l10n.t('{0} · Preview', name) : undefined);
    this.postLocation();
  }

  /** Shows `ref` in this panel, as a link does (Back returns): a preview tab's next title. */
  showTitle(ref: PanelRef): void {
    this.navigate(ref, 'link');
  }

  goBack(): void {
    const to = this.history.next('back');
    if (to) this.navigate(to, 'back');
  }

  goForward(): void {
    const to = this.history.next('forward');
    if (to) this.navigate(to, 'forward');
  }

  /**
   * Shows another title in this panel, as a browser tab does: a link (Forward is forgotten), or a step
   * Back or Forward. The page then loads it; its history goes into the page's state.
   */
  private navigate(to: PanelRef, how: Step): void {
    const from = this.shownRef;
    if (refKey(from) === refKey(to)) return;
    this.history.leave(from, how);
    this.shownRef = to;
    // The tab says what comes ("Person 287") until it has its name: never the title that was shown.
    this.tabTitle.set(`${kindOf(to).label()} ${to.id}`);
    this.data = undefined;
    this.update({ phase: 'loading', kept: undefined, needsToken: false });
    this.controls.moveTo(to);
    this.postLocation(how);
    this.navigated.fire({ from, to });
    void this.load();
  }

  /** Tells the page what it shows, how it came there, and where Back and Forward lead (it keeps them as its state). */
  private postLocation(how?: Step): void {
    const name = (step: 'back' | 'forward') => {
      const to = this.history.next(step);
      return to && this.names.get(refKey(to))?.slice(0, MAX_NAME);
    };
    const [backTitle, forwardTitle] = [name('back'), name('forward')];
    this.post({
      type: 'location',
      ref: this.shownRef,
      history: this.history.current,
      ...(how ? { how } : {}),
      ...(backTitle ? { backTitle } : {}),
      ...(forwardTitle ? { forwardTitle } : {}),
      ...(this.previewing ? { preview: true } : {}),
    });
  }

  private update(change: Partial<PanelState>): void {
    this.current = { ...this.current, ...change };
    this.stateChanged.fire(this.current);
  }

  private post(message: HostMessage): void {
    this.page.post(message);
  }

  /** What the page asks this panel to do (./pageRequests routes each message); made once, with the panel. */
  private requests(): PageRequestsHost {
    return {
      replay: () => this.page.replay(),
      painted: (seq) => this.tabTitle.painted(seq),
      retry: () => {
        // Ask TMDB, not the cache, for what this page shows (and only that).
        this.deps.client.expire(kindOf(this.ref).path(this.ref.id));
        return this.load();
      },
      open: (ref, newTab) => {
        if (!this.openElsewhere(ref, newTab)) this.navigate(ref, 'link');
      },
      goBack: () => this.goBack(),
      goForward: () => this.goForward(),
      account: () => this.account,
      episodes: () => this.controls.episodes,
      more: () => this.more(),
      addToList: async () => {
        if (this.ref.kind === 'movie' || this.ref.kind === 'tv')
          await this.deps.addToList({ kind: this.ref.kind, id: this.ref.id, name: this.title });
      },
    };
  }

  private context(): RenderContext {
    return renderContext(this.deps.settings(), displayLocale());
  }

  /**
   * Fetches and renders the panel's content. `inPlace`: what is shown stays until the new content
   * replaces it (a kept answer that TMDB, checked behind, has changed), with no "Loading…" between.
   */
  async load(options: { inPlace?: boolean } = {}): Promise<void> {
    clearTimeout(this.firstLoad); // a load asked before the first turn (a link, a setting) is the first
    const inPlace = options.inPlace && this.data !== undefined;
    if (!inPlace) {
      this.update({ phase: 'loading', needsToken: false });
      // A new page shows "Loading from TMDB…" by itself; a page that shows something says it again.
      if (this.page.hasContent) this.post({ type: 'loading', seq: ++this.contentSeq });
    }
    const ref = this.ref;
    const kind = kindOf(ref);
    // Closed meanwhile, or gone on to another title (a link, Back): this answer is not what the page
    // shows any more (it stays in the client's cache for the next time).
    const outdated = () => this.isDisposed || this.ref !== ref;
    try {
      const data = await kind.fetch(this.deps.client, ref.id);
      if (outdated()) return;
      const kept = keptCopy(data);
      this.show(data, kept);
      // Set now: the check behind may find TMDB out of reach while the account controls load (showKeptMark).
      this.update({ kept });
      await this.account?.load();
      if (outdated()) return;
      this.update({ phase: 'shown' });
    } catch (error) {
      if (inPlace || outdated()) return; // what is shown stays (the client logged why)
      const failure = loadFailure(error, ref);
      if (failure.logged) this.deps.log.error('panels', `could not load ${ref.kind} ${ref.id}`, error);
      this.post({ type: 'error', seq: ++this.contentSeq, html: failure.html });
      this.tabTitle.set(failure.tabTitle);
      this.update({ phase: 'error', needsToken: failure.needsToken });
    }
  }

  /**
   * Opens a season on a series page (Up Next's rows) once the page shows it, as its button does, with
   * `episode` in view; the page keeps it open with its place (a reloaded page asks for it again).
   */
  async openSeason(season: number, episode?: number): Promise<void> {
    const ref = this.ref;
    const ready = () => this.current.phase !== 'loading' && this.current.pageReady;
    if (!ready())
      await new Promise<void>((resolve) => {
        const waiting = this.onDidChangeState(() => ready() && (waiting.dispose(), resolve()));
        this.register(waiting);
      });
    if (ref.kind === 'tv' && this.ref === ref && this.current.phase === 'shown')
      await loadSeason(this.more(), season, episode);
  }

  /** What the season, episode and recommendation loaders (./panelMore) need of this panel. */
  private more(): MoreHost {
    return {
      client: this.deps.client,
      log: this.deps.log,
      ref: () => this.ref,
      context: () => this.context(),
      post: (message) => this.post(message),
      seasonShown: (details) => void this.controls.episodes?.opened(details),
    };
  }

  /** The content, with "Offline · as of …" above it when it is a kept copy TMDB could not confirm. */
  private show(data: unknown, kept: KeptCopy | undefined): void {
    const kind = kindOf(this.ref);
    this.data = data;
    const ctx = this.context();
    const title = kind.title(data) || 'TMDB';
    const notice = kept ? renderOfflineNotice(keptLabel(kept, ctx.locale)) : '';
    this.post({ type: 'render', seq: ++this.contentSeq, title, html: notice + kind.render(data, ctx) });
    this.tabTitle.set(title); // once the page has painted it (post holds the title)
    this.names.delete(refKey(this.ref));
    this.names.set(refKey(this.ref), title);
    if (this.names.size > 2 * MAX_HISTORY + 1) this.names.delete(this.names.keys().next().value!);
  }

  /**
   * The kept answer shown at once turned out, checked behind, to be all there is: TMDB could not be
   * reached or failed. The page says so now (a page whose content came from TMDB meanwhile is left alone).
   */
  showKeptMark(kept: KeptCopy): void {
    if (this.isDisposed || this.current.kept || this.data === undefined) return;
    this.show(this.data, kept);
    this.update({ kept });
  }
}
