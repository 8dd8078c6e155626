// End-to-end in VS Code for the Web's extension host: the same VSIX, run from its `browser` entry
// (dist/web/extension.js) in a web worker, as vscode.dev runs it. The workbench is told to put the extension
// there (`remote.extensionKind`: "web"), where there is no Node.js: requests go through the browser's fetch
// (CORS, so the stand-in sees preflights only a browser sends), kept answers through `vscode.workspace.fs`.
// The journeys that matter: the token, trending, a movie page, sign-in through the approval page (and by
// polling when the page cannot come back), the
// watchlist toggled from the page, a movie and an episode marked watched, and a page kept from before
// shown offline after a reload.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { READ_TOKEN } from '../support/fixtures';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  answerInput,
  keepEvidenceOfFailure,
  MOVIE_PROMPT,
  openTmdbContainer,
  openWorkbench,
  palette,
  reloadWindow,
  setPane,
  until,
  webview,
  type Workbench,
  scaled,
} from './workbench';
import { ctrlClick, DIARY, hoverOver, openFile } from './editorGestures';

/**
 * Whether the extension's kept answers (its global storage, which VS Code for the Web reaches through the
 * workbench: here code-server's user data on this machine) hold a public answer for a TMDB path.
 */
function keptFor(workbench: Workbench, path: string): boolean {
  const answers = join(workbench.vscode.userDir, 'User', 'globalStorage', 'tmdb-community.tmdb-vscode', 'answers');
  const names = existsSync(answers) ? readdirSync(answers).filter((name) => name.endsWith('.json')) : [];
  return names.some((name) => {
    const text = readFileSync(join(answers, name), 'utf8');
    return text.startsWith('{"key":"') && text.includes(path) && text.includes('"scope":"public"');
  });
}

