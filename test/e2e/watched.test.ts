// End-to-end: what a person watched, marked from every place it is offered, as a person marks it: a movie's
// page button (mouse, Enter), the editor title bar and the palette; a series page's episode checkboxes
// (mouse, Space), the offer to mark the episodes before (its notification's button) and the season's
// header button (mouse, Enter). Each checks what the page shows and that TMDB is sent nothing; Settings
// Sync's list of synced keys is read from the workbench's own storage.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  answerInput,
  awayFromHovers,
  fromRowMenu,
  MOVIE_PROMPT,
  palette,
  paletteAndPick,
  scaled,
  setPane,
  sharedWorkbench,
  signInWithV4Token,
  until,
  webview,
} from './workbench';

describe('what a person watched, marked from every place it is offered', function () {
  this.timeout(120_000);
  let server: TmdbStandIn;
  let page: Page;

  const titleAction = (label: string) => page.locator(`.editor-actions .action-label[aria-label^="${label}"]`);
  const writes = () => server.requests.filter((request) => request.method !== 'GET').length;

  /**
   * A notification's button, pressed where the notification is: its toast, or the notification centre (opened
   * from the status bar) when the toast has gone by itself.
   */
  async function notificationButton(text: string, button: string): Promise<void> {
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text });
    const row = page.locator('.notifications-center .monaco-list-row', { hasText: text }).first();
    const found = await until(`a notification that says ${text}`, async () => {
      if (await toast.isVisible()) return toast;
      if (!(await page.locator('.notifications-center').isVisible()))
        await page.locator('.statusbar-item#status\\.notifications').click();
      return (await row.isVisible()) ? row : undefined;
    });
    await found.hover();
    await found.locator('.monaco-button', { hasText: button }).first().click();
  }

  async function fightClubInFront(): Promise<void> {
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    await webview(page)
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });
  }

  sharedWorkbench(async (opened) => {
    ({ server, page } = opened);
    await setPane(page, 'My Lists', false);
    await setPane(page, 'Trending People', false);
  });

  it("a movie marked watched from every place: the page's button (mouse, Enter), the title bar, the palette; Settings Sync carries it, TMDB is sent nothing", async () => {
    await fightClubInFront();
    const button = webview(page).locator('button.watched');
    const before = writes();
    await button.filter({ hasText: 'Mark as watched' }).click({ timeout: scaled(20_000) });
    await button.filter({ hasText: '✓ Watched' }).waitFor();
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    // The title bar follows the page: its action now takes the mark off.
    await titleAction('Take Off the Watched Mark').click();
    await button.filter({ hasText: 'Mark as watched' }).waitFor();
    await titleAction('Mark as Watched').waitFor();
    await button.focus();
    await page.keyboard.press('Enter');
    await button.filter({ hasText: '✓ Watched' }).waitFor();
    await palette(page, 'TMDB: Take Off the Watched Mark');
    await button.filter({ hasText: 'Mark as watched' }).waitFor();
    await palette(page, 'TMDB: Mark as Watched');
    await button.filter({ hasText: '✓ Watched' }).waitFor();
    assert.equal(writes(), before, 'a watched mark is kept in VS Code, never sent to TMDB');
    // What the workbench keeps for Settings Sync (its own storage, in the browser): the extension's synced keys.
    const synced = await page.evaluate(async (prefix) => {
      const found: string[] = [];
      for (const { name } of await indexedDB.databases()) {
        if (!name?.startsWith('vscode-web-state-db')) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        if (!db.objectStoreNames.contains('ItemTable')) continue;
        const store = db.transaction('ItemTable', 'readonly').objectStore('ItemTable');
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const all = store.getAllKeys();
          all.onsuccess = () => resolve(all.result);
        });
        for (const key of keys)
          if (String(key).startsWith(prefix))
            found.push(
              await new Promise<string>((resolve) => {
                const value = store.get(key);
                value.onsuccess = () => resolve(String(value.result));
              }),
            );
        db.close();
      }
      return found;
    }, 'extensionKeys/tmdb-community.tmdb-vscode@');
    assert.ok(
      // Every feature's synced keys together (VS Code keeps the last list an extension gives: one list).
      synced.some((keys) => ['tmdb.watched', 'tmdb.savedDiscovers'].every((key) => JSON.parse(keys).includes(key))),
      `the synced keys: ${synced.join(' ')}`,
    );
    await palette(page, 'TMDB: Take Off the Watched Mark');
    await button.filter({ hasText: 'Mark as watched' }).waitFor();
  });

  it("a series' episodes marked from their rows (mouse, Space), the earlier ones by the offer's button, the season by its header (mouse, Enter), an episode rated by its ☆ (TMDB sent that, once)", async () => {
    const before = writes();
    await palette(page, 'TMDB: Open TV Series…');
    await answerInput(page, '1399', 'A TMDB series id or URL');
    const view = webview(page);
    await view.locator('h1', { hasText: 'Game of Thrones' }).waitFor({ timeout: scaled(20_000) });
    await view.locator('button.season-open[data-season="1"]').click();
    const progress = view.locator('#season-progress');
    await progress.filter({ hasText: /^0 of 10 watched$/ }).waitFor({ timeout: scaled(20_000) });
    const mark = (episode: number) => view.locator(`input[data-action="mark-episode"][data-episode="${episode}"]`);
    // Episode 3's checkbox by its words; the offer to mark the two before it, taken from its notification.
    await mark(3).locator('xpath=..').click();
    await progress.filter({ hasText: /^1 of 10 watched$/ }).waitFor();
    await notificationButton('Game of Thrones: mark E1–E2 of Season 1 watched too (2 episodes)?', 'Mark Them Watched');
    await progress.filter({ hasText: /^3 of 10 watched$/ }).waitFor();
    assert.ok(await mark(1).isChecked(), 'episode 1 marked by the offer');
    // Space on episode 4's checkbox.
    await mark(4).focus();
    await page.keyboard.press('Space');
    await progress.filter({ hasText: /^4 of 10 watched$/ }).waitFor();
    assert.equal(writes(), before, 'watched episodes are kept in VS Code, never sent to TMDB');
    // Episode 5's ☆: the rating pick, TMDB asked once; rated, it is watched.
    const rate = view.locator('button[data-action="rate-episode"][data-episode="5"]');
    await rate.filter({ hasText: '☆ Rate' }).click();
    await page
      .locator('.quick-input-widget .monaco-list-row[aria-label="★ 8"]')
      .first()
      .click({ timeout: scaled(20_000) });
    await rate.filter({ hasText: '★ 8' }).waitFor({ timeout: scaled(20_000) });
    await progress.filter({ hasText: /^5 of 10 watched$/ }).waitFor();
    assert.deepEqual(server.episodeRatingOf(1399, 1, 5), { value: 8 });
    assert.equal(writes(), before + 1, 'the rating, sent once');
    // The season's header: the whole season by a click, every mark off by Enter.
    const season = view.locator('#season-marks button');
    await season.filter({ hasText: 'Mark season watched' }).click();
    await progress.filter({ hasText: /^10 of 10 watched$/ }).waitFor();
    assert.ok(await mark(10).isChecked());
    await season.filter({ hasText: 'Mark season unwatched' }).focus();
    await page.keyboard.press('Enter');
    await progress.filter({ hasText: /^0 of 10 watched$/ }).waitFor();
    assert.equal(await mark(3).isChecked(), false);
    assert.equal(writes(), before + 1, 'the marks: nothing more sent');
  });

  it("Continue Watching: a row's ✓ (mouse) and its menu (Shift+F10) mark its episode and the row moves on; its click opens the series landed on the next one; the palette picks the series", async () => {
    // Game of Thrones started on its page: episode 1 of season 1 (nothing before it: nothing offered).
    await palette(page, 'TMDB: Open TV Series…');
    await answerInput(page, '1399', 'A TMDB series id or URL');
    const view = webview(page);
    await view.locator('button.season-open[data-season="1"]').click({ timeout: scaled(20_000) });
    const mark = (episode: number) => view.locator(`input[data-action="mark-episode"][data-episode="${episode}"]`);
    await view.locator('#season-progress', { hasText: /^0 of 10 watched$/ }).waitFor({ timeout: scaled(20_000) });
    await mark(1).locator('xpath=..').click();
    await view.locator('#season-progress', { hasText: /^1 of 10 watched$/ }).waitFor();
    const upNext = await setPane(page, 'Up Next', true);
    const row = (description: string) =>
      upNext.locator('.monaco-list-row', { hasText: 'Game of Thrones' }).filter({ hasText: description }).first();
    await row('S01E02 · 1 of 73').waitFor({ timeout: scaled(30_000) });
    await row('S01E02 · 1 of 73').hover();
    await row('S01E02 · 1 of 73').locator('.action-label[aria-label^="Mark Next Episode Watched"]').click();
    await row('S01E03 · 2 of 73').waitFor();
    await fromRowMenu(page, row('S01E03 · 2 of 73'), 'Mark Next Episode Watched', 'keyboard');
    await row('S01E04 · 3 of 73').waitFor();
    // The open page followed each change.
    await view.locator('#season-progress', { hasText: /^3 of 10 watched$/ }).waitFor();
    // The palette: the series picked by its name.
    await paletteAndPick(
      page,
      'TMDB: Mark Next Episode Watched…',
      'Game of Thrones',
      'TMDB: Mark Next Episode Watched',
    );
    await row('S01E05 · 4 of 73').waitFor();
    // The row's click: the series' page, landed on the next episode.
    await palette(page, 'View: Close All Editors');
    await row('S01E05 · 4 of 73').click();
    await webview(page)
      .locator('li.episode-row.landed[data-episode="5"]')
      .waitFor({ timeout: scaled(30_000) });
    // As it was (the suites after this one see no series started): the whole season, then every mark off.
    const season = webview(page).locator('#season-marks button');
    await season.filter({ hasText: 'Mark season watched' }).click();
    await season.filter({ hasText: 'Mark season unwatched' }).click();
    await row('S01E05').waitFor({ state: 'detached', timeout: scaled(20_000) });
    await setPane(page, 'Up Next', false);
  });

  it("a movie row's menu marks it watched; on the watchlist, the offer takes it off", async () => {
    const watchlist = await setPane(page, 'Watchlist', true);
    const movies = watchlist.locator('.monaco-list-row', { hasText: 'Movies' }).first();
    await movies.waitFor({ timeout: scaled(20_000) });
    if ((await movies.getAttribute('aria-expanded')) !== 'true') await movies.click();
    // The first movie row (the tree draws only the rows in sight).
    const first = watchlist.locator('.monaco-list-row[aria-level="2"]').first();
    await first.waitFor({ timeout: scaled(20_000) });
    const label = (await first.locator('.label-name').textContent()) ?? '';
    const { id, title } = [...server.catalogue.movies.values()].find(
      (movie) => movie.title === label && server.watchlistOf('movie').includes(movie.id),
    ) as { id: number; title: string };
    const row = watchlist.locator('.monaco-list-row', { hasText: title }).first();
    // The view lays out as its pane opens and the panes around it fold: the row is clicked once it stays put.
    let was = '';
    await until('the row where it stays', async () => {
      const box = JSON.stringify(await row.boundingBox());
      const still = box === was;
      was = box;
      return still;
    });
    await fromRowMenu(page, row, 'Mark as Watched', 'mouse');
    await notificationButton(
      `"${title}" is on your watchlist. Take it off, now that you have watched it?`,
      'Take It Off',
    );
    await until('taken off the watchlist', () => !server.watchlistOf('movie').includes(id));
    await row.waitFor({ state: 'detached', timeout: scaled(20_000) });
    // Its page says so.
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, String(id), MOVIE_PROMPT);
    const watched = webview(page).locator('button.watched');
    await watched.filter({ hasText: '✓ Watched' }).click({ timeout: scaled(20_000) });
    await watched.filter({ hasText: 'Mark as watched' }).waitFor(); // as it was
    server.setOnWatchlist('movie', id, true);
    await setPane(page, 'Watchlist', false);
  });

  it("For You: a row's click opens its page, whose Watched mark the row then shows; its menu (Shift+F10) puts it on the watchlist and marks it watched; Refresh from the title bar and the palette asks TMDB again", async () => {
    const [pick] = [...server.catalogue.movies.values()].sort((a, b) => (b.popularity ?? 0) - (a.popularity ?? 0));
    const { id, title } = pick as { id: number; title: string };
    const forYou = await setPane(page, 'For You', true);
    // A session of the older sign-in is offered the newer one; with it, TMDB's picks.
    const offer = forYou.locator('.monaco-list-row', { hasText: "need TMDB's newer sign-in" });
    const movies = forYou.locator('.monaco-list-row', { hasText: 'Movies' });
    await until('For You drawn', async () => (await offer.isVisible()) || (await movies.isVisible()), {
      timeoutMs: 30_000,
    });
    // Signed in with a token that names its account, as TMDB's v4 approval gives (as the v4 lists' journey).
    if (await offer.isVisible()) await signInWithV4Token(page, server.createV4Session().v4.accessToken, true);
    const row = forYou.locator('.monaco-list-row', { hasText: title }).first();
    await row.waitFor({ timeout: scaled(30_000) });
    await row.click();
    const button = webview(page).locator('button.watched');
    await webview(page)
      .locator('h1', { hasText: title })
      .waitFor({ timeout: scaled(20_000) });
    await button.filter({ hasText: 'Mark as watched' }).click({ timeout: scaled(20_000) });
    await row.filter({ hasText: '✓ Watched' }).waitFor({ timeout: scaled(20_000) });
    await fromRowMenu(page, row, 'Add to Watchlist', 'keyboard');
    await until('on the watchlist', () => server.watchlistOf('movie').includes(id));
    // As it was: off the watchlist, the mark taken off (the page's button), and the row follows.
    server.setOnWatchlist('movie', id, false);
    await button.filter({ hasText: '✓ Watched' }).click();
    await row.filter({ hasNotText: '✓ Watched' }).waitFor({ timeout: scaled(20_000) });
    // The row's menu, by the keyboard (Shift+F10): Mark as Watched, and the open page follows.
    await fromRowMenu(page, row, 'Mark as Watched', 'keyboard');
    await row.filter({ hasText: '✓ Watched' }).waitFor({ timeout: scaled(20_000) });
    await button.filter({ hasText: '✓ Watched' }).waitFor({ timeout: scaled(20_000) });
    await button.filter({ hasText: '✓ Watched' }).click();
    await row.filter({ hasNotText: '✓ Watched' }).waitFor({ timeout: scaled(20_000) });
    // Refresh: the view's title bar (mouse) and the palette each ask TMDB again.
    const asked = () =>
      server.requests.filter((r) => /^\/4\/account\/\w+\/movie\/recommendations$/.test(r.path)).length;
    let before = asked();
    await awayFromHovers(page);
    const header = forYou.locator('.pane-header[aria-label^="For You"]');
    await header.hover();
    await header.locator('.action-label[aria-label^="Refresh For You"]').click();
    await until('the title bar refreshed', () => asked() > before);
    before = asked();
    await palette(page, 'TMDB: Refresh For You');
    await until('the palette refreshed', () => asked() > before);
    await row.waitFor({ timeout: scaled(20_000) });
    await setPane(page, 'For You', false);
  });
});
