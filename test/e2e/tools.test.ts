// End-to-end: the language model tools as a chat uses them, in the real workbench with the VSIX installed.
// No language model runs here, so a small extension stands in for the chat (test/e2e/toolCaller: it calls
// `vscode.lm.invokeTool` as a chat does and opens the answer in an editor). A write shows VS Code's own
// confirmation dialog; the person reads it and presses Yes or Cancel; the test checks what TMDB (the
// stand-in) then holds and what the views show.
import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import { answerInput, keepEvidence, keepEvidenceOfFailure, openWorkbench, palette, paletteAndPick, RESULTS, ROOT, setPane, signInFromPalette, type Workbench } from './workbench';

const SCREENSHOTS = process.env.TMDB_SCREENSHOTS ? join(ROOT, 'media', 'screenshots') : RESULTS;

describe('Copilot tools: a chat reads and, once the person confirms, changes the account', function () {
  this.timeout(120_000);
  let workbench: Workbench;
  let server: TmdbStandIn;
  let page: Page;

  const dialog = () => page.locator('.monaco-dialog-box');

  /** The chat's tool call: the tool by name, its input as JSON, as the stand-in chat takes them. */
  async function callTool(name: string, input: object): Promise<void> {
    // VS Code's own tools come first in the pick: the name is typed, as a person narrows a long list.
    await palette(page, 'Tool Caller: Invoke a Language Model Tool…');
    const picker = page.locator('.quick-input-widget', { hasText: 'Tool to invoke' });
    await picker.waitFor({ timeout: 15_000 });
    await picker.locator('input').fill(name);
    await picker.locator('.monaco-list-row', { hasText: new RegExp(`^${name}tmdb`) }).first().click();
    await answerInput(page, JSON.stringify(input), `Input for ${name}`);
  }

  /** The answer the stand-in chat opened: the editor's text, once it is there. */
  async function answer(name: string): Promise<string> {
    const editor = page.locator('.part.editor .editor-instance .view-lines').first();
    await page.locator('.part.editor .tab.active', { hasText: /Untitled/ }).waitFor({ timeout: 30_000 });
    await editor.locator('.view-line', { hasText: `${name} answered:` }).waitFor({ timeout: 30_000 });
    return (await editor.innerText()).replace(/\u00a0/g, ' ');
  }

  async function closeEditors(): Promise<void> {
    await paletteAndPick(page, 'View: Revert and Close Editor', 'Revert and Close Editor').catch(() => undefined);
  }

  before(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    workbench = await openWorkbench({ name: 'e2e-tools', devExtensions: [join(ROOT, 'test', 'e2e', 'toolCaller')] });
    ({ server, page } = workbench);
    await signInFromPalette(page).catch(async (error: unknown) => {
      await keepEvidence(workbench, 'before all: sign in from the palette');
      throw error;
    });
    await setPane(page, 'My Lists', false);
  });

  afterEach(keepEvidenceOfFailure(() => workbench));
  afterEach(async function () {
    if (this.currentTest?.state !== 'failed') return;
    for (let i = 0; i < 3; i++) await page.keyboard.press('Escape');
  });

  after(async () => {
    await workbench?.stop();
  });

  it('a chat reads: search answers with ids and TMDB credited, nothing to confirm', async () => {
    await callTool('tmdb_search', { query: 'Fight Club' });
    const text = await answer('tmdb_search');
    assert.match(text, /- movie 550: "Fight Club" \(1999\)/);
    assert.match(text, /not endorsed or certified by TMDB/);
    assert.equal(await dialog().count(), 0, 'no dialog for a read');
    await closeEditors();
  });

  it('adding to the watchlist asks first: the dialog names the title; Cancel changes nothing, Yes adds it and the Watchlist view shows it', async () => {
    const id = 13; // Forrest Gump: not on the seeded watchlist
    assert.ok(!server.watchlistOf('movie').includes(id));

    await callTool('tmdb_watchlist', { type: 'movie', id, action: 'add' });
    await dialog().waitFor({ timeout: 30_000 });
    assert.match(await dialog().innerText(), /Add to your TMDB watchlist\?[\s\S]*Add “Forrest Gump \(1994\)” to your TMDB watchlist\./);
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.match(await answer('tmdb_watchlist'), /Error \(Canceled\)/);
    assert.ok(!server.watchlistOf('movie').includes(id), 'Cancel: TMDB unchanged');
    assert.equal(server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/watchlist')).length, 0, 'no write sent');
    await closeEditors();

    await callTool('tmdb_watchlist', { type: 'movie', id, action: 'add' });
    await dialog().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(SCREENSHOTS, 'tool-confirmation.png') });
    await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
    assert.match(await answer('tmdb_watchlist'), /Done: "Forrest Gump \(1994\)" \(movie 13\) is now on the user's TMDB watchlist\./);
    assert.ok(server.watchlistOf('movie').includes(id), 'Yes: TMDB has it');
    const watchlist = await setPane(page, 'Watchlist', true);
    const movies = watchlist.locator('.monaco-list-row', { hasText: 'Movies' }).first();
    await movies.waitFor({ timeout: 20_000 });
    if ((await movies.getAttribute('aria-expanded')) !== 'true') await movies.click();
    await watchlist.locator('.monaco-list-row', { hasText: 'Forrest Gump' }).first().waitFor({ timeout: 20_000 });
    await setPane(page, 'Watchlist', false);
    await closeEditors();
  });

  it("a title TMDB sends with markup in it is shown as text in the confirmation: no link, no icon", async () => {
    const hostile = '[Win](command:workbench.action.quit) $(alert) **now** <b>x</b>';
    server.inject({ path: '/3/movie/238', kind: 'setField', field: 'title', value: hostile });
    await callTool('tmdb_rate', { type: 'movie', id: 238, rating: 8 });
    await dialog().waitFor({ timeout: 30_000 });
    const message = dialog().locator('.dialog-message-detail');
    assert.equal(await dialog().locator('.dialog-message-text').innerText(), 'Rate on TMDB?');
    assert.equal(await message.innerText(), `Rate “${hostile} (1972)” 8 out of 10.`);
    assert.equal(await message.locator('*').count(), 0, 'nothing in it became a link, an icon or markup: text only');
    await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
    assert.match(await answer('tmdb_rate'), /is rated 8\/10 by the user on TMDB/);
    assert.deepEqual(server.ratingOf('movie', 238), { value: 8 });
    server.clearFaults();
    await closeEditors();
  });
});
