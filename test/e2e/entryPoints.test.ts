// End-to-end: every place a title's account action is offered, used as a person uses it: the editor
// title bar, the palette, the page's own controls (mouse and keyboard), a tree row's inline button and its
// context menu (mouse, and the keyboard's Shift+F10). Each test checks the effect twice: TMDB's state in
// the stand-in, and what the UI shows. A test that only finds an icon proves nothing about the click.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  answerInput,
  awayFromHovers as awayFromHoversOf,
  MOVIE_PROMPT,
  openTmdbContainer,
  palette,
  paletteAndPick,
  reloadWindow,
  setPane,
  sharedWorkbench,
  until,
  webview,
  holds,
  signInWithV4Token,
  pickMarksHolding,
  fromMenu,
  fromRowMenu as fromRowMenuOf,
  saveInDialog,
  scaled,
} from './workbench';

/** A file's text once it ends with `end` (written whole), else undefined. */
function readIfWhole(path: string, end: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  return text.endsWith(end) || text.trimEnd().endsWith(end) ? text : undefined;
}

describe('each action from each place it is offered', function () {
  this.timeout(120_000);
  let server: TmdbStandIn;
  let page: Page;

  const sidebar = () => page.locator('.part.sidebar');
  const pane = (title: string) =>
    sidebar().locator('.pane', { has: page.locator(`.pane-header[aria-label^="${title}"]`) });
  const titleAction = (label: string) => page.locator(`.editor-actions .action-label[aria-label^="${label}"]`);
  const watchlistButton = () => webview(page).locator('button.watchlist');
  const onWatchlist = () => server.watchlistOf('movie').includes(550);

  const expandPane = (title: string) => setPane(page, title, true);
  const collapsePane = (title: string) => setPane(page, title, false);
  const awayFromHovers = () => awayFromHoversOf(page);

  async function expandRow(row: Locator): Promise<void> {
    await row.waitFor({ timeout: scaled(20_000) });
    await awayFromHovers();
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    // Read through the locator each time: a view that refreshes (a list just changed) draws its rows anew,
    // and a handle to the row clicked would stay on the old one, never expanded (a CI run waited 30 s on it).
    await until('the row expanded', async () => (await row.getAttribute('aria-expanded')) === 'true');
  }

  const fromRowMenu = (row: Locator, item: string, by: 'mouse' | 'keyboard') => fromRowMenuOf(page, row, item, by);

  const notificationRow = (text: string) =>
    page.locator('.notifications-center .monaco-list-row', { hasText: text }).first();

  /** The notification centre open (from the status bar), and the Undo of the notification that says `text` pressed. */
  async function undoIn(text: string): Promise<void> {
    const row = notificationRow(text);
    await until(`a notification that says ${text}`, async () => {
      if (!(await page.locator('.notifications-center').isVisible()))
        await page.locator('.statusbar-item#status\\.notifications').click();
      return row.isVisible();
    });
    await row.hover();
    await row.locator('.monaco-button', { hasText: 'Undo' }).first().click();
  }

  async function openFightClub(): Promise<void> {
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    await webview(page)
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });
    await watchlistButton()
      .filter({ hasText: /watchlist/ })
      .waitFor({ timeout: scaled(20_000) });
  }

  /** Fight Club's page in front, as the journeys on a page start (opened when it is not). */
  async function fightClubInFront(): Promise<void> {
    const heading = webview(page).locator('h1', { hasText: 'Fight Club' });
    if (await heading.isVisible().catch(() => false)) return;
    const tab = page.locator('.tabs-container .tab', { hasText: 'Fight Club' }).first();
    if (!(await tab.isVisible().catch(() => false))) return openFightClub();
    await tab.click();
    await heading.waitFor({ timeout: scaled(20_000) });
  }

  sharedWorkbench(async (opened) => {
    ({ server, page } = opened);
    // Room for the views these journeys use (a tree draws only the rows in sight).
    await collapsePane('My Lists');
    await collapsePane('Trending People');
  });

  it('the editor title bar: the bookmark adds, the filled bookmark removes (mouse)', async () => {
    server.resetAccounts();
    assert.ok(!onWatchlist());
    await openFightClub();
    await titleAction('Add to Watchlist').click();
    await until('added from the title bar', onWatchlist);
    await watchlistButton().filter({ hasText: 'On your watchlist' }).waitFor();
    await titleAction('Remove from Watchlist').click();
    await until('removed from the title bar', () => !onWatchlist());
    await watchlistButton().filter({ hasText: 'Add to watchlist' }).waitFor();
    await titleAction('Add to Watchlist').waitFor();
  });

  it('the palette: Add to Watchlist and Remove from Watchlist act on the page in front (keyboard)', async () => {
    await fightClubInFront();
    await palette(page, 'TMDB: Add to Watchlist');
    await until('added from the palette', onWatchlist);
    await watchlistButton().filter({ hasText: 'On your watchlist' }).waitFor();
    await palette(page, 'TMDB: Remove from Watchlist');
    await until('removed from the palette', () => !onWatchlist());
    await watchlistButton().filter({ hasText: 'Add to watchlist' }).waitFor();
  });

  it("the page's own button, with Enter and with Space", async () => {
    await fightClubInFront();
    const button = watchlistButton();
    await button.focus();
    await page.keyboard.press('Enter');
    await until('added with Enter', onWatchlist);
    await button.filter({ hasText: 'On your watchlist' }).waitFor();
    await page.keyboard.press('Space');
    await until('removed with Space', () => !onWatchlist());
    await button.filter({ hasText: 'Add to watchlist' }).waitFor();
    assert.equal(
      await button.evaluate((el) => el === el.ownerDocument.activeElement),
      true,
      'focus stays on the button',
    );
  });

  it("favorites from every place: the page's ♡ (mouse, Enter), the title bar's heart, the palette, a Favorites row's inline ♥, a Trending row's menu (Shift+F10)", async () => {
    await fightClubInFront();
    const favorite = () => server.favoritesOf('movie').includes(550);
    const button = webview(page).locator('button.favorite');
    assert.ok(!favorite());
    await button.filter({ hasText: '♡ Add to favorites' }).click({ timeout: scaled(20_000) });
    await until('marked with a click on the page', favorite);
    await button.filter({ hasText: '♥ One of your favorites' }).waitFor();
    assert.equal(await button.getAttribute('aria-pressed'), 'true');
    assert.ok(!onWatchlist(), 'a favorite is not put on the watchlist');
    await button.focus();
    await page.keyboard.press('Enter');
    await until('unmarked with Enter', () => !favorite());
    await button.filter({ hasText: '♡ Add to favorites' }).waitFor();
    await titleAction('Mark as Favorite').click();
    await until('marked from the title bar', favorite);
    await button.filter({ hasText: '♥ One of your favorites' }).waitFor();
    await titleAction('Remove from Favorites').click();
    await until('unmarked from the title bar', () => !favorite());
    await button.filter({ hasText: '♡ Add to favorites' }).waitFor();
    await palette(page, 'TMDB: Mark as Favorite');
    await until('marked from the palette', favorite);
    await button.filter({ hasText: '♥ One of your favorites' }).waitFor();

    const favorites = await expandPane('Favorites');
    await expandRow(favorites.locator('.monaco-list-row', { hasText: 'Movies' }).first());
    const row = favorites.locator('.monaco-list-row', { hasText: 'Fight Club' }).first();
    await row.waitFor({ timeout: scaled(20_000) });
    await row.hover();
    await row.locator('.action-label[aria-label^="Remove from Favorites"]').click();
    await until('unmarked from the Favorites row', () => !favorite());
    await row.waitFor({ state: 'detached', timeout: scaled(20_000) });
    await button.filter({ hasText: '♡ Add to favorites' }).waitFor();

    const titles = await expandPane('Trending Titles');
    const first = server.catalogue.trendingTitles.find((title) => title.media_type === 'movie')!;
    await fromRowMenu(
      titles.locator('.monaco-list-row', { hasText: first.title }).first(),
      'Mark as Favorite',
      'keyboard',
    );
    await until('marked from the Trending row menu', () => server.favoritesOf('movie').includes(first.id));
    await favorites
      .locator('.monaco-list-row', { hasText: first.title })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    // The same row's menu now says what it is: Remove from Favorites (not Mark as Favorite again).
    await fromRowMenu(
      titles.locator('.monaco-list-row', { hasText: first.title }).first(),
      'Remove from Favorites',
      'mouse',
    );
    await until('unmarked from the Trending row menu', () => !server.favoritesOf('movie').includes(first.id));
    await collapsePane('Favorites');
  });

  it("the page's rating menu by keyboard: arrows choose without saving, Enter saves, Escape puts it back", async () => {
    await fightClubInFront();
    const select = webview(page).locator('select[data-action="rate"]');
    await select.waitFor({ timeout: scaled(20_000) });
    const before = server.ratingOf('movie', 550);
    const shown = await select.inputValue();
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosen = await select.inputValue();
    assert.notEqual(chosen, shown, 'the arrows moved the choice');
    // Measured, not assumed: a save would reach the stand-in; none does while the choice is in progress.
    const posts = server.requestsTo('/3/movie/550/rating').length;
    await holds('arrows alone save nothing', () => server.requestsTo('/3/movie/550/rating').length === posts, {
      forMs: 1_000,
    });
    assert.deepEqual(server.ratingOf('movie', 550), before);
    assert.equal(await select.evaluate((el) => el === el.ownerDocument.activeElement), true, 'focus stays on the menu');
    // Beside the menu, in words: the choice is not saved yet.
    const status = webview(page).locator('.rating-status');
    await status
      .filter({ hasText: 'Not saved yet: Enter saves, Escape puts it back' })
      .waitFor({ timeout: scaled(10_000) });
    await page.keyboard.press('Escape');
    assert.equal(await select.inputValue(), shown, 'Escape puts the saved rating back');
    await until(
      'the words gone with the choice',
      async () => !((await status.textContent()) ?? '').includes('Not saved'),
    );
    await page.keyboard.press('ArrowDown');
    const saved = await select.inputValue();
    await page.keyboard.press('Enter');
    await until(
      'rated with Enter',
      () => JSON.stringify(server.ratingOf('movie', 550)) === JSON.stringify({ value: Number(saved) }),
    );
    assert.equal(
      await select.evaluate((el) => el === el.ownerDocument.activeElement),
      true,
      'focus stays on the menu after saving',
    );
  });

  it('a Watchlist row: the inline button removes, the menu (mouse and Shift+F10) adds from Trending', async () => {
    await fightClubInFront();
    await palette(page, 'TMDB: Add to Watchlist');
    await until('added', onWatchlist);
    const watchlist = await expandPane('Watchlist');
    await expandRow(watchlist.locator('.monaco-list-row', { hasText: 'Movies' }).first());
    const row = watchlist.locator('.monaco-list-row', { hasText: 'Fight Club' }).first();
    await row.waitFor({ timeout: scaled(20_000) });
    await row.hover();
    await row.locator('.action-label[aria-label^="Remove from Watchlist"]').click();
    await until('removed from the row', () => !onWatchlist());
    await row.waitFor({ state: 'detached', timeout: scaled(20_000) });
    await watchlistButton().filter({ hasText: 'Add to watchlist' }).waitFor();

    const titles = await expandPane('Trending Titles');
    const first = server.catalogue.trendingTitles.find((title) => title.media_type === 'movie')!;
    const trendingRow = titles.locator('.monaco-list-row', { hasText: first.title }).first();
    await fromRowMenu(trendingRow, 'Add to Watchlist', 'mouse');
    await until('added from the trending row menu', () => server.watchlistOf('movie').includes(first.id));
    // The same row's menu now offers Remove (by the keyboard), and Add again after it.
    await fromRowMenu(trendingRow, 'Remove from Watchlist', 'keyboard');
    await until('removed from the trending row menu', () => !server.watchlistOf('movie').includes(first.id));
    await fromRowMenu(trendingRow, 'Add to Watchlist', 'mouse');
    await until('added again', () => server.watchlistOf('movie').includes(first.id));
    await watchlist
      .locator('.monaco-list-row', { hasText: first.title })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await fromRowMenu(
      watchlist.locator('.monaco-list-row', { hasText: first.title }).first(),
      'Remove from Watchlist',
      'keyboard',
    );
    await until('removed with Shift+F10', () => !server.watchlistOf('movie').includes(first.id));
  });

  it("a row's Rate… (menu) and the Rated row's inline Remove Rating", async () => {
    const titles = pane('Trending Titles');
    const first = server.catalogue.trendingTitles.find((title) => title.media_type === 'movie')!;
    await fromRowMenu(titles.locator('.monaco-list-row', { hasText: first.title }).first(), 'Rate…', 'mouse');
    const picker = page.locator('.quick-input-widget');
    await picker
      .locator('.monaco-list-row', { hasText: /★ 8(?!\.)/ })
      .first()
      .click({ timeout: scaled(20_000) });
    await until('rated from the row', () => JSON.stringify(server.ratingOf('movie', first.id)) === '{"value":8}');
    const rated = await expandPane('Rated');
    await expandRow(rated.locator('.monaco-list-row', { hasText: 'Movies' }).first());
    const row = rated
      .locator('.monaco-list-row', { hasText: first.title })
      .filter({ hasText: /★ 8(?!\.)/ })
      .first();
    await row.waitFor({ timeout: scaled(20_000) });
    await row.hover();
    await row.locator('.action-label[aria-label^="Remove Rating"]').click();
    await until('rating removed from the row', () => server.ratingOf('movie', first.id) === false);
    await row.waitFor({ state: 'detached', timeout: scaled(20_000) });
  });

  it('the palette: Rate… and Remove Rating act on the page in front, which shows the change', async () => {
    await fightClubInFront();
    await paletteAndPick(page, 'TMDB: Rate…', '★ 6.5');
    await until('rated from the palette', () => JSON.stringify(server.ratingOf('movie', 550)) === '{"value":6.5}');
    const select = webview(page).locator('select[data-action="rate"]');
    await until('the page shows the rating', async () => (await select.inputValue()) === '6.5');
    await palette(page, 'TMDB: Remove Rating');
    await until('rating removed from the palette', () => server.ratingOf('movie', 550) === false);
    await until('the page shows "Not rated"', async () => (await select.inputValue()) === '');
  });

  it("a movie row's Add to List… (menu) and the palette's Remove from List", async () => {
    const listId = server.listIdNamed('Test Alpha Sort')!;
    assert.ok(!server.listItemIds(listId).includes(550));
    const titles = pane('Trending Titles');
    await fightClubInFront();
    await paletteAndPick(page, 'TMDB: Add to List…', 'Test Alpha Sort', 'Add "Fight Club" to a list');
    const picker = page.locator('.quick-input-widget');
    await picker.waitFor({ state: 'hidden' });
    await until('added to the list from the palette', () => server.listItemIds(listId).includes(550));
    const first = server.catalogue.trendingTitles.find((title) => title.media_type === 'movie')!;
    await fromRowMenu(titles.locator('.monaco-list-row', { hasText: first.title }).first(), 'Add to List…', 'keyboard');
    await picker
      .locator('.quick-input-title', { hasText: `Add "${first.title}" to a list` })
      .waitFor({ timeout: scaled(20_000) });
    await picker
      .locator('.monaco-list-row', { hasText: 'Test Alpha Sort' })
      .first()
      .click({ timeout: scaled(20_000) });
    await until('added to the list from the row menu', () => server.listItemIds(listId).includes(first.id));
    await fightClubInFront();
    await paletteAndPick(page, 'TMDB: Remove from List', 'Test Alpha Sort');
    await until('removed from the list from the palette', () => !server.listItemIds(listId).includes(550));

    // Undo, from the notification centre: the newest puts Fight Club back; the row's, older, would act on a
    // list changed since (by the removal and its Undo): it says so, and the list stays as it is.
    await undoIn(`removed "Fight Club" from "Test Alpha Sort"`);
    await until('Fight Club back in the list', () => server.listItemIds(listId).includes(550));
    await undoIn(`added "${first.title}" to "Test Alpha Sort"`);
    await notificationRow('"Test Alpha Sort" has changed since; nothing was undone.').waitFor({
      timeout: scaled(20_000),
    });
    assert.ok(server.listItemIds(listId).includes(first.id), 'the stale Undo took nothing out');
    await page.locator('.statusbar-item#status\\.notifications').click();
  });

  it("the Rated row's menu removes a rating; a list row's menu takes a movie out; the view title's + makes a list", async () => {
    // A rating to remove, and a movie in a list to take out, given through the palette first.
    await palette(page, 'View: Close All Editors');
    await openFightClub();
    await paletteAndPick(page, 'TMDB: Rate…', '★ 5.5');
    await until('rated', () => JSON.stringify(server.ratingOf('movie', 550)) === '{"value":5.5}');
    const rated = await expandPane('Rated');
    await expandRow(rated.locator('.monaco-list-row', { hasText: 'Movies' }).first());
    await fromRowMenu(
      rated.locator('.monaco-list-row', { hasText: 'Fight Club' }).filter({ hasText: '★ 5.5' }).first(),
      'Remove Rating',
      'mouse',
    );
    await until('rating removed from the row menu', () => server.ratingOf('movie', 550) === false);
    await collapsePane('Rated');

    const listId = server.listIdNamed('Test Alpha Sort')!;
    await paletteAndPick(page, 'TMDB: Add to List…', 'Test Alpha Sort', 'Add "Fight Club" to a list');
    await until('in the list', () => server.listItemIds(listId).includes(550));
    await collapsePane('Watchlist');
    await collapsePane('Trending Titles');
    const lists = await expandPane('My Lists');
    await expandRow(lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).first());
    await fromRowMenu(
      lists.locator('.monaco-list-row', { hasText: 'Fight Club' }).first(),
      'Remove from List',
      'keyboard',
    );
    await until('out of the list from the row menu', () => !server.listItemIds(listId).includes(550));

    // New List… from the + in My Lists' title.
    await awayFromHovers();
    await sidebar().locator('.pane-header[aria-label^="My Lists"]').hover();
    await sidebar().locator('.pane-header[aria-label^="My Lists"] .action-label[aria-label^="New List"]').click();
    await answerInput(page, 'Made from the title bar', "The list's name");
    await answerInput(page, '', 'A description (optional)');
    await until('the list made', () => server.listIdNamed('Made from the title bar') !== undefined);
    await lists
      .locator('.monaco-list-row', { hasText: 'Made from the title bar' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await collapsePane('My Lists');
  });

  it('follows links in the same tab, with Back and Forward by button, by Alt+Left/Right and by the mouse; Ctrl+click opens a tab; a reload keeps the history', async () => {
    await palette(page, 'View: Close All Editors');
    await openFightClub();
    const tabs = page.locator('.tabs-container .tab');
    const before = await tabs.count();
    const view = webview(page);
    // The first cast member's photo: their page (the name under it is the same link).
    const member = view.locator('section[aria-label="Cast"] a.card-link[data-kind="person"]').first();
    const name = ((await member.locator('.card-title').textContent()) ?? '').trim();
    await member.locator('.face').click();
    const away = view.locator('h1', { hasText: name });
    await away.waitFor({ timeout: scaled(20_000) });
    const there = name;
    assert.equal(await tabs.count(), before, 'the same tab');
    // Back, with the page's own button.
    await view.locator('nav.history button[data-nav="back"]').click();
    await view.locator('h1', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    // Forward with Alt+Right, and back with Alt+Left, the keyboard's way (the keys reach the workbench).
    // Focus in the page, on text that is no link (TMDB's attribution).
    await view.locator('footer.attribution span').click();
    await page.keyboard.press('Alt+ArrowRight');
    await view.locator('h1', { hasText: there }).waitFor({ timeout: scaled(20_000) });
    await view.locator('footer.attribution span').click();
    await page.keyboard.press('Alt+ArrowLeft');
    await view.locator('h1', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    // The mouse's forward button (button 4: Playwright has no such button to press, so its event is sent).
    await view.locator('body').dispatchEvent('mouseup', { button: 4 });
    await view.locator('h1', { hasText: there }).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs.count(), before, 'still one tab');
    // Ctrl+click: a tab of its own.
    const known = view.locator('a[data-kind="movie"], a[data-kind="person"]').first();
    const title = ((await known.textContent()) ?? '').trim();
    await known.click({ modifiers: ['Control'] });
    // The tab it shows in may already name the title (a credit's tab names its person): wait for a tab more.
    await tabs.nth(before).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs.count(), before + 1, 'a new tab');
    // Closed with its tab's ✕ (the palette's "View: Close Editor" can land on "Close All Editors", used lately).
    const opened = page.locator('.tabs-container .tab.active');
    // In front, and named for the title once its page is in (a busy machine shows "· loading" first).
    await page.waitForFunction(
      (name) => document.querySelector('.tabs-container .tab.active')?.getAttribute('aria-label')?.startsWith(name),
      title,
      { timeout: scaled(20_000) },
    );
    await opened.hover();
    await opened.locator('.tab-actions .action-label').first().click();
    await page.waitForFunction((count) => document.querySelectorAll('.tabs-container .tab').length === count, before);
    // A reload brings the panel back where it was, and Back still leads to Fight Club.
    await tabs.filter({ hasText: there }).first().click();
    await reloadWindow(page);
    await webview(page)
      .locator('h1', { hasText: there })
      .waitFor({ timeout: scaled(30_000) });
    await webview(page).locator('nav.history button[data-nav="back"]:not([disabled])').click();
    await webview(page)
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });
  });

  it("the Extensions view shows the README as a user sees it: no broken picture, no developers' section", async () => {
    await palette(page, 'Extensions: Show Installed Extensions');
    const entry = page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'TMDB' }).first();
    await entry.click({ timeout: scaled(30_000) });
    const readme = webview(page);
    await readme.locator('h1', { hasText: 'TMDB for VS Code' }).waitFor({ timeout: scaled(30_000) });
    // The whole document is in once its last section is.
    await readme.locator('h2', { hasText: 'Attribution' }).waitFor();
    const images = readme.locator('img');
    const count = await images.count();
    for (let i = 0; i < count; i++) {
      const image = images.nth(i);
      await image.scrollIntoViewIfNeeded();
      const loaded = async () =>
        image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
      await until(`picture ${await image.getAttribute('src')} loads`, loaded);
    }
    assert.equal(await readme.locator('h2', { hasText: 'For developers' }).count(), 0);
  });

  it("copy: the page's … menu copies the IMDb ID (mouse), the palette the TMDB link, a person row's menu the TMDB ID (Shift+F10)", async () => {
    // Read with a bound: a read the browser never answers is asked again, not waited on for the test's timeout.
    const clipboard = () =>
      Promise.race([
        page.evaluate(() => navigator.clipboard.readText()),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('the clipboard did not answer')), scaled(2_000)),
        ),
      ]);
    const copied = async (what: string, want: string) => {
      await until(`${what}: ${want} on the clipboard`, async () => (await clipboard()) === want);
    };
    await palette(page, 'View: Close All Editors');
    await openFightClub();
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    await fromMenu(
      page,
      () => page.locator('.editor-actions .action-label[aria-label^="More Actions"]').first().click(),
      'Copy IMDb ID',
    );
    await copied('the IMDb ID from the title bar menu', 'tt0137523');
    await palette(page, 'TMDB: Copy TMDB Link');
    await copied('the link from the palette', `${server.url}/movie/550`);
    await openTmdbContainer(page);
    const people = await expandPane('Trending People');
    const person = server.catalogue.people[0]!;
    await fromRowMenu(
      people.locator('.monaco-list-row', { hasText: person.name as string }).first(),
      'Copy TMDB ID',
      'keyboard',
    );
    await copied("the person's id from their row's menu", String(person.id));
    await collapsePane('Trending People');
  });

  it("v4 lists: a series row's Add to List… makes a private list; the list row's pencil sorts it, the palette makes it public, an item's menu and the palette comment it, the series page's button and the palette add and remove it, the row's ✕ takes it out, the row's menu deletes the list", async () => {
    // Signed in with a token that names its account, as TMDB's v4 approval gives (the approval page itself:
    // workbench.test.ts and web.test.ts).
    const { v4 } = server.createV4Session();
    await signInWithV4Token(page, v4.accessToken, true);
    const picker = page.locator('.quick-input-widget');
    const pick = async (row: string, title: string) => {
      await picker.locator('.quick-input-title', { hasText: title }).waitFor({ timeout: scaled(20_000) });
      await picker
        .locator('.monaco-list-row', { hasText: row })
        .first()
        .click({ timeout: scaled(20_000) });
    };

    const trending = await expandPane('Trending Titles');
    const series = trending.locator('.monaco-list-row', { hasText: /· Series$/ }).first();
    const seriesName = ((await series.getAttribute('aria-label')) ?? '').split(',')[0]!;
    await fromRowMenu(series, 'Add to List…', 'mouse');
    await pick('New List…', `Add "${seriesName}" to a list`);
    await answerInput(page, 'Slow TV', "The list's name");
    await answerInput(page, '', 'A description (optional)');
    await pick('Private', 'Who can see the list?');
    const listId = await until('the private list with the series at TMDB', () => {
      const id = server.listIdNamed('Slow TV');
      const list = id ? server.v4List(id) : undefined;
      return list && !list.public && list.items.length === 1 && list.items[0]!.startsWith('tv:') ? id : undefined;
    });
    await collapsePane('Trending Titles');

    const lists = await expandPane('My Lists');
    const row = lists.locator('.monaco-list-row', { hasText: 'Slow TV' }).first();
    await row.filter({ hasText: 'private · 1 item' }).waitFor({ timeout: scaled(20_000) });
    await awayFromHovers();
    await row.hover();
    await row.locator('.action-label[aria-label^="Edit List"]').click();
    await pick('Sort By…', 'Edit "Slow TV"');
    await pick('Title, Z to A', 'Sort "Slow TV"');
    await until('sorted at TMDB', () => server.v4List(listId)?.sortBy === 'title.desc');

    await paletteAndPick(page, 'TMDB: Edit List…', 'Slow TV', 'Edit which list?');
    await pick('Make Public', 'Edit "Slow TV"');
    await until('public at TMDB', () => server.v4List(listId)?.public === true);
    await row
      .filter({ hasNotText: 'private' })
      .filter({ hasText: '1 item' })
      .waitFor({ timeout: scaled(20_000) });

    await expandRow(row);
    const item = lists.locator('.monaco-list-row', { hasText: seriesName }).first();
    await fromRowMenu(item, 'Edit Comment…', 'keyboard');
    await answerInput(page, 'Winter is coming', 'Leave it empty to remove the comment.');
    await until(
      'the comment at TMDB',
      () => Object.values(server.v4List(listId)?.comments ?? {})[0] === 'Winter is coming',
    );
    await item.filter({ hasText: '“Winter is coming”' }).waitFor({ timeout: scaled(20_000) });

    // Export: the list from its row's menu, as JSON; the watchlist from the palette, for Letterboxd.
    const folder = mkdtempSync(join(tmpdir(), 'tmdb-e2e-export-'));
    await fromRowMenu(row, 'Export…', 'mouse');
    await pick('JSON', 'TMDB: Export as');
    await saveInDialog(page, 'TMDB: Export the list "Slow TV"', join(folder, 'slow-tv.json'), '.json');
    const json = await until('the list written', () => readIfWhole(join(folder, 'slow-tv.json'), '}'));
    assert.deepEqual(
      JSON.parse(json).items.map((entry: { media_type: string; comment?: string }) => [
        entry.media_type,
        entry.comment,
      ]),
      [['tv', 'Winter is coming']],
    );
    // A movie on the watchlist, rated 7.5 (done elsewhere): its rating goes with it, rounded as Letterboxd takes it, and said.
    const [halfRated] = server.watchlistOf('movie');
    server.setRating('movie', halfRated!, 7.5);
    await paletteAndPick(page, 'TMDB: Export…', 'Watchlist', 'TMDB: Export…');
    await pick('CSV for Letterboxd', 'TMDB: Export as');
    await saveInDialog(page, 'TMDB: Export your watchlist', join(folder, 'watchlist.csv'), '.csv');
    const csv = await until('the watchlist written', () => readIfWhole(join(folder, 'watchlist.csv'), '\n'));
    assert.equal(csv.split('\n')[0], 'tmdbID,Title,Year,Rating10');
    assert.match(
      csv,
      new RegExp(`^${halfRated},.*,8$`, 'm'),
      `the watchlist's rated movie (${halfRated}) with its rating: ${csv}`,
    );
    // Said in the summary (read in the notification center: a toast may have gone by then).
    const center = page.locator('.notifications-center');
    const said = center
      .locator('.monaco-list-row', {
        hasText: "ratings with a half point rounded up: Letterboxd's Rating10 takes whole numbers",
      })
      .first();
    await until('the summary names the rounding', async () => {
      if (!(await center.isVisible())) await page.locator('.statusbar-item#status\\.notifications').click();
      return said.isVisible();
    });
    await page.locator('.statusbar-item#status\\.notifications').click();
    server.setRating('movie', halfRated!, undefined);
    assert.deepEqual(
      csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => Number(line.split(',')[0]))
        .sort((a, b) => a - b),
      server.watchlistOf('movie').sort((a, b) => a - b),
    );

    // Edit Comment… from the palette: the list, then the title, then the words.
    await paletteAndPick(page, 'TMDB: Edit Comment…', 'Slow TV', 'Comment on a title in which list?');
    await pick(seriesName, 'Comment on which title in "Slow TV"?');
    await answerInput(page, 'Brilliant', 'Leave it empty to remove the comment.');
    await until(
      'the new comment at TMDB',
      () => Object.values(server.v4List(listId)?.comments ?? {})[0] === 'Brilliant',
    );

    // The series' own page: its Add to List… button marks the list that holds it; the palette's Remove from
    // List and Add to List… act on the page in front.
    await awayFromHovers();
    await item.click();
    const addButton = webview(page).locator('button[data-action="add-to-list"]');
    await addButton.click({ timeout: scaled(30_000) });
    await pickMarksHolding(page, 'Slow TV');
    await page.keyboard.press('Escape');
    await paletteAndPick(page, 'TMDB: Remove from List', 'Slow TV', `Remove "${seriesName}" from a list`);
    await until('taken out at TMDB from the palette', () => server.v4List(listId)?.items.length === 0);
    await paletteAndPick(page, 'TMDB: Add to List…', 'Slow TV', `Add "${seriesName}" to a list`);
    await until('back in at TMDB from the palette', () => server.v4List(listId)?.items.length === 1);
    // The series' row in the list: its inline ✕.
    await item.waitFor({ timeout: scaled(20_000) });
    await awayFromHovers();
    await item.hover();
    await item.locator('.action-label[aria-label^="Remove from List"]').click();
    await until("taken out at TMDB from the row's ✕", () => server.v4List(listId)?.items.length === 0);
    await palette(page, 'View: Close All Editors');

    // Renamed on TMDB's site by its owner to a name that writes lines of its own and turns its end around:
    // before, the dialog asked 'Delete the list "Slow TV"?' and then, on lines of the name's, "Nothing will be
    // deleted.". The list is named on a line of its own, after our label, as one line.
    server.renameList(listId, 'Slow TV"?\n\nNothing will be deleted.\u202Eexe.txt');
    await palette(page, 'TMDB: Refresh My Lists');
    await row.filter({ hasText: 'Nothing will be deleted.' }).waitFor({ timeout: scaled(20_000) });
    await fromRowMenu(row, 'Edit List…', 'mouse');
    await pick('Delete…', 'Edit "Slow TV');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.locator('.dialog-message-text', { hasText: 'Delete this list?' }).waitFor({ timeout: scaled(20_000) });
    assert.equal(await dialog.locator('.dialog-message-text').innerText(), 'Delete this list?');
    assert.deepEqual((await dialog.locator('.dialog-message-detail').innerText()).split(/\n+/), [
      'List: Slow TV"? Nothing will be deleted. exe.txt',
      'The list and its 0 titles go. TMDB cannot undo this.',
    ]);
    // Enter takes the default button, Keep List (Delete List was the default): the list stays.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: scaled(10_000) });
    await holds('kept at TMDB after Enter', () => server.v4List(listId) !== undefined, { forMs: 1_000 });
    await fromRowMenu(row, 'Edit List…', 'mouse');
    await pick('Delete…', 'Edit "Slow TV');
    await dialog.locator('.dialog-message-text', { hasText: 'Delete this list?' }).waitFor({ timeout: scaled(20_000) });
    await dialog.getByRole('button', { name: 'Delete List' }).click();
    await until('deleted at TMDB', () => server.v4List(listId) === undefined);
    await row.waitFor({ state: 'detached', timeout: scaled(20_000) });
  });

  it("TMDB: Back from the palette; then Sign Out from My Lists' … menu ends the session", async () => {
    await palette(page, 'View: Close All Editors');
    await openFightClub();
    await webview(page).locator('section[aria-label="Cast"] a[data-kind]').first().click();
    await webview(page)
      .locator('h1')
      .filter({ hasNotText: 'Fight Club' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await palette(page, 'TMDB: Back');
    await webview(page)
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });

    const sessions = () => server.requestsTo('/3/authentication/session').filter((r) => r.method === 'DELETE').length;
    const before = sessions();
    await openTmdbContainer(page);
    const lists = await expandPane('My Lists');
    const header = sidebar().locator('.pane-header[aria-label^="My Lists"]');
    const more = header
      .locator('.action-label[aria-label^="Views and More Actions"], .action-label[aria-label^="More Actions"]')
      .first();
    await fromMenu(
      page,
      async () => {
        await header.hover();
        await more.click();
      },
      'Sign Out',
    );
    await until('the session ended at TMDB', () => sessions() > before);
    await lists
      .getByRole('button', { name: 'Sign In' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
  });
});
