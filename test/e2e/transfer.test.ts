// End-to-end: importing as a person does, in the real workbench against the stand-in. A 300-row IMDb
// ratings export chosen in VS Code's open dialog, its preview checked, the writes cancelled midway from
// the progress notification, the window reloaded, and the import resumed from the notification that
// offers it: every title rated once. A Letterboxd watchlist whose one title TMDB has under another year:
// the preview offers the choice, the person picks it. A Letterboxd diary into what the person watched.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { TmdbStandIn } from '../tmdb-server/server';
import {
  answerInput,
  MOVIE_PROMPT,
  openInDialog,
  openTmdbContainer,
  palette,
  reloadWindow,
  sharedWorkbench,
  until,
  scaled,
  webview,
} from './workbench';
import { imdbRatingsExport } from '../support/exports';

describe('import from IMDb and Letterboxd, as a person does', function () {
  this.timeout(240_000);
  let server: TmdbStandIn;
  let page: Page;
  const folder = mkdtempSync(join(tmpdir(), 'tmdb-e2e-import-'));
  const picker = () => page.locator('.quick-input-widget');
  const pickRow = (text: string | RegExp) => picker().locator('.monaco-list-row', { hasText: text }).first();
  const notifications = () => page.locator('.notifications-center');

  sharedWorkbench(async (opened) => {
    ({ server, page } = opened);
    await openTmdbContainer(page);
  });

  // The notification center starts empty: a list of earlier suites' notifications draws only the rows in
  // sight, and the one looked for could be below them.
  beforeEach(async () => {
    if (!page) return;
    await page.keyboard.press('Escape');
    await clearNotifications();
  });

  async function clearNotifications(): Promise<void> {
    await palette(page, 'Notifications: Clear All Notifications');
    await closeNotifications();
  }

  /**
   * The notification center open, with a notification that says `text`. The center can close under a
   * test (a notification's button, the focus moving): it is opened again until the notification shows.
   */
  async function notification(text: string | RegExp) {
    const row = notifications().locator('.monaco-list-row', { hasText: text }).first();
    await until(
      `a notification that says ${String(text)}`,
      async () => {
        if (!(await notifications().isVisible())) await page.locator('.statusbar-item#status\\.notifications').click();
        return row.isVisible();
      },
      { timeoutMs: 60_000, everyMs: 500 },
    );
    return row;
  }

  /**
   * The picker's focus moved by `key`, a row at a time, to the row that says `text`. Each press is waited
   * for (the focus seen to move) before the next: on a busy machine two quick presses went past the row.
   */
  async function focusRow(text: string, key: 'ArrowDown' | 'ArrowUp'): Promise<void> {
    // Read at once (no wait): the focused row's words, or nothing.
    const now = () =>
      picker()
        .locator('.monaco-list-row.focused')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? row.textContent ?? '').join(' | '));
    for (let step = 0; step < 10; step++) {
      const before = await now();
      if (before.includes(text)) return;
      await page.keyboard.press(key);
      await until(`the focus moved from "${before}"`, async () => (await now()) !== before);
    }
    throw new Error(`${key} never reached "${text}"`);
  }

  async function closeNotifications(): Promise<void> {
    if (await notifications().isVisible()) await page.locator('.statusbar-item#status\\.notifications').click();
  }

  it('a 300-row IMDb ratings export: preview, cancel midway, resume from the palette, cancel, reload, resume from the offer; every title rated once', async () => {
    server.resetAccounts();
    const known = [...server.catalogue.imdbIndex].slice(0, 220);
    const path = join(folder, 'ratings.csv');
    writeFileSync(path, imdbRatingsExport(server.catalogue.imdbIndex, { known: 220, unknown: 60, episodes: 20 }));
    const rated = () =>
      server.requests.filter(
        (r) => r.method === 'POST' && /^\/3\/(movie|tv)\/\d+\/rating$/.test(r.path) && r.status === 200,
      );
    const before = rated().length;

    await palette(page, 'TMDB: Import from IMDb or Letterboxd…');
    await openInDialog(page, path);
    await picker()
      .locator('.quick-input-title', { hasText: 'import 280 titles into' })
      .waitFor({ timeout: scaled(20_000) });
    await pickRow('Your ratings').click();
    // The preview, once each row has been looked up: 220 matched by IMDb id, checked; 80 not imported.
    await picker()
      .locator('.quick-input-title', { hasText: 'import 220 of 300 titles into your ratings' })
      .waitFor({ timeout: scaled(90_000) });
    // Titles the person rated otherwise on TMDB are said first, each with the change; one is unchecked to keep
    // the rating given on TMDB.
    const changed = known.filter(([, { kind, id }], i) => {
      const now = server.ratingOf(kind as 'movie' | 'tv', id);
      return now !== false && now.value !== (i % 10) + 1;
    });
    assert.ok(changed.length > 0, 'the file changes a rating the account has');
    await pickRow(new RegExp(`Matched by IMDb id \\(${220 - changed.length}\\)`)).waitFor();
    await pickRow(
      new RegExp(`Changes a rating you gave on TMDB: uncheck to keep yours \\(${changed.length}\\)`),
    ).waitFor();
    const [keptImdb, kept] = changed[0]!;
    const keptRating = server.ratingOf(kept.kind as 'movie' | 'tv', kept.id);
    const keptRow = picker().locator('.monaco-list-row', { hasText: 'your rating on TMDB changes: ★' }).first();
    // Its checkbox: the row's middle is where VS Code writes the section's name, which takes no click.
    await keptRow.locator('[role=checkbox]').click();
    await picker()
      .locator('.quick-input-title', { hasText: 'import 219 of 300 titles into your ratings' })
      .waitFor({ timeout: scaled(20_000) });
    // Slow the writes, so the person has time to cancel them midway.
    server.inject({ path: /\/rating$/, method: 'POST', kind: 'latency', ms: 400 });
    await picker().locator('.monaco-button', { hasText: 'OK' }).first().click();

    const progress = await notification(/importing ratings\.csv into your ratings/);
    await until('some titles written', () => rated().length - before >= 20, { timeoutMs: 60_000 });
    await progress.hover();
    await progress.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
    await notification(/import paused at \d+ of 219 titles into your ratings/);
    const atCancel = rated().length - before;
    assert.ok(atCancel < 219, `${atCancel} written before the cancel`);
    await clearNotifications();

    // Resumed from the palette, and paused again.
    await palette(page, 'TMDB: Resume Import');
    const resumed = await notification(/importing ratings\.csv into your ratings/);
    await until('more titles written', () => rated().length - before >= atCancel + 10, { timeoutMs: 60_000 });
    await resumed.hover();
    await resumed.locator('.monaco-button', { hasText: 'Cancel' }).first().click();
    await notification(/import paused at \d+ of 219 titles into your ratings/);
    assert.ok(rated().length - before < 219, 'paused again before the end');
    await clearNotifications();
    server.clearFaults();

    // A reload (or a crash): the import is offered again, and Resume writes the rest.
    await reloadWindow(page);
    await openTmdbContainer(page, { firstTime: false });
    const offer = await notification(/the import of ratings\.csv stopped at \d+ of 219 titles/);
    await offer.hover();
    await offer.locator('.monaco-button', { hasText: 'Resume' }).first().click();
    await notification('imported 219 of 219 titles into your ratings');
    await closeNotifications();
    const written = rated()
      .slice(-(rated().length - before))
      .map((r) => r.path);
    assert.equal(written.length, 219, 'each title written once, across the cancel and the reload');
    assert.equal(new Set(written).size, 219);
    assert.deepEqual(
      server.ratingOf(kept.kind as 'movie' | 'tv', kept.id),
      keptRating,
      `${keptImdb}: the rating given on TMDB, kept`,
    );
    const [imdb, { kind, id }] = known[13]!;
    assert.deepEqual(server.ratingOf(kind as 'movie' | 'tv', id), { value: 4 }, `${imdb} rated as in the file`);
  });

  /** Resolves once a picker's row draws a poster saved by the extension (not a codicon, not TMDB's address). */
  async function posterOf(row: Locator): Promise<void> {
    // The icon's address, however the workbench writes it (a background, a source; its slashes encoded or not).
    const pictures = () =>
      row
        .evaluate((element) =>
          [element, ...Array.from(element.querySelectorAll('*'))]
            .map((part) => `${getComputedStyle(part).backgroundImage} ${part.getAttribute('src') ?? ''}`)
            .join(' '),
        )
        .catch(() => '');
    await until('the row drawn with a kept poster', async () =>
      /(?:\/|%2F)images(?:\/|%2F)w92-\w+\.(?:jpg|png|svg)/i.test(await pictures()),
    );
  }

  it('a Letterboxd watchlist: a title TMDB has under another year is a choice; the person picks it, leaves one out, and the summary and its read-only details count every row', async () => {
    const movies = [...server.catalogue.movies.values()] as Array<{ id: number; title: string; release_date: string }>;
    const other = movies.find(
      (movie) => movie.id !== 550 && /^\d{4}/.test(movie.release_date) && /^[A-Za-z ]+$/.test(movie.title),
    )!;
    const year = Number(other.release_date.slice(0, 4));
    const path = join(folder, 'watchlist.csv');
    writeFileSync(
      path,
      `Date,Name,Year,Letterboxd URI\n2024-01-01,Fight Club,1999,https://boxd.it/a\n2024-01-02,${other.title},${year + 3},https://boxd.it/b\n2024-01-03,No Such Picture Anywhere,1888,https://boxd.it/c\n`,
    );
    server.setOnWatchlist('movie', 550, false);
    server.setOnWatchlist('movie', other.id, false);
    await palette(page, 'TMDB: Import from IMDb or Letterboxd…');
    await openInDialog(page, path);
    await pickRow('Your watchlist').click();
    await pickRow(/Matched by title and year/).waitFor({ timeout: scaled(60_000) });
    // Each matched title with its poster, a kept picture (a quick pick drew none from the image host's address).
    await posterOf(pickRow('Fight Club (1999)'));
    // The words say what the keys do.
    await picker()
      .locator('input[placeholder="Space checks and unchecks · Enter or OK imports the checked titles"]')
      .waitFor();
    // A click on Fight Club's checkbox unchecks it, and Enter there checks it again (VS Code's checkbox keeps the focus).
    const fightClubBox = pickRow('Fight Club (1999)').locator('[role=checkbox]');
    await fightClubBox.click();
    await picker().locator('.quick-input-title', { hasText: 'import 0 of 3 titles' }).waitFor();
    await page.keyboard.press('Enter');
    await picker().locator('.quick-input-title', { hasText: 'import 1 of 3 titles' }).waitFor();
    // The keyboard alone: down to the ambiguous one, Space checks it, Enter imports; the choice comes then.
    await focusRow(`${other.title} (${year + 3})`, 'ArrowDown');
    // One candidate: the words say it is another year's, not that more than one fits.
    await pickRow(`${other.title} (${year + 3})`)
      .filter({ hasText: 'TMDB has one title by that name, of another year' })
      .waitFor();
    await page.keyboard.press('Space');
    await picker().locator('.quick-input-title', { hasText: 'import 2 of 3 titles' }).waitFor();
    // Up to Fight Club, and Space leaves it out: the summary counts it as left out by the person.
    await focusRow('Fight Club (1999)', 'ArrowUp');
    await page.keyboard.press('Space');
    await picker().locator('.quick-input-title', { hasText: 'import 1 of 3 titles' }).waitFor();
    await page.keyboard.press('Enter');
    await picker()
      .locator('.quick-input-title', { hasText: `Which is "${other.title} (${year + 3})"?` })
      .waitFor({ timeout: scaled(20_000) });
    await posterOf(pickRow(`${other.title} (${year})`));
    await pickRow(`${other.title} (${year})`).click();
    await until('the chosen one on the watchlist', () => server.watchlistOf('movie').includes(other.id));
    assert.ok(!server.watchlistOf('movie').includes(550), 'Fight Club, left out, is not written');
    // Every row counted: the one imported, the one left out, the one TMDB does not have.
    const summary = await notification(
      'imported 1 of 1 titles into your watchlist. 1 left out by you. 1 not found on TMDB.',
    );
    await summary.hover();
    await summary.locator('.monaco-button', { hasText: 'Show Details' }).first().click();
    // The details: a read-only document of their own, which closes without asking to be saved.
    const tab = page.locator('.tabs-container .tab', { hasText: 'What watchlist.csv did not import' });
    await tab.waitFor({ timeout: scaled(20_000) });
    const lines = page.locator('.editor-instance .view-lines');
    await lines.filter({ hasText: 'Left out by you in the preview:' }).waitFor();
    await lines.filter({ hasText: 'No Such Picture Anywhere' }).waitFor();
    assert.equal(await tab.evaluate((element) => element.classList.contains('dirty')), false, 'nothing to save');
    await closeNotifications();
    await tab.click();
    await page.keyboard.press('Control+W');
    await tab.waitFor({ state: 'hidden', timeout: scaled(10_000) });
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no "save?" dialog');
  });

  it("a Letterboxd diary into what you watched: offered first (Enter takes it), each film with its day in the preview, marked at once, and the film's page says so", async () => {
    const path = join(folder, 'diary.csv');
    writeFileSync(
      path,
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n2024-02-01,Fight Club,1999,https://boxd.it/a,4.5,,,2024-01-31\n',
    );
    await palette(page, 'TMDB: Import from IMDb or Letterboxd…');
    await openInDialog(page, path);
    await picker()
      .locator('.monaco-list-row.focused', { hasText: 'What you watched' })
      .waitFor({ timeout: scaled(20_000) });
    await page.keyboard.press('Enter');
    await pickRow('Fight Club (1999)')
      .filter({ hasText: 'watched 2024-01-31' })
      .waitFor({ timeout: scaled(60_000) });
    await picker().locator('.quick-input-title', { hasText: 'import 1 of 1 titles into what you watched' }).waitFor();
    await page.keyboard.press('Enter');
    await notification('1 movie from diary.csv marked watched.');
    await closeNotifications();
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    const watched = webview(page).locator('button.watched');
    // As it was: the mark taken off from the page.
    await watched.filter({ hasText: '✓ Watched' }).click({ timeout: scaled(20_000) });
    await watched.filter({ hasText: 'Mark as watched' }).waitFor();
    await palette(page, 'View: Close All Editors');
  });
});
