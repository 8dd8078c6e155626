// What the end-to-end suites share: a stand-in TMDB and the packaged extension in a real workbench in
// Chromium, and the few gestures every journey uses (the palette, an input box, the visible webview).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import type { VsCodeServer } from '../harness/vscode.mjs' with { 'resolution-mode': 'import' };
import { READ_TOKEN, V4_USER_TOKEN } from '../support/fixtures';
import { TmdbStandIn } from '../tmdb-server/server';

export const ROOT = join(__dirname, '..', '..', '..');
export const RESULTS = join(ROOT, 'test-results');

export interface Workbench {
  server: TmdbStandIn;
  vscode: VsCodeServer;
  browser: Browser;
  page: Page;
  stop(): Promise<void>;
}

type Harness = typeof import('../harness/vscode.mjs', { with: { 'resolution-mode': 'import' } });

export function harness(): Promise<Harness> {
  return import(pathToFileURL(join(ROOT, 'test', 'harness', 'vscode.mjs')).href);
}

/** The VSIX installed in a fresh VS Code pointed at a fresh stand-in, open in a new browser page. */
export async function openWorkbench(options: {
  name: string;
  locale?: string;
  workspaceTrust?: boolean;
  settings?: Record<string, unknown>;
  keybindings?: Array<{ key: string; command: string; args?: unknown }>;
  /** Extensions loaded beside the VSIX as extensions under development (not in test mode: dialogs show). */
  devExtensions?: string[];
}): Promise<Workbench> {
  const h = await harness();
  const server = new TmdbStandIn({ readToken: READ_TOKEN, v4UserTokens: [V4_USER_TOKEN], rateLimit: 0 });
  const url = await server.start(0);
  const vscode = await h.startVsCode({
    name: options.name,
    vsix: join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix'),
    locale: options.locale,
    workspaceTrust: options.workspaceTrust,
    settings: {
      'tmdb.apiBaseUrl': url,
      'tmdb.webBaseUrl': url,
      'tmdb.imageBaseUrl': `${url}/t/p`,
      'tmdb.language': 'en-US',
      'tmdb.region': 'US',
      ...options.settings,
    },
    keybindings: options.keybindings,
  });
  const browser = await h.launchBrowser();
  // The clipboard as a person's browser lets a page use it once they allowed it (Copy TMDB Link… write it; the tests read it).
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const payload = options.devExtensions?.map((path) => ['extensionDevelopmentPath', h.remoteUri(vscode, path)]);
  await page.goto(h.workbenchUrl(vscode, vscode.workspace, payload));
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
  return {
    server,
    vscode,
    browser,
    page,
    async stop() {
      await browser.close();
      await vscode.stop();
      await server.stop();
    },
  };
}

/**
 * What a failure leaves to look at, in test-results/: a screenshot of the workbench and the extension's
 * log, named after the test or hook. Called from `afterEach` for a failed test and from a `before` hook
 * that failed (mocha runs no `afterEach` then).
 */
export async function keepEvidence(workbench: Workbench | undefined, title: string): Promise<void> {
  if (!workbench) return;
  const name = title.replace(/\W+/g, '-').slice(0, 60);
  mkdirSync(RESULTS, { recursive: true });
  const picture = join(RESULTS, `${name}.png`);
  await workbench.page.screenshot({ path: picture }).catch(() => undefined);
  const logs: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry === 'TMDB.log') logs.push(path);
    }
  };
  try {
    walk(workbench.vscode.logsDir);
  } catch {
    // no logs yet
  }
  const saved = logs.map((log, i) => {
    const target = join(RESULTS, `${name}-TMDB-${i}.log`);
    copyFileSync(log, target);
    return target;
  });
  console.log(`      screenshot: ${picture}\n      extension log: ${saved.join(', ') || '(none found)'}`);
}

/** `afterEach(keepEvidenceOfFailure(() => workbench))`: evidence for each failed test. */
export function keepEvidenceOfFailure(workbench: () => Workbench | undefined) {
  return async function (this: Mocha.Context): Promise<void> {
    if (this.currentTest?.state === 'failed') await keepEvidence(workbench(), this.currentTest.title);
  };
}

/**
 * Opens the palette with `text` typed in and waits for a row showing `row`. A webview that finishes
 * loading can take the focus back and close the palette as it opens, or leave the workbench inert for a
 * moment: then it is tried again (at most three times).
 */
export async function paletteWith(page: Page, text: string, row: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: 10_000 });
      await input.fill(text, { timeout: 5_000 });
      await page.locator('.quick-input-widget .monaco-list-row', { hasText: row }).first().waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * "Developer: Reload Window" from the palette, as a person reloads (the workbench saves its state first):
 * waits for the page's load (listened for before the command runs) and the workbench's activity bar.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await palette(page, 'Developer: Reload Window');
  await reloaded;
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
}

