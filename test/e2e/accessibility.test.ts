// Accessibility in the real workbench: one page (Fight Club's) in one theme (Dark Modern) checked by axe-core
// (through @axe-core/playwright) inside the real panel; the colours kept for the pages suite (every kind and
// state of page in every kind of theme, in a bare Chromium page: test/pages/accessibility.test.ts) checked
// to be still what this workbench gives a page in each theme; and a journey by keyboard alone. WCAG 2.1 A
// and AA; a violation of serious or critical impact fails the test, and every run prints what axe found.
import * as assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import { chooseTheme, colours, readWebviewTheme, THEMES } from './themes';
import { keptTheme } from '../pages/pageRig';
import { axeFigures, seriousViolations, WCAG } from '../support/axe';
import { answerInput, palette, sharedWorkbench, until, webview, scaled } from './workbench';

describe('accessibility in the workbench: one page, the kept themes, the keyboard', function () {
  this.timeout(120_000);
  let server: TmdbStandIn;
  let page: Page;

  async function openTitle(
    kind: 'Movie' | 'Series' | 'Person' | 'Credit' | 'Collection',
    id: string,
    ready: string,
  ): Promise<void> {
    await palette(page, 'View: Close All Editors');
    const command = {
      Movie: 'TMDB: Open Movie…',
      Series: 'TMDB: Open TV Series…',
      Person: 'TMDB: Open Person…',
      Credit: 'TMDB: Open Credit…',
      Collection: 'TMDB: Open Collection…',
    }[kind];
    await palette(page, command);
    await answerInput(page, id, 'A TMDB');
    await webview(page)
      .locator(ready)
      .first()
      .waitFor({ timeout: scaled(30_000) });
  }

  sharedWorkbench(async (opened) => {
    ({ server, page } = opened);
  });

  it("the kept themes are what the workbench gives a page: its colours, its theme on <body>, VS Code's default styles", async () => {
    await openTitle('Movie', '550', 'h1:has-text("Fight Club")');
    // Dark Modern last: the workbench's own, as the suites after this one expect it.
    const order = [...THEMES].sort((a, b) => Number(a.theme === 'Dark Modern') - Number(b.theme === 'Dark Modern'));
    const drifted: string[] = [];
    for (const { theme, fixture } of order) {
      await chooseTheme(page, theme);
      const live = await readWebviewTheme(page, theme);
      const kept = keptTheme(fixture);
      for (const [name, value] of Object.entries(colours(kept)))
        if (colours(live)[name] !== value) drifted.push(`${theme} ${name}: kept ${value}, now ${colours(live)[name]}`);
      if (Object.keys(colours(live)).length !== Object.keys(colours(kept)).length)
        drifted.push(
          `${theme}: ${Object.keys(colours(live)).length} colours now, ${Object.keys(colours(kept)).length} kept`,
        );
      if (JSON.stringify(live.body) !== JSON.stringify(kept.body)) drifted.push(`${theme}: the page's theme class`);
      if (live.defaultStyles !== kept.defaultStyles) drifted.push(`${theme}: VS Code's default styles for webviews`);
    }
    assert.deepEqual(
      drifted,
      [],
      `the kept themes drifted from this VS Code (npm run fixtures:themes):\n${drifted.join('\n')}`,
    );
  });

  it('the movie page in the real workbench, Dark Modern: no serious or critical WCAG 2.1 A/AA violation', async () => {
    if (!(await page.locator('.monaco-workbench.vs-dark').count())) await chooseTheme(page, 'Dark Modern');
    await openTitle('Movie', '550', 'h1:has-text("Fight Club")');
    // The visible webview's frame, by its own name (a closed panel's frame can linger in the DOM a moment).
    const name = await page.locator('iframe.webview.ready >> visible=true').getAttribute('name');
    const results = await new AxeBuilder({ page })
      .include([`iframe.webview.ready[name="${name}"]`, '#active-frame', 'body'])
      .withTags(WCAG)
      .analyze();
    const serious = seriousViolations(results);
    console.log(`      axe in the workbench, Dark Modern · movie: ${axeFigures(results)}`);
    assert.ok(results.passes.length > 10, `axe ran in the page (${results.passes.length} rules passed)`);
    assert.deepEqual(serious, [], serious.join('\n'));
  });

  it('keyboard alone: opens a page, adds it to the watchlist, rates it, opens a season, follows a link', async () => {
    server.resetAccounts();
    const view = webview(page);
    const focused = view.locator(':focus');
    /** Whether the page's focus is on what `selector` finds (asked of the page's body, there at once). */
    const focusIsOn = (selector: string) =>
      view
        .locator('body')
        .evaluate((body, wanted) => body.ownerDocument.activeElement?.matches(wanted) ?? false, selector)
        .catch(() => false);
    /** Tab (at most 60 times) until the focus is on what `selector` finds. */
    async function tabTo(selector: string): Promise<void> {
      for (let step = 0; step < 60; step++) {
        if (await focusIsOn(selector)) return;
        await page.keyboard.press('Tab');
      }
      assert.fail(`Tab never reached ${selector}`);
    }
    await openTitle('Movie', '550', 'h1:has-text("Fight Club")');
    await view.locator('button.watchlist', { hasText: 'Add to watchlist' }).waitFor({ timeout: scaled(20_000) });
    await tabTo('button.watchlist');
    // Focus is visible where it is.
    assert.notEqual(await focused.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', 'a visible focus ring');
    await page.keyboard.press('Enter');
    await until('on the watchlist', () => server.watchlistOf('movie').includes(550));
    await tabTo('select[data-action="rate"]');
    const before = await view.locator('select[data-action="rate"]').inputValue();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const chosen = await view.locator('select[data-action="rate"]').inputValue();
    assert.notEqual(chosen, before);
    await until(
      'rated',
      () => JSON.stringify(server.ratingOf('movie', 550)) === JSON.stringify({ value: Number(chosen) }),
    );
    // A cast member's link (to their credit) follows in the same tab; Back is there to return.
    await tabTo('section[aria-label="Cast"] a[data-kind]');
    await page.keyboard.press('Enter');
    await view.locator('nav.history button[data-nav="back"]:not([disabled])').waitFor({ timeout: scaled(20_000) });
    await view
      .locator('h1')
      .filter({ hasNotText: 'Fight Club' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await openTitle('Series', '1399', 'h1:has-text("Game of Thrones")');
    await tabTo('button.season-open[data-season="2"]');
    await page.keyboard.press('Enter');
    await view.locator('#season-episodes .season-title', { hasText: 'Season 2' }).waitFor({ timeout: scaled(20_000) });
    assert.equal(await view.locator('button.season-open[data-season="2"]').getAttribute('aria-expanded'), 'true');
  });

  it("centres Retry under the error's words, and wraps a provider's long unbroken name inside the side column", async () => {
    server.inject({ path: '/3/movie/13', kind: 'status', status: 500 });
    await openTitle('Movie', '13', '.state.error button[data-action="retry"]');
    const box = (await webview(page).locator('.state.error').boundingBox())!;
    const retry = (await webview(page).locator('.state.error button[data-action="retry"]').boundingBox())!;
    const offset = retry.x + retry.width / 2 - (box.x + box.width / 2);
    assert.ok(Math.abs(offset) <= 2, `Retry is ${offset.toFixed(1)} px off the centre`);
    server.clearFaults();
    const long = 'Supercalifragilisticexpialidocious'.repeat(6);
    server.inject({
      path: /^\/3\/movie\/550$/,
      kind: 'setField',
      field: 'watch/providers.results.US.flatrate.0.provider_name',
      value: long,
    });
    await palette(page, 'TMDB: Clear Cache');
    await openTitle('Movie', '550', '#where-to-watch');
    const side = webview(page).locator('aside.side');
    await side
      .locator('li', { hasText: long.slice(0, 30) })
      .first()
      .waitFor();
    const [scroll, client] = await side.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    assert.ok(scroll <= client + 1, `the side column overflows: ${scroll} > ${client}`);
    assert.ok(
      await webview(page)
        .locator('body')
        .evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      'no sideways scrolling on the page',
    );
    server.clearFaults();
  });
});
