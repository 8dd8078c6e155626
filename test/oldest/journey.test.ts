// The oldest VS Code the extension claims (`engines.vscode`; code-server 4.96.4, VS Code 1.96.4): one journey
// through its workbench as a person makes it, the packaged VSIX installed. Run by `npm test`'s step of its own
// (TMDB_VSCODE=oldest: test/harness/install.mjs), after the newest VS Code's suites.
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DIARY, hoverOver } from '../e2e/editorGestures';
import {
  MOVIE_PROMPT,
  answerInput,
  ensureToken,
  keepEvidenceOfFailure,
  openTmdbContainer,
  openWorkbench,
  palette,
  paneOf,
  scaled,
  signInWithV4Token,
  until,
  webview,
  type Workbench,
} from '../e2e/workbench';
import { V4_USER_TOKEN } from '../support/fixtures';

describe('the oldest VS Code: a journey through its workbench', function () {
  this.timeout(scaled(120_000));
  let workbench: Workbench | undefined;
  let page: Page;
  afterEach(keepEvidenceOfFailure(() => workbench));

  before(async function () {
    this.timeout(scaled(180_000));
    assert.equal(process.env.TMDB_VSCODE, 'oldest', "run by npm test's oldest step (TMDB_VSCODE=oldest)");
    workbench = await openWorkbench({ name: 'oldest' });
    page = workbench.page;
    writeFileSync(join(workbench.vscode.workspace, 'film-diary.md'), DIARY);
  });

  after(async () => {
    await workbench?.stop();
  });

  it('takes the token, and Trending People fills in', async () => {
    await openTmdbContainer(page, { firstTime: true });
    await ensureToken(page);
    const first = workbench!.server.catalogue.people[0].name as string;
    await paneOf(page, 'Trending People')
      .locator('.monaco-list-row', { hasText: first })
      .first()
      .waitFor({ timeout: scaled(30_000) });
  });

  it('opens a movie page, and its watchlist button writes to TMDB once signed in', async () => {
    await signInWithV4Token(page, V4_USER_TOKEN);
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    const view = webview(page);
    await view.locator('h1', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(30_000) });
    const server = workbench!.server;
    const onList = server.watchlistOf('movie').includes(550);
    await view
      .locator('button.watchlist')
      .filter({ hasText: onList ? 'On your watchlist' : 'Add to watchlist' })
      .click({ timeout: scaled(30_000) });
    await until('the watchlist changed at TMDB', () => server.watchlistOf('movie').includes(550) !== onList);
    await palette(page, 'View: Close All Editors');
  });

  it('shows a card over an IMDb id in a Markdown file', async () => {
    // From the Explorer, as a person opens it (Quick Open finds no file here: code-server 4.96's file search
    // needs ripgrep's binary, which its install script fetches from GitHub).
    await palette(page, 'View: Show Explorer');
    await page
      .locator('.part.sidebar .monaco-list-row', { hasText: 'film-diary.md' })
      .first()
      .click({ timeout: scaled(30_000) });
    await page.locator('.part.editor .tab.active', { hasText: 'film-diary.md' }).waitFor();
    const card = await hoverOver(page, 'tt0137523');
    await card.locator('strong', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(30_000) });
    assert.match((await card.textContent()) ?? '', /User score 84%/);
  });
});
