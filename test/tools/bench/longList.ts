// npm run bench:list: a 1,000-title watchlist as a person meets it, in the real workbench (VS Code's
// server, headless Chromium, the VSIX installed, signed in from the palette). After each window reload
// (nothing kept in memory: the account's lists are not kept on disk), once the workbench draws its frames
// on time again, the Watchlist's header is clicked and, read inside the workbench's own frames
// (requestAnimationFrame, in the page's clock):
//   - first rows: the first frame that shows a title of the list ("Movie 1", the newest);
//   - all of it: the first frame whose tree holds every title (aria-setsize of the titles' rows) and no
//     "Loading…" row, with no action of the person's;
// beside Favorites (the demo account's own, one page) and the baseline, a view of an extension of its own
// in the same side bar whose rows are in hand (./emptyTree), opened the same way after the same reload:
// paired, the rounds going through the six orders of the three. The stand-in runs in its own process; the load average is printed.
// Each pane is opened for the first time since the reload, as a person opens a folded view: VS Code 1.139
// builds a view's tree then, and left alone would draw its rows 2 s later (see src/tree/treeProvider.ts).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  harness,
  openTmdbContainer,
  peopleListed,
  reloadWindow,
  ROOT,
  setPane,
  settled,
  signInFromPalette,
} from '../../e2e/workbench';
import { loadAverage, packageBaseline, row, startStandInProcess } from './http';
import { judged, median, spread } from './stats';

const TITLES = 1000;
const ROUNDS = Number(process.env.TMDB_LIST_ROUNDS) || 6;

interface Shown {
  /** Click → the first frame with a title of the list. */
  first: number;
  /** Click → the first frame with every title and nothing loading. */
  all: number;
  /** The click's wall-clock time (to read beside the extension's log). */
  clickedAt: number;
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
        // Rows drawn before (a pane restored open after the reload, folded after): the click would load nothing.
        if (pane.querySelector('.monaco-list-row[aria-level="2"]'))
          return reject(new Error(`${title} has its rows before the click`));
        const clicked = performance.now();
        const clickedAt = Date.now();
        header.click();
        let first: number | undefined;
        const deadline = clicked + 60_000;
        const frame = (now: number) => {
          const rows = Array.from(pane.querySelectorAll<HTMLElement>('.monaco-list-row'));
          const titles = rows.filter((r) => r.getAttribute('aria-level') === '2');
          if (first === undefined && titles.some((r) => (r.getAttribute('aria-label') ?? '').startsWith(firstTitle)))
            first = now - clicked;
          const whole = count === undefined || titles.some((r) => r.getAttribute('aria-setsize') === String(count));
          const loading = rows.some((r) => /Loading/.test(r.textContent ?? ''));
          if (first !== undefined && whole && !loading) return resolve({ first, all: now - clicked, clickedAt });
          if (now > deadline)
            return reject(new Error(`${title}: ${first === undefined ? 'no row' : 'not whole'} after 60 s`));
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { title, firstTitle, count },
  );
}

/** The panes measured, each opened once a round; the rounds go through the six orders in turn. */
const PANES = [
  { key: 'watchlist', title: 'Watchlist', firstTitle: 'Movie 1', count: TITLES },
  { key: 'favorites', title: 'Favorites', firstTitle: '' },
  { key: 'baseline', title: 'Bench Rows', firstTitle: 'Movie 1' },
] as const;

/**
 * Every order of the three panes: a pane opened later finds the workbench further from its reload and the
 * side bar with less room, so each pane comes first, second and third as often as the others (6 rounds, 12…).
 */
const ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [0, 2, 1],
  [2, 1, 0],
  [1, 0, 2],
] as const;

