// End-to-end in German: VS Code's display language set to German (code-server's --locale, with German
// registered as an installed display language), the packaged VSIX, the stand-in. The palette, the sidebar
// and a movie panel speak German; the content language (`tmdb.language`, en-US here) stays independent.
import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { READ_TOKEN } from '../support/fixtures';
import {
  ROOT,
  answerInput,
  fromMenu,
  headerDescription,
  setPane,
  openTmdbContainer,
  openWorkbench,
  palette,
  paletteWith,
  webview,
  type Workbench,
  holds,
  scaled,
} from './workbench';
import { DIARY, hoverOver, linkIn, openFile } from './editorGestures';

const SCREENSHOTS = process.env.TMDB_SCREENSHOTS ? join(ROOT, 'media', 'screenshots') : join(ROOT, 'test-results');

describe('the workbench in German', function () {
  this.timeout(90_000);
  let workbench: Workbench;
  let page: Page;

  before(async function () {
    // Starting VS Code takes longer on a busy machine: the hook's deadline scales with the load.
    this.timeout(scaled(180_000));
    workbench = await openWorkbench({ name: 'e2e-de', locale: 'de' });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.stop();
  });

  it('names the views and their welcome in German', async () => {
    await openTmdbContainer(page, { firstTime: true });
    const sidebar = page.locator('.part.sidebar');
    for (const view of ['Trends: Personen', 'Meine Listen', 'Merkliste'])
      await sidebar.locator(`.pane-header[aria-label^="${view}"]`).waitFor({ timeout: scaled(30_000) });
    await sidebar.getByRole('button', { name: 'API-Token festlegen' }).first().waitFor();
  });

  it('lists the commands under their German titles in the palette', async () => {
    await paletteWith(page, '>TMDB: API-Token', 'TMDB: API-Token festlegen');
    await page.keyboard.press('Escape');
    await paletteWith(page, '>TMDB: Film öffnen', 'TMDB: Film öffnen…');
    await page.keyboard.press('Escape');
  });

  it('takes the token through the German command, and Trends: Personen fills in', async () => {
    await palette(page, 'TMDB: API-Token festlegen');
    await answerInput(page, READ_TOKEN, 'Füge dein TMDB-API-Lesezugriffstoken');
    const trending = page.locator('.part.sidebar .pane', {
      has: page.locator('.pane-header[aria-label^="Trends: Personen"]'),
    });
    await trending
      .locator('.monaco-list-row', { hasText: workbench.server.catalogue.people[0].name as string })
      .first()
      .waitFor({ timeout: scaled(20_000) });
    // Drawn whole beside the header's buttons ("Personen im Trend" cut it; VS Code writes every
    // word of a view's name with a capital, "Personen Im Trend", hence the name's colon form).
    assert.equal(await headerDescription(page, 'Trends: Personen'), 'Heute');
    await setPane(page, 'Trends: Titel', true);
    assert.equal(await headerDescription(page, 'Trends: Titel'), 'Heute');
    await setPane(page, 'Trends: Titel', false);
    // The department TMDB sends in English ("Acting") reads German beside the name.
    const first = trending
      .locator('.monaco-list-row', { hasText: workbench.server.catalogue.people[0].name as string })
      .first();
    assert.equal(await first.locator('.label-description').textContent(), 'Schauspiel');
  });

  it("opens a movie panel with German headings around TMDB's English text", async () => {
    await palette(page, 'TMDB: Film öffnen…');
    await answerInput(page, '550', 'Eine TMDB-Film-ID oder -Adresse');
    const view = webview(page);
    // The title comes from TMDB in the content language (en-US); the page's own words are German.
    await view.locator('h1', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    const headings = await view.locator('h2').allTextContents();
    for (const heading of ['Handlung', 'Besetzung', 'Empfehlungen', 'Schlagwörter', 'Veröffentlichungsdaten']) {
      assert.ok(headings.includes(heading), `${heading} in ${headings.join(', ')}`);
    }
    assert.ok(!headings.includes('Cast') && !headings.includes('Recommendations'), headings.join(', '));
    const facts = await view.locator('dl.facts dt').allTextContents();
    assert.ok(facts.includes('Laufzeit') && facts.includes('Originalsprache'), facts.join(', '));
    await view.locator('.watchlist', { hasText: 'Anmelden, um die Merkliste zu verwenden' }).waitFor();
    assert.equal(await view.locator('html').getAttribute('lang'), 'de');
    // Posted at once and again when the page said `ready`, the content went in once.
    await holds(
      'the content went in once',
      async () => (await view.locator('html').evaluate(() => performance.getEntriesByName('tmdb:render').length)) === 1,
      { forMs: 500 },
    );
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'movie-panel-de.png') });
  });

  it('Back names where it leads in German, and a season writes its scores with a decimal comma', async () => {
    const view = webview(page);
    // From Fight Club (in front), a recommendation's poster.
    await view.locator('#recommendation-cards .card-link .card-poster').first().click();
    const back = view.locator('nav.history button[data-nav="back"]');
    await back.locator('.where', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    assert.equal(await back.getAttribute('title'), 'Zurück zu Fight Club (Alt+←)');
    await palette(page, 'TMDB: Serie öffnen…');
    await answerInput(page, '1399', 'Eine TMDB-Serien-ID oder -Adresse');
    await view.locator('h1', { hasText: 'Game of Thrones' }).waitFor({ timeout: scaled(20_000) });
    await view.locator('button.season-open[data-season="1"]').click();
    const facts = view.locator('#season-episodes .episode-row p.muted').first();
    await facts.waitFor({ timeout: scaled(20_000) });
    assert.match((await facts.textContent()) ?? '', /Wertung \d,\d/);
    assert.doesNotMatch((await facts.textContent()) ?? '', /Wertung \d\.\d/);
  });

  it('in a Markdown file: the card over an IMDb id speaks German, and the context menu opens the title under the cursor', async () => {
    writeFileSync(join(workbench.vscode.workspace, 'notizen.md'), DIARY);
    await openFile(page, 'notizen.md');
    const card = await hoverOver(page, 'tt0137523');
    await card.locator('strong', { hasText: 'Fight Club' }).waitFor({ timeout: scaled(20_000) });
    await card.getByRole('link', { name: 'In VS Code öffnen', exact: true }).waitFor();
    assert.match((await card.textContent()) ?? '', /Nutzerwertung 84 % · 2 Std\. 19 Min\./);
    await openFile(page, 'notizen.md');
    const short = linkIn(page, 'tmdb:person/287');
    await fromMenu(page, () => short.click({ button: 'right' }), 'Titel am Cursor öffnen');
    await webview(page)
      .locator('h1', { hasText: 'Brad Pitt' })
      .waitFor({ timeout: scaled(20_000) });
  });
});
