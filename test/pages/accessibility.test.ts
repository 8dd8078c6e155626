// Accessibility of every kind and state of page (movie, series with a season open, person, person with a
// filmography, collection, credit; loading, error, offline, no token), in VS Code's Light, Dark and High
// Contrast themes: axe-core (through @axe-core/playwright) over the page the extension builds, with the
// content TMDB's answers give it (the stand-in's, read by the real client), in a bare Chromium page with
// each theme's colours as the workbench gives them (test/fixtures/themes). WCAG 2.1 A and AA; a violation of
// serious or critical impact fails, and every run prints what axe found. The workbench's own check of one
// page in one theme, and that the kept colours are still the workbench's, is in test/e2e/accessibility.
import * as assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import '../../src/deferredEntry';
import { renderError, renderNeedsToken, renderOfflineNotice } from '../../src/features/titles/html/notices';
import { renderSeason } from '../../src/features/titles/html/series';
import { kindOf, PANEL_KINDS } from '../../src/features/titles/panelKinds';
import type { RenderContext } from '../../src/features/titles/html/markup';
import type { HostMessage } from '../../src/webview/protocol';
import type { PanelRef } from '../../src/model/panelRef';
import { keptLabel } from '../../src/model/kept';
import type { SeasonDetails } from '../../src/tmdb/schemas';
import { axeFigures, seriousViolations, WCAG } from '../support/axe';
import { signIn, startRig, type Rig } from '../support/client';
import { THEMES } from '../e2e/themes';
import { keptTheme, PageRig, type PageSpec } from './pageRig';
import { until } from '../support/until';

/** What a signed-in panel tells a title's page once it is up: where it is, and the account's controls. */
function told(ref: PanelRef): HostMessage[] {
  const location: HostMessage = { type: 'location', ref, history: { back: [], forward: [] } };
  if (ref.kind !== 'movie' && ref.kind !== 'tv') return [location];
  return [
    location,
    { type: 'watchlist', watchlist: { state: 'off' } },
    { type: 'favorite', favorite: { state: 'on' } },
    { type: 'rating', rating: { state: 'shown', value: 7.5 } },
    // A movie's watched mark (a series' page has none: the message is dropped there, as the host never sends it).
    { type: 'watched', watched: { state: 'on' } },
  ];
}

