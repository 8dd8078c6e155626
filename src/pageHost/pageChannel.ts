// What a panel has told its page, and how it tells it: the page's HTML (once, with its content when that
// came first), then messages, each checked against the host's shapes. VS Code throws a page away when its
// tab goes out of view and builds it anew from that HTML: the page then says `ready`, and what it was told
// (where it is, its content, its toggles, rating and watched mark) is posted again. A season opened in it
// is not: the page keeps its open season with its place (src/page/place.ts), and asks for it again itself
// (its episodes' marks come with it).
import * as vscode from 'vscode';
import { pageAssets } from './pageAssets';
import { imageOrigin } from '../tmdb/imageUrls';
import { displayLocale } from '../settings/settings';
import { checkHostMessage } from '../webview/hostMessageGuard';
import { shellHtml } from './shell';
import type { Logger } from '../kit/log';
import type { Settings } from '../settings/settings';
import type { PanelRef } from '../model/panelRef';
import type { TabTitle } from './tabTitle';
import type { ContentMessage, HostMessage } from '../webview/protocol';

/** A render or an error: what the page shows in place of "Loading…", and paints before the workbench's own work. */
export const isContent = (message: HostMessage | undefined): message is ContentMessage =>
  message?.type === 'render' || message?.type === 'error';

/** What a channel needs of its panel's surroundings: where the page's files are, the image host, the log. */
export interface PageChannelDeps {
  extensionUri: vscode.Uri;
  settings: () => Pick<Settings, 'imageBaseUrl'>;
  log: Pick<Logger, 'error'>;
}

export class PageChannel {
  /** What the page shows (loading, content or error), where it is, the toggles and the rating. */
  private told: {
    content?: HostMessage;
    watchlist?: HostMessage;
    favorite?: HostMessage;
    rating?: HostMessage;
    watched?: HostMessage;
    location?: HostMessage;
  } = {};
  /** Whether the page's HTML is set. */
  private htmlSet = false;

  constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly deps: PageChannelDeps,
    private readonly tabTitle: TabTitle,
    /** What the panel shows now (the HTML names it). */
    private readonly ref: () => PanelRef,
    private readonly closed: () => boolean,
  ) {}

  /** Whether the page shows something (content, an error or "Loading…" posted after it). */
  get hasContent(): boolean {
    return this.told.content !== undefined;
  }

  /** Sets the page's HTML, once: with its content when that came first, else showing "Loading…". */
  setHtml(content?: ContentMessage): void {
    if (this.htmlSet) return;
    this.htmlSet = true;
    const { script, style, logo } = pageAssets(vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'media').fsPath);
    this.panel.webview.html = shellHtml({
      ref: this.ref(),
      content,
      nonce: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16)))),
      script,
      style,
      logo,
      imageOrigin: imageOrigin(this.deps.settings().imageBaseUrl),
      title: 'TMDB',
      language: displayLocale(),
    });
  }

  post(message: HostMessage): void {
    if (this.closed()) return; // an answer (a season, the watchlist state) that came after the panel closed
    // The page's own check (./hostMessageGuard, held to the protocol's schema by a property test); each message a fresh literal.
    const checked = checkHostMessage(message);
    if (!checked) {
      this.deps.log.error('panels', `did not send a malformed message to the page (${message.type})`);
      return;
    }
    switch (checked.type) {
      case 'location':
        // Posted again as where the page is, not how it came there: a link would send it to the top again.
        this.told.location = { ...checked, how: undefined };
        break;
      case 'loading':
      case 'render':
      case 'error':
        this.told.content = checked;
        break;
      case 'watchlist':
      case 'favorite':
      case 'rating':
      case 'watched':
        this.told[checked.type] = checked;
        break;
      case 'recommendations':
      case 'season':
      case 'episodes':
      case 'episodeMarks':
        break; // the page asks for them again itself (its season with its place, more with its buttons)
      default:
        checked satisfies never;
    }
    if (isContent(checked)) this.tabTitle.hold(checked.seq);
    if (!this.htmlSet && isContent(checked)) return this.setHtml(checked);
    // At once, even before `ready`: VS Code holds it until the page has loaded (posted again on `ready`, in case).
    void this.panel.webview.postMessage(checked);
  }

  /** The page booted (the first time, or it was loaded again): what is in hand, posted again. */
  replay(): void {
    const { location, content, watchlist, favorite, rating, watched } = this.told;
    for (const message of [location, content, watchlist, favorite, rating, watched])
      if (message) void this.panel.webview.postMessage(message);
    // A page given content (in its HTML, or posted again just now) is to paint it first.
    if (isContent(content)) this.tabTitle.hold(content.seq);
    else this.tabTitle.release();
  }
}
