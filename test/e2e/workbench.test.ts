// End-to-end: the packaged VSIX installed as a user installs it, in the real VS Code workbench in
// Chromium, pointed at the stand-in. Everything goes through the UI as a person would: the activity bar,
// tree rows, the command palette, input boxes, the approval page in the browser, and the webviews' DOM.
// The tests share one workbench, like one person's session, but none leans on the one before it: each
// starts by bringing about what it needs (a token, a sign-in, a page in front), which costs a look at the
// palette when it is there already, so a failure stays the failing test's own.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { READ_TOKEN } from '../support/fixtures';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  ROOT,
  RESULTS,
  keepEvidenceOfFailure,
  answerInput as answer,
  awayFromHovers as awayFromHoversOf,
  MOVIE_PROMPT,
  openTmdbContainer,
  ensureSignedIn,
  ensureToken,
  hasToken,
  paletteOffers,
  openWorkbench,
  palette as runCommand,
  promptBox,
  reloadWindow,
  setPane,
  headerDescription,
  until,
  webview as visibleWebview,
  type Workbench,
  holds,
  scaled,
  pickMarksHolding,
} from './workbench';

const SCREENSHOTS = process.env.TMDB_SCREENSHOTS ? join(ROOT, 'media', 'screenshots') : RESULTS;

