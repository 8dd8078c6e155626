// What the end-to-end suites share: a stand-in TMDB and the packaged extension in a real workbench in
// Chromium, and the few gestures every journey uses (the palette, an input box, the visible webview).
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import type { VsCodeServer } from '../harness/vscode.mjs' with { 'resolution-mode': 'import' };
import { READ_TOKEN, V4_USER_TOKEN } from '../support/fixtures';
import { scaled, until as waitUntil, type UntilOptions } from '../support/until';
import { TmdbStandIn } from '../tmdb-server/server';
import { chooseTheme } from './themes';

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
  // A wait with no timeout of its own gives up after 20 s on a quiet machine, longer on a busy one (not
  // Playwright's fixed 30 s: a test that fails says so sooner, one on a loaded machine is given the time).
  // Read when the workbench opens; a shared workbench reads it again before each test (sharedWorkbench).
  context.setDefaultTimeout(scaled(20_000));
  const page = await context.newPage();
  const payload = options.devExtensions?.map((path) => ['extensionDevelopmentPath', h.remoteUri(vscode, path)]);
  await page.goto(h.workbenchUrl(vscode, vscode.workspace, payload));
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: scaled(60_000) });
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
  const input = page.locator('.quick-input-widget input.input');
  for (let attempt = 1; ; attempt++) {
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: scaled(10_000) });
      await input.fill(text, { timeout: scaled(5_000) });
      await page
        .locator('.quick-input-widget .monaco-list-row', { hasText: row })
        .first()
        .waitFor({ timeout: scaled(10_000) });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      // Said in the run's output: each try again costs seconds, and where they happen is where time goes.
      console.log(`      (the palette tried again for "${text}": ${String(error).split('\n')[0]!.slice(0, 100)})`);
      await page.keyboard.press('Escape');
    }
  }
}

/**
 * "Developer: Reload Window" from the palette, as a person reloads (the workbench saves its state first):
 * waits for the page's load (listened for before the command runs) and the workbench's activity bar.
 */
export async function reloadWindow(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load', { timeout: scaled(60_000) });
  await palette(page, 'Developer: Reload Window');
  await reloaded;
  await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: scaled(60_000) });
}

/** Runs a command from the palette by its title, as shown. */
export async function palette(page: Page, command: string): Promise<void> {
  await paletteWith(page, `>${command}`, command);
  await page.keyboard.press('Enter');
}

/**
 * Opens a context menu (`open`: a right-click, a "…" button) and clicks its `item` once the item is on
 * screen. A menu closed under the click (a page that takes the focus late closes it; on a busy machine the
 * item can go as it is clicked) ran nothing: it is opened again, as a person would, up to three times. A
 * click that landed closes the menu; one still open seconds later did not take: clicked again.
 */
export async function fromMenu(page: Page, open: () => Promise<void>, item: string): Promise<void> {
  const menu = page.locator('.context-view .monaco-menu');
  for (let attempt = 1; ; attempt++) {
    await open();
    const entry = menu.locator('.action-item', { hasText: item }).first();
    try {
      await entry.waitFor({ state: 'visible', timeout: scaled(10_000) });
      await entry.click({ timeout: scaled(5_000) });
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
      continue;
    }
    const closed = await menu.waitFor({ state: 'hidden', timeout: scaled(3_000) }).then(
      () => true,
      () => false,
    );
    if (!closed) await entry.click({ timeout: scaled(5_000) }).catch(() => undefined);
    return;
  }
}

