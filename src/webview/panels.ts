// Detail panels. One manager owns a Map of panels keyed by what they show, and is also the
// WebviewPanelSerializer, so opening and restoring after a reload share one path.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { Credentials } from '../auth/credentials';
import type { Settings } from '../config';
import { setContext } from '../context';
import { Commands, ContextKeys, WEBVIEW_TYPE } from '../ids';
import type { Logger } from '../log';
import { openUrl } from '../open';
import type { TmdbClient } from '../tmdb/client';
import { isTmdbError, userMessage } from '../tmdb/errors';
import { imageOrigin } from '../tmdb/images';
import { titleOf } from '../tmdb/titles';
import type { Watchlist } from '../watchlist';
import { renderCredit, renderError, renderMovie, renderPerson, renderRecommendationCards, renderTv, shellHtml, type RenderContext } from './html';
import { hostMessage, parsePageMessage, parsePanelRef, refKey, type HostMessage, type PageMessage, type PanelRef, type WatchlistUi } from './protocol';

export interface PanelDeps {
  extensionUri: vscode.Uri;
  client: TmdbClient;
  watchlist: Watchlist;
  credentials: Credentials;
  settings: () => Settings;
  log: Logger;
}

const OPEN_COMMAND: Record<PanelRef['kind'], string> = {
  movie: Commands.openMovie,
  tv: Commands.openTvSeries,
  credit: Commands.openCredit,
  person: Commands.openPerson,
};

