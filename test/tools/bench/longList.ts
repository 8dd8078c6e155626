// npm run bench:list: a 1,000-title watchlist as a person meets it, in the real workbench (VS Code's
// server, headless Chromium, the VSIX installed, signed in from the palette). After each window reload
// (nothing kept in memory: the account's lists are not kept on disk), the Watchlist's header is clicked
// and, read inside the workbench's own frames (requestAnimationFrame, in the page's clock):
//   - first rows: the first frame that shows a title of the list ("Movie 1", the newest);
//   - all of it: the first frame whose tree holds every title (aria-setsize of the titles' rows) and no
//     "Loading…" row, with no action of the person's;
// beside Favorites (the demo account's own, one page) opened the same way after the same reload: paired,
// the order swapped every round. The stand-in runs in its own process; the load average is printed.
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { harness, openTmdbContainer, reloadWindow, ROOT, setPane, signInFromPalette } from '../../e2e/workbench';
import { loadAverage, median, row, spread, startStandInProcess } from './http';

const TITLES = 1000;
const ROUNDS = Number(process.env.TMDB_LIST_ROUNDS) || 6;

interface Shown {
  /** Click → the first frame with a title of the list. */
  first: number;
  /** Click → the first frame with every title and nothing loading. */
  all: number;
}

/**
 * Clicks the header of the pane `title` inside the page and watches its frames: first, a title row (level 2,
 * under a group) whose label starts with `firstTitle`; then, with `count`, the tree holding that many
 * titles (rows whose aria-setsize is `count`) and no "Loading…" row.
 */
async function openAndWatch(page: Page, title: string, firstTitle: string, count?: number): Promise<Shown> {
  return page.evaluate(
    ({ title, firstTitle, count }) =>
      new Promise<Shown>((resolve, reject) => {
        const header = document.querySelector<HTMLElement>(`.part.sidebar .pane-header[aria-label^="${title}"]`);
        if (!header) return reject(new Error(`no pane ${title}`));
        if (header.getAttribute('aria-expanded') === 'true') return reject(new Error(`${title} is open already`));
        const pane = header.closest('.pane')!;
        const clicked = performance.now();
        header.click();
        let first: number | undefined;
        const deadline = clicked + 60_000;
        const frame = (now: number) => {
          const rows = Array.from(pane.querySelectorAll<HTMLElement>('.monaco-list-row'));
          const titles = rows.filter((r) => r.getAttribute('aria-level') === '2');
          if (first === undefined && titles.some((r) => (r.getAttribute('aria-label') ?? '').startsWith(firstTitle))) first = now - clicked;
          const whole = count === undefined || titles.some((r) => r.getAttribute('aria-setsize') === String(count));
          const loading = rows.some((r) => /Loading/.test(r.textContent ?? ''));
          if (first !== undefined && whole && !loading) return resolve({ first, all: now - clicked });
          if (now > deadline) return reject(new Error(`${title}: ${first === undefined ? 'no row' : 'not whole'} after 60 s`));
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { title, firstTitle, count },
  );
}

async function main(): Promise<void> {
  const h = await harness();
  const server = await startStandInProcess({ fillWatchlist: TITLES });
  const vscode = await h.startVsCode({
    name: 'list',
    vsix: [process.env.TMDB_LIST_VSIX ?? join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix')],
    ...(process.env.TMDB_LIST_LOG ? { logLevel: 'trace' } : {}),
    settings: { 'tmdb.apiBaseUrl': server.url, 'tmdb.language': 'en-US', 'workbench.startupEditor': 'none', 'workbench.welcomePage.walkthroughs.openOnInstall': false, ...(process.env.TMDB_LIST_NO_UPNEXT ? { 'tmdb.upNext.statusBar': false } : {}) },
  });
  const browser = await h.launchBrowser();
  const samples = { watchlist: [] as Shown[], favorites: [] as Shown[] };
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    /**
     * The TMDB container shown, Watchlist, Favorites and My Lists folded (setup, not measured; My Lists is
     * folded as it starts, sign-in opened it), and the extension up: its Trending People rows.
     */
    const ready = async () => {
      await openTmdbContainer(page);
      for (const title of ['Watchlist', 'Favorites', 'My Lists']) await setPane(page, title, false);
      const trending = page.locator('.part.sidebar .pane', { has: page.locator('.pane-header[aria-label^="Trending People"]') });
      await trending.locator('.monaco-list-row').first().waitFor({ timeout: 60_000 });
    };
    await page.goto(h.workbenchUrl(vscode, vscode.workspace));
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    // The walkthrough is switched off here (it would come over the workbench after each install).
    await signInFromPalette(page, { firstTime: false });

    const before = loadAverage();
    for (let round = 0; round < ROUNDS; round++) {
      await reloadWindow(page);
      await ready();
      const steps = [
        async () => samples.watchlist.push(await openAndWatch(page, 'Watchlist', 'Movie 1', TITLES)),
        async () => samples.favorites.push(await openAndWatch(page, 'Favorites', '')),
      ];
      for (const step of round % 2 === 0 ? steps : [...steps].reverse()) await step();
    }
    console.log(`npm run bench:list — code-server (VS Code's server) and headless Chromium, ${new Date().toISOString()}; ${before} → ${loadAverage()}`);
    console.log(`\nA ${TITLES.toLocaleString('en-US')}-title watchlist, shown after a window reload (${ROUNDS} rounds; click on its header → the frame; median, min–max)`);
    for (const [name, values, target] of [
      ['first rows', samples.watchlist.map((s) => s.first), 300],
      [`all ${TITLES.toLocaleString('en-US')}, no action`, samples.watchlist.map((s) => s.all), 2000],
      ['Favorites (one page): first rows', samples.favorites.map((s) => s.first), undefined],
    ] as const) {
      row(`    ${name}`, `${median(values).toFixed(0)} ms`, `${spread(values)}${target ? `; target ≤ ${target} ms` : ''}`);
    }
    const paired = samples.watchlist.map((s, i) => s.first - samples.favorites[i]!.first);
    row('    first rows, watchlist minus Favorites, paired', `${median(paired).toFixed(0)} ms`, spread(paired));
  } finally {
    if (process.env.TMDB_LIST_LOG) cpSync(vscode.logsDir, process.env.TMDB_LIST_LOG, { recursive: true });
    await browser.close();
    await vscode.stop();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