/** The row's context menu item, chosen with the mouse (right-click) or the keyboard (Shift+F10, arrows, Enter). */
export async function fromRowMenu(page: Page, row: Locator, item: string, by: 'mouse' | 'keyboard'): Promise<void> {
  await row.waitFor({ timeout: scaled(20_000) });
  await awayFromHovers(page);
  const menu = page.locator('.context-view .monaco-menu');
  if (by === 'mouse') return fromMenu(page, () => row.click({ button: 'right' }), item);
  // The row takes the keyboard focus without being opened (a click would open its page, which takes
  // the focus): the menu the right-click opens is closed again, and the keyboard opens it. A menu that
  // does not open, or closes on its own (a busy machine redraws the tree under it), is opened again, as a
  // person would. Every wait is bounded, and the whole within a deadline, so a menu that never comes is
  // never waited on past the test's timeout (a CI run did, and its arrows and Enter went on into the
  // next test).
  const deadline = Date.now() + scaled(60_000);
  const shown = (state: 'visible' | 'hidden') =>
    menu.waitFor({ state, timeout: scaled(5_000) }).then(
      () => true,
      () => false,
    );
  for (let attempt = 1; attempt <= 3 && Date.now() < deadline; attempt++) {
    await row.click({ button: 'right', timeout: scaled(5_000) }).catch(() => undefined);
    if (!(await shown('visible'))) continue;
    await page.keyboard.press('Escape');
    if (!(await shown('hidden'))) continue;
    await page.keyboard.press('Shift+F10');
    if (!(await shown('visible'))) continue;
    for (let step = 0; step < 20 && Date.now() < deadline; step++) {
      await page.keyboard.press('ArrowDown');
      const focused = await menu
        .locator('.action-item.focused')
        .textContent({ timeout: scaled(2_000) })
        .catch(() => undefined);
      if (focused?.includes(item)) {
        await page.keyboard.press('Enter');
        return;
      }
      if (!(await menu.isVisible())) break;
    }
    if (await menu.isVisible()) await page.keyboard.press('Escape');
  }
  throw new Error(`no "${item}" reached by the keyboard in the row's menu (three tries)`);
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
        await picker
          .locator('.quick-input-title', { hasText: title })
          .waitFor({ state: 'visible', timeout: scaled(15_000) });
      await picker
        .locator('.monaco-list-row', { hasText: row })
        .first()
        .click({ timeout: scaled(10_000) });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

export { holds, scaled } from '../support/until';

/** The one wait (test/support/until) with the workbench's deadline: 20 s on a quiet machine, scaled to this one. */
export function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  options: UntilOptions = {},
): Promise<NonNullable<T>> {
  return waitUntil(what, probe, { timeoutMs: 20_000, ...options });
}

/** What TMDB's "Open Movie…" box says (src/features/titles/titleCommands.ts): how tests and benches find it. */
export const MOVIE_PROMPT = 'A TMDB movie id or URL';

/**
 * The input of the box that says `prompt`, once it holds the box's own text (empty, or what the box offers)
 * and no longer the palette's command. The palette that opened the box shares its widget and may still be
 * on screen for a while on a busy machine: keys typed then would go to the palette and be gone when the
 * box replaces it.
 */
