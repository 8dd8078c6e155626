// A panel's page alone, in a bare Chromium page: the page the extension builds (its shell, stylesheet and
// script, with the content a panel posts), given one of VS Code's themes as the workbench gives it to a
// webview (the colour variables on <html>, the theme's class on <body>, VS Code's default webview
// stylesheet; kept in test/fixtures/themes, see test/e2e/themes.ts). The page talks to a host of the
// test's own (acquireVsCodeApi), which answers what the page asks for as a panel does (a season's episodes).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { shellHtml } from '../../src/pageHost/shell';
import type { ContentMessage, HostMessage, PageMessage } from '../../src/webview/protocol';
import type { PanelRef } from '../../src/model/panelRef';
import type { WebviewTheme } from '../e2e/themes';
import { until } from '../support/until';

const ROOT = join(__dirname, '..', '..', '..');
const THEMES_DIR = join(ROOT, 'test', 'fixtures', 'themes');

/** A theme as kept from the workbench (`npm run fixtures:themes`). */
export function keptTheme(fixture: string): WebviewTheme {
  return JSON.parse(readFileSync(join(THEMES_DIR, `${fixture}.json`), 'utf8')) as WebviewTheme;
}

/** What a page is: what it shows, what it is told after it loads, and how its host answers it. */
export interface PageSpec {
  ref: PanelRef;
  /** The content in the page's HTML (as a panel with its answer in hand writes it); none: "Loading…". */
  content?: ContentMessage;
  /** Posted once the page is up, as the panel posts the account controls' state. */
  told?: HostMessage[];
  /** The host's answer to a message from the page (none: no answer). */
  answer?: (message: PageMessage) => Promise<HostMessage | undefined>;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page's HTML, as the webview holds it with `theme`. */
export function pageHtml(spec: PageSpec, theme: WebviewTheme, imageOrigin: string): string {
  const asset = (name: string) => readFileSync(join(ROOT, 'dist', 'media', name), 'utf8');
  const html = shellHtml({
    ref: spec.ref,
    content: spec.content,
    nonce: 'pages',
    script: asset('panel.js'),
    style: asset('panel.css'),
    logo: asset('tmdb-logo.svg'),
    imageOrigin,
    title: 'TMDB',
    language: 'en',
  });
  const variables = Object.entries(theme.variables)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  const bodyAttributes = [
    `class="${escapeAttribute(theme.body.className)}"`,
    ...Object.entries(theme.body.attributes).map(([name, value]) => `${name}="${escapeAttribute(value)}"`),
  ].join(' ');
  // As VS Code's webview host does: the default stylesheet first in <head> (before the page's policy).
  return html
    .replace(/^<html /m, `<html style="${escapeAttribute(variables)}" `)
    .replace('<head>', `<head>\n<style id="_defaultStyles">${theme.defaultStyles}</style>`)
    .replace('<body ', `<body ${bodyAttributes} `);
}

type Harness = typeof import('../harness/vscode.mjs', { with: { 'resolution-mode': 'import' } });

/** One bare Chromium page (a webview's size in the workbench) that shows pages by `show`. */
export class PageRig {
  private served = new Map<string, string>();
  private current: PageSpec | undefined;
  private shown = 0;
  /** What the pages asked their host, in order. */
  readonly asked: PageMessage[] = [];
  /** What the page's own check refused of what it was told (its console's "[tmdb] dropped …"). */
  readonly dropped: string[] = [];

  private constructor(
    private readonly browser: Browser,
    readonly page: Page,
  ) {}

  /**
   * `keepState`: the page's state outlives the page, as VS Code keeps a webview's while its tab is out of
   * view and across a reload (here in the tab's session storage): `show` again is the page built anew.
   */
  static async start(options: { keepState?: boolean } = {}): Promise<PageRig> {
    const h = (await import(pathToFileURL(join(ROOT, 'test', 'harness', 'vscode.mjs')).href)) as Harness;
    const browser = await h.launchBrowser();
    // A context of its own: axe opens a page beside it to gather its findings.
    const page = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
    const rig = new PageRig(browser, page);
    page.on('console', (message) => {
      if (message.text().startsWith('[tmdb] dropped')) rig.dropped.push(message.text());
    });
    await page.exposeFunction('tmdbPagesHost', async (message: PageMessage) => {
      rig.asked.push(message);
      return (await rig.current?.answer?.(message)) ?? null;
    });
    await page.addInitScript((keepState) => {
      const host = window as unknown as { tmdbPagesHost: (m: unknown) => Promise<unknown> };
      (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({
        postMessage: (message: unknown) =>
          void host.tmdbPagesHost(message).then((reply) => reply && window.postMessage(reply, '*')),
        getState: () => (keepState ? JSON.parse(sessionStorage.getItem('state') ?? 'null') : undefined),
        setState: (state: unknown) => keepState && sessionStorage.setItem('state', JSON.stringify(state)),
      });
    }, options.keepState ?? false);
    await page.route('http://pages.test/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: rig.served.get(new URL(route.request().url()).pathname) ?? 'not served',
      }),
    );
    return rig;
  }

  /**
   * Shows `spec` in `theme`, and resolves once the page has said it is ready and been told its state (each
   * message taken: one the page's own check refuses fails here, rather than leaving a control unchecked).
   */
  async show(spec: PageSpec, theme: WebviewTheme, imageOrigin: string): Promise<void> {
    const path = `/${++this.shown}`;
    this.served.set(path, pageHtml(spec, theme, imageOrigin));
    this.current = spec;
    this.asked.length = 0;
    this.dropped.length = 0;
    await this.page.goto(`http://pages.test${path}`);
    await until('the page ready', () => this.asked.some((message) => message.type === 'ready'));
    for (const message of spec.told ?? [])
      await this.page.evaluate((m) => window.postMessage(m, '*'), message as unknown as Record<string, unknown>);
    // A message goes through the page's handler in the task it arrives in: one round trip later, all are in.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    if (this.dropped.length) throw new Error(`the page refused what it was told: ${this.dropped.join('; ')}`);
  }

  async stop(): Promise<void> {
    await this.browser.close();
  }
}
