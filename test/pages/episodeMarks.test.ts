// A season's watched marks on a series page (src/page/episodeMarks.ts), in a bare Chromium page whose host
// keeps the marks as a panel does: each row's checkbox by mouse and by Space, the season's header ("N of M
// watched", its button both ways), a change the host did not keep put back, and signed out. The same
// through the real workbench and the real extension host is in test/e2e/entryPoints.
import * as assert from 'node:assert/strict';
import '../../src/deferredEntry';
import { renderSeason } from '../../src/features/titles/html/series';
import { kindOf } from '../../src/features/titles/panelKinds';
import type { RenderContext } from '../../src/features/titles/html/markup';
import type { HostMessage, PageMessage } from '../../src/webview/protocol';
import { rangesOf } from '../../src/model/episodeRanges';
import type { SeasonDetails } from '../../src/tmdb/schemas';
import { signIn, startRig, type Rig } from '../support/client';
import { until } from '../support/until';
import { keptTheme, PageRig } from './pageRig';

describe("a season's watched marks (the page alone, in Chromium)", function () {
  this.timeout(60_000);
  let rig: Rig;
  let pages: PageRig;
  let ctx: RenderContext;
  /** What the test's host keeps: season 1's marked episodes; `refuse`: the next change is not kept. */
  const marked = new Set<number>();
  let refuse = false;
  let state: 'shown' | 'signedOut' = 'shown';
  const AIRED = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

  const marks = (): HostMessage => ({
    type: 'episodeMarks',
    season: 1,
    state,
    ranges: state === 'shown' ? rangesOf(marked).map(([a, b]) => [a, b]) : [],
    count: state === 'shown' ? marked.size : 0,
    total: 10,
    aired: 10,
    rated: state === 'shown' ? [[2, 8]] : [],
    complete: state === 'shown' && AIRED.every((n) => marked.has(n)),
  });

  /** The host: a season's episodes, and a change kept (or refused) and answered with the marks. */
  async function answer(message: PageMessage): Promise<HostMessage | undefined> {
    if (message.type === 'loadSeason') {
      const season = (await rig.client.season(1399, message.season)) as SeasonDetails;
      return { type: 'season', season: message.season, html: renderSeason(season, ctx) };
    }
    if (message.type === 'markEpisodes' || message.type === 'markSeason') {
      if (!refuse) {
        const numbers =
          message.type === 'markSeason'
            ? AIRED
            : Array.from({ length: message.last - message.first + 1 }, (_, i) => message.first + i);
        for (const n of numbers)
          if (message.watched) marked.add(n);
          else marked.delete(n);
      }
      refuse = false;
      return marks();
    }
    return undefined;
  }

  before(async () => {
    rig = await startRig();
    signIn(rig);
    ctx = { imageBaseUrl: `${rig.server.url}/t/p`, webBaseUrl: rig.server.url, region: 'US', locale: 'en-US' };
    pages = await PageRig.start();
  });

  after(async () => {
    await pages?.stop();
    await rig?.server.stop();
  });

  const tell = (message: HostMessage) =>
    pages.page.evaluate((m) => window.postMessage(m, '*'), message as unknown as Record<string, unknown>);
  const box = (episode: number) => pages.page.locator(`input[data-action="mark-episode"][data-episode="${episode}"]`);
  const checked = () =>
    pages.page.$$eval('#season-episodes input[data-action="mark-episode"]', (boxes) =>
      boxes.filter((b) => (b as HTMLInputElement).checked).map((b) => Number((b as HTMLElement).dataset.episode)),
    );
  const header = () => pages.page.locator('#season-marks');
  const asked = (type: string) => pages.asked.filter((message) => message.type === type);

  it('draws what the host keeps and asks it for each change: a checkbox by mouse and by Space, the season by its button, a change not kept put back', async () => {
    const kind = kindOf({ kind: 'tv', id: 1399 });
    const data = await kind.fetch(rig.client, 1399);
    await pages.show(
      {
        ref: { kind: 'tv', id: 1399 },
        content: { type: 'render', seq: 1, title: kind.title(data), html: kind.render(data, ctx) },
        answer,
      },
      keptTheme('dark-modern'),
      rig.server.url,
    );
    const page = pages.page;
    await page.locator('button.season-open[data-season="1"]').click();
    await page.locator('#season-episodes li.episode-row').first().waitFor();
    assert.ok(await header().isHidden(), 'nothing shows till the host says what is marked');
    marked.add(1).add(2);
    await tell(marks());
    await until('the marks drawn', async () => (await checked()).join() === '1,2');
    assert.equal(await header().locator('#season-progress').textContent(), '2 of 10 watched');
    // Each row's rating at TMDB, and its ☆ asks the host (which asks for the rating with its pick).
    const rate = (episode: number) =>
      pages.page.locator(`button[data-action="rate-episode"][data-episode="${episode}"]`);
    assert.equal(await rate(2).textContent(), '★ 8');
    assert.equal(await rate(2).getAttribute('aria-label'), '★ 8: E2: The Kingsroad');
    assert.equal(await rate(1).textContent(), '☆ Rate');
    await rate(1).click();
    assert.deepEqual(asked('rateEpisode').at(-1), { type: 'rateEpisode', season: 1, episode: 1 });
    // TMDB out of reach for the ratings: each ☆ disabled, saying why; a click asks nothing. The marks still work.
    await tell({ ...marks(), ratingsOffline: true } as HostMessage);
    await until('the ☆ disabled', () => rate(1).isDisabled());
    assert.match(
      (await rate(1).getAttribute('title')) ?? '',
      /^TMDB cannot be reached: open the season again to rate its episodes/,
    );
    const before = asked('rateEpisode').length;
    await rate(1).click({ force: true });
    assert.equal(asked('rateEpisode').length, before, 'nothing asked');
    await tell(marks());
    await until('the ☆ back', async () => !(await rate(1).isDisabled()));
    assert.equal(await header().locator('button').textContent(), 'Mark season watched');
    // A click on episode 3's checkbox (its label's words, as a person clicks them).
    await box(3).locator('xpath=..').click();
    await until('asked and drawn', async () => (await checked()).join() === '1,2,3');
    assert.deepEqual(asked('markEpisodes').at(-1), {
      type: 'markEpisodes',
      season: 1,
      first: 3,
      last: 3,
      watched: true,
    });
    assert.equal(await header().locator('#season-progress').textContent(), '3 of 10 watched');
    // Space on episode 5's checkbox, reached by the keyboard.
    await box(5).focus();
    await page.keyboard.press('Space');
    await until('episode 5 too', async () => (await checked()).join() === '1,2,3,5');
    // The season's button, by Enter: every aired episode; then every mark off.
    await header().locator('button').focus();
    await page.keyboard.press('Enter');
    await until('the whole season', async () => (await checked()).length === 10);
    assert.deepEqual(asked('markSeason').at(-1), { type: 'markSeason', season: 1, watched: true });
    assert.equal(await header().locator('button').textContent(), 'Mark season unwatched');
    // A change the host could not keep: the checkbox is put back as the host says.
    refuse = true;
    await box(4).click();
    await until('put back', async () => (await checked()).length === 10);
    assert.deepEqual(asked('markEpisodes').at(-1), {
      type: 'markEpisodes',
      season: 1,
      first: 4,
      last: 4,
      watched: false,
    });
    await header().locator('button').click();
    await until('every mark off', async () => (await checked()).length === 0);
    assert.equal(await header().locator('#season-progress').textContent(), '0 of 10 watched');
  });

  it('signed out: no checkboxes, and the header offers the sign-in', async () => {
    state = 'signedOut';
    await tell(marks());
    await until('the checkboxes hidden', () => box(1).isHidden());
    assert.ok(await pages.page.locator('button[data-action="rate-episode"]').first().isHidden(), 'and the ☆');
    assert.equal(await header().locator('button').textContent(), 'Sign in to mark episodes watched');
    await header().locator('button').click();
    await until('the sign-in asked for', () => asked('signIn').length === 1);
    assert.equal(asked('markSeason').length, 2, 'and no change asked for');
  });
});