export async function promptBox(page: Page, prompt: string): Promise<Locator> {
  const input = page.locator('.quick-input-widget', { hasText: prompt }).locator('input.input');
  await input.waitFor({ state: 'visible' });
  await until(
    `the box "${prompt}" in place of the palette`,
    async () => !(await input.inputValue().catch(() => '>')).startsWith('>'),
  );
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
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible' });
    await input.fill(text);
    await input.press('Enter');
    return;
  }
  const box = page.locator('.quick-input-widget', { hasText: prompt });
  const input = await promptBox(page, prompt);
  await input.fill(text);
  for (let attempt = 1; ; attempt++) {
    await input.press('Enter', { timeout: scaled(5_000) }).catch(() => undefined);
    const gone = await box.waitFor({ state: 'hidden', timeout: scaled(5_000) }).then(
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
  await icon.waitFor({ timeout: scaled(60_000) });
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
  if (!((await marked()) && (await sideBarShown(scaled(5_000))))) {
    for (let attempt = 1; ; attempt++) {
      await icon.click();
      if (await sideBarShown(scaled(5_000))) break;
      if (attempt === 3) throw new Error('the TMDB side bar did not show after three clicks on its icon');
    }
  }
  if (!options.firstTime) return;
  await page
    .locator('.part.editor .gettingStartedContainer')
    .first()
    .waitFor({ timeout: scaled(30_000) });
  // The page takes the focus for its first step once it has laid out.
  await page
    .locator('.part.editor .getting-started-step.expanded:focus-within')
    .first()
    .waitFor({ timeout: scaled(5_000) })
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
  await lists
    .locator('.monaco-list-row', { hasText: 'Test Alpha Sort' })
    .first()
    .waitFor({ timeout: scaled(30_000) });
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
    .waitFor({ state: 'hidden', timeout: scaled(5_000) })
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

/**
 * The description a view's header shows (Today, Week) with the header's buttons in sight (the mouse on it,
 * as a person reaches for them), and whether it is drawn whole: not cut to "T…" by the buttons.
 */
export async function headerDescription(page: Page, title: string): Promise<string> {
  const header = page.locator(`.part.sidebar .pane-header[aria-label^="${title}"]`);
  await header.hover();
  await header.locator('.actions .action-item').first().waitFor({ state: 'visible' });
  const { text, needs, has } = await header.locator('.description').evaluate((element) => ({
    text: element.textContent ?? '',
    needs: element.scrollWidth,
    has: element.clientWidth,
  }));
  assert.ok(needs <= has, `"${text}" beside the buttons of ${title}: ${needs} px of words in ${has} px`);
  return text;
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
    .waitFor({ timeout: scaled(60_000) });
}

/** What the shared workbench starts with: the VSIX, and the stand-in chat (test/e2e/toolCaller) beside it. */
const SHARED: Parameters<typeof openWorkbench>[0] = {
  name: 'e2e-shared',
  devExtensions: [join(ROOT, 'test', 'e2e', 'toolCaller')],
};
let shared: Promise<Workbench> | undefined;
/** The suites that use it and have not ended yet (each `sharedWorkbench` counts itself in as it loads). */
let sharedUsers = 0;

async function stopShared(): Promise<void> {
  const started = shared;
  shared = undefined;
  await (await started?.catch(() => undefined))?.stop();
}

async function startShared(): Promise<Workbench> {
  const workbench = await openWorkbench(SHARED);
  await signInFromPalette(workbench.page).catch(async (error: unknown) => {
    await keepEvidence(workbench, 'shared workbench: sign in from the palette');
    throw error;
  });
  return workbench;
}

// The shared workbench stops after the last suite that uses it (see `sharedWorkbench`), or at the latest
// after the run (a root hook, for suites skipped by --grep; mocha defines `after` while it loads suites).
if (typeof after === 'function') after(stopShared);

/**
 * The known state each suite of the shared workbench starts from, whatever the suite before it did or left:
 * nothing open on top (a menu, a pick, a dialog), no editor, the stand-in's accounts and faults as seeded,
 * signed in. Each suite then sets the views it needs (`ready`).
 */
export async function resetShared(workbench: Workbench): Promise<void> {
  const { page, server } = workbench;
  for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  server.clearFaults();
  server.setCacheMaxAge(300);
  server.resetClock();
  server.resetAccounts();
  // The workbench's own theme (a suite that changes it and fails midway leaves another).
  if (!(await page.locator('.monaco-workbench.vs-dark').count())) await chooseTheme(page, 'Dark Modern');
  // What the extension kept (answers, account states) is of the suite before: this one starts from TMDB.
  await palette(page, 'TMDB: Clear Cache');
  await palette(page, 'View: Close All Editors');
  // An untitled answer of the stand-in chat asks whether to save it (it is not kept), maybe a moment later.
  const dontSave = page.locator('.monaco-dialog-box').getByRole('button', { name: "Don't Save" });
  await until('no editor open', async () => {
    if (await dontSave.isVisible().catch(() => false)) await dontSave.click();
    return (await page.locator('.part.editor .tab').count()) === 0;
  });
  await openTmdbContainer(page);
  // The views as a sign-in leaves them: Trending People and My Lists open, the others folded.
  const headers = page.locator('.part.sidebar .pane-header');
  for (const label of await headers.evaluateAll((all) => all.map((el) => el.getAttribute('aria-label') ?? '')))
    await setPane(page, label, label.startsWith('Trending People') || label.startsWith('My Lists'));
  await ensureSignedIn(page);
  // The views in sight read TMDB again (the folded ones do as they are shown).
  await palette(page, 'TMDB: Refresh Trending People');
  await palette(page, 'TMDB: Refresh My Lists');
  await paneOf(page, 'My Lists')
    .locator('.monaco-list-row', { hasText: 'Test Alpha Sort' })
    .first()
    .waitFor({ timeout: scaled(30_000) });
  // The suite counts its own requests only.
  server.requests.length = 0;
}

/** The titles of the palette's commands that match `text` now, once it offers one that says `shown`. */
export async function paletteOffers(page: Page, text: string, shown: string): Promise<string[]> {
  await paletteWith(page, `>${text}`, shown);
  const titles = await page
    .locator('.quick-input-widget .monaco-list-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  await page.keyboard.press('Escape');
  // Gone before anything else is typed (keys would still reach the palette).
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: scaled(10_000) });
  return titles;
}

/** Whether an API token is kept: read from what the palette offers (Remove API Token only then). */
export async function hasToken(page: Page): Promise<boolean> {
  return (await paletteOffers(page, 'API Token', 'TMDB: Set API Token')).some((title) =>
    title.startsWith('TMDB: Remove API Token'),
  );
}

/** The API token kept (set from the palette when it is not). */
export async function ensureToken(page: Page): Promise<void> {
  if (await hasToken(page)) return;
  await palette(page, 'TMDB: Set API Token');
  await answerInput(page, READ_TOKEN, 'Paste your TMDB API Read Access Token');
  await until('the token kept', () => hasToken(page));
}

/** Whether a session is kept: read from what the palette offers (Sign Out only then). */
export async function isSignedIn(page: Page): Promise<boolean> {
  return (await paletteOffers(page, 'TMDB: Sign', 'TMDB: Sign')).some((title) => title.startsWith('TMDB: Sign Out'));
}

/** Signs in with a v4 token from the palette (signed out first when `again`), and waits until signed in. */
export async function signInWithV4Token(page: Page, token: string, again = false): Promise<void> {
  if (again) await palette(page, 'TMDB: Sign Out');
  // The palette lists the sign-in once the window knows it is signed out (a context key, set a moment after
  // a sign-out): opened before, it had no such row, and waited its 15 s to try again.
  await until('the palette offers the v4 sign-in', async () =>
    (await paletteOffers(page, 'TMDB: Sign', 'TMDB: Sign')).some((title) =>
      title.startsWith('TMDB: Sign In with v4 Access Token'),
    ),
  );
  await palette(page, 'TMDB: Sign In with v4 Access Token');
  await answerInput(page, token, 'Paste a v4 user access token');
  // Signed in once the palette offers Sign Out: TMDB turns the token into a session first, and on a busy
  // machine a command used before that would ask to sign in.
  await until('signed in with the v4 token', () => isSignedIn(page));
}

/** Signed in (with the v4 token from the palette when not): read from what the palette offers. */
export async function ensureSignedIn(page: Page): Promise<void> {
  await ensureToken(page);
  if (!(await isSignedIn(page))) await signInWithV4Token(page, V4_USER_TOKEN);
}

/** The quick pick in front marks `list` as holding the title (Add to List…'s picker, opened by the page's button). */
export async function pickMarksHolding(page: Page, list: string): Promise<void> {
  await page
    .locator('.quick-input-widget .monaco-list-row', { hasText: list })
    .filter({ hasText: 'holds this title' })
    .first()
    .waitFor({ timeout: scaled(20_000) });
}

/**
 * The workbench shared by the suites that need nothing special (one VS Code server and one sign-in for all
 * of them; German, an untrusted folder, the web host and a first start have their own): started by the
 * first suite that asks, brought to a known state before each suite (`resetShared`), then `ready` runs.
 * A failure leaves its evidence, and what a failed test left open is closed before the next test.
 */
export function sharedWorkbench(ready?: (workbench: Workbench) => Promise<void>): () => Workbench {
  let workbench: Workbench | undefined;
  sharedUsers++;
  after(async () => {
    if (--sharedUsers === 0) await stopShared();
  });
  before(async function () {
    this.timeout(scaled(240_000));
    workbench = await (shared ??= startShared());
    const opened = workbench;
    await resetShared(opened)
      .then(() => ready?.(opened))
      .catch(async (error: unknown) => {
        await keepEvidence(opened, 'before all: the shared workbench reset');
        throw error;
      });
  });
  // The default wait scaled again for each test, to the machine as it is now (see openWorkbench).
  beforeEach(() => workbench?.page.context().setDefaultTimeout(scaled(20_000)));
  afterEach(keepEvidenceOfFailure(() => workbench));
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    for (let i = 0; i < 3; i++) await workbench?.page.keyboard.press('Escape');
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

/**
 * VS Code's simple file dialog (in a browser): the path typed over what it offers, then its OK. The dialog
 * fills in its own offer (a folder, then the file's name, ending in `extension`) once it has read the
 * folder: typed before that, the path would be overwritten. A person waits to see it; so does this.
 */
export async function saveInDialog(page: Page, title: string, path: string, extension: string): Promise<void> {
  const picker = page.locator('.quick-input-widget');
  const input = picker.locator('input');
  await input.waitFor({ state: 'visible', timeout: scaled(20_000) });
  await picker.locator('.quick-input-title', { hasText: title }).waitFor();
  await until("the dialog's own offer of a file name", async () => (await input.inputValue()).endsWith(extension));
  await input.fill(path);
  // The dialog's OK, as a person clicks it (Enter may land on the folder list it redraws as one types).
  await picker.locator('.monaco-button', { hasText: 'OK' }).first().click();
}

/**
 * VS Code's simple open dialog of TMDB's import: the path typed over what it offers, then its button. The
 * dialog fills in its own offer (the folder) once it has read it, over what was typed before: the path is
 * typed once the offer is there, checked, and typed again if the dialog stays open (as a person would).
 */
export async function openInDialog(page: Page, path: string): Promise<void> {
  const picker = page.locator('.quick-input-widget');
  const input = picker.locator('input.input');
  const title = picker.locator('.quick-input-title', { hasText: 'Import from IMDb or Letterboxd' });
  await title.waitFor({ timeout: scaled(20_000) });
  await until("the dialog's own offer of its folder", async () => (await input.inputValue()).endsWith('/'));
  for (let attempt = 1; ; attempt++) {
    await input.fill(path);
    if ((await input.inputValue()) === path) {
      // The dialog's button says what it does (the command's `openLabel`).
      await picker.locator('.monaco-button', { hasText: 'Import' }).first().click();
      if (
        await title.waitFor({ state: 'hidden', timeout: scaled(5_000) }).then(
          () => true,
          () => false,
        )
      )
        return;
    }
    if (attempt === 3) throw new Error(`the open dialog did not take ${path}`);
  }
}
