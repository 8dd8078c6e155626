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
import {
  answerInput,
  signInWithV4Token,
  palette,
  RESULTS,
  ROOT,
  setPane,
  sharedWorkbench,
  until,
  scaled,
  webview,
} from './workbench';
import { V4_USER_TOKEN } from '../support/fixtures';

const SCREENSHOTS = process.env.TMDB_SCREENSHOTS ? join(ROOT, 'media', 'screenshots') : RESULTS;

describe('Copilot tools: a chat reads and, once the person confirms, changes the account', function () {
  this.timeout(120_000);
  let server: TmdbStandIn;
  let page: Page;

  const dialog = () => page.locator('.monaco-dialog-box');

  /** The chat's tool call: the tool by name, its input as JSON, as the stand-in chat takes them. */
  async function callTool(name: string, input: object): Promise<void> {
    // VS Code's own tools come first in the pick: the name is typed, as a person narrows a long list. A
    // page that takes the focus late (the walkthrough opens itself after install) closes a pick opened
    // before: it is opened again, as a person would, up to three times; nothing was invoked meanwhile.
    for (let attempt = 1; ; attempt++) {
      await palette(page, 'Tool Caller: Invoke a Language Model Tool…');
      const picker = page.locator('.quick-input-widget', { hasText: 'Tool to invoke' });
      try {
        await picker.waitFor({ timeout: scaled(15_000) });
        await picker.locator('input.input').fill(name, { timeout: scaled(5_000) });
        await picker
          .locator('.monaco-list-row', { hasText: new RegExp(`^${name}tmdb`) })
          .first()
          .click({ timeout: scaled(10_000) });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await page.keyboard.press('Escape');
      }
    }
    await answerInput(page, JSON.stringify(input), `Input for ${name}`);
  }

  /** The answer the stand-in chat opened: the editor's text, once it is there. */
  async function answer(name: string): Promise<string> {
    const editor = page.locator('.part.editor .editor-instance .view-lines').first();
    await page.locator('.part.editor .tab.active', { hasText: /Untitled/ }).waitFor({ timeout: scaled(30_000) });
    await editor.locator('.view-line', { hasText: `${name} answered:` }).waitFor({ timeout: scaled(30_000) });
    return (await editor.innerText()).replace(/\u00a0/g, ' ');
  }

  /** Closes the answers' editors without saving them (untitled documents), one by one as a person does: its tab, then the command. */
  async function closeEditors(): Promise<void> {
    const answers = page.locator('.part.editor .tab', { hasText: /Untitled/ });
    for (let left = await answers.count(); left > 0; left--) {
      // The answer's tab first, as a person picks what to close: its group is then the active one (the
      // answer opens beside the page, and a dialog closing gives the focus back to where it was before).
      await answers.first().click();
      await palette(page, 'View: Revert and Close Editor');
      await until('the answer closed', async () => (await answers.count()) < left);
    }
  }

  // A test starts with no answer of another's open, and with nothing it did not ask for on screen.
  beforeEach(async () => {
    if (!page) return;
    for (let i = 0; i < 2; i++) await page.keyboard.press('Escape');
    await closeEditors();
  });

  // The stand-in chat is in the shared workbench (test/e2e/workbench.ts).
  sharedWorkbench(async (workbench) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ server, page } = workbench);
    await setPane(page, 'My Lists', false);
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
    await dialog().waitFor({ timeout: scaled(30_000) });
    assert.match(
      await dialog().innerText(),
      /Add to your TMDB watchlist\?[\s\S]*This title will be added to your TMDB watchlist\.\s+Title: Forrest Gump \(1994\)/,
    );
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.match(await answer('tmdb_watchlist'), /Error \(Canceled\)/);
    assert.ok(!server.watchlistOf('movie').includes(id), 'Cancel: TMDB unchanged');
    assert.equal(
      server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/watchlist')).length,
      0,
      'no write sent',
    );
    await closeEditors();

    await callTool('tmdb_watchlist', { type: 'movie', id, action: 'add' });
    await dialog().waitFor({ timeout: scaled(30_000) });
    await page.screenshot({ path: join(SCREENSHOTS, 'tool-confirmation.png') });
    await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
    assert.match(
      await answer('tmdb_watchlist'),
      /Done: "Forrest Gump \(1994\)" \(movie 13\) is now on the user's TMDB watchlist\./,
    );
    assert.ok(server.watchlistOf('movie').includes(id), 'Yes: TMDB has it');
    await closeEditors();
    // Asked again: it is there already. Nothing is asked, and the answer says so.
    await callTool('tmdb_watchlist', { type: 'movie', id, action: 'add' });
    assert.match(await answer('tmdb_watchlist'), /Nothing to do: "Forrest Gump \(1994\)" \(movie 13\) is already on/);
    assert.equal(await dialog().count(), 0, 'no dialog');
    const watchlist = await setPane(page, 'Watchlist', true);
    const movies = watchlist.locator('.monaco-list-row', { hasText: 'Movies' }).first();
    await movies.waitFor({ timeout: scaled(20_000) });
    if ((await movies.getAttribute('aria-expanded')) !== 'true') await movies.click();
    await watchlist
      .locator('.monaco-list-row', { hasText: 'Forrest Gump' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await setPane(page, 'Watchlist', false);
    await closeEditors();
  });

  it("marking watched asks first, in the extension's words (kept in VS Code, not at TMDB); Cancel changes nothing, Yes marks the episode, and the series' open page follows each change", async () => {
    await palette(page, 'TMDB: Open TV Series…');
    await answerInput(page, '1399', 'A TMDB series id or URL');
    const view = webview(page);
    await view.locator('button.season-open[data-season="1"]').click({ timeout: scaled(20_000) });
    const progress = view.locator('#season-progress');
    await progress.filter({ hasText: /^0 of 10 watched$/ }).waitFor({ timeout: scaled(20_000) });
    const input = { type: 'tv', id: 1399, season: 1, episode: 2 };
    const writes = () => server.requests.filter((r) => r.method !== 'GET').length;
    const before = writes();
    await callTool('tmdb_mark_watched', input);
    await dialog().waitFor({ timeout: scaled(30_000) });
    assert.equal(await dialog().locator('.dialog-message-text').innerText(), 'Mark as watched?');
    assert.deepEqual((await dialog().locator('.dialog-message-detail').innerText()).split(/\n+/), [
      'Episode 2 of season 1 will be marked watched (kept in VS Code and synced, not at TMDB).',
      'Series: Game of Thrones (2011)',
      'Season: Season 1',
    ]);
    await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.match(await answer('tmdb_mark_watched'), /Error \(Canceled\)/);
    await closeEditors();
    await callTool('tmdb_mark_watched', input);
    await dialog()
      .getByRole('button', { name: 'Yes', exact: true })
      .click({ timeout: scaled(30_000) });
    assert.match(await answer('tmdb_mark_watched'), /^Done: episode 2 of season 1 of "Game of Thrones \(2011\)"/m);
    await closeEditors();
    await progress.filter({ hasText: /^1 of 10 watched$/ }).waitFor();
    assert.ok(await view.locator('input[data-action="mark-episode"][data-episode="2"]').isChecked());
    await callTool('tmdb_mark_watched', { ...input, watched: false });
    await dialog()
      .getByRole('button', { name: 'Yes', exact: true })
      .click({ timeout: scaled(30_000) });
    assert.match(await answer('tmdb_mark_watched'), /is not marked watched for the user/);
    await closeEditors();
    await progress.filter({ hasText: /^0 of 10 watched$/ }).waitFor();
    assert.equal(writes(), before, 'TMDB was sent nothing');
  });

  it('a title TMDB sends with markup or a bare address in it is shown as text in the confirmation: no link, no icon', async () => {
    // A bare address and a mail address were linked by the dialog's Markdown renderer before.
    const hostile =
      '[Win](command:workbench.action.quit) $(alert) **now** <b>x</b> https://evil.example/x mail@evil.example';
    server.inject({ path: '/3/movie/238', kind: 'setField', field: 'title', value: hostile });
    await callTool('tmdb_rate', { type: 'movie', id: 238, rating: 8 });
    await dialog().waitFor({ timeout: scaled(30_000) });
    const message = dialog().locator('.dialog-message-detail');
    assert.equal(await dialog().locator('.dialog-message-text').innerText(), 'Rate on TMDB?');
    // The change in our words, whole, on its line; TMDB's title on one of its own after our label.
    assert.deepEqual((await message.innerText()).split(/\n+/), [
      'This title will be rated 8 out of 10.',
      `Title: ${hostile} (1972)`,
    ]);
    // Our own line breaks apart, nothing in it became an element: no link, icon or markup.
    assert.equal(await message.locator(':not(br)').count(), 0, 'text only');
    await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
    assert.match(await answer('tmdb_rate'), /is rated 8\/10 by the user on TMDB/);
    assert.deepEqual(server.ratingOf('movie', 238), { value: 8 });
    server.clearFaults();
    await closeEditors();
  });

  it('removing from the watchlist, rating, changing and removing a rating, and adding to a list: each dialog says what will change, and Yes does it', async () => {
    // Forrest Gump on the watchlist (as the test above leaves it; put there when it is not). A movie nobody
    // rated yet for the ratings (not the one whose hostile title above may still be kept).
    server.setOnWatchlist('movie', 13, true);
    const rated = [680, 155, 550, 603].find((id) => server.ratingOf('movie', id) === false)!;
    const list = server.catalogue.lists.find((candidate) => !server.listItemIds(String(candidate.id)).includes(13))!;
    const listId = String(list.id);
    const title = 'Title: [^\\n]+ \\(\\d{4}\\)';
    const cases: Array<{ tool: string; input: object; heading: string; detail: RegExp; done: () => boolean }> = [
      {
        tool: 'tmdb_watchlist',
        input: { type: 'movie', id: 13, action: 'remove' },
        heading: 'Remove from your TMDB watchlist?',
        detail: /^This title will be removed from your TMDB watchlist\.\s+Title: Forrest Gump \(1994\)$/,
        done: () => !server.watchlistOf('movie').includes(13),
      },
      {
        tool: 'tmdb_rate',
        input: { type: 'movie', id: rated, rating: 7 },
        heading: 'Rate on TMDB?',
        detail: new RegExp(`^This title will be rated 7 out of 10\\.\\s+${title}$`),
        done: () => JSON.stringify(server.ratingOf('movie', rated)) === '{"value":7}',
      },
      {
        tool: 'tmdb_rate',
        input: { type: 'movie', id: rated, rating: 9.5 },
        heading: 'Rate on TMDB?',
        detail: new RegExp(`^Your rating of this title will change from 7 to 9\\.5 out of 10\\.\\s+${title}$`),
        done: () => JSON.stringify(server.ratingOf('movie', rated)) === '{"value":9.5}',
      },
      {
        tool: 'tmdb_rate',
        input: { type: 'movie', id: rated, remove: true },
        heading: 'Remove your TMDB rating?',
        detail: new RegExp(`^Your rating of this title \\(9\\.5 out of 10\\) will be removed\\.\\s+${title}$`),
        done: () => server.ratingOf('movie', rated) === false,
      },
      {
        tool: 'tmdb_add_to_list',
        input: { listId, movieId: 13 },
        heading: 'Add to a TMDB list?',
        detail: new RegExp(
          `^This movie will be added to one of your TMDB lists\\.\\s+Movie: Forrest Gump \\(1994\\)\\s+List: ${list.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        ),
        done: () => server.listItemIds(listId).includes(13),
      },
    ];
    for (const { tool, input, heading, detail, done } of cases) {
      await callTool(tool, input);
      await dialog().waitFor({ timeout: scaled(30_000) });
      assert.equal(await dialog().locator('.dialog-message-text').innerText(), heading, tool);
      assert.match(await dialog().locator('.dialog-message-detail').innerText(), detail, tool);
      assert.ok(!done(), `${tool}: nothing changed before Yes`);
      await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
      assert.match(await answer(tool), /^Done: /m);
      assert.ok(done(), `${tool}: TMDB has the change`);
      await closeEditors();
    }
  });

  it('editing a list (v4): the dialog names the list and says TMDB cannot undo a delete; Cancel keeps it, Yes deletes it', async () => {
    // Signed in with a token that names its account, as TMDB's v4 approval gives; the older sign-in after.
    const { v4 } = server.createV4Session();
    await signInWithV4Token(page, v4.accessToken, true);
    try {
      await callTool('tmdb_edit_list', { action: 'create', name: 'Chat picks', public: false });
      await dialog().waitFor({ timeout: scaled(30_000) });
      assert.deepEqual((await dialog().locator('.dialog-message-detail').innerText()).split(/\n+/), [
        'A new private list will be made on TMDB.',
        'List: Chat picks',
      ]);
      await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
      const listId = /is list (\w+)/.exec(await answer('tmdb_edit_list'))![1]!;
      assert.equal(server.v4List(listId)?.public, false);
      await closeEditors();

      await callTool('tmdb_edit_list', { action: 'delete', listId });
      await dialog().waitFor({ timeout: scaled(30_000) });
      assert.deepEqual((await dialog().locator('.dialog-message-detail').innerText()).split(/\n+/), [
        'This list will be deleted with its titles. TMDB cannot undo this.',
        'List: Chat picks',
      ]);
      await dialog().getByRole('button', { name: 'Cancel', exact: true }).click();
      assert.match(await answer('tmdb_edit_list'), /Error \(Canceled\)/);
      assert.ok(server.v4List(listId), 'Cancel: the list is there');
      await closeEditors();
      await callTool('tmdb_edit_list', { action: 'delete', listId });
      await dialog().getByRole('button', { name: 'Yes', exact: true }).click();
      assert.match(await answer('tmdb_edit_list'), /Done: delete on the user's list "Chat picks"/);
      assert.equal(server.v4List(listId), undefined, 'Yes: deleted');
      await closeEditors();
    } finally {
      await signInWithV4Token(page, V4_USER_TOKEN, true);
    }
  });
});