/** Runs a command from the palette by its title, as shown. */
export async function palette(page: Page, command: string): Promise<void> {
  await paletteWith(page, `>${command}`, command);
  await page.keyboard.press('Enter');
}

/**
 * Runs a command from the palette and clicks `row` in the quick pick it opens (`title`: the pick's title,
 * waited for first). A page that takes the focus late (a tab just clicked focuses its webview when it is
 * ready) closes a quick pick that opened before: the command is then run again, as a person would, up to
 * three times. Only a click that did not happen is retried, so nothing is picked twice.
 */
export async function paletteAndPick(page: Page, command: string, row: string | RegExp, title?: string): Promise<void> {
  const picker = page.locator('.quick-input-widget');
  for (let attempt = 1; ; attempt++) {
    await palette(page, command);
    try {
      if (title)
        await picker.locator('.quick-input-title', { hasText: title }).waitFor({ state: 'visible', timeout: 15_000 });
      await picker.locator('.monaco-list-row', { hasText: row }).first().click({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * Waits until `probe` holds, asking every 100 ms for up to 20 s by the clock, and fails naming what never
 * happened. For what the UI did to reach the stand-in: a page shows a change as it saves (a busy
 * button), so the change is on screen before TMDB has it.
 */
export async function until(page: Page, what: string, probe: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + 20_000;
  while (!(await probe())) {
    if (Date.now() > end) assert.fail(`never happened: ${what}`);
    await page.waitForTimeout(100);
  }
}

/** What TMDB's "Open Movie…" box says (src/commands.ts): how tests and benches find it. */
export const MOVIE_PROMPT = 'A TMDB movie id or URL';

/**
 * The input of the box that says `prompt`, once it is on screen and empty. The palette that opened the box
 * shares its widget and may still be on screen for a while on a busy machine: keys typed then would go to
 * the palette and be gone when the box replaces it.
 */
export async function promptBox(page: Page, prompt: string): Promise<Locator> {
  const input = page.locator('.quick-input-widget', { hasText: prompt }).locator('input');
  await input.waitFor({ state: 'visible' });
  for (let i = 0; i < 100 && (await input.inputValue().catch(() => '')) !== ''; i++) await page.waitForTimeout(100);
  return input;
}

/**
 * Types `text` into the input box that says `prompt` and presses Enter in it. The box is found by its
 * prompt (see `promptBox`). Enter goes to the box's own input, not to whatever has the focus: a page that
 * opens meanwhile (the walkthrough opens itself on a first start) can take the focus from a box that stays
 * on screen (`ignoreFocusOut`). A box still showing what was typed a few seconds after Enter gets Enter
 * again, as a person would press it again.
 */
export async function answerInput(page: Page, text: string, prompt?: string): Promise<void> {
  if (!prompt) {
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(text);
    await input.press('Enter');
    return;
  }
  const box = page.locator('.quick-input-widget', { hasText: prompt });
  const input = await promptBox(page, prompt);
  await input.fill(text);
  for (let attempt = 1; ; attempt++) {
    await input.press('Enter', { timeout: 5_000 }).catch(() => undefined);
    const gone = await box.waitFor({ state: 'hidden', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (gone || attempt === 3 || (await input.inputValue().catch(() => undefined)) !== text) return;
  }
}

/** The DOM inside the visible webview. */
export function webview(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready >> visible=true').frameLocator('#active-frame');
}

/**
 * Opens the TMDB container from the activity bar. The first time in a fresh profile this activates the
 * extension, which opens its Get Started walkthrough a moment later (VS Code does not for an extension
 * installed from the command line): a person sees the Welcome tab come up and waits for it before typing,
 * since an editor opening takes the focus and closes the palette. So does this, and it fails if the
 * walkthrough does not come (`firstTime`).
 */
export async function openTmdbContainer(page: Page, options: { firstTime?: boolean } = {}): Promise<void> {
  const icon = page.locator('.part.activitybar [aria-label^="TMDB"]').first();
  await icon.waitFor({ timeout: 60_000 });
  // A click on the icon of the container already shown hides the side bar: click only when it is not shown.
  // A window just reloaded marks the icon of the container it restores before its side bar is drawn: a click
  // then would hide the side bar as it comes. So a marked icon is given time to show its side bar, and the
  // outcome is checked after every click (a click that hid it is undone by the next).
  const marked = () => icon.evaluate((el) => Boolean(el.closest('.action-item')?.classList.contains('checked')));
  const sideBarShown = (timeout: number) =>
    page
      .locator('.part.sidebar .pane-header')
      .first()
      .waitFor({ state: 'visible', timeout })
      .then(marked, () => false);
  if (!((await marked()) && (await sideBarShown(5_000)))) {
    for (let attempt = 1; ; attempt++) {
      await icon.click();
      if (await sideBarShown(5_000)) break;
      if (attempt === 3) throw new Error('the TMDB side bar did not show after three clicks on its icon');
    }
  }
  if (!options.firstTime) return;
  await page.locator('.part.editor .gettingStartedContainer').first().waitFor({ timeout: 30_000 });
  // The page takes the focus for its first step once it has laid out.
  await page
    .locator('.part.editor .getting-started-step.expanded:focus-within')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
}

/**
 * Sets the API token and signs in with a v4 token, from the palette, and waits for My Lists to fill in.
 * `firstTime` (the default): the walkthrough is expected to open by itself first (see openTmdbContainer).
 */
export async function signInFromPalette(
  page: Page,
  options: { firstTime?: boolean } = { firstTime: true },
): Promise<void> {
  await openTmdbContainer(page, options);
  await palette(page, 'TMDB: Set API Token');
  await answerInput(page, READ_TOKEN, 'Paste your TMDB API Read Access Token');
  await palette(page, 'TMDB: Sign In with v4 Access Token');
  await answerInput(page, V4_USER_TOKEN, 'Paste a v4 user access token');
  const header = page.locator('.part.sidebar .pane-header[aria-label^="My Lists"]');
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  const lists = page.locator('.part.sidebar .pane', { has: page.locator('.pane-header[aria-label^="My Lists"]') });
  await lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).first().waitFor({ timeout: 30_000 });
}

/**
 * Moves the mouse off the trees and waits for a row's tooltip to go: on a busy machine a tooltip can
 * open late over the row a person clicks next (a person moves the mouse; the test says so).
 */
export async function awayFromHovers(page: Page): Promise<void> {
  await page.mouse.move(700, 5);
  await page
    .locator('.context-view .monaco-hover')
    .first()
    .waitFor({ state: 'hidden', timeout: 5_000 })
    .catch(() => undefined);
}

/** A view in the sidebar by its title, opened (or folded) with a click on its header. */
export async function setPane(page: Page, title: string, expanded: boolean): Promise<Locator> {
  const header = page.locator(`.part.sidebar .pane-header[aria-label^="${title}"]`);
  await header.waitFor();
  await awayFromHovers(page);
  if (((await header.getAttribute('aria-expanded')) === 'true') !== expanded) await header.click();
  return paneOf(page, title);
}

/** The side bar's pane whose header starts with `title`. */
export function paneOf(page: Page, title: string): Locator {
  return page.locator('.part.sidebar .pane', { has: page.locator(`.pane-header[aria-label^="${title}"]`) });
}

/**
 * Resolves once Trending People lists a person (not a message row: "Something went wrong…", offline,
 * loading): the extension is up and its token kept (benches' setup).
 */
export async function peopleListed(page: Page): Promise<void> {
  await paneOf(page, 'Trending People')
    .locator('.monaco-list-row', { hasNotText: /went wrong|offline|Loading|token/i })
    .first()
    .waitFor({ timeout: 60_000 });
}

/**
 * One workbench for a `describe` block, signed in from the palette before its tests (`ready`, if given,
 * runs then too) and stopped after them. A failure leaves its evidence (see `keepEvidence`), and what a
 * failed test left open (a menu, a quick pick, a dialog) is closed, as a person would, before the next.
 * Returns the workbench, once the `before` hook has run.
 */
export function signedInWorkbench(
  options: Parameters<typeof openWorkbench>[0],
  ready?: (workbench: Workbench) => Promise<void>,
): () => Workbench {
  let workbench: Workbench | undefined;
  before(async () => {
    workbench = await openWorkbench(options);
    const opened = workbench;
    await signInFromPalette(opened.page)
      .then(() => ready?.(opened))
      .catch(async (error: unknown) => {
        await keepEvidence(opened, 'before all: sign in from the palette');
        throw error;
      });
  });
  afterEach(keepEvidenceOfFailure(() => workbench));
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    for (let i = 0; i < 3; i++) await workbench?.page.keyboard.press('Escape');
  });
  after(async () => {
    await workbench?.stop();
  });
  return () => workbench!;
}

/**
 * Resolves once the workbench has drawn 10 frames in a row at 60 Hz (none more than 34 ms after the one
 * before), so a measured click does not land in a reload's busiest part (benches).
 */
export async function settled(page: Page): Promise<void> {
  const onTime = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const deadline = performance.now() + 20_000;
        let last = performance.now();
        let quiet = 0;
        const frame = (now: number) => {
          quiet = now - last <= 34 ? quiet + 1 : 0;
          last = now;
          if (quiet >= 10 || now > deadline) return resolve(quiet >= 10);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  if (!onTime) console.warn('    (the workbench did not draw 10 frames on time within 20 s: clicked anyway)');
}