describe('the workbench, driven as a person would', function () {
  this.timeout(90_000);
  let workbench: Workbench;
  let server: TmdbStandIn;
  let context: BrowserContext;
  let page: Page;

  const sidebar = () => page.locator('.part.sidebar');
  const row = (text: string | RegExp) => sidebar().locator('.monaco-list-row', { hasText: text }).first();
  const pane = (title: string) =>
    sidebar().locator('.pane', { has: page.locator(`.pane-header[aria-label^="${title}"]`) });
  const webview = (): FrameLocator => visibleWebview(page);
  const palette = (command: string) => runCommand(page, command);
  const answerInput = (text: string, prompt?: string) => answer(page, text, prompt);

  const expandPane = (title: string) => setPane(page, title, true);
  const awayFromHovers = () => awayFromHoversOf(page);

  async function setExpanded(treeRow: Locator, expanded: boolean): Promise<void> {
    await treeRow.waitFor({ timeout: scaled(20_000) });
    await awayFromHovers();
    if ((await treeRow.getAttribute('aria-expanded')) !== String(expanded)) await treeRow.click();
    // Through the locator each time (a refreshed view draws its rows anew; a handle would go stale).
    await until(
      `the row ${expanded ? 'expanded' : 'folded'}`,
      async () => (await treeRow.getAttribute('aria-expanded')) === String(expanded),
    );
  }

  async function shot(name: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = join(SCREENSHOTS, `${name}.png`);
    await page.screenshot({ path: file });
    return file;
  }

  before(async function () {
    // Starting VS Code takes longer on a busy machine: the hook's deadline scales with the load.
    this.timeout(scaled(180_000));
    workbench = await openWorkbench({
      name: 'e2e',
      // What another extension, a link or a shared keybindings file could do: hand the command a token.
      keybindings: [{ key: 'ctrl+alt+shift+k', command: 'tmdb.setApiToken', args: READ_TOKEN }],
    });
    ({ server, page } = workbench);
    context = page.context();
  });

  afterEach(keepEvidenceOfFailure(() => workbench));

  // Nothing a test left on top (a pick, a menu) or injected into TMDB reaches the next.
  beforeEach(async () => {
    if (!page) return;
    for (let i = 0; i < 2; i++) await page.keyboard.press('Escape');
    server.clearFaults();
    server.setCacheMaxAge(300);
  });

  const withToken = async () => {
    await openTmdbContainer(page);
    await ensureToken(page);
  };
  const signedIn = async () => {
    await openTmdbContainer(page);
    await ensureSignedIn(page);
  };

  /** No API token, as on a first start (Remove API Token from the palette when one is kept). */
  async function withoutToken(): Promise<void> {
    await openTmdbContainer(page);
    if (!(await hasToken(page))) return;
    await palette('TMDB: Remove API Token');
    await until('the token removed', async () => !(await hasToken(page)));
  }

  /** Signed out, as before the first sign-in (Sign Out from the palette when signed in). */
  async function signedOut(): Promise<void> {
    await withToken();
    const offers = await paletteOffers(page, 'TMDB: Sign', 'TMDB: Sign');
    if (!offers.some((title) => title.startsWith('TMDB: Sign Out'))) return;
    await palette('TMDB: Sign Out');
    await until('signed out', async () =>
      (await paletteOffers(page, 'TMDB: Sign', 'TMDB: Sign')).some((title) => title.startsWith('TMDB: Sign In')),
    );
  }

  /** A title's page in front: as it is, or its tab, or opened from the palette. */
  async function inFront(command: string, id: string, prompt: string, title: string): Promise<void> {
    await withToken();
    const heading = webview().locator('h1', { hasText: title });
    if (await heading.isVisible().catch(() => false)) return;
    const tab = page.locator('.tabs-container .tab', { hasText: title }).first();
    if (await tab.isVisible().catch(() => false)) await tab.click();
    else {
      await palette(command);
      await answerInput(id, prompt);
    }
    await heading.waitFor({ timeout: scaled(20_000) });
  }
  const fightClubInFront = () => inFront('TMDB: Open Movie…', '550', MOVIE_PROMPT, 'Fight Club');

  after(async () => {
    await workbench?.stop();
  });

  it('opens the TMDB container from the activity bar and shows the welcome content, and Get Started opens by itself', async () => {
    // The walkthrough opens once, on the first activation (openTmdbContainer fails if it does not).
    await openTmdbContainer(page, { firstTime: true });
    await sidebar().locator('.pane-header[aria-label^="Trending People"]').waitFor();
    await sidebar().locator('.pane-header[aria-label^="My Lists"]').waitFor();
    await sidebar().locator('.pane-header[aria-label^="Watchlist"]').waitFor();
    await pane('Trending People').getByRole('button', { name: 'Set API Token' }).waitFor();
    // The space goes to what has content: the two signed-in views start folded.
    for (const title of ['My Lists', 'Watchlist']) {
      assert.equal(
        await sidebar().locator(`.pane-header[aria-label^="${title}"]`).getAttribute('aria-expanded'),
        'false',
        title,
      );
    }
    await shot('sidebar-first-run');
    // Trending People is in sight, but shows no one without a token: its walkthrough step is not done yet.
    await palette('TMDB: Get Started');
    const step = page.locator('.getting-started-step').filter({ hasText: 'Browse Trending People' }).first();
    await step.waitFor({ timeout: scaled(20_000) });
    await holds(
      '"Browse Trending People" not ticked without a token',
      async () => (await step.locator('.codicon.complete').count()) === 0,
      {
        forMs: 1_000,
      },
    );
    await palette('View: Close All Editors');
  });

  it('ignores a token handed to the command from outside (a keybinding) and asks for one instead', async () => {
    await withoutToken();
    await page.keyboard.press('Control+Alt+Shift+K');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.inputValue(), '', 'the box is empty: the argument was not used');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden' });
    await pane('Trending People').getByRole('button', { name: 'Set API Token' }).waitFor();
    assert.equal(server.requestsTo('/3/authentication').length, 0, 'the token never reached TMDB');
  });

  it('takes the API token from the palette, and Trending People fills in', async () => {
    await withoutToken();
    await palette('TMDB: Set API Token');
    await answerInput(READ_TOKEN, 'Paste your TMDB API Read Access Token');
    const first = server.catalogue.people[0].name as string;
    await row(first).waitFor({ timeout: scaled(20_000) });
  });

  it('expands a person, loads more, and opens a known-for title from the tree', async () => {
    await withToken();
    await setPane(page, 'Trending People', true);
    const person = server.catalogue.people[0];
    await row(person.name).locator('.monaco-tl-twistie').click();
    const knownFor = person.known_for[0];
    const title: string = knownFor.title ?? knownFor.name;
    await row(title).waitFor();
    // "Load more…" is the last row: go there with the keyboard and press Enter, as a person would.
    await page.keyboard.press('End');
    await row('Load more…').waitFor();
    await page.keyboard.press('Enter');
    await row(server.catalogue.people[20].name).waitFor({ timeout: scaled(20_000) });
    await page.keyboard.press('Home');
    await row(title).click();
    await webview()
      .locator('h1', { hasText: title })
      .waitFor({ timeout: scaled(20_000) });
  });

  it("opens a person's page with a click on their row: biography and known-for titles", async () => {
    await withToken();
    await setPane(page, 'Trending People', true);
    const person = server.catalogue.people[1];
    await row(person.name).locator('.label-name').click();
    const view = webview();
    await view.locator('h1', { hasText: person.name }).waitFor({ timeout: scaled(20_000) });
    await view.locator('#known-for .card').first().waitFor();
    assert.ok(((await view.locator('.overview').first().textContent()) ?? '').length > 20, 'a biography');
    await shot('person-panel');
  });

  it("shows a person's filmography: Series and Movies by click, a department and the order by keyboard, and a row opens its title", async () => {
    await withToken();
    // TMDB's answer with pictures besides the one on top (the stand-in knows only that one of anyone's):
    // fifteen real profile pictures of the catalogue's people.
    const pictures = server.catalogue.people
      .filter((person) => person.profile_path)
      .slice(0, 15)
      .map((person) => ({
        aspect_ratio: 0.667,
        file_path: person.profile_path,
        height: 1500,
        iso_639_1: null,
        vote_average: 5,
        vote_count: 2,
        width: 1000,
      }));
    server.inject({ path: '/3/person/31', kind: 'setField', field: 'images.profiles', value: pictures, times: 1 });
    await palette('TMDB: Open Person…');
    await answerInput('31', 'A TMDB person id or URL');
    const view = webview();
    await view.locator('h1', { hasText: 'Tom Hanks' }).waitFor({ timeout: scaled(20_000) });
    const strip = view.locator('section#pictures');
    assert.equal(await strip.locator(':scope > ul.pictures img').count(), 12, 'twelve pictures, then Show all');
    await strip.locator('summary', { hasText: 'Show all 15 pictures' }).press('Enter');
    await strip.locator('details.more img').nth(2).waitFor({ state: 'visible' });
    const film = view.locator('section#filmography');
    const rows = film.locator('li.film-row');
    const visible = film.locator('li.film-row:not([hidden])');
    const count = film.locator('.film-count');
    const all = await rows.count();
    assert.ok(all > 200, `every title once (${all})`);
    assert.equal(await count.textContent(), `${all} titles`);
    // Series, by a click: only series rows are left, and the count says so.
    const series = film.locator('button[data-film-show="tv"]');
    const shownSeries = Number(/\((\d+)\)/.exec((await series.textContent()) ?? '')![1]);
    await series.click();
    assert.equal(await series.getAttribute('aria-pressed'), 'true');
    assert.equal(await visible.count(), shownSeries);
    assert.deepEqual(
      [...new Set(await visible.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.filmKind)))],
      ['tv'],
    );
    assert.equal(await count.textContent(), `${shownSeries} titles`);
    // Movies, then Directing by keyboard (focus the menu, arrow to it): the movies he directed.
    await film.locator('button[data-film-show="movie"]').click();
    const department = film.locator('select.film-department');
    await department.focus();
    for (let step = 0; step < 10 && (await department.inputValue()) !== 'Directing'; step++)
      await department.press('ArrowDown');
    assert.equal(await department.inputValue(), 'Directing');
    const directed = await visible.evaluateAll((items) =>
      items.map((item) => (item as HTMLElement).dataset.filmDepartments ?? ''),
    );
    assert.ok(
      directed.length > 0 && directed.every((departments) => departments.split('|').includes('Directing')),
      directed.join(' / '),
    );
    assert.deepEqual(
      [...new Set(await visible.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.filmKind)))],
      ['movie'],
      'still movies only',
    );
    assert.equal(await visible.locator('a', { hasText: 'That Thing You Do!' }).count(), 1);
    // Most popular first, by keyboard; then back to everything.
    const sort = film.locator('select.film-sort');
    await sort.focus();
    await sort.press('ArrowDown');
    assert.equal(await sort.inputValue(), 'popularity');
    await department.selectOption('');
    await film.locator('button[data-film-show="all"]').click();
    const popularity = await visible.evaluateAll((items) =>
      items.map((item) => Number((item as HTMLElement).dataset.filmPopularity)),
    );
    assert.equal(popularity.length, all);
    assert.deepEqual(
      popularity,
      [...popularity].sort((a, b) => b - a),
      'most popular first',
    );
    await shot('person-filmography');
    // A row opens its title, in the same panel.
    await visible
      .locator('a', { hasText: /^Forrest Gump$/ })
      .first()
      .click();
    await view.locator('h1', { hasText: 'Forrest Gump' }).waitFor({ timeout: scaled(20_000) });
    await palette('View: Close All Editors');
  });

  it("shows this week's people, real and pictured, under a description that fits", async () => {
    await withToken();
    await palette('TMDB: Trending: Show This Week');
    const header = sidebar().locator('.pane-header[aria-label^="Trending People"]');
    await header.locator('.description', { hasText: /^Week$/ }).waitFor();
    const first = row(server.catalogue.people[7].name);
    await first.waitFor({ timeout: scaled(20_000) });
    await first.locator('.custom-view-tree-node-item-icon').waitFor();
    await shot('trending-week');
    await palette('TMDB: Trending: Show Today');
    await header.locator('.description', { hasText: /^Today$/ }).waitFor();
    // Leave the focus in the tree, not in the person's page (a webview can take the focus back late).
    await palette('Focus on Trending People View');
    await page.locator('.part.sidebar .monaco-list:focus-within').first().waitFor();
  });

  it('searches from the palette and opens a result', async () => {
    // A person's page opened lately, which the empty search offers.
    await withToken();
    await palette('TMDB: Open Person…');
    await answerInput(String(server.catalogue.people[1].id), 'A TMDB person id or URL');
    await webview()
      .locator('h1', { hasText: server.catalogue.people[1].name })
      .waitFor({ timeout: scaled(20_000) });
    // The page just opened takes the focus once its frame answers (VS Code's webview defers the focus); on a
    // busy machine that came after the box opened, which closed it, and the typed words scrolled the page.
    // A person opens it again.
    for (let attempt = 1; ; attempt++) {
      try {
        await palette('TMDB: Search…');
        const input = page.locator('.quick-input-widget input[placeholder="Search movies, series and people"]');
        await input.waitFor();
        // Empty, it offers what was opened lately (the person's page and the known-for title, above).
        await page
          .locator('.quick-input-widget .monaco-list-row', { hasText: server.catalogue.people[1].name })
          .first()
          .waitFor();
        await input.pressSequentially('fight club', { delay: 20 });
        await page
          .locator('.quick-input-widget .monaco-list-row', { hasText: 'Fight Club' })
          .first()
          .waitFor({ timeout: scaled(15_000) });
        break;
      } catch (error) {
        if (attempt === 3 || (await page.locator('.quick-input-widget').isVisible())) throw error;
      }
    }
    await page.keyboard.press('Enter');
    const view = webview();
    await view.locator('h1', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    await view.locator('#keywords .chip').first().waitFor();
    assert.ok((await view.locator('#keywords .chip').count()) > 3, 'keywords as chips');
    assert.ok((await view.locator('#recommendations .card').count()) >= 20, 'a recommendation grid');
    // Its trailer, first and official, opens on YouTube (the outside-link test below clicks such links).
    assert.equal(
      await view.locator('#videos a').first().getAttribute('href'),
      'https://www.youtube.com/watch?v=BdJKm16Co6M',
    );
    // Where to watch in the US (tmdb.region), with JustWatch credited.
    await view.locator('#where-to-watch', { hasText: 'Data from JustWatch.' }).waitFor();
    assert.ok((await view.locator('#where-to-watch .providers li').count()) > 0, 'providers for the region');
    await shot('movie-panel');
    await view.locator('#keywords').scrollIntoViewIfNeeded();
    await shot('movie-panel-keywords');
    await view.locator('[data-action="more-recommendations"]').click();
    await view.locator('#recommendations .card').nth(25).waitFor();
  });

  it('asks TMDB for a pasted id before Enter, for a typed one once typing pauses, and the page then asks nothing more; a title typed opens the first movie found', async () => {
    await withToken();
    const asked = (id: number) => server.requestsTo(`/3/movie/${id}`).length;
    // Pasted: a whole id, asked for at once; Enter then opens the page from that one answer.
    await palette('TMDB: Open Movie…');
    const input = await promptBox(page, MOVIE_PROMPT);
    await input.fill('680');
    await until('the pasted id asked for', () => asked(680) > 0);
    assert.equal(asked(680), 1, 'asked for before Enter');
    await input.press('Enter');
    await webview()
      .locator('h1', { hasText: 'Pulp Fiction' })
      .waitFor({ timeout: scaled(20_000) });
    assert.equal(asked(680), 1, 'the page used the answer asked for while the id was in the box');
    // That answer was in hand when the panel opened: the page's HTML came with it (no "Loading…" first).
    assert.equal(await webview().locator('main').getAttribute('data-shown'), 'render');
    // Typed: "1" on the way to "13" is an id too, but it is asked for only if typing paused there (250 ms as
    // the extension host sees it: on a busy machine the keys may reach it further apart than they were
    // typed, so the test measures instead of assuming); "13" is, once typing pauses.
    await palette('TMDB: Open Movie…');
    await promptBox(page, MOVIE_PROMPT);
    const typedOne = Date.now();
    await input.pressSequentially('13', { delay: 40 }); // typed key by key, as a person types
    await until('the typed id asked for', () => asked(13) > 0);
    const early = server.requestsTo('/3/movie/1').filter((request) => request.at - typedOne < 250);
    assert.deepEqual(early, [], 'the id on the way is never asked for before typing paused on it');
    assert.ok(asked(1) <= 1);
    assert.equal(asked(13), 1);
    await input.press('Enter');
    await webview()
      .locator('h1', { hasText: 'Forrest Gump' })
      .waitFor({ timeout: scaled(20_000) });
    assert.equal(asked(13), 1);
    // Words: a title is searched once typing pauses; the box says what Enter opens, and Enter opens it.
    await palette('TMDB: Open Movie…');
    await promptBox(page, MOVIE_PROMPT);
    // (Not a title the offline test below opens: a page opened here stays fresh in the cache for it.)
    await input.pressSequentially('the shawshank redemption', { delay: 40 });
    await page
      .locator('.quick-input-widget .quick-input-message', { hasText: 'Enter opens The Shawshank Redemption (1994)' })
      .waitFor({ timeout: scaled(15_000) });
    // The box, found by its prompt before, now says what Enter opens.
    await page.locator('.quick-input-widget input.input').press('Enter');
    await webview()
      .locator('h1', { hasText: 'The Shawshank Redemption' })
      .waitFor({ timeout: scaled(20_000) });
    assert.ok(server.requestsTo('/3/search/movie').length > 0, "TMDB's search of movies was asked");
    await palette('View: Close All Editors');
  });

  it('lists trending movies and series in their own view, and opens one with a click', async () => {
    await withToken();
    const titles = await expandPane('Trending Titles');
    const first = server.catalogue.trendingTitles[0];
    const name: string = first.title ?? first.name;
    await titles
      .locator('.monaco-list-row', { hasText: name })
      .first()
      .click({ timeout: scaled(20_000) });
    await webview()
      .locator('h1', { hasText: name })
      .waitFor({ timeout: scaled(20_000) });
    // Movies and series (the tree draws only the rows in sight).
    await titles
      .locator('.monaco-list-row', { hasText: /· Series$/ })
      .first()
      .waitFor();
    await titles
      .locator('.monaco-list-row', { hasText: /· Movie$/ })
      .first()
      .waitFor();
    await shot('trending-titles');
    // The day or week it shows is drawn whole beside the header's buttons ("Trending Movies & Series" left
    // "T…" of "Today").
    assert.equal(await headerDescription(page, 'Trending Titles'), 'Today');
    // Fold it again: the panes below keep their room, as the later journeys expect.
    await sidebar().locator('.pane-header[aria-label^="Trending Titles"]').click();
  });

  it('signs in through the approval page exactly as the workbench opens it, and My Lists fills in', async () => {
    await signedOut();
    const popup = context.waitForEvent('page');
    await palette('TMDB: Sign In');
    // The tab as the workbench opened it (through its /proxy/<port>/ route), followed as it is.
    const approval = await popup;
    assert.match(new URL(approval.url()).pathname, /^\/proxy\/\d+\/auth\/access$/, approval.url());
    assert.match(new URL(approval.url()).searchParams.get('request_token') ?? '', /^eyJ/, "TMDB's v4 approval page");
    // Back in the editor, the bell's list holds the one sign-in notification with the ways through (this
    // headless workbench files notifications there without showing them as toasts); it goes once signed in.
    await page.bringToFront();
    await page.locator('.statusbar-item#status\\.notifications').click();
    const help = page.locator('.notifications-center .monaco-list-row', { hasText: 'approve access in your browser' });
    await help.waitFor({ timeout: scaled(20_000) });
    assert.ok(
      await help.locator('a', { hasText: 'I have approved it' }).count(),
      'the actions are links in the notification',
    );
    await shot('sign-in-notification');
    await approval.bringToFront();
    await approval.locator('#approve').click({ timeout: scaled(20_000) });
    await approval.waitForURL(/\/callback\?/, { timeout: scaled(20_000) });
    await page.bringToFront();
    const lists = await expandPane('My Lists');
    await lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).waitFor({ timeout: scaled(20_000) });
    await help.waitFor({ state: 'detached', timeout: scaled(10_000) });
    await page.keyboard.press('Escape');
    await approval.close().catch(() => undefined);
  });

  it('opens a series from the Watchlist tree and reads a season name in the webview', async () => {
    await signedIn();
    const watchlist = await expandPane('Watchlist');
    // Fold the long Movies group so the TV Series group comes into view.
    await setExpanded(watchlist.locator('.monaco-list-row', { hasText: 'Movies' }).first(), false);
    await setExpanded(watchlist.locator('.monaco-list-row', { hasText: 'TV Series' }).first(), true);
    const seriesId = server.watchlistOf('tv').at(-1)!; // newest first: the top row
    const name = server.catalogue.tv.get(seriesId)!.name as string;
    await watchlist
      .locator('.monaco-list-row', { hasText: name })
      .first()
      .click({ timeout: scaled(20_000) });
    const season = webview().locator('.season-name').first();
    await season.waitFor({ timeout: scaled(20_000) });
    assert.match((await season.textContent()) ?? '', /Season \d+|Specials/);
    await shot('series-panel');
    // Every season, Specials included, is on the page: wrapped in rows, none hidden in a side scroller.
    const seasons = webview().locator('#seasons');
    await seasons.scrollIntoViewIfNeeded();
    const box = (await seasons.boundingBox())!;
    const cards = await webview().locator('#seasons .season').all();
    assert.ok(cards.length >= 2);
    for (const card of cards) {
      const at = (await card.boundingBox())!;
      assert.ok(at.x >= box.x - 1 && at.x + at.width <= box.x + box.width + 1, 'a season outside the section');
    }
    await webview()
      .locator('#seasons .season-name', { hasText: 'Specials' })
      .or(webview().locator('#seasons .season-name').last())
      .first()
      .waitFor();
    await shot('series-seasons');
    // One click on a season opens its episodes in place (Game of Thrones' first season: TMDB's example).
    const first = webview().locator('#seasons button.season-open[data-season="1"]');
    // As a person meets it: the season at the bottom of the window, the episodes to open below the fold.
    await first.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await first.click();
    await webview()
      .locator('#season-episodes h3', { hasText: 'E1: Winter Is Coming' })
      .waitFor({ timeout: scaled(20_000) });
    assert.equal(await first.getAttribute('aria-expanded'), 'true');
    assert.equal(await webview().locator('#season-episodes .episode-row').count(), 10);
    // The episodes come into view by themselves: the season's heading is on screen, not below the fold.
    const heading = webview().locator('#season-episodes .season-title');
    const inView = () =>
      heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= el.ownerDocument.defaultView!.innerHeight;
      });
    await until("the opened season's heading in view", inView, { timeoutMs: 5_000 });
    await webview().locator('#season-episodes').scrollIntoViewIfNeeded();
    await shot('series-episodes');
  });

  it("shows a series' cast and key crew, opens the whole cast and an episode's guest stars by keyboard, and a guest star's name opens their page", async () => {
    // Game of Thrones' page, its first season open (as the test before leaves it; opened when it is not).
    await inFront('TMDB: Open TV Series…', '1399', 'A TMDB series id or URL', 'Game of Thrones');
    const firstSeason = webview().locator('#seasons button.season-open[data-season="1"]');
    if ((await firstSeason.getAttribute('aria-expanded')) !== 'true') await firstSeason.click();
    await webview()
      .locator('#season-episodes .episode-row')
      .first()
      .waitFor({ timeout: scaled(20_000) });
    const cast = webview().locator('#cast');
    await cast.scrollIntoViewIfNeeded();
    const shown = cast.locator(':scope > ul.people > li');
    assert.equal(await shown.count(), 12, 'the main cast first, twelve of them');
    assert.match((await shown.first().innerText()).replace(/\s+/g, ' '), /Peter Dinklage Tyrion Lannister 77 episodes/);
    await shot('series-cast');
    const all = cast.locator('details.more');
    await all.locator('summary', { hasText: 'Show all 514 cast members' }).press('Enter');
    await all.locator('li').nth(100).waitFor({ state: 'visible' });
    assert.equal(await cast.locator('li').count(), 514);
    assert.match(
      (await webview().locator('#crew li').first().innerText()).replace(/\s+/g, ' '),
      /Ramin Djawadi Original Music Composer · 82 episodes/,
    );
    // The first episode's credits, by keyboard: Space on its fold.
    const fold = webview().locator('#season-episodes .episode-row').first().locator('details.episode-credits');
    await fold.locator('summary').scrollIntoViewIfNeeded();
    await fold.locator('summary').press(' ');
    const director = fold.locator('p', { hasText: 'Directed by' });
    await director.waitFor({ state: 'visible' });
    assert.equal((await director.innerText()).replace(/\s+/g, ' '), 'Directed by Tim Van Patten');
    const guest = fold.locator('ul.people a').first();
    const guestName = (await guest.innerText()).trim();
    await shot('episode-credits');
    await guest.click();
    await webview()
      .locator('h1', { hasText: guestName })
      .waitFor({ timeout: scaled(20_000) });
    await webview()
      .locator('.filmography a', { hasText: 'Game of Thrones' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    // Back to the series (the tests after this one find its tab by its name).
    await palette('TMDB: Back');
    await webview()
      .locator('h1', { hasText: 'Game of Thrones' })
      .waitFor({ timeout: scaled(20_000) });
  });

  it("opens a movie's collection from its page, and the collection's movies in release order open theirs", async () => {
    await withToken();
    await palette('TMDB: Open Movie…');
    await answerInput('11', MOVIE_PROMPT);
    const card = webview().locator('#collection a[data-kind="collection"]');
    await card.waitFor({ timeout: scaled(20_000) });
    assert.equal((await card.innerText()).trim(), 'Star Wars Collection');
    await card.press('Enter');
    await webview()
      .locator('h1', { hasText: 'Star Wars Collection' })
      .waitFor({ timeout: scaled(20_000) });
    const parts = webview().locator('#parts .card-title');
    assert.equal(await parts.count(), 9);
    const years = (await webview().locator('#parts .card .muted').allInnerTexts()).map((text) =>
      Number(text.slice(0, 4)),
    );
    assert.deepEqual(
      years,
      [...years].sort((a, b) => a - b),
      'in release order',
    );
    await shot('collection');
    await parts.nth(1).click();
    await webview()
      .locator('h1', { hasText: 'The Empire Strikes Back' })
      .waitFor({ timeout: scaled(20_000) });
    // Its tab closed by its own ✕ (the other tabs stay: the tests after this one find them by name).
    const tab = page.locator('.tabs-container .tab', { hasText: 'The Empire Strikes Back' });
    await tab.locator('.tab-actions .action-label').first().click();
    await tab.waitFor({ state: 'detached' });
  });

  it('adds the movie to the watchlist from its panel, and the Watchlist view shows it', async () => {
    await signedIn();
    server.resetAccounts();
    assert.ok(!server.watchlistOf('movie').includes(550));
    await palette('TMDB: Open Movie…');
    await answerInput('550', MOVIE_PROMPT);
    const view = webview();
    const button = view.locator('button.watchlist');
    await button.filter({ hasText: 'Add to watchlist' }).waitFor({ timeout: scaled(20_000) });
    // The editor-title action is a bookmark (never an ✕ beside the tab's own close button), filled once on.
    const titleAction = (label: string) => page.locator(`.editor-actions .action-label[aria-label^="${label}"]`);
    const iconOf = async (label: string) =>
      titleAction(label).evaluate((el) => getComputedStyle(el).backgroundImage + getComputedStyle(el).maskImage);
    await titleAction('Add to Watchlist').waitFor();
    assert.match(await iconOf('Add to Watchlist'), /bookmark-(light|dark)\.svg/);
    await button.click();
    await button.filter({ hasText: 'On your watchlist' }).waitFor();
    await titleAction('Remove from Watchlist').waitFor();
    assert.match(await iconOf('Remove from Watchlist'), /bookmark-filled-(light|dark)\.svg/);
    await shot('panel-on-watchlist');
    await until('TMDB has it', () => server.watchlistOf('movie').includes(550));
    const watchlist = await expandPane('Watchlist');
    await setExpanded(watchlist.locator('.monaco-list-row', { hasText: 'TV Series' }).first(), false);
    await setExpanded(watchlist.locator('.monaco-list-row', { hasText: 'Movies' }).first(), true);
    await watchlist
      .locator('.monaco-list-row', { hasText: 'Fight Club' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await shot('watchlist');
  });

  it('rates the movie from its panel, and the Rated view shows the rating', async () => {
    await signedIn();
    await fightClubInFront();
    const before = server.ratingOf('movie', 550);
    const select = webview().locator('select[data-action="rate"]');
    await select.waitFor({ timeout: scaled(20_000) });
    await until(
      'the page shows what TMDB holds',
      async () => (await select.inputValue()) === (before ? String(before.value) : ''),
    );
    // A native menu: focus and arrow keys work as everywhere; a choice (other than what TMDB holds) posts it.
    const chosen = before && before.value === 7.5 ? '6.5' : '7.5';
    await select.focus();
    await select.selectOption(chosen);
    await until('the new rating', () => JSON.stringify(server.ratingOf('movie', 550)) === `{"value":${chosen}}`);
    const rated = await expandPane('Rated');
    await setExpanded(rated.locator('.monaco-list-row', { hasText: 'TV Series' }).first(), false);
    await rated
      .locator('.monaco-list-row', { hasText: 'Fight Club' })
      .filter({ hasText: `★ ${chosen}` })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await shot('panel-rating');
  });

  it('puts the movie in a new list from its panel; My Lists follows, and the row takes it out again', async () => {
    await signedIn();
    await fightClubInFront();
    await webview().locator('button[data-action="add-to-list"]').click();
    const picker = page.locator('.quick-input-widget');
    await picker
      .locator('.quick-input-title', { hasText: 'Add "Fight Club" to a list' })
      .waitFor({ timeout: scaled(20_000) });
    await picker
      .locator('.monaco-list-row', { hasText: 'Test Alpha Sort' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await shot('add-to-list');
    await picker.locator('.monaco-list-row', { hasText: 'New List…' }).first().click();
    await answerInput('Films for Friday', "The list's name");
    await answerInput('', 'A description (optional)');
    // Signed in through TMDB's v4 approval (above): a list can be private; this one is public.
    await picker
      .locator('.quick-input-title', { hasText: 'Who can see the list?' })
      .waitFor({ timeout: scaled(20_000) });
    await picker.locator('.monaco-list-row', { hasText: 'Public' }).first().click();
    await until(
      'the title in the new list',
      () => server.listItemIds(server.listIdNamed('Films for Friday') ?? '').length > 0,
    );
    assert.deepEqual(server.listItemIds(server.listIdNamed('Films for Friday')!), [550], 'TMDB has it');
    // Asked again, the picker says which lists hold the movie.
    await webview().locator('button[data-action="add-to-list"]').click();
    await pickMarksHolding(page, 'Films for Friday');
    await page.keyboard.press('Escape');
    const lists = await expandPane('My Lists');
    const list = lists.locator('.monaco-list-row', { hasText: 'Films for Friday' }).first();
    await list.filter({ hasText: '1 item' }).waitFor({ timeout: scaled(20_000) });
    await setExpanded(list, true);
    const item = lists.locator('.monaco-list-row', { hasText: 'Fight Club' }).first();
    await item.hover();
    await item.locator('.action-label[aria-label^="Remove from List"]').click();
    await lists
      .locator('.monaco-list-row', { hasText: 'This list is empty' })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    await list.filter({ hasText: '0 items' }).waitFor();
    assert.deepEqual(server.listItemIds(server.listIdNamed('Films for Friday')!), [], 'TMDB has it out again');
  });

  it('opens an outside link once, in one tab, with the mouse and with the keyboard; the poster opens a larger one', async () => {
    await fightClubInFront();
    const view = webview();
    const link = view.locator('a[data-external]', { hasText: 'Open on TMDB' });
    await link.waitFor({ timeout: scaled(20_000) });
    const opened: Page[] = [];
    const count = (tab: Page) => opened.push(tab);
    context.on('page', count);
    try {
      await link.click();
      await until('a tab opened by the click', () => opened.length > 0);
      await holds('one click, one tab', () => opened.length === 1, { forMs: 2_500 });
      await opened[0]!.locator('#tmdb-page[data-kind="movie"][data-id="550"]').waitFor({ timeout: scaled(20_000) });
      await link.focus();
      await page.keyboard.press('Enter');
      await until('a tab opened by Enter', () => opened.length > 1);
      await holds('Enter on the link opens one more tab, only one', () => opened.length === 2, { forMs: 2_500 });
      // The poster: a larger one, in the browser, one tab.
      await view.locator('a.poster-link').click();
      await until('a tab opened by the poster', () => opened.length > 2);
      await holds('one click on the poster, one tab', () => opened.length === 3, { forMs: 2_500 });
      await opened[2]!.waitForURL(/\/t\/p\/w780\/\w+\.\w+$/, { timeout: scaled(20_000) });
    } finally {
      context.off('page', count);
      for (const tab of opened) await tab.close().catch(() => undefined);
    }
  });

  it('walks the Get Started walkthrough: opened on install, each step done by itself', async () => {
    // What a person has done by now: a token, Trending People seen, signed in, a movie opened from the
    // palette and put on the watchlist.
    await signedIn();
    await setPane(page, 'Trending People', true);
    await palette('TMDB: Open Movie…');
    await answerInput('550', MOVIE_PROMPT);
    const watchlistButton = webview().locator('button.watchlist');
    await watchlistButton.filter({ hasText: /watchlist/ }).waitFor({ timeout: scaled(20_000) });
    if (await watchlistButton.filter({ hasText: 'Add to watchlist' }).isVisible()) await watchlistButton.click();
    await watchlistButton.filter({ hasText: 'On your watchlist' }).waitFor();
    await palette('TMDB: Get Started');
    const steps = page.locator('.getting-started-step');
    await steps.first().waitFor({ timeout: scaled(20_000) });
    for (const title of [
      'Set your TMDB API token',
      'Browse Trending People',
      'Sign in to TMDB',
      'Open a movie',
      'Add it to your watchlist',
    ]) {
      const step = steps.filter({ hasText: title }).first();
      await step.waitFor();
      assert.equal(await step.locator('.codicon.complete').count(), 1, `"${title}" is checked`);
    }
    await shot('walkthrough');
    // Back to the movie, as the next test (a reload) expects it in front.
    await page.locator('.tabs-container .tab', { hasText: 'Fight Club' }).click();
    await webview()
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(20_000) });
  });

  it('keeps the token and the session across a window reload with TMDB out of reach, and brings the panel, your lists and Up Next back as last seen', async () => {
    // Game of Thrones in a tab behind, Fight Club in front, signed in (as the session so far leaves them).
    await signedIn();
    await inFront('TMDB: Open TV Series…', '1399', 'A TMDB series id or URL', 'Game of Thrones');
    await fightClubInFront();
    await row(server.catalogue.people[0].name)
      .locator('.custom-view-tree-node-item-icon')
      .waitFor({ timeout: scaled(20_000) });
    const asked = () => ({
      trending: server.requestsTo(/^\/3\/trending\//).length,
      movie: server.requestsTo('/3/movie/550').length,
      pictures: server.requestsTo(/^\/t\/p\/w45\//).length,
    });
    const before = asked();
    // Every welcome button the sidebar shows while the window comes back is noted: a token that is kept
    // must never look lost, not even for the moment SecretStorage takes to answer.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { tmdbWelcomeSeen: string[] }).tmdbWelcomeSeen = seen;
      new MutationObserver(() => {
        for (const button of Array.from(
          document.querySelectorAll('.part.sidebar .welcome-view-content .monaco-button'),
        )) {
          if (button.textContent?.includes('Set API Token') && !seen.includes(button.textContent))
            seen.push(button.textContent);
        }
        // Nor VS Code's own word for a view whose extension has not started yet.
        const bare = 'There is no data provider registered';
        if (document.querySelector('.part.sidebar')?.textContent?.includes(bare) && !seen.includes(bare))
          seen.push(bare);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // My Lists seen once, and Up Next read the followed series since the sign-in (the status bar starts it by itself).
    await (
      await expandPane('My Lists')
    )
      .locator('.monaco-list-row', { hasText: 'Test Alpha Sort' })
      .waitFor({ timeout: scaled(30_000) });
    const today = page.locator('.part.statusbar .statusbar-item', { hasText: /episodes? today/ }).first();
    await today.waitFor({ timeout: scaled(30_000) });
    // TMDB goes out of reach. "Developer: Reload Window" saves the workbench's state before reloading, as a person's reload does.
    server.inject({ path: /^\/[34]\//, kind: 'reset' }); // TMDB's v3 and v4 API
    await reloadWindow(page);
    await page.locator('.tabs-container .tab', { hasText: 'Game of Thrones' }).waitFor({ timeout: scaled(30_000) });
    await webview()
      .locator('h1', { hasText: 'Fight Club' })
      .waitFor({ timeout: scaled(30_000) });
    await row(server.catalogue.people[0].name).waitFor({ timeout: scaled(30_000) });
    // The person's own lists and Up Next as last seen, said to be so; the page offers no change it cannot make.
    const lists = await expandPane('My Lists');
    await lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).waitFor({ timeout: scaled(30_000) });
    const offlineMark = lists.locator('.monaco-list-row', { hasText: /^Offline · as of/ });
    await offlineMark.waitFor();
    await today.waitFor({ timeout: scaled(30_000) });
    await webview()
      .locator('button.watchlist', { hasText: 'Watchlist unavailable offline' })
      .waitFor({ timeout: scaled(20_000) });
    server.clearFaults();
    // TMDB back: each mark's click (My Lists', the Watchlist's and Rated's groups) reads its view again, and it goes.
    const marks = sidebar().locator('.monaco-list-row', { hasText: /^Offline · as of/ });
    for (let left = await marks.count(); left > 0; left = await marks.count()) {
      await marks.first().click();
      await until('the mark gone', async () => (await marks.count()) < left);
    }
    await lists.locator('.monaco-list-row', { hasText: 'Test Alpha Sort' }).waitFor();
    await row(server.catalogue.people[0].name).locator('.custom-view-tree-node-item-icon').waitFor();
    // The restarted extension showed Trending, its pictures and the restored movie from what it kept on disk.
    assert.deepEqual(asked(), before, 'no request for trending, the movie or the pictures after the reload');
    const seen = await page.evaluate(() => (window as unknown as { tmdbWelcomeSeen: string[] }).tmdbWelcomeSeen);
    assert.deepEqual(
      seen.filter((text) => text.includes('Set API Token')),
      [],
      'no "Set API Token" welcome flashed',
    );
    // VS Code's own message for a view whose extension is late to start is VS Code's timing, not ours: said, not failed.
    if (seen.length) console.log(`      seen while the window came back: ${seen.join(' | ')}`);
  });

  it('shows the kept answer marked "Offline · as of" with Retry when TMDB cannot be reached', async () => {
    await withToken();
    await setPane(page, 'Trending People', true);
    // TMDB asks not to keep answers fresh from now on; The Godfather is read once, then TMDB goes away.
    server.setCacheMaxAge(0);
    await palette('TMDB: Open Movie…');
    await answerInput('238', MOVIE_PROMPT);
    await webview()
      .locator('h1', { hasText: 'The Godfather' })
      .waitFor({ timeout: scaled(20_000) });
    await palette('View: Close Editor');
    server.inject({ path: /^\/[34]\//, kind: 'reset' }); // TMDB's v3 and v4 API
    await palette('TMDB: Open Movie…');
    await answerInput('238', MOVIE_PROMPT);
    const view = webview();
    await view.locator('h1', { hasText: 'The Godfather' }).waitFor({ timeout: scaled(20_000) });
    const notice = view.locator('.state.offline');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /Offline · as of \d{1,2}:\d{2}/);
    await palette('TMDB: Refresh Trending People');
    const mark = row(/^Offline · as of/);
    await mark.waitFor({ timeout: scaled(20_000) });
    await row(server.catalogue.people[0].name).waitFor();
    await shot('offline');
    // TMDB is back: Retry on the page and on the tree row.
    server.clearFaults();
    await notice.getByRole('button', { name: 'Retry' }).click();
    await notice.waitFor({ state: 'detached', timeout: scaled(20_000) });
    await view.locator('h1', { hasText: 'The Godfather' }).waitFor();
    await mark.click();
    await mark.waitFor({ state: 'detached', timeout: scaled(20_000) });
    server.setCacheMaxAge(300);
  });

  it('shows a page kept from before at once while TMDB is slow, unmarked, and no request waits for it', async () => {
    await withToken();
    // Scarface is read once (TMDB says not to keep it fresh); TMDB then takes 8 s to answer anything about it.
    server.setCacheMaxAge(0);
    await palette('TMDB: Open Movie…');
    await answerInput('111', MOVIE_PROMPT);
    await webview()
      .locator('h1', { hasText: 'Scarface' })
      .waitFor({ timeout: scaled(20_000) });
    await palette('View: Close Editor');
    server.inject({ path: '/3/movie/111', kind: 'latency', ms: 8_000 });
    const asked = server.requestsTo('/3/movie/111').length;
    await palette('TMDB: Open Movie…');
    const started = Date.now();
    await answerInput('111', MOVIE_PROMPT);
    await webview()
      .locator('h1', { hasText: 'Scarface' })
      .waitFor({ timeout: scaled(20_000) });
    const shownAfter = Date.now() - started;
    // Measured, not assumed: if the page had waited for TMDB it could not show before the 8 s latency.
    assert.ok(shownAfter < 8_000, `shown from what is kept, ${shownAfter} ms after Enter`);
    await until('checked with TMDB behind', () => server.requestsTo('/3/movie/111').length > asked, {
      timeoutMs: 5_000,
    });
    assert.equal(await webview().locator('.state.offline').count(), 0, 'not marked offline: TMDB is slow, not gone');
    server.clearFaults();
    server.setCacheMaxAge(300);
    await palette('View: Close Editor');
  });

  it('shows hostile titles and list names as text: no link in the notification, no icon in the picker, as typed in the tree', async () => {
    await signedIn();
    // TMDB's titles are community-edited; a list's name is whatever its owner typed (here, the person).
    const title =
      'Watch [now](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20pwned%5Cn%22%7D) $(alert)';
    const listName = '$(zap) Friday [night](https://evil.example/phish)';
    server.inject({ path: /^\/3\/movie\/155$/, kind: 'setField', field: 'title', value: title });
    await palette('TMDB: Open Movie…');
    await answerInput('155', MOVIE_PROMPT);
    await webview()
      .locator('h1', { hasText: 'Watch [now](command:' })
      .waitFor({ timeout: scaled(20_000) });
    await webview().locator('button[data-action="add-to-list"]').click();
    const picker = page.locator('.quick-input-widget');
    await picker.locator('.monaco-list-row', { hasText: 'New List…' }).first().click();
    await answerInput(listName, "The list's name");
    await answerInput('', 'A description (optional)');
    await picker
      .locator('.quick-input-title', { hasText: 'Who can see the list?' })
      .waitFor({ timeout: scaled(20_000) });
    await picker.locator('.monaco-list-row', { hasText: 'Private' }).first().click();
    await until('the title in the list', () => server.listItemIds(server.listIdNamed(listName) ?? '').length > 0);
    assert.deepEqual(server.listItemIds(server.listIdNamed(listName)!), [155], 'TMDB has it');

    // The notification that says so, as the workbench drew it.
    await page.locator('.statusbar-item#status\\.notifications').click();
    const said = page.locator('.notifications-center .monaco-list-row', { hasText: 'TMDB: added' }).first();
    await said.waitFor({ timeout: scaled(20_000) });
    const text = (await said.locator('.notification-list-item-message').textContent()) ?? '';
    assert.ok(text.includes('Watch') && text.includes('Friday'), text);
    assert.equal(await said.locator('.notification-list-item-message a').count(), 0, `no link from data in "${text}"`);
    assert.equal(await said.locator('.codicon-alert, .codicon-zap').count(), 0, 'no icon from data');
    await shot('hostile-notification');
    await page.locator('.statusbar-item#status\\.notifications').click();

    // The picker lists the list by its name, as text.
    await webview().locator('button[data-action="add-to-list"]').click();
    const entry = picker.locator('.monaco-list-row', { hasText: 'Friday' }).first();
    await entry.waitFor({ timeout: scaled(20_000) });
    assert.equal(await entry.locator('.codicon-zap').count(), 0, 'no icon drawn from the list name');
    // As typed, its bracketed words and address too (a quick pick draws no link: nothing to take apart).
    assert.equal(((await entry.locator('.label-name').first().textContent()) ?? '').replace(/\u200B/g, ''), listName);
    assert.equal(await picker.locator('.quick-input-title .codicon-alert').count(), 0, 'no icon drawn from the title');
    await page.keyboard.press('Escape');

    // The tree shows the name exactly as typed.
    const lists = await expandPane('My Lists');
    const list = lists.locator('.monaco-list-row', { hasText: 'Friday' }).first();
    await list.waitFor({ timeout: scaled(20_000) });
    assert.equal(await list.locator('.label-name').textContent(), listName);
    assert.equal(await list.locator('.codicon-zap').count(), 0);
    // Edit List… (the row's pencil) names the list in its picker's title: as text, no icon.
    await list.hover();
    await list.locator('.action-label[aria-label^="Edit List"]').click();
    const editTitle = picker.locator('.quick-input-title', { hasText: 'Edit "' });
    await editTitle.waitFor({ timeout: scaled(20_000) });
    assert.equal(((await editTitle.textContent()) ?? '').replace(/\u200B/g, ''), `Edit "${listName}"`);
    assert.equal(await editTitle.locator('.codicon-zap').count(), 0, 'no icon drawn from the list name');
    await page.keyboard.press('Escape');
    server.clearFaults();
  });

  /** Sets a user setting as a person does: the Settings editor, found by its id, typed in, Tab. */
  /** Sets a user setting in the Settings editor, as a person does; `keepOpen` leaves the editor in front. */
  async function setUserSetting(id: string, value: string, keepOpen = false): Promise<void> {
    await palette('Preferences: Open User Settings');
    const editor = page.locator('.settings-editor');
    await editor.waitFor({ timeout: scaled(20_000) });
    await editor.locator('.settings-header .monaco-editor').first().click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(`@id:${id}`);
    const input = editor.locator(`.setting-item-contents input.input[aria-label="${id}"]`);
    await input.waitFor({ timeout: scaled(20_000) });
    await input.fill(value);
    await page.keyboard.press('Tab');
    // The settings editor writes a typed value after a pause of its own; closed before that, nothing is
    // written (a CI run's view waited for the stand-in's people after the address was set back). What the
    // person sees is the file holding it, so the test waits for that.
    const file = join(workbench.vscode.userDir, 'User', 'settings.json');
    await until(`${id} written to the user's settings`, () => {
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[id] === value;
      } catch {
        return false; // being written
      }
    });
    if (!keepOpen) await palette('View: Close Editor');
  }

  it('asks before the token goes to an API address that is not TMDB’s, naming it; Cancel sends nothing and the view says why', async () => {
    await withToken();
    await setPane(page, 'Trending People', true);
    await row(server.catalogue.people[0].name).waitFor({ timeout: scaled(20_000) });
    const dialog = page.locator('.monaco-dialog-box');
    const header = page.locator('.part.sidebar .pane-header[aria-label^="Trending People"]');
    // As a person (or Settings Sync) sets it: the API address becomes a proxy's. From then on no key is
    // typed until the question is seen: a view that loads by itself (its kept answer expired) may ask
    // first, and a palette's Enter would answer it. The view's Refresh button is clicked with the mouse
    // until the question shows (a click under the modal dialog reaches nothing).
    await setUserSetting('tmdb.apiBaseUrl', 'https://tmdb-proxy.invalid', true);
    try {
      await until('the question before the token goes to the proxy', async () => {
        if (await dialog.isVisible()) return true;
        await header.hover({ timeout: scaled(2_000) }).catch(() => undefined);
        await header
          .locator('.action-label[aria-label^="Refresh Trending People"]')
          .click({ timeout: scaled(2_000) })
          .catch(() => undefined);
        return dialog.isVisible();
      });
      assert.match(await dialog.innerText(), /Send your TMDB token and session to tmdb-proxy\.invalid\?/);
      assert.match(await dialog.innerText(), /instead of api\.themoviedb\.org/);
      await shot('api-host-question');
      // The default button (Enter) is the safe one.
      assert.equal(
        await dialog.locator('.monaco-button.default, .monaco-button:not(.secondary)').first().innerText(),
        'Open Settings',
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // Not "offline": nothing was sent to find out.
      await row(/^Could not load: API address not allowed/).waitFor({ timeout: scaled(20_000) });
    } finally {
      await setUserSetting('tmdb.apiBaseUrl', server.url);
    }
    await palette('TMDB: Refresh Trending People');
    await row(server.catalogue.people[0].name).waitFor({ timeout: scaled(20_000) });
  });
});