describe('VS Code for the Web: the extension in the browser’s web worker extension host', function () {
  this.timeout(120_000);
  let workbench: Workbench;
  let server: TmdbStandIn;
  let page: Page;

  const row = (text: string | RegExp) => page.locator('.part.sidebar .monaco-list-row', { hasText: text }).first();

  async function openMovie(id: string, title: string): Promise<void> {
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, id, MOVIE_PROMPT);
    await webview(page)
      .locator('h1', { hasText: title })
      .waitFor({ timeout: scaled(30_000) });
  }

  before(async function () {
    // Starting VS Code takes longer on a busy machine: the hook's deadline scales with the load.
    this.timeout(scaled(180_000));
    workbench = await openWorkbench({
      name: 'e2e-web',
      settings: { 'remote.extensionKind': { 'tmdb-community.tmdb-vscode': ['web'] } },
    });
    ({ server, page } = workbench);
  });

  afterEach(keepEvidenceOfFailure(() => workbench));

  after(async () => {
    await workbench?.stop();
  });

  it('takes the token from the palette and Trending People fills in, asked from the browser (CORS preflights)', async () => {
    await openTmdbContainer(page, { firstTime: true });
    await palette(page, 'TMDB: Set API Token');
    await answerInput(page, READ_TOKEN, 'Paste your TMDB API Read Access Token');
    await row(server.catalogue.people[0].name as string).waitFor({ timeout: scaled(30_000) });
    // Only a browser asks first: the web worker's origin is the workbench's, the header it asks for the token's.
    const origin = new URL(page.url()).origin;
    const preflight = server.preflights.find((p) => p.path.startsWith('/3/trending/person/'));
    assert.ok(
      preflight,
      `a CORS preflight for the trending request (saw ${JSON.stringify(server.preflights.slice(0, 3))})`,
    );
    assert.equal(preflight.origin, origin);
    assert.match(preflight.headers, /authorization/);
    assert.ok(server.requestsTo(/^\/3\/trending\/person\//).length >= 1);
  });

  it('opens a movie page', async () => {
    await openMovie('550', 'Fight Club');
    await webview(page).locator('.overview').first().waitFor();
    await palette(page, 'View: Close Editor');
  });

  it('links and cards in a Markdown file: an IMDb id shows its card, and Ctrl+Click opens its page', async () => {
    writeFileSync(join(workbench.vscode.workspace, 'film-diary.md'), DIARY);
    await openFile(page, 'film-diary.md');
    const card = await hoverOver(page, 'tt0137523');
    await card.locator('strong', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(30_000) });
    await openFile(page, 'film-diary.md');
    await ctrlClick(page, 'imdb.com/title/tt0944947');
    await webview(page)
      .locator('h1', { hasText: 'Game of Thrones' })
      .waitFor({ timeout: scaled(30_000) });
  });

  it('signs in through the approval page, and My Lists fills in', async () => {
    const popup = page.context().waitForEvent('page');
    await palette(page, 'TMDB: Sign In');
    const approval = await popup;
    assert.match(new URL(approval.url()).pathname, /\/auth\/access$/, approval.url());
    assert.match(new URL(approval.url()).searchParams.get('request_token') ?? '', /^eyJ/, 'the v4 approval page');
    await approval.locator('#approve').click({ timeout: scaled(20_000) });
    await approval.waitForURL(/\/callback\?/, { timeout: scaled(20_000) });
    await page.bringToFront();
    const lists = await setPane(page, 'My Lists', true);
    await lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).waitFor({ timeout: scaled(30_000) });
    await approval.close().catch(() => undefined);
    await setPane(page, 'My Lists', false);
  });

  it('signs in when the approval page cannot come back to the editor: the editor finds the approval by itself', async () => {
    await palette(page, 'TMDB: Sign Out');
    const lists = await setPane(page, 'My Lists', true);
    await lists.locator('.welcome-view-content', { hasText: 'Sign in to TMDB' }).waitFor({ timeout: scaled(20_000) });
    // The way back to the editor is cut (as when the browser tab that approved is elsewhere): only the
    // extension's own polling can learn that TMDB approved.
    await page.context().route(/\/callback\?/, (route) => route.abort());
    try {
      const popup = page.context().waitForEvent('page');
      await palette(page, 'TMDB: Sign In');
      const approval = await popup;
      await approval.locator('#approve').click({ timeout: scaled(20_000) });
      await page.bringToFront();
      await lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).waitFor({ timeout: scaled(30_000) });
      assert.ok(
        server.requests.some((r) => r.method === 'POST' && r.path === '/4/auth/access_token' && r.status === 200),
        'the access token asked for by polling',
      );
      await approval.close().catch(() => undefined);
    } finally {
      await page.context().unroute(/\/callback\?/);
    }
    await setPane(page, 'My Lists', false);
  });

  it("adds the movie to the watchlist from its page's button, and takes it off again", async () => {
    server.resetAccounts();
    assert.ok(!server.watchlistOf('movie').includes(550));
    await openMovie('550', 'Fight Club');
    const button = webview(page).locator('button.watchlist');
    await button.filter({ hasText: 'Add to watchlist' }).click({ timeout: scaled(20_000) });
    await button.filter({ hasText: 'On your watchlist' }).waitFor({ timeout: scaled(20_000) });
    await until('TMDB has it', () => server.watchlistOf('movie').includes(550));
    await button.click();
    await button.filter({ hasText: 'Add to watchlist' }).waitFor({ timeout: scaled(20_000) });
    await until('and no longer', () => !server.watchlistOf('movie').includes(550));
    await palette(page, 'View: Close Editor');
  });

  it("marks the movie watched from its page, and an episode from its season's checkbox (kept in the worker's global state), and takes them off", async () => {
    await openMovie('550', 'Fight Club');
    const watched = webview(page).locator('button.watched');
    await watched.filter({ hasText: 'Mark as watched' }).click({ timeout: scaled(20_000) });
    await watched.filter({ hasText: '✓ Watched' }).waitFor({ timeout: scaled(20_000) });
    await watched.click();
    await watched.filter({ hasText: 'Mark as watched' }).waitFor({ timeout: scaled(20_000) });
    await palette(page, 'View: Close Editor');
    await palette(page, 'TMDB: Open TV Series…');
    await answerInput(page, '1399', 'A TMDB series id or URL');
    const view = webview(page);
    await view.locator('button.season-open[data-season="1"]').click({ timeout: scaled(30_000) });
    const progress = view.locator('#season-progress');
    await progress.filter({ hasText: /^0 of 10 watched$/ }).waitFor({ timeout: scaled(20_000) });
    const box = view.locator('input[data-action="mark-episode"][data-episode="1"]');
    await box.locator('xpath=..').click();
    await progress.filter({ hasText: /^1 of 10 watched$/ }).waitFor({ timeout: scaled(20_000) });
    await box.locator('xpath=..').click();
    await progress.filter({ hasText: /^0 of 10 watched$/ }).waitFor({ timeout: scaled(20_000) });
    await palette(page, 'View: Close Editor');
  });

  it('shows a page kept from before, marked "Offline · as of", after a reload with TMDB out of reach (kept through workspace.fs)', async () => {
    server.setCacheMaxAge(0);
    await openMovie('238', 'The Godfather');
    await palette(page, 'View: Close Editor');
    // What was shown is kept: its answer reaches the extension's storage by itself, shortly after the page
    // showed. A reload ends the worker with whatever it had not yet written, so the window is reloaded once
    // the answer is there, as a person's reload comes seconds later, not milliseconds.
    await until('The Godfather’s answer in the extension’s storage', () => keptFor(workbench, ' /3/movie/238?'));
    server.inject({ path: /^\/[34]\//, kind: 'reset' }); // TMDB's v3 and v4 API
    // A reload starts a new web worker: nothing kept in memory survives it, only what was written to storage.
    await reloadWindow(page);
    // The new web worker is up once its view has rows again (from storage: TMDB is out of reach). The
    // workbench restores its side bar as it comes up: a click then may land before, and close it again,
    // so the container is opened until the rows are in sight, as a person would click again.
    const first = row(server.catalogue.people[0].name as string);
    for (let attempt = 0; attempt < 3 && !(await first.isVisible()); attempt++) {
      await openTmdbContainer(page);
      await first.waitFor({ timeout: scaled(20_000) }).catch(() => undefined);
    }
    await first.waitFor({ timeout: scaled(5_000) });
    await openMovie('238', 'The Godfather');
    const notice = webview(page).locator('.state.offline');
    await notice.waitFor({ timeout: scaled(20_000) });
    assert.match((await notice.textContent()) ?? '', /Offline · as of \d{1,2}:\d{2}/);
    server.clearFaults();
    server.setCacheMaxAge(undefined);
  });
});
