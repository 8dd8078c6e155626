// The place a page keeps of each title (src/page/place.ts), in a bare Chromium page told what a panel tells
// it: a link followed starts at the top; Back returns to where the title was left; the page built anew from
// its HTML and its kept state (a tab switch, a reload) is where it was, its season and folds open again.
// The same journeys through the real workbench are in test/e2e/browsing.
import * as assert from 'node:assert/strict';
import '../../src/deferredEntry';
import { renderSeason } from '../../src/features/titles/html/series';
import { kindOf } from '../../src/features/titles/panelKinds';
import type { RenderContext } from '../../src/features/titles/html/markup';
import type { ContentMessage, HostMessage } from '../../src/webview/protocol';
import type { PanelHistory, PanelRef } from '../../src/model/panelRef';
import type { SeasonDetails } from '../../src/tmdb/schemas';
import { signIn, startRig, type Rig } from '../support/client';
import { until } from '../support/until';
import fc from 'fast-check';
import { runs, SEED } from '../support/properties';
import { keptTheme, PageRig, type PageSpec } from './pageRig';

describe('the place a page keeps of each title (the page alone, in Chromium)', function () {
  this.timeout(60_000);
  let rig: Rig;
  let pages: PageRig;
  let ctx: RenderContext;
  let seq = 0;
  const theme = keptTheme('dark-modern');
  const FIGHT_CLUB: PanelRef = { kind: 'movie', id: 550 };
  const FORREST_GUMP: PanelRef = { kind: 'movie', id: 13 };
  const SERIES: PanelRef = { kind: 'tv', id: 1399 };

  before(async () => {
    rig = await startRig();
    signIn(rig);
    ctx = { imageBaseUrl: `${rig.server.url}/t/p`, webBaseUrl: rig.server.url, region: 'US', locale: 'en-US' };
    pages = await PageRig.start({ keepState: true });
  });

  after(async () => {
    await pages?.stop();
    await rig?.server.stop();
  });

  // Each test's panel is a new one: no state kept from the one before (cleared once the page before is
  // gone: it keeps its place as it goes).
  beforeEach(async () => {
    await pages.page.goto('http://pages.test/none');
    await pages.page.evaluate(() => sessionStorage.clear());
  });

  async function content(ref: PanelRef): Promise<ContentMessage> {
    const kind = kindOf(ref);
    const data = await kind.fetch(rig.client, ref.id);
    return { type: 'render', seq: ++seq, title: kind.title(data), html: kind.render(data, ctx) };
  }

  async function spec(ref: PanelRef): Promise<PageSpec> {
    return {
      ref,
      content: await content(ref),
      answer: async (message) => {
        if (message.type !== 'loadSeason') return undefined;
        const season = (await rig.client.season(1399, message.season)) as SeasonDetails;
        return { type: 'season', season: message.season, html: renderSeason(season, ctx) };
      },
    };
  }

  /** Tells the page what a panel does when it moves on to `to` (a link, Back, Forward). */
  async function moveTo(to: PanelRef, how: 'link' | 'back' | 'forward', history: PanelHistory): Promise<void> {
    const messages: HostMessage[] = [
      { type: 'location', ref: to, history, how },
      { type: 'loading', seq: ++seq },
      await content(to),
    ];
    for (const message of messages)
      await pages.page.evaluate((m) => window.postMessage(m, '*'), message as unknown as Record<string, unknown>);
    await pages.page.locator('h1', { hasText: to.id === 13 ? 'Forrest Gump' : 'Fight Club' }).waitFor();
  }

  const scrollY = () => pages.page.evaluate(() => Math.round(window.scrollY));
  const near = async (y: number) => Math.abs((await scrollY()) - y) <= 2;

  it('a link starts at the top; Back returns where the title was left; built anew, the page is there again', async () => {
    const shown = await spec(FIGHT_CLUB);
    await pages.show(shown, theme, rig.server.url);
    await pages.page.locator('#recommendation-cards').scrollIntoViewIfNeeded();
    const left = await scrollY();
    assert.ok(left > 300, `scrolled to ${left}`);
    // At once: the place is kept as the page moves on, not only a moment after the scroll.
    await moveTo(FORREST_GUMP, 'link', { back: [FIGHT_CLUB], forward: [] });
    assert.equal(await scrollY(), 0, 'a link starts at the top');
    // The history bar shows now (there is a Back), above the content: Back lands a bar further down the
    // page, the content where it was on screen (hidden when the place was left).
    const bar = await pages.page.evaluate(() => document.querySelector('nav.history')!.getBoundingClientRect().height);
    assert.ok(bar > 20, `the bar ${bar} px high`);
    await pages.page.evaluate(() => window.scrollTo(0, 200));
    await moveTo(FIGHT_CLUB, 'back', { back: [], forward: [FORREST_GUMP] });
    await until(`back at ${left} and the bar`, () => near(Math.round(left + bar)));
    await moveTo(FORREST_GUMP, 'forward', { back: [FIGHT_CLUB], forward: [] });
    await until('forward at 200', () => near(200));
    await moveTo(FIGHT_CLUB, 'link', { back: [FIGHT_CLUB, FORREST_GUMP], forward: [] });
    assert.equal(await scrollY(), 0, 'followed by a link, a title seen before starts at the top');
    await pages.page.evaluate((y) => window.scrollTo(0, y), left);
    await until('kept', async () => {
      const state = await pages.page.evaluate(() => sessionStorage.getItem('state') ?? '');
      return state.includes(`"movie:550":{"y":${left}`);
    });
    // Its tab out of view and back: VS Code builds the page again from its HTML, with its kept state.
    await pages.show(shown, theme, rig.server.url);
    await until(`built anew, at ${left}`, () => near(left));
  });

  it('Back lands where the person left, to the pixel: the history bar, hidden then, shows above the content now', async () => {
    await pages.show(await spec(FIGHT_CLUB), theme, rig.server.url);
    const cards = pages.page.locator('#recommendation-cards');
    await cards.scrollIntoViewIfNeeded();
    const onScreen = () => cards.evaluate((element) => element.getBoundingClientRect().top);
    const bar = () => pages.page.locator('nav.history').evaluate((nav) => nav.getBoundingClientRect().height);
    const left = await onScreen();
    assert.equal(await bar(), 0, "the panel's first title: no Back or Forward, no bar");
    await moveTo(FORREST_GUMP, 'link', { back: [FIGHT_CLUB], forward: [] });
    await moveTo(FIGHT_CLUB, 'back', { back: [], forward: [FORREST_GUMP] });
    assert.ok((await bar()) > 20, 'the bar shows Forward');
    await until(
      `the recommendations at ${left} px on screen again`,
      async () => Math.abs((await onScreen()) - left) <= 2,
    );
  });

  it("a series' open season and an episode's open fold come back with the page", async () => {
    await pages.show(await spec(SERIES), theme, rig.server.url);
    const page = pages.page;
    await page.locator('button.season-open[data-season="1"]').click();
    const fold = page.locator('#season-episodes details.episode-credits').nth(2);
    await fold.locator('summary').click();
    await fold.scrollIntoViewIfNeeded();
    const left = await scrollY();
    await until('kept', async () =>
      (await page.evaluate(() => sessionStorage.getItem('state') ?? '')).includes('"season":1'),
    );
    await pages.show(await spec(SERIES), theme, rig.server.url);
    await until(
      'the season open again',
      async () => (await page.locator('button.season-open[data-season="1"]').getAttribute('aria-expanded')) === 'true',
    );
    await until('the fold open again', () =>
      page
        .locator('#season-episodes details.episode-credits')
        .nth(2)
        .evaluate((element) => (element as HTMLDetailsElement).open),
    );
    await until(`at ${left}`, () => near(left));
  });

  it(`the history bar names where Back and Forward lead as TMDB wrote the names, inert (${runs(60)} generated names)`, async () => {
    await pages.show(await spec(FIGHT_CLUB), theme, rig.server.url);
    const bar = pages.page.locator('nav.history');
    const elements = () => bar.evaluate((nav) => nav.querySelectorAll('*').length);
    const before = await elements();
    const names = fc.sample(
      fc.oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
        fc.constantFrom(
          '<img src=x onerror="window.pwned=1">',
          '</nav><script>window.pwned=1</script>',
          '$& $1 {0} ${back}',
          '[Run](command:tmdb.signOut) $(alert)',
          '\u202eevil\u202c',
          'x'.repeat(200),
        ),
      ),
      { seed: SEED, numRuns: runs(60) },
    );
    for (const name of names) {
      const history: PanelHistory = { back: [FORREST_GUMP], forward: [SERIES] };
      const message = { type: 'location', ref: FIGHT_CLUB, history, backTitle: name, forwardTitle: name };
      await pages.page.evaluate((m) => window.postMessage(m, '*'), message as unknown as Record<string, unknown>);
      const back = bar.locator('button[data-nav="back"]');
      await until('the name shown', async () => (await back.locator('.where').textContent()) === name);
      assert.equal(await back.getAttribute('aria-label'), `Back to ${name}`);
      assert.equal(await elements(), before, 'no element made of a name');
    }
    assert.equal(await pages.page.evaluate(() => (window as { pwned?: number }).pwned), undefined);
  });
});
