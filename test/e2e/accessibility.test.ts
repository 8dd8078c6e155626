// Accessibility, checked inside the real panels: axe-core (through @axe-core/playwright) runs in the page
// of every kind and state (movie, series with a season open, person, credit; loading, error, offline), in
// VS Code's Light, Dark and High Contrast themes. WCAG 2.1 A and AA; a violation of serious or critical
// impact fails the test, and every run prints what axe found. Also: a journey by keyboard alone.
import * as assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  keepEvidence,
  keepEvidenceOfFailure,
  answerInput,
  openWorkbench,
  palette,
  paletteWith,
  signInFromPalette,
  until,
  webview,
  type Workbench,
} from './workbench';

/** VS Code's themes (as its theme picker names them), and the class the workbench then carries. */
const THEMES: Array<[theme: string, workbenchClass: string]> = [
  ['Light Modern', 'vs'],
  ['Dark Modern', 'vs-dark'],
  ['Dark High Contrast', 'hc-black'],
];
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

describe('accessibility of every page, in every kind of theme', function () {
  this.timeout(240_000);
  let workbench: Workbench;
  let server: TmdbStandIn;
  let page: Page;
  const figures: string[] = [];

  /** What a page looks like for a state: opened afresh, in the only editor. */
  const STATES: Array<{ name: string; show: () => Promise<void> }> = [
    { name: 'movie', show: () => openTitle('Movie', '550', 'h1:has-text("Fight Club")') },
    {
      name: 'series, a season open',
      show: async () => {
        await openTitle('Series', '1399', 'h1:has-text("Game of Thrones")');
        await webview(page).locator('button.season-open[data-season="1"]').click();
        await webview(page).locator('#season-episodes .episode-row').first().waitFor({ timeout: 20_000 });
        // An episode's guest stars and crew open, and the whole cast.
        await webview(page).locator('#season-episodes details.episode-credits summary').first().click();
        await webview(page).locator('#cast details.more summary').click();
      },
    },
    { name: 'person', show: () => openTitle('Person', '287', 'h1:has-text("Brad Pitt")') },
    { name: 'person with a filmography', show: () => openTitle('Person', '31', 'h1:has-text("Tom Hanks")') },
    { name: 'collection', show: () => openTitle('Collection', '10', 'h1:has-text("Star Wars Collection")') },
    { name: 'credit', show: () => openTitle('Credit', '52fe4250c3a36847f80149f3', 'h1') },
    {
      name: 'loading',
      show: async () => {
        server.inject({ path: '/3/movie/13', kind: 'latency', ms: 30_000, times: 1 });
        await openTitle('Movie', '13', '.state.loading');
      },
    },
    { name: 'error (not found)', show: () => openTitle('Movie', '999999999', '.state.error') },
    {
      name: 'offline',
      show: async () => {
        server.setCacheMaxAge(0);
        await openTitle('Movie', '240', 'h1');
        await palette(page, 'View: Close All Editors');
        server.inject({ path: '/3/movie/240', kind: 'reset' });
        await openTitle('Movie', '240', '.state.offline');
        server.clearFaults();
        server.setCacheMaxAge(300);
      },
    },
  ];

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
    await webview(page).locator(ready).first().waitFor({ timeout: 30_000 });
  }

  /**
   * axe's findings in the visible webview's page. The frame is found by its own name (a closed panel's frame
   * can linger in the DOM a moment). On a busy machine the page's inner frame can still be swapping in when
   * axe looks, and axe then reads an empty document (no rule passes): that reading is taken again, at most
   * five times; a page that never has content fails the test's own check below.
   */
  async function analyzeVisiblePage() {
    for (let attempt = 1; ; attempt++) {
      const name = await page.locator('iframe.webview.ready >> visible=true').getAttribute('name');
      const results = await new AxeBuilder({ page })
        .include([`iframe.webview.ready[name="${name}"]`, '#active-frame', 'body'])
        .withTags(WCAG)
        .analyze();
      if (results.passes.length > 10 || attempt === 5) return results;
      console.log(`      axe read an empty page (attempt ${attempt}); reading it again`);
      await page.waitForTimeout(2_000);
    }
  }

  /** Chooses a theme as a person does: Preferences: Color Theme, arrow keys to it (each previews), Enter. */
  async function setTheme(theme: string, workbenchClass: string): Promise<void> {
    // The palette's own row for it (the top row for these words can be "Browse Color Themes in Marketplace").
    await paletteWith(page, '>Preferences: Color Theme', 'Preferences: Color Theme');
    await page.locator('.quick-input-widget .monaco-list-row[aria-label^="Preferences: Color Theme"]').first().click();
    const picker = page.locator('.quick-input-widget');
    await picker.locator('.monaco-list-row', { hasText: 'Dark Modern' }).first().waitFor({ timeout: 20_000 });
    const focused = picker.locator('.monaco-list-row.focused .label-name');
    for (let step = 0; step < 40 && ((await focused.textContent().catch(() => '')) ?? '').trim() !== theme; step++)
      await page.keyboard.press('ArrowDown');
    assert.equal(((await focused.textContent()) ?? '').trim(), theme, 'the picker reached the theme');
    await page.keyboard.press('Enter');
    await page.locator(`.monaco-workbench.${workbenchClass}`).waitFor({ timeout: 30_000 });
  }

  before(async () => {
    workbench = await openWorkbench({ name: 'e2e-a11y' });
    ({ server, page } = workbench);
    await signInFromPalette(page).catch(async (error: unknown) => {
      await keepEvidence(workbench, 'before all: sign in from the palette');
      throw error;
    });
  });

  afterEach(keepEvidenceOfFailure(() => workbench));

  after(async () => {
    if (figures.length)
      console.log(
        `      axe (WCAG 2.1 A/AA), violations by impact:\n${figures.map((line) => `        ${line}`).join('\n')}`,
      );
    await workbench?.stop();
  });

  for (const [theme, workbenchClass] of THEMES) {
    it(`${theme}: no serious or critical WCAG 2.1 A/AA violation in any page`, async () => {
      await setTheme(theme, workbenchClass);
      const serious: string[] = [];
      for (const state of STATES) {
        await state.show();
        // Only the page in the visible webview: the workbench around it is VS Code's own.
        // The visible webview's frame, by its own name (a closed panel's frame can linger in the DOM a moment).
        const results = await analyzeVisiblePage();
        const byImpact = new Map<string, number>();
        for (const violation of results.violations)
          byImpact.set(
            violation.impact ?? 'none',
            (byImpact.get(violation.impact ?? 'none') ?? 0) + violation.nodes.length,
          );
        const counted = ['critical', 'serious', 'moderate', 'minor']
          .map((impact) => `${impact} ${byImpact.get(impact) ?? 0}`)
          .join(', ');
        figures.push(`${theme} · ${state.name}: ${results.passes.length} rules passed; ${counted}`);
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            serious.push(
              `${state.name}: ${violation.id} (${violation.impact}) ${violation.nodes
                .map((node) => node.target.join(' '))
                .slice(0, 3)
                .join(' | ')} — ${violation.nodes[0]?.failureSummary ?? ''}`,
            );
          }
        }
        assert.ok(results.passes.length > 10, `axe ran in the page (${results.passes.length} rules passed)`);
      }
      assert.deepEqual(serious, [], serious.join('\n'));
    });
  }

  it('keyboard alone: opens a page, adds it to the watchlist, rates it, opens a season, follows a link', async () => {
    server.resetAccounts();
    const view = webview(page);
    const focused = view.locator(':focus');
    /** Tab (at most 60 times) until the focus is on what `selector` finds. */
    async function tabTo(selector: string): Promise<void> {
      for (let step = 0; step < 60; step++) {
        if (await focused.evaluate((el, wanted) => el.matches(wanted), selector).catch(() => false)) return;
        await page.keyboard.press('Tab');
      }
      assert.fail(`Tab never reached ${selector}`);
    }
    await openTitle('Movie', '550', 'h1:has-text("Fight Club")');
    await view.locator('button.watchlist', { hasText: 'Add to watchlist' }).waitFor({ timeout: 20_000 });
    await tabTo('button.watchlist');
    // Focus is visible where it is.
    assert.notEqual(await focused.evaluate((el) => getComputedStyle(el).outlineStyle), 'none', 'a visible focus ring');
    await page.keyboard.press('Enter');
    await until(page, 'on the watchlist', () => server.watchlistOf('movie').includes(550));
    await tabTo('select[data-action="rate"]');
    const before = await view.locator('select[data-action="rate"]').inputValue();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const chosen = await view.locator('select[data-action="rate"]').inputValue();
    assert.notEqual(chosen, before);
    await until(
      page,
      'rated',
      () => JSON.stringify(server.ratingOf('movie', 550)) === JSON.stringify({ value: Number(chosen) }),
    );
    // A cast member's link (to their credit) follows in the same tab; Back is there to return.
    await tabTo('section[aria-label="Cast"] a[data-kind]');
    await page.keyboard.press('Enter');
    await view.locator('nav.history button[data-nav="back"]:not([disabled])').waitFor({ timeout: 20_000 });
    await view.locator('h1').filter({ hasNotText: 'Fight Club' }).first().waitFor({ timeout: 20_000 });
    await openTitle('Series', '1399', 'h1:has-text("Game of Thrones")');
    await tabTo('button.season-open[data-season="2"]');
    await page.keyboard.press('Enter');
    await view.locator('#season-episodes .season-title', { hasText: 'Season 2' }).waitFor({ timeout: 20_000 });
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