export class PanelManager implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private readonly panels = new Map<string, DetailPanel>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: PanelDeps) {
    this.disposables.push(
      vscode.window.registerWebviewPanelSerializer(WEBVIEW_TYPE, this),
      deps.watchlist.onDidChange((change) => this.panels.get(refKey(change))?.showWatchlist({ state: change.onWatchlist ? 'on' : 'off' })),
      deps.credentials.onDidChange(() => {
        for (const panel of this.panels.values()) void (panel.failedForCredentials ? panel.load() : panel.loadWatchlistState());
      }),
    );
  }

  /** Opens a panel, or reveals the one already showing this title. */
  open(ref: PanelRef): DetailPanel {
    const existing = this.panels.get(refKey(ref));
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(WEBVIEW_TYPE, 'TMDB', vscode.ViewColumn.Active, this.webviewOptions());
    return this.attach(panel, ref);
  }

  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const ref = parsePanelRef(state);
    if (!ref || this.panels.has(refKey(ref))) {
      this.deps.log.warn('panels', 'a saved panel had no readable state; closed it');
      panel.dispose();
      return;
    }
    panel.webview.options = this.webviewOptions();
    this.attach(panel, ref);
  }

  get(ref: PanelRef): DetailPanel | undefined {
    return this.panels.get(refKey(ref));
  }

  get openPanels(): DetailPanel[] {
    return [...this.panels.values()];
  }

  get activePanel(): DetailPanel | undefined {
    return this.openPanels.find((p) => p.panel.active);
  }

  private webviewOptions(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      enableFindWidget: true,
      localResourceRoots: [vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'media')],
    };
  }

  private attach(panel: vscode.WebviewPanel, ref: PanelRef): DetailPanel {
    const detail = new DetailPanel(panel, ref, this.deps);
    const key = refKey(ref);
    this.panels.set(key, detail);
    panel.onDidDispose(() => {
      this.panels.delete(key);
      detail.dispose();
      if (!this.activePanel) setContext(ContextKeys.panelWatchlist, '');
    });
    return detail;
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.panel.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

export class DetailPanel implements vscode.Disposable {
  private ready = false;
  private watchlistUi: WatchlistUi = { state: 'unavailable' };
  private readonly disposables: vscode.Disposable[] = [];
  /** Resolves each time the page has been rendered (tests wait on it). */
  private renderedListeners: Array<() => void> = [];
  rendered = false;
  /** The last load failed for want of a token: a new token reloads the panel by itself. */
  failedForCredentials = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly ref: PanelRef,
    private readonly deps: PanelDeps,
  ) {
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'tmdb.svg');
    panel.webview.html = this.shell();
    this.disposables.push(
      panel.webview.onDidReceiveMessage((raw: unknown) => {
        const message = parsePageMessage(raw);
        if (!message) {
          deps.log.warn('panels', `dropped a malformed message from the page: ${JSON.stringify(raw)?.slice(0, 200)}`);
          return;
        }
        void this.handle(message);
      }),
      panel.onDidChangeViewState(() => this.syncContext()),
    );
  }

  get watchlistState(): WatchlistUi {
    return this.watchlistUi;
  }

  /** Resolves once the content (or an error) has been posted to the page. */
  whenRendered(): Promise<void> {
    if (this.rendered) return Promise.resolve();
    return new Promise((resolve) => this.renderedListeners.push(resolve));
  }

  private shell(): string {
    const webview = this.panel.webview;
    const media = vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'media');
    return shellHtml({
      cspSource: webview.cspSource,
      nonce: randomBytes(16).toString('base64'),
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'panel.css')).toString(),
      logoUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'tmdb-logo.svg')).toString(),
      imageOrigin: imageOrigin(this.deps.settings().imageBaseUrl),
      title: 'TMDB',
    }).replace('<body>', `<body data-kind="${this.ref.kind}" data-id="${String(this.ref.id).replace(/[^\w]/g, '')}">`);
  }

  private post(message: HostMessage): void {
    if (!this.ready) return;
    const checked = hostMessage.safeParse(message);
    if (!checked.success) {
      this.deps.log.error('panels', `did not send a malformed message to the page (${message.type})`);
      return;
    }
    void this.panel.webview.postMessage(checked.data);
  }

  private async handle(message: PageMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        await this.load();
        return;
      case 'retry':
        await this.load();
        return;
      case 'open':
        await vscode.commands.executeCommand(OPEN_COMMAND[message.ref.kind], message.ref.id);
        return;
      case 'toggleWatchlist':
        await this.toggleWatchlist();
        return;
      case 'signIn':
        await vscode.commands.executeCommand(Commands.signIn);
        return;
      case 'setToken':
        await vscode.commands.executeCommand(Commands.setApiToken);
        return;
      case 'loadRecommendations':
        await this.loadRecommendations(message.page);
        return;
      case 'openExternal':
        await openUrl(message.url);
        return;
    }
  }

  private context(): RenderContext {
    const settings = this.deps.settings();
    return { imageBaseUrl: settings.imageBaseUrl, webBaseUrl: settings.webBaseUrl, region: settings.region, locale: vscode.env.language || 'en' };
  }

  /** Fetches and renders the panel's content. */
  async load(): Promise<void> {
    this.rendered = false;
    this.failedForCredentials = false;
    this.post({ type: 'loading' });
    const { client } = this.deps;
    const ctx = this.context();
    try {
      let title: string;
      let html: string;
      switch (this.ref.kind) {
        case 'movie': {
          const movie = await client.movie(this.ref.id);
          title = titleOf('movie', movie).name;
          html = renderMovie(movie, ctx);
          break;
        }
        case 'tv': {
          const series = await client.tvSeries(this.ref.id);
          title = titleOf('tv', series).name;
          html = renderTv(series, ctx);
          break;
        }
        case 'credit': {
          const credit = await client.credit(this.ref.id);
          title = `${credit.person.name} — credit`;
          html = renderCredit(credit, ctx);
          break;
        }
        case 'person': {
          const person = await client.person(this.ref.id);
          title = person.name;
          html = renderPerson(person, ctx);
          break;
        }
      }
      this.panel.title = title || 'TMDB';
      this.post({ type: 'render', title: this.panel.title, html });
      if (this.ref.kind === 'movie' || this.ref.kind === 'tv') await this.loadWatchlistState();
    } catch (error) {
      this.deps.log.error('panels', `could not load ${this.ref.kind} ${this.ref.id}`, error);
      const notFound = isTmdbError(error, 'notFound');
      const message = notFound ? `TMDB has no ${this.ref.kind === 'tv' ? 'series' : this.ref.kind} with id ${this.ref.id}.` : userMessage(error);
      this.panel.title = notFound ? 'Not found' : 'TMDB: error';
      this.failedForCredentials = isTmdbError(error, 'unauthorized');
      this.post({ type: 'error', html: renderError(message, !notFound, this.failedForCredentials ? 'setToken' : undefined) });
    }
    this.rendered = true;
    for (const listener of this.renderedListeners.splice(0)) listener();
  }

  private async loadRecommendations(page: number): Promise<void> {
    if (this.ref.kind !== 'movie') return;
    try {
      const answer = await this.deps.client.movieRecommendations(this.ref.id, page);
      this.post({
        type: 'recommendations',
        html: renderRecommendationCards(answer.results, this.context()),
        page: answer.page,
        hasMore: answer.page < Math.min(answer.total_pages, 500),
      });
    } catch (error) {
      this.deps.log.error('panels', 'could not load more recommendations', error);
      void vscode.window.showErrorMessage(`TMDB: could not load more recommendations. ${userMessage(error)}`);
      this.post({ type: 'recommendations', html: '', page: page - 1, hasMore: true });
    }
  }

  // ---- watchlist --------------------------------------------------------------------------------

  async loadWatchlistState(): Promise<void> {
    if (this.ref.kind !== 'movie' && this.ref.kind !== 'tv') return;
    if (!(await this.deps.credentials.currentSession())) {
      this.showWatchlist({ state: 'signedOut' });
      return;
    }
    try {
      const on = await this.deps.watchlist.isOnWatchlist(this.ref.kind, this.ref.id);
      this.showWatchlist({ state: on ? 'on' : 'off' });
    } catch (error) {
      this.deps.log.error('panels', 'could not read the watchlist state', error);
      this.showWatchlist(isTmdbError(error, 'sessionRevoked') || isTmdbError(error, 'signedOut') ? { state: 'signedOut' } : { state: 'unavailable', error: userMessage(error) });
    }
  }

  showWatchlist(ui: WatchlistUi): void {
    this.watchlistUi = ui;
    this.post({ type: 'watchlist', watchlist: ui });
    this.syncContext();
  }

  /** Shows the change at once, keeps it when TMDB confirms (1, 12, 13), rolls it back otherwise. */
  async toggleWatchlist(target?: boolean): Promise<boolean> {
    if (this.ref.kind !== 'movie' && this.ref.kind !== 'tv') return false;
    const current = this.watchlistUi.state;
    if (current === 'signedOut') {
      const choice = await vscode.window.showInformationMessage('Sign in to TMDB to use your watchlist.', 'Sign In');
      if (choice) await vscode.commands.executeCommand(Commands.signIn);
      return false;
    }
    if (this.watchlistUi.pending || (current !== 'on' && current !== 'off')) return false;
    const wanted = target ?? current !== 'on';
    const next = wanted ? 'on' : 'off';
    this.showWatchlist({ state: next, pending: next });
    try {
      // Confirmed: Watchlist.onDidChange now updates every view of this title, this panel included.
      await this.deps.watchlist.set(this.ref.kind, this.ref.id, wanted);
      return true;
    } catch (error) {
      this.deps.log.error('panels', 'the watchlist change failed; rolled back', error);
      const message = `${wanted ? 'Could not add this to' : 'Could not remove this from'} your watchlist. ${userMessage(error)}`;
      this.showWatchlist({ state: current, error: message });
      if (!isTmdbError(error, 'sessionRevoked')) void vscode.window.showErrorMessage(`TMDB: ${message}`);
      return false;
    }
  }

  private syncContext(): void {
    if (!this.panel.active) return;
    const state = this.watchlistUi.state;
    setContext(ContextKeys.panelWatchlist, state === 'on' || state === 'off' ? state : state === 'signedOut' ? 'off' : '');
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