async function main(): Promise<void> {
  const h = await harness();
  const server = await startStandInProcess({ fillWatchlist: TITLES });
  const vscode = await h.startVsCode({
    name: 'list',
    vsix: [process.env.TMDB_LIST_VSIX ?? join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix'), packageBaseline('emptyTree')],
    ...(process.env.TMDB_LIST_LOG ? { logLevel: 'trace' } : {}),
    settings: {
      'tmdb.apiBaseUrl': server.url,
      'tmdb.language': 'en-US',
      'workbench.startupEditor': 'none',
      'workbench.welcomePage.walkthroughs.openOnInstall': false,
      ...(process.env.TMDB_LIST_NO_UPNEXT ? { 'tmdb.upNext.statusBar': false } : {}),
    },
  });
  const browser = await h.launchBrowser();
  const samples: Record<(typeof PANES)[number]['key'], Shown[]> = { watchlist: [], favorites: [], baseline: [] };
  const folded = ['Watchlist', 'Favorites', 'Bench Rows', 'My Lists'];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    /**
     * The TMDB container shown, the measured panes and My Lists folded (setup, not measured; My Lists is
     * folded as it starts, sign-in opened it), and the extension up: its Trending People rows.
     */
    const fold = async () => {
      for (const title of folded) await setPane(page, title, false);
    };
    const ready = async () => {
      await openTmdbContainer(page);
      await fold();
      await peopleListed(page);
    };
    await page.goto(h.workbenchUrl(vscode, vscode.workspace));
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    // The walkthrough is switched off here (it would come over the workbench after each install).
    await signInFromPalette(page, { firstTime: false });
    // Folded before the first reload as before every other: each round's panes are opened for the first time
    // since the reload (a pane restored open, then folded, has had its tree built already).
    await ready();

    const before = loadAverage();
    for (let round = 0; round < ROUNDS; round++) {
      await reloadWindow(page);
      await ready();
      for (const index of ORDERS[round % ORDERS.length]!) {
        const pane = PANES[index]!;
        if (!process.env.TMDB_LIST_UNSETTLED) await settled(page);
        samples[pane.key].push(
          await openAndWatch(page, pane.title, pane.firstTitle, 'count' in pane ? pane.count : undefined),
        );
      }
      // Folded before the reload, so the window comes back with them folded (not drawn, then folded).
      await fold();
    }
    console.log(
      `npm run bench:list — code-server (VS Code's server) and headless Chromium, ${new Date().toISOString()}; ${before} → ${loadAverage()}`,
    );
    const when = process.env.TMDB_LIST_UNSETTLED
      ? 'clicked as soon as Trending People shows'
      : 'clicked once the workbench draws frames on time';
    console.log(
      `\nA ${TITLES.toLocaleString('en-US')}-title watchlist after a window reload (${ROUNDS} rounds, ${when}; click on its header → the frame; median, min–max)`,
    );
    const firsts = (key: keyof typeof samples) => samples[key].map((shown) => shown.first);
    const minusBaseline = (key: keyof typeof samples) =>
      samples[key].map((shown, i) => shown.first - samples.baseline[i]!.first);
    row(
      '    baseline (a view whose 20 rows are in hand): first rows',
      `${median(firsts('baseline')).toFixed(0)} ms`,
      spread(firsts('baseline')),
    );
    row('    watchlist: first rows', `${median(firsts('watchlist')).toFixed(0)} ms`, spread(firsts('watchlist')));
    const firstMinusBaseline = minusBaseline('watchlist');
    row(
      '    watchlist minus baseline, paired',
      `${median(firstMinusBaseline).toFixed(0)} ms`,
      judged(firstMinusBaseline, 300),
    );
    const all = samples.watchlist.map((shown) => shown.all);
    const allMinusBaseline = samples.watchlist.map((shown, i) => shown.all - samples.baseline[i]!.first);
    row(`    watchlist: all ${TITLES.toLocaleString('en-US')}, no action`, `${median(all).toFixed(0)} ms`, spread(all));
    row(
      `    watchlist: all ${TITLES.toLocaleString('en-US')} minus the baseline's first rows, paired`,
      `${median(allMinusBaseline).toFixed(0)} ms`,
      judged(allMinusBaseline, 2000),
    );
    row(
      '    Favorites (one page) minus baseline, paired',
      `${median(minusBaseline('favorites')).toFixed(0)} ms`,
      spread(minusBaseline('favorites')),
    );
    if (process.env.TMDB_LIST_LOG) {
      for (const [name, shown] of Object.entries(samples))
        for (const s of shown)
          console.log(
            `${name}: clicked ${new Date(s.clickedAt).toISOString()}, first +${s.first.toFixed(0)}, all +${s.all.toFixed(0)}`,
          );
    }
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
