// End-to-end: TMDB in the editor itself (issue 46), used as a person does in the real workbench: a
// Markdown file with a TMDB link, an IMDb link and ids; the mouse rests on one and the card shows, with
// its picture; Ctrl+Click opens the page; the card's own button adds to the watchlist; `tmdb:` typed
// key by key offers titles, picked by keyboard; the context menu opens the title under the cursor; the
// palette inserts a link.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ctrlClick, DIARY, editorText, hoverOver, linkIn, openFile } from './editorGestures';
import { ROOT, awayFromHovers, palette, sharedWorkbench, until, webview, type Workbench, scaled } from './workbench';

const SCREENSHOTS = process.env.TMDB_SCREENSHOTS ? join(ROOT, 'media', 'screenshots') : join(ROOT, 'test-results');

describe('TMDB in the editor', function () {
  this.timeout(120_000);
  let workbench: Workbench;
  let page: Page;

  const opened = sharedWorkbench(async (ready) => {
    ({ page } = ready);
    writeFileSync(join(ready.vscode.workspace, 'film-diary.md'), DIARY);
  });

  before(() => {
    workbench = opened();
  });

  after(async () => {
    // The diary as it was: this suite's edits are not kept.
    await palette(page, 'File: Revert File').catch(() => undefined);
    await palette(page, 'View: Close All Editors').catch(() => undefined);
  });

  it('shows a card with the picture over an IMDb id, asking TMDB once; its button adds the title to the watchlist', async () => {
    await openFile(page, 'film-diary.md');
    const card = await hoverOver(page, 'tt0137523');
    await card.locator('strong', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    const picture = card.locator('img').first();
    await until('the poster to load', () =>
      picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0).catch(() => false),
    );
    assert.match((await card.textContent()) ?? '', /User score 84% · 2 h 19 min/);
    // The overview's first line is in sight without scrolling (it was under where to watch, cut off).
    const overview = await card.locator('p', { hasText: 'A ticking-time-bomb insomniac' }).boundingBox();
    const shown = await page.locator('.monaco-hover:not(.hidden) .monaco-scrollable-element').first().boundingBox();
    assert.ok(overview && shown, 'the card and its overview');
    assert.ok(
      overview.y >= shown.y && overview.y + 18 <= shown.y + shown.height,
      `the overview's first line (at ${overview.y - shown.y} px) within the card's ${shown.height} px`,
    );
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'editor-hover.png') });
    const { server } = workbench;
    assert.equal(server.requestsTo('/3/find/tt0137523').length, 1);
    assert.equal(server.requestsTo('/3/movie/550').length, 1);

    const onList = server.watchlistOf('movie').includes(550);
    await card.locator('a', { hasText: onList ? 'Remove from Watchlist' : 'Add to Watchlist' }).click();
    await until('the watchlist changed at TMDB', () => server.watchlistOf('movie').includes(550) !== onList);
    await page
      .locator('.part.statusbar', { hasText: onList ? 'removed "Fight Club (1999)"' : 'added "Fight Club (1999)"' })
      .waitFor();
    // The card again says so, and the title is still asked about once (its account state anew, after the write).
    const again = await hoverOver(page, 'tt0137523');
    await again
      .getByText(onList ? 'Not on your watchlist' : 'On your watchlist', { exact: false })
      .first()
      .waitFor();
    assert.equal(server.requestsTo('/3/movie/550').length, 1);
    assert.equal(server.requestsTo('/3/find/tt0137523').length, 1);
  });

  it("Ctrl+Click on the TMDB address of a Markdown link opens the page in VS Code (not the browser), and the card's Open in VS Code does too", async () => {
    await openFile(page, 'film-diary.md');
    await awayFromHovers(page);
    await ctrlClick(page, 'themoviedb.org/movie/550');
    await webview(page)
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });
    await openFile(page, 'film-diary.md');
    const card = await hoverOver(page, 'imdb.com/title/tt0944947');
    await card.getByRole('link', { name: 'Open in VS Code', exact: true }).click();
    await webview(page)
      .locator('h1', { hasText: 'Game of Thrones' })
      .waitFor({ timeout: scaled(20_000) });
    assert.equal(workbench.server.requestsTo('/3/find/tt0944947').length, 1);
  });

  it('the context menu opens the title under the cursor', async () => {
    await openFile(page, 'film-diary.md');
    const short = linkIn(page, 'tmdb:person/287');
    await short.waitFor();
    // The first right-click on the id offers it (no retry: the item follows the file, not the cursor).
    await short.click({ button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    const item = menu.locator('.action-item', { hasText: 'Open Title at Cursor' }).first();
    await item.click();
    // A click on a menu still coming in can be lost (fromMenu's rule): one that landed closes the menu.
    if (
      !(await menu.waitFor({ state: 'hidden', timeout: scaled(3_000) }).then(
        () => true,
        () => false,
      ))
    )
      await item.click();
    await webview(page)
      .locator('h1', { hasText: 'Brad Pitt' })
      .waitFor({ timeout: scaled(20_000) });
  });

  it('the palette and the keyboard open the title under the cursor; the card is reached by keyboard, and its Rate… rates', async () => {
    const { server } = workbench;
    // The palette: the cursor put on an IMDb address, then TMDB: Open Title at Cursor.
    await openFile(page, 'film-diary.md');
    await awayFromHovers(page);
    await linkIn(page, 'imdb.com/title/tt0944947').click();
    await palette(page, 'TMDB: Open Title at Cursor');
    await webview(page)
      .locator('h1', { hasText: 'Game of Thrones' })
      .waitFor({ timeout: scaled(20_000) });

    // The words of a Markdown link are its title's too: the cursor on "Fight" of [Fight Club](…/movie/550…),
    // put there by keyboard from the start of its line ("Rewatched [" is 11 characters).
    await openFile(page, 'film-diary.md');
    await awayFromHovers(page);
    await page.locator('.monaco-editor .view-line span', { hasText: 'Rewatched' }).first().click();
    await page.keyboard.press('Home');
    for (let i = 0; i < 13; i++) await page.keyboard.press('ArrowRight');
    await page.locator('.statusbar-item', { hasText: 'Ln 3, Col 14' }).waitFor({ timeout: scaled(5_000) });
    await palette(page, 'TMDB: Open Title at Cursor');
    await webview(page)
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });

    // The keyboard: Ctrl+K Ctrl+I shows the card at the cursor, again moves into it, Tab and Enter use its buttons.
    await openFile(page, 'film-diary.md');
    await linkIn(page, 'tmdb:person/287').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const card = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content').first();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    await card.locator('strong', { hasText: 'Brad Pitt' }).waitFor({ timeout: scaled(20_000) });
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const open = card.getByRole('link', { name: 'Open in VS Code', exact: true });
    for (let i = 0; i < 6 && !(await open.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await webview(page)
      .locator('h1', { hasText: 'Brad Pitt' })
      .waitFor({ timeout: scaled(20_000) });

    // The card's Rate…: the rating picked is TMDB's, and the status bar says it.
    await openFile(page, 'film-diary.md');
    const movie = await hoverOver(page, 'tt0137523');
    await movie.getByRole('link', { name: 'Rate…', exact: true }).click();
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: '★ 6.5' }).first().click();
    await until('rated at TMDB', () => JSON.stringify(server.ratingOf('movie', 550)) === '{"value":6.5}');
    await page.locator('.part.statusbar', { hasText: 'rated "Fight Club (1999)" 6.5' }).waitFor();
  });

  it('typing tmdb: and a title of two words offers titles as it goes; picked by keyboard, the link goes in', async () => {
    await openFile(page, 'film-diary.md');
    await awayFromHovers(page);
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Tonight tmdb:', { delay: 30 });
    // Two words, key by key: the space does not end the search.
    await page.keyboard.type('fight club', { delay: 80 });
    const suggest = page.locator('.editor-widget.suggest-widget');
    const row = suggest.locator('.monaco-list-row', { hasText: 'Fight Club (1999)' }).first();
    await row.waitFor({ timeout: scaled(20_000) });
    // Down until Fight Club is the focused row, then Enter.
    for (let i = 0; i < 10 && (await row.getAttribute('class'))?.includes('focused') !== true; i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await until('the link inserted', async () =>
      (await editorText(page)).includes('Tonight [Fight Club (1999)](https://www.themoviedb.org/movie/550)'),
    );
  });

  it("Insert Link to Title… from the editor's context menu puts the picked title at the cursor", async () => {
    await openFile(page, 'film-diary.md');
    await awayFromHovers(page);
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' then ');
    // The words in the text before the caret is read, and the click past the line's end, where it puts
    // the cursor at the end (a click on the caret's edge fell before the typed space twice).
    await until('the words typed', async () => (await editorText(page)).includes(' then '));
    const caret = (await page.locator('.monaco-editor .cursor').first().boundingBox())!;
    await page.mouse.click(caret.x + 40, caret.y + caret.height / 2, { button: 'right' });
    const menu = page.locator('.context-view .monaco-menu');
    const item = menu.locator('.action-item', { hasText: 'Insert Link to Title…' }).first();
    await item.click();
    if (
      !(await menu.waitFor({ state: 'hidden', timeout: scaled(3_000) }).then(
        () => true,
        () => false,
      ))
    )
      await item.click();
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Insert Link to Title' }).waitFor();
    await page.locator('.quick-input-widget input.input').pressSequentially('Game of', { delay: 60 });
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Game of Thrones' }).first().waitFor();
    await page.keyboard.press('Enter');
    await until('the link inserted', async () =>
      /then \[Game of Thrones \(2011\)\]\(https:\/\/www\.themoviedb\.org\/tv\/1399\)/.test(await editorText(page)),
    );
  });

  it('TMDB: Insert Link to Title… from the palette puts the picked title at the cursor', async () => {
    await openFile(page, 'film-diary.md');
    // In the text, as a person clicks there before typing (the tab's click may leave the focus on the tab).
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' and ');
    await palette(page, 'TMDB: Insert Link to Title…');
    const input = page.locator('.quick-input-widget input.input');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Insert Link to Title' }).waitFor();
    await input.pressSequentially('Breaking', { delay: 60 });
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Breaking Bad' }).first().waitFor();
    await page.keyboard.press('Enter');
    await until('the link inserted', async () =>
      /and \[Breaking Bad \(2008\)\]\(https:\/\/www\.themoviedb\.org\/tv\/1396\)/.test(await editorText(page)),
    );
  });
});
