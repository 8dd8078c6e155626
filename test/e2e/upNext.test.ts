// End-to-end: Up Next, its status bar item and its calendar, and Browse with Discover, used as a person
// uses them in the real workbench: the status bar's click, a row's click and Enter, a row's menu, the
// view's title bar, the palette, a quick pick of filters, an inline button, the file dialog. Each checks
// the effect: what the stand-in was asked or holds, what the page shows, what the file says.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  answerInput,
  awayFromHovers,
  palette,
  paletteAndPick,
  RESULTS,
  ROOT,
  setPane,
  sharedWorkbench,
  until,
  webview,
  fromMenu,
  paletteOffers,
  saveInDialog,
  scaled,
} from './workbench';

/** Where the pictures go: the README's (`TMDB_SCREENSHOTS=1`, then `npm run readme-images`), else test-results/. */
const SCREENSHOTS = process.env.TMDB_SCREENSHOTS ? join(ROOT, 'media', 'screenshots') : RESULTS;

const ICAL = require('ical.js');

describe('Up Next, the calendar, Browse and Discover', function () {
  this.timeout(120_000);
  let server: TmdbStandIn;
  let page: Page;
  const folder = mkdtempSync(join(tmpdir(), 'tmdb-e2e-ics-'));

  const sidebar = () => page.locator('.part.sidebar');
  const pane = (title: string) =>
    sidebar().locator('.pane', { has: page.locator(`.pane-header[aria-label^="${title}"]`) });
  const row = (title: string, text: string | RegExp) =>
    pane(title).locator('.monaco-list-row', { hasText: text }).first();
  const picker = () => page.locator('.quick-input-widget');
  const pickRow = (text: string | RegExp) => picker().locator('.monaco-list-row', { hasText: text }).first();
  /** A row by its whole label (a row's text can carry more than its label: a key binding shown beside it). */
  const pickNamed = (label: string) => picker().locator(`.monaco-list-row[aria-label="${label}"]`).first();

  /** The events of an .ics file, as a calendar reads them. */
  function eventsIn(path: string): Array<{ summary: string; day: string }> {
    const calendar = new ICAL.Component(ICAL.parse(readFileSync(path, 'utf8')));
    return calendar.getAllSubcomponents('vevent').map((v: unknown) => {
      const event = new ICAL.Event(v);
      return { summary: event.summary as string, day: event.startDate.toString() as string };
    });
  }

  /** The simple file dialog of VS Code in a browser, and the calendar written whole. */
  async function saveAs(path: string): Promise<void> {
    await saveInDialog(page, 'Export Upcoming Episodes', path, '.ics');
    await until(
      `the file ${path} written whole`,
      () => existsSync(path) && readFileSync(path, 'utf8').trimEnd().endsWith('END:VCALENDAR'),
    );
  }

  async function clickTitleAction(view: string, action: string): Promise<void> {
    await awayFromHovers(page);
    const header = sidebar().locator(`.pane-header[aria-label^="${view}"]`);
    await header.hover();
    await header.locator(`.action-label[aria-label^="${action}"]`).click();
  }

  async function inline(target: Locator, action: string): Promise<void> {
    await target.waitFor({ timeout: scaled(20_000) });
    await awayFromHovers(page);
    await target.hover();
    await target.locator(`.action-label[aria-label^="${action}"]`).click();
  }

  sharedWorkbench(async (opened) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    ({ server, page } = opened);
    await setPane(page, 'My Lists', false);
    await setPane(page, 'Trending People', false);
  });

  it('the status bar says what airs today by itself, and its click opens Up Next', async () => {
    // Nobody opened Up Next: the status bar started it a few seconds after signing in.
    const item = page.locator('.part.statusbar .statusbar-item', { hasText: '1 episode today' }).first();
    await item.waitFor({ timeout: scaled(30_000) });
    await item.click();
    await row('Up Next', 'The Blacklist').waitFor({ timeout: scaled(20_000) });
    assert.equal(await sidebar().locator('.pane-header[aria-label^="Up Next"]').getAttribute('aria-expanded'), 'true');
    for (const group of ['Today', 'This week', 'Later', 'Date not announced'])
      await row('Up Next', new RegExp(`^${group}`)).waitFor();
    assert.match((await row('Up Next', 'The Blacklist').textContent()) ?? '', /S\d\dE05 · Episode 5/);
    await awayFromHovers(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'up-next.png') });
  });

  it('a row opens the series at the season of its next episode: a click, and Enter', async () => {
    await setPane(page, 'Up Next', true);
    await awayFromHovers(page);
    await row('Up Next', 'Doctor Who').click();
    const frame = webview(page);
    await frame.locator('h1', { hasText: 'Doctor Who' }).waitFor({ timeout: scaled(20_000) });
    await frame
      .locator('button.season-open[data-season="4"][aria-expanded="true"]')
      .waitFor({ timeout: scaled(20_000) });
    await frame.locator('.episodes li', { hasText: 'Episode 5' }).first().waitFor();
    // The page lands on the episode the row names (below the fold of a series' page), marked.
    const landed = frame.locator('.episode-row.landed');
    await landed.waitFor({ timeout: scaled(20_000) });
    assert.equal(await landed.getAttribute('data-episode'), '5');
    await until('the episode in sight', () =>
      landed.evaluate((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= 0 && box.top < window.innerHeight / 2;
      }),
    );
    // The keyboard: the row focused, Enter.
    await awayFromHovers(page);
    const sherlock = row('Up Next', 'Sherlock');
    await sherlock.click({ button: 'right' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await webview(page)
      .locator('h1', { hasText: 'Sherlock' })
      .waitFor({ timeout: scaled(20_000) });
    await webview(page)
      .locator('button.season-open[data-season="2"][aria-expanded="true"]')
      .waitFor({ timeout: scaled(20_000) });
    assert.equal(server.requestsTo('/3/tv/19885/season/2').length, 1);
    // Doctor Who's tab, in the background, comes back to the front: its page reloads, and the season is open again.
    await awayFromHovers(page);
    await row('Up Next', 'Doctor Who').click();
    await webview(page)
      .locator('h1', { hasText: 'Doctor Who' })
      .waitFor({ timeout: scaled(20_000) });
    await webview(page)
      .locator('button.season-open[data-season="4"][aria-expanded="true"]')
      .waitFor({ timeout: scaled(20_000) });
  });

  it("a row's menu marks the series as a favorite", async () => {
    await setPane(page, 'Up Next', true);
    assert.ok(!server.favoritesOf('tv').includes(57243));
    await awayFromHovers(page);
    await fromMenu(page, () => row('Up Next', 'Doctor Who').click({ button: 'right' }), 'Mark as Favorite');
    await until('Doctor Who a favorite', () => server.favoritesOf('tv').includes(57243));
  });

  it("exports the upcoming episodes from the view's title bar and from the palette; Refresh asks TMDB again", async () => {
    await setPane(page, 'Up Next', true);
    const fromTitleBar = join(folder, 'from-title-bar.ics');
    await clickTitleAction('Up Next', 'Export Upcoming Episodes');
    await saveAs(fromTitleBar);
    const events = eventsIn(fromTitleBar);
    assert.deepEqual(
      events.map((e) => e.summary.split(' · ')[0]),
      ['The Blacklist', 'Doctor Who', 'Sherlock', 'Arrow'],
    );
    const fromPalette = join(folder, 'from-palette.ics');
    await palette(page, 'TMDB: Export Upcoming Episodes…');
    await saveAs(fromPalette);
    assert.deepEqual(
      eventsIn(fromPalette).map((e) => e.day),
      events.map((e) => e.day),
    );
    // The message names the file (its name: a long path would be cut), and its Open shows the calendar.
    // (In the notification center: a toast may have gone by the time it is looked for.)
    await page.locator('.statusbar-item#status\\.notifications').click();
    const said = page
      .locator('.notifications-center .monaco-list-row', { hasText: 'episodes exported to from-palette.ics.' })
      .first();
    await said.waitFor({ timeout: scaled(20_000) });
    await said.locator('.monaco-button', { hasText: 'Open' }).first().click();
    await page.locator('.tabs-container .tab', { hasText: 'from-palette.ics' }).waitFor({ timeout: scaled(20_000) });
    if (await page.locator('.notifications-center').isVisible())
      await page.locator('.statusbar-item#status\\.notifications').click();
    await palette(page, 'View: Close All Editors');
    const before = server.requestsTo('/3/tv/57243').length;
    await clickTitleAction('Up Next', 'Refresh Up Next');
    await until('Doctor Who asked again', () => server.requestsTo('/3/tv/57243').length > before);
    await palette(page, 'TMDB: Show Up Next');
    await row('Up Next', 'The Blacklist').waitFor();
    await setPane(page, 'Up Next', false);
  });

  it('Browse: a chart opens, pages with Load more, and a title opens its page', async () => {
    await browseInSight();
    const nowPlaying = row('Browse', 'Now Playing');
    await nowPlaying.waitFor({ timeout: scaled(20_000) });
    await awayFromHovers(page);
    if ((await nowPlaying.getAttribute('aria-expanded')) !== 'true') await nowPlaying.click();
    const mario = row('Browse', 'The Super Mario Bros. Movie');
    await mario.waitFor({ timeout: scaled(20_000) });
    assert.equal(server.requestsTo('/3/movie/now_playing')[0]?.query.region, 'US');
    await awayFromHovers(page);
    await mario.click();
    await webview(page)
      .locator('h1', { hasText: 'The Super Mario Bros. Movie' })
      .waitFor({ timeout: scaled(20_000) });
    // "Load more…" is below the twenty rows: the wheel brings it into sight (a tree draws only the rows in sight).
    const more = row('Browse', 'Load more');
    await awayFromHovers(page);
    await pane('Browse').locator('.monaco-list').first().hover();
    for (let i = 0; i < 20 && !(await more.isVisible()); i++) await page.mouse.wheel(0, 200);
    await awayFromHovers(page);
    await more.click();
    await until('page 2 of Now Playing', () =>
      server.requestsTo('/3/movie/now_playing').some((r) => r.query.page === '2'),
    );
    await pane('Browse').locator('.monaco-list').first().hover();
    for (let i = 0; i < 40 && !(await nowPlaying.isVisible()); i++) await page.mouse.wheel(0, -400);
    await awayFromHovers(page);
    await row('Browse', 'Now Playing').click(); // folded again
  });

  /** Browse in sight, Up Next folded (a tree draws only the rows in sight). */
  async function browseInSight(): Promise<void> {
    await setPane(page, 'Up Next', false);
    await setPane(page, 'Browse', true);
  }

  /** Discover from the view's title bar: Action, a minimum score of 7, Netflix as my service; its results in Browse. */
  async function discoverActionOnNetflix(): Promise<void> {
    await clickTitleAction('Browse', 'Discover');
    await picker()
      .locator('.quick-input-title', { hasText: 'TMDB: Discover' })
      .waitFor({ timeout: scaled(20_000) });
    await pickRow('Genres').click();
    await picker().locator('.quick-input-title', { hasText: 'Genres' }).waitFor();
    await picker().locator('input.input').fill('Action');
    await pickRow('Action')
      .locator('input[type="checkbox"], .monaco-checkbox, .quick-input-list-checkbox')
      .first()
      .click();
    await picker().locator('input.input').press('Enter');
    await pickRow('Minimum score').click();
    await picker().locator('.quick-input-title', { hasText: 'Minimum score' }).waitFor();
    // Typed, as a person narrows a list: "7" leaves 7 and 7.5, the first one active; Enter takes it.
    await picker().locator('input.input').fill('7');
    await pickRow('7.5').waitFor();
    await picker().locator('input.input').press('Enter');
    await pickRow('On my streaming services').click();
    await picker().locator('.quick-input-title', { hasText: 'My Streaming Services' }).waitFor();
    await picker().locator('input.input').fill('Netflix');
    const netflix = pickNamed('Netflix');
    await netflix.waitFor();
    // Checked only when it is not (a choice kept from before stays).
    if ((await netflix.getAttribute('aria-checked')) !== 'true')
      await netflix.locator('input[type="checkbox"], .monaco-checkbox, .quick-input-list-checkbox').first().click();
    await picker().locator('input.input').press('Enter');
    await pickRow('On my streaming services').filter({ hasText: 'Yes (1 services)' }).waitFor();
    await pickRow('Show Results').click();
    await row('Browse', 'Results').waitFor({ timeout: scaled(20_000) });
  }

  it("Discover from the view's title bar: genres, a minimum score and my services in a quick pick, the results in Browse", async () => {
    await browseInSight();
    await discoverActionOnNetflix();
    const results = row('Browse', 'Results');
    assert.match((await results.textContent()) ?? '', /Movies · Action · score ≥ 7 · on my services/);
    await row('Browse', /\S/).waitFor();
    await awayFromHovers(page);
    await page.screenshot({ path: join(SCREENSHOTS, 'discover.png') });
    const asked = server.requestsTo('/3/discover/movie').at(-1)!.query;
    assert.deepEqual(
      [asked.with_genres, asked['vote_average.gte'], asked.with_watch_providers, asked.watch_region],
      ['28', '7', '8', 'US'],
    );
  });

  it("saves the results by name with the row's inline button, edits and deletes it from its own buttons, its context menu and the palette", async () => {
    // Discover's results for Action, a score of 7 and Netflix (as the test above leaves them; asked for when not).
    await browseInSight();
    const results = row('Browse', 'Results').filter({ hasText: 'score ≥ 7' });
    if (!(await results.isVisible().catch(() => false))) await discoverActionOnNetflix();
    await inline(row('Browse', 'Results'), 'Save Discover');
    await answerInput(page, 'Action on Netflix', 'A name for these filters');
    // The saved discovers are listed below the results: folded, they are in sight.
    await awayFromHovers(page);
    if ((await results.getAttribute('aria-expanded')) === 'true') await results.click();
    const saved = row('Browse', 'Action on Netflix');
    await saved.waitFor({ timeout: scaled(20_000) });
    // Edit: the same quick pick, with the saved filters.
    await inline(saved, 'Edit Discover');
    await pickRow('Minimum score')
      .filter({ hasText: '7' })
      .waitFor({ timeout: scaled(20_000) });
    await page.keyboard.press('Escape');
    await inline(saved, 'Delete Saved Discover');
    await saved.waitFor({ state: 'detached', timeout: scaled(20_000) });
    // Again, and the row's context menu deletes it.
    await inline(row('Browse', 'Results'), 'Save Discover');
    await answerInput(page, 'From the menu', 'A name for these filters');
    const fromItsMenu = row('Browse', 'From the menu');
    await fromItsMenu.waitFor({ timeout: scaled(20_000) });
    await fromMenu(page, () => fromItsMenu.click({ button: 'right' }), 'Delete Saved Discover');
    await fromItsMenu.waitFor({ state: 'detached', timeout: scaled(20_000) });
    // Again, and the palette deletes it.
    await inline(row('Browse', 'Results'), 'Save Discover');
    await answerInput(page, 'Keep for later', 'A name for these filters');
    await row('Browse', 'Keep for later').waitFor({ timeout: scaled(20_000) });
    await paletteAndPick(page, 'TMDB: Delete Saved Discover…', 'Keep for later', 'Delete Saved Discover');
    await row('Browse', 'Keep for later').waitFor({ state: 'detached', timeout: scaled(20_000) });
    // None saved now: "TMDB: Discover" in the palette finds Discover, and no Delete to run by mistake.
    const offered = await paletteOffers(page, 'TMDB: Discover', 'TMDB: Discover…');
    assert.ok(!offered.some((title) => title.startsWith('TMDB: Delete Saved Discover')), offered.join(' | '));
  });

  it('the palette chooses my streaming services: what was picked stays picked', async () => {
    const choose = async () => {
      await palette(page, 'TMDB: Choose My Streaming Services…');
      await picker()
        .locator('.quick-input-title', { hasText: 'My Streaming Services' })
        .waitFor({ timeout: scaled(20_000) });
      await picker().locator('input.input').fill('Netflix');
      const netflix = pickNamed('Netflix');
      await netflix.waitFor();
      return netflix;
    };
    // Netflix picked (as Discover above leaves it; picked here when it is not) and the pick closed with Enter.
    const first = await choose();
    if ((await first.getAttribute('aria-checked')) !== 'true')
      await first.locator('input[type="checkbox"], .monaco-checkbox, .quick-input-list-checkbox').first().click();
    await picker().locator('input.input').press('Enter');
    await picker().waitFor({ state: 'hidden' });
    // Asked again, the pick shows it checked.
    const again = await choose();
    assert.equal(await again.getAttribute('aria-checked'), 'true', 'Netflix, chosen before, is checked');
    await page.keyboard.press('Escape');
  });
});
