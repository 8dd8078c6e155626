// End-to-end: browsing that keeps the person's place (issue 43), in the real workbench as a person browses:
// a sidebar row's click shows its title in the one preview tab, which a double click, the title bar's pin,
// Ctrl+K Enter or an act in the page keeps; a page is where it was left after Back, a tab switch and a
// reload, with its folds open; Back names where it leads and stays in view; a poster and a photo are links.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import {
  answerInput,
  awayFromHovers,
  MOVIE_PROMPT,
  palette,
  reloadWindow,
  setPane,
  sharedWorkbench,
  until,
  webview,
  scaled,
} from './workbench';

describe('browsing keeps your place', function () {
  this.timeout(120_000);
  let page: Page;

  const tabs = () => page.locator('.part.editor .tab');
  /** Resolves once a tab's name is `name`, exactly (the preview's mark said, or gone). */
  const tabNamed = (name: string) =>
    until(`a tab named "${name}"`, async () =>
      (await page.locator('.part.editor .tab .label-name').allInnerTexts()).some((text) => text.trim() === name),
    );
  const keepOpen = () => page.locator('.editor-actions .action-label[aria-label^="Keep Open"]');
  const heading = (name: string) => webview(page).locator('h1', { hasText: name });
  const scrollY = () =>
    webview(page)
      .locator('html')
      .evaluate(() => Math.round(window.scrollY));

  sharedWorkbench(async (opened) => {
    ({ page } = opened);
    // Room for the rows these journeys click (a tree draws only the rows in sight).
    await setPane(page, 'My Lists', false);
    await setPane(page, 'Trending People', false);
  });

  /** The names of the first rows of Trending Titles, as the view shows them. */
  async function trendingRows(count: number): Promise<{ names: string[]; row: (name: string) => Locator }> {
    const titles = await setPane(page, 'Trending Titles', true);
    const labels = titles.locator('.monaco-list-row .label-name');
    await until(`${count} rows`, async () => (await labels.count()) >= count);
    const names = (await labels.allInnerTexts()).slice(0, count).map((name) => name.trim());
    return { names, row: (name) => titles.locator('.monaco-list-row', { hasText: name }).first() };
  }

  it("a row's click shows its title in the preview tab, the next click replaces it; a double click, the pin, Ctrl+K Enter and an act in the page keep it", async () => {
    assert.equal(await tabs().count(), 0);
    const { names, row } = await trendingRows(7);
    const [a, b, c, d, e, f, g] = names as [string, string, string, string, string, string, string];
    await awayFromHovers(page);
    await row(a).click();
    await heading(a).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 1);
    await keepOpen().waitFor({ timeout: scaled(10_000) });
    // The tab says it is the preview (a webview's tab cannot be drawn in italics): the next click replaces it.
    await tabNamed(`${a} · Preview`);
    await row(b).click();
    await heading(b).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 1, 'the preview tab shows the next title');
    await tabNamed(`${b} · Preview`);

    // The title bar's pin keeps it: the next row opens a tab of its own, a preview again.
    await keepOpen().click();
    await keepOpen().waitFor({ state: 'hidden', timeout: scaled(10_000) });
    await tabNamed(b);
    await row(c).click();
    await heading(c).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 2, 'the kept tab stays');

    // A double click shows the title in the preview tab and keeps it.
    await row(d).dblclick();
    await heading(d).waitFor({ timeout: scaled(20_000) });
    await keepOpen().waitFor({ state: 'hidden', timeout: scaled(10_000) });
    assert.equal(await tabs().count(), 2);

    // Ctrl+K Enter, the keyboard's Keep Editor, with the page focused.
    await row(e).click();
    await heading(e).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 3);
    await keepOpen().waitFor({ timeout: scaled(10_000) });
    await webview(page).locator('footer.attribution span').click();
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Enter');
    await keepOpen().waitFor({ state: 'hidden', timeout: scaled(10_000) });

    // An act in the page (its watchlist button here) makes it the person's own: the tab is kept.
    await row(f).click();
    await heading(f).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 4);
    await keepOpen().waitFor({ timeout: scaled(10_000) });
    await webview(page)
      .locator('button.watchlist')
      .filter({ hasText: 'Add to watchlist' })
      .click({ timeout: scaled(20_000) });
    await webview(page)
      .locator('button.watchlist')
      .filter({ hasText: 'On your watchlist' })
      .waitFor({ timeout: scaled(20_000) });
    await keepOpen().waitFor({ state: 'hidden', timeout: scaled(10_000) });
    await row(g).click();
    await heading(g).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 5, 'each kept tab stays');
    // A reload: the preview tab is the preview tab still.
    await reloadWindow(page);
    await heading(g).waitFor({ timeout: scaled(30_000) });
    await keepOpen().waitFor({ timeout: scaled(20_000) });
    await awayFromHovers(page);
    await row(a).click();
    await heading(a).waitFor({ timeout: scaled(20_000) });
    assert.equal(await tabs().count(), 5, 'the preview tab reused after a reload');
    // The palette's Keep Open.
    await palette(page, 'TMDB: Keep Open');
    await keepOpen().waitFor({ state: 'hidden', timeout: scaled(10_000) });
    await palette(page, 'View: Close All Editors');
  });

  it('a movie says who made it: the key crew near the top and the whole crew by department, each a link (the mouse, the keyboard)', async () => {
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    const view = webview(page);
    const keyCrew = view.locator('section#crew');
    assert.match((await keyCrew.locator('li').first().innerText()).trim(), /^David Fincher\s+Director$/);
    // The director's name, clicked: his page, which names what he directed.
    await keyCrew.locator('a[data-kind="person"]', { hasText: 'David Fincher' }).click();
    await heading('David Fincher').waitFor({ timeout: scaled(20_000) });
    await view.locator('main', { hasText: 'Director' }).waitFor({ timeout: scaled(5_000) });
    await view.locator('nav.history button[data-nav="back"]').click();
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    // The whole crew, by keyboard: its fold opened with Enter, a department's person followed with Enter.
    const fold = view.locator('details.whole-crew');
    await fold.locator('summary').focus();
    await page.keyboard.press('Enter');
    await fold.locator('h3', { hasText: 'Camera' }).waitFor({ state: 'visible', timeout: scaled(5_000) });
    await fold.locator('a[data-kind="person"]', { hasText: 'Jeff Cronenweth' }).focus();
    await page.keyboard.press('Enter');
    await heading('Jeff Cronenweth').waitFor({ timeout: scaled(20_000) });
  });

  it('Back returns where the page was left, and so do a tab switch and a reload; Back names where it leads and stays in sight; a poster is a link', async () => {
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    const view = webview(page);
    // A cast member's character is the second link under their photo: their credit in the movie.
    const credit = view.locator('section[aria-label="Cast"] a.credit-link').first();
    const character = ((await credit.textContent()) ?? '').trim();
    // The panel's first title (no Back, no bar), scrolled so the credit is mid-page: Back puts it there again,
    // to the pixel, with the bar shown above (it landed a bar's height, ~37 px, lower).
    await credit.evaluate((link) => link.scrollIntoView({ block: 'center' }));
    const onScreen = () => credit.evaluate((link) => Math.round(link.getBoundingClientRect().top));
    const leftAt = await onScreen();
    await credit.click();
    await view
      .locator('main', { hasText: character })
      .locator('h1 a[data-kind="person"]')
      .waitFor({ timeout: scaled(20_000) });
    await view.locator('nav.history button[data-nav="back"]').click();
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    await until(`the credit at ${leftAt} px on screen again`, async () => Math.abs((await onScreen()) - leftAt) <= 2);
    // Down to the recommendations, as a person scrolls to them.
    const poster = view.locator('#recommendation-cards .card-link').first();
    await poster.scrollIntoViewIfNeeded();
    const left = await scrollY();
    assert.ok(left > 300, `scrolled to ${left}`);
    const next = ((await poster.locator('.card-title').textContent()) ?? '').trim();
    // The poster itself, not the name under it.
    await poster.locator('.card-poster').click();
    await heading(next).waitFor({ timeout: scaled(20_000) });
    assert.equal(await scrollY(), 0, 'a link starts at the top of its title');

    // Back names Fight Club, and stays in sight as the page scrolls.
    const back = view.locator('nav.history button[data-nav="back"]');
    assert.equal(((await back.locator('.where').textContent()) ?? '').trim(), 'Fight Club');
    assert.match((await back.getAttribute('title')) ?? '', /^Back to Fight Club \(Alt\+←\)$/);
    await view.locator('footer.attribution').scrollIntoViewIfNeeded();
    const bar = (await back.boundingBox())!;
    const frame = (await page.locator('iframe.webview.ready >> visible=true').boundingBox())!;
    assert.ok(bar.y >= frame.y && bar.y + bar.height <= frame.y + frame.height, 'Back in sight after scrolling');
    await back.click();
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    await until(`Fight Club at ${left} again`, async () => Math.abs((await scrollY()) - left) <= 2);

    // The editor title bar's arrows: Back is disabled with nowhere to go; Forward, then Back, by a click.
    const titleArrow = (name: string) => page.locator(`.editor-actions .action-label[aria-label^="${name}"]`);
    await until('Back disabled in the title bar', async () =>
      /\bdisabled\b/.test((await titleArrow('Back').getAttribute('class')) ?? ''),
    );
    await titleArrow('Forward').click();
    await heading(next).waitFor({ timeout: scaled(20_000) });
    await titleArrow('Back').click();
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    await until(
      `Fight Club at ${left} after the title bar's Back`,
      async () => Math.abs((await scrollY()) - left) <= 2,
    );

    // Another tab in front, then Fight Club's again: its page is built anew, where it was.
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '13', MOVIE_PROMPT);
    await heading('Forrest Gump').waitFor({ timeout: scaled(20_000) });
    await tabs().filter({ hasText: 'Fight Club' }).first().click();
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    await until(`Fight Club at ${left} after a tab switch`, async () => Math.abs((await scrollY()) - left) <= 2);

    // A reload of the window: the same, and Forward still names where it leads.
    await reloadWindow(page);
    await heading('Fight Club').waitFor({ timeout: scaled(30_000) });
    await until(`Fight Club at ${left} after a reload`, async () => Math.abs((await scrollY()) - left) <= 2);
    const forward = view.locator('nav.history button[data-nav="forward"] .where');
    await until(
      `Forward names ${next} after a reload`,
      async () => ((await forward.textContent()) ?? '').trim() === next,
    );
  });

  it("a series' season and an episode's guest stars open are open again after a tab switch, where they were left", async () => {
    await palette(page, 'View: Close All Editors');
    await palette(page, 'TMDB: Open TV Series…');
    await answerInput(page, '1399', 'A TMDB series id or URL');
    await heading('Game of Thrones').waitFor({ timeout: scaled(20_000) });
    const view = webview(page);
    await view.locator('button.season-open[data-season="1"]').click();
    const credits = view.locator('#season-episodes details.episode-credits').nth(2);
    await credits.locator('summary').click();
    await until('the fold open', () => credits.evaluate((fold) => (fold as HTMLDetailsElement).open));
    await credits.scrollIntoViewIfNeeded();
    const left = await scrollY();
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    await heading('Fight Club').waitFor({ timeout: scaled(20_000) });
    await tabs().filter({ hasText: 'Game of Thrones' }).first().click();
    await heading('Game of Thrones').waitFor({ timeout: scaled(20_000) });
    await until(
      'the season open again',
      async () => (await view.locator('button.season-open[data-season="1"]').getAttribute('aria-expanded')) === 'true',
    );
    await until('the fold open again', () =>
      view
        .locator('#season-episodes details.episode-credits')
        .nth(2)
        .evaluate((fold) => (fold as HTMLDetailsElement).open),
    );
    await until(`at ${left} again`, async () => Math.abs((await scrollY()) - left) <= 2);
  });
});