describe('accessibility of every page, in every kind of theme (the pages alone, in Chromium)', function () {
  this.timeout(60_000);
  let rig: Rig;
  let pages: PageRig;
  let ctx: RenderContext;
  const figures: string[] = [];

  /** A title's page with its content in hand, as a panel builds it (offline: a kept copy's notice above it). */
  async function titlePage(ref: PanelRef, offlineSince?: number): Promise<PageSpec> {
    const kind = kindOf(ref);
    const data = await kind.fetch(rig.client, ref.id);
    const notice = offlineSince ? renderOfflineNotice(keptLabel({ since: offlineSince, why: 'offline' }, 'en-US')) : '';
    const html = notice + kind.render(data, ctx);
    return { ref, content: { type: 'render', seq: 1, title: kind.title(data), html }, told: told(ref) };
  }

  /** The page of each state, and what is done in it before axe reads it. */
  const STATES: Array<{ name: string; spec: () => Promise<PageSpec>; then?: () => Promise<void> }> = [
    { name: 'movie', spec: () => titlePage({ kind: 'movie', id: 550 }) },
    {
      name: 'series, a season open',
      spec: async () => ({
        ...(await titlePage({ kind: 'tv', id: 1399 })),
        answer: async (message) => {
          if (message.type !== 'loadSeason') return undefined;
          const season = (await rig.client.season(1399, message.season)) as SeasonDetails;
          return { type: 'season', season: message.season, html: renderSeason(season, ctx) };
        },
      }),
      then: async () => {
        const page = pages.page;
        await page.locator('button.season-open[data-season="1"]').click();
        await page.locator('#season-episodes .episode-row').first().waitFor({ timeout: 20_000 });
        // The season's watched marks and ratings as a signed-in panel tells them: the header, the checkboxes, the ☆.
        const marks: HostMessage = {
          type: 'episodeMarks',
          season: 1,
          state: 'shown',
          ranges: [[1, 3]],
          count: 3,
          total: 10,
          aired: 10,
          complete: false,
          rated: [[2, 8]],
        };
        await page.evaluate((m) => window.postMessage(m, '*'), marks as unknown as Record<string, unknown>);
        await page.locator('#season-marks:not(.unread)').waitFor({ timeout: 20_000 });
        // An episode's guest stars and crew open, and the whole cast.
        await page.locator('#season-episodes details.episode-credits summary').first().click();
        await page.locator('#cast details.more summary').click();
      },
    },
    { name: 'person', spec: () => titlePage({ kind: 'person', id: 287 }) },
    { name: 'person with a filmography', spec: () => titlePage({ kind: 'person', id: 31 }) },
    { name: 'collection', spec: () => titlePage({ kind: 'collection', id: 10 }) },
    { name: 'credit', spec: () => titlePage({ kind: 'credit', id: '52fe4250c3a36847f80149f3' }) },
    { name: 'loading', spec: async () => ({ ref: { kind: 'movie', id: 13 } }) },
    {
      name: 'error (not found)',
      spec: async () => ({
        ref: { kind: 'movie', id: 999999999 },
        content: { type: 'error', seq: 1, html: renderError(PANEL_KINDS.movie.notFound(999999999), false) },
      }),
    },
    {
      name: 'error (TMDB failed: Retry)',
      spec: async () => ({
        ref: { kind: 'movie', id: 13 },
        content: { type: 'error', seq: 1, html: renderError('TMDB had a problem (HTTP 500). Try again.', true) },
      }),
    },
    { name: 'offline', spec: () => titlePage({ kind: 'movie', id: 240 }, Date.now() - 3_600_000) },
    {
      name: 'no API token',
      spec: async () => ({
        ref: { kind: 'movie', id: 550 },
        content: { type: 'error', seq: 1, html: renderNeedsToken() },
      }),
    },
  ];

  before(async () => {
    rig = await startRig();
    signIn(rig);
    ctx = { imageBaseUrl: `${rig.server.url}/t/p`, webBaseUrl: rig.server.url, region: 'US', locale: 'en-US' };
    pages = await PageRig.start();
  });

  after(async () => {
    if (figures.length)
      console.log(
        `      axe (WCAG 2.1 A/AA), violations by impact:\n${figures.map((line) => `        ${line}`).join('\n')}`,
      );
    await pages?.stop();
    await rig?.server.stop();
  });

  for (const { theme, fixture } of THEMES) {
    for (const state of STATES) {
      it(`${theme} · ${state.name}: no serious or critical WCAG 2.1 A/AA violation`, async () => {
        await pages.show(await state.spec(), keptTheme(fixture), rig.server.url);
        await state.then?.();
        const results = await new AxeBuilder({ page: pages.page }).withTags(WCAG).analyze();
        figures.push(`${theme} · ${state.name}: ${axeFigures(results)}`);
        const serious = seriousViolations(results);
        assert.ok(results.passes.length > 10, `axe ran in the page (${results.passes.length} rules passed)`);
        assert.deepEqual(serious, [], serious.join('\n'));
      });
    }
  }

  it("draws a title's account controls as the panel tells them (the states axe reads above)", async () => {
    await pages.show(await STATES[0]!.spec(), keptTheme('dark-modern'), rig.server.url);
    const page = pages.page;
    assert.match(await page.locator('button.watchlist').innerText(), /Add to watchlist/);
    assert.match(await page.locator('button.favorite').innerText(), /♥ One of your favorites/);
    assert.equal(await page.locator('select[data-action="rate"]').inputValue(), '7.5');
    const watched = page.locator('button.watched');
    assert.equal(await watched.innerText(), '✓ Watched');
    assert.equal(await watched.getAttribute('aria-pressed'), 'true');
  });

  it('says the account controls are unavailable offline, offering no action, when TMDB cannot be reached', async () => {
    await pages.show(await STATES[0]!.spec(), keptTheme('dark-modern'), rig.server.url);
    const page = pages.page;
    const tell = (message: HostMessage) =>
      page.evaluate((m) => window.postMessage(m, '*'), message as unknown as Record<string, unknown>);
    await tell({ type: 'watchlist', watchlist: { state: 'unavailable', error: 'Cannot reach TMDB.', offline: true } });
    await tell({ type: 'favorite', favorite: { state: 'unavailable', offline: true } });
    const watchlist = page.locator('button.watchlist');
    await until(
      'the watchlist button says so',
      async () => (await watchlist.innerText()) === 'Watchlist unavailable offline',
    );
    assert.equal(await watchlist.isDisabled(), true);
    assert.equal(await page.locator('button.favorite').innerText(), 'Favorites unavailable offline');
    assert.equal(await page.locator('button.favorite').isVisible(), true);
    await tell({
      type: 'watchlist',
      watchlist: { state: 'unavailable', error: 'TMDB is having trouble.', offline: false },
    });
    await until('another failure: unavailable', async () => (await watchlist.innerText()) === 'Watchlist unavailable');
  });

  it('a rating moved with the arrows says it is not saved, and Enter sends it', async () => {
    await pages.show(await STATES[0]!.spec(), keptTheme('dark-modern'), rig.server.url);
    const page = pages.page;
    // As narrow as a panel beside the sidebar, where the words beside the menu wrapped its row.
    await page.setViewportSize({ width: 620, height: 800 });
    const below = () =>
      page
        .locator('h2')
        .first()
        .evaluate((h2) => h2.getBoundingClientRect().top);
    const before = await below();
    await page.locator('select[data-action="rate"]').focus();
    await page.keyboard.press('ArrowDown');
    assert.match(await page.locator('#rating .rating-status').innerText(), /^Not saved yet/);
    assert.equal(await below(), before, 'what comes after the header stays where it was (no jump)');
    const status = await page.locator('#rating .rating-status').boundingBox();
    const hero = await page.locator('.hero').boundingBox();
    assert.ok(
      status && hero && status.y + status.height <= hero.y + hero.height,
      'the words are in the header, not cut off',
    );
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.keyboard.press('Enter');
    await until('the rating sent', () => pages.asked.some((m) => m.type === 'rate' && m.value === 7));
  });

  it('gives each page the theme as the workbench does: its colours on <html>, its kind on <body>', async () => {
    const dark = keptTheme('dark-modern');
    await pages.show({ ref: { kind: 'movie', id: 13 } }, dark, rig.server.url);
    const seen = await pages.page.evaluate(() => ({
      background: getComputedStyle(document.documentElement).getPropertyValue('--vscode-editor-background').trim(),
      kind: document.body.getAttribute('data-vscode-theme-kind'),
      bodyBackground: getComputedStyle(document.body).backgroundColor,
    }));
    assert.equal(seen.background, dark.variables['--vscode-editor-background']);
    assert.equal(seen.kind, 'vscode-dark');
    assert.notEqual(seen.bodyBackground, 'rgba(0, 0, 0, 0)', 'the page is painted in the theme, not transparent');
  });
});
