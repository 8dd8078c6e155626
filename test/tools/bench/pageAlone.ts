// npm run bench:page: a movie panel's page alone in Chromium (the harness's, headless, as bench:paint's),
// without the workbench: the page's own share of a panel's time, with a fraction of bench:paint's noise.
// Six pages, each served as a navigation and interleaved (the order turned every round):
//   - empty: the empty webview's page (its title in the HTML, nothing else), as bench:paint's baseline;
//   - movie: Fight Club's page as a panel with its answer in hand writes it (the content in the HTML);
//   - hero first: the same, with everything below the hero shown one frame later (what "send what is above
//     the fold first" would do), to weigh the trade-off;
//   - posted, posted empty, posted hero first: the page up with "Loading…" first and its content (or an
//     <h1> alone) given by a message, through the page's own handler, as when TMDB answers after the page
//     has loaded (the 200 ms latency case); timed from the message;
//   - posted, sections near: the posted page with its sections laid out and painted only when near the
//     screen (CSS content-visibility), the other way to put what is above the fold first.
// Each: from the response's end (the posted ones: from the message) → the title's presentation (Element
// Timing) and → the task after the frame that shows the whole page (a mark set from requestAnimationFrame,
// as the page's own `tmdb:render:frame`, which the posted ones read).
import '../../../src/deferredEntry';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import * as s from '../../../src/tmdb/schemas';
import { shellHtml } from '../../../src/pageHost/shell';
import { renderMovie } from '../../../src/features/titles/html/movie';
import { fightClubAnswer } from '../../tmdb-server/catalogue';
import { loadAverage, row } from './http';
import { median, spread } from './stats';

const ROOT = join(__dirname, '..', '..', '..', '..');
const ROUNDS = Number(process.env.TMDB_PAGE_ROUNDS) || 30;
/** An address no picture loads from (the page sets pictures' `src` after its first frame anyway). */
const NO_PICTURES = 'http://127.0.0.1:1';

/** Marks the frame that shows everything (the task after it), and the title's presentation, for the bench to read. */
const FULL_FRAME = `requestAnimationFrame(() => setTimeout(() => performance.mark('bench:full:frame')))`;

type Variant = 'empty' | 'movie' | 'heroFirst' | 'postedEmpty' | 'posted' | 'postedHeroFirst' | 'postedSectionsNear';
/** Each variant beside its baseline: the difference of paired samples is reported. */
const PAIRS: Array<[Variant, Variant]> = [
  ['movie', 'empty'],
  ['heroFirst', 'empty'],
  ['posted', 'postedEmpty'],
  ['postedHeroFirst', 'posted'],
  ['postedSectionsNear', 'posted'],
];

/**
 * A page that loads with "Loading…" and is then given its content by a message, as with a slow TMDB: the
 * time is from the message (a mark set as it is posted). The content comes through the page's own handler.
 */
function posted(html: string): string {
  const message = JSON.stringify({ type: 'render', seq: 1, title: 'Fight Club', html }).replace(/</g, '\\u003c');
  return `requestAnimationFrame(() => setTimeout(() => { performance.mark('bench:posted'); window.postMessage(${message}, '*'); }));`;
}

function pages(): Record<Variant, string> {
  const asset = (name: string) => readFileSync(join(ROOT, 'dist', 'media', name), 'utf8');
  const ctx = {
    imageBaseUrl: `${NO_PICTURES}/t/p`,
    webBaseUrl: 'https://www.themoviedb.org',
    region: 'US',
    locale: 'en-US',
  };
  const movie = s.movieDetails().parse(fightClubAnswer());
  const html = renderMovie(movie, ctx);
  const page = (style: string, script: string, inHtml = true) =>
    shellHtml({
      ref: { kind: 'movie', id: 550 },
      content: inHtml ? { type: 'render', seq: 1, title: 'Fight Club', html } : undefined,
      nonce: 'bench',
      script: asset('panel.js'),
      style: asset('panel.css') + style,
      logo: asset('tmdb-logo.svg'),
      imageOrigin: NO_PICTURES,
      title: 'TMDB',
      language: 'en',
    }).replace('</body>', `<script nonce="bench">${script}</script></body>`);
  return {
    empty: `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-bench'"></head><body><h1 elementtiming="title">Empty 550</h1><script nonce="bench">${FULL_FRAME}</script></body></html>`,
    movie: page('', FULL_FRAME),
    heroFirst: page(
      '.columns { display: none; }',
      `requestAnimationFrame(() => setTimeout(() => { document.querySelector('.columns').style.display = 'grid'; ${FULL_FRAME}; }));`,
    ),
    postedEmpty: page('', posted('<h1 elementtiming="title">Empty 550</h1>'), false),
    posted: page('', posted(html), false),
    // The whole content in one message, its columns hidden (not laid out) for the frame that shows the hero. The
    // listener is the capturing one on window, so it runs before the page's own (a bubbling one on window).
    postedHeroFirst: page(
      'main.first-frame .columns { display: none; }',
      `addEventListener('message', () => { const main = document.querySelector('main'); main.classList.add('first-frame'); requestAnimationFrame(() => setTimeout(() => { main.classList.remove('first-frame'); ${FULL_FRAME.replace('bench:full:frame', 'bench:rest:frame')}; })); }, { capture: true, once: true }); ${posted(html)}`,
      false,
    ),
    postedSectionsNear: page(
      '#content section { content-visibility: auto; contain-intrinsic-size: auto 360px; }',
      posted(html),
      false,
    ),
  };
}

/** Response end (or the content's message) → title presented, → the full page's frame (ms). */
async function open(page: Page, name: string): Promise<{ title: number; frame: number }> {
  await page.goto(`http://bench.local/${name}`);
  return page.evaluate(
    ({ isPosted, frameMark }) =>
      new Promise<{ title: number; frame: number }>((resolve, reject) => {
        const deadline = performance.now() + 10_000;
        const check = () => {
          const title = (window as unknown as { benchTitle?: number }).benchTitle;
          const frame = performance.getEntriesByName(frameMark)[0];
          const postedMark = performance.getEntriesByName('bench:posted')[0];
          const origin = isPosted
            ? postedMark?.startTime
            : (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd;
          if (title !== undefined && frame && origin !== undefined)
            resolve({ title: title - origin, frame: frame.startTime - origin });
          else if (performance.now() > deadline)
            reject(new Error(`no title's paint or no frame mark in 10 s (${location.pathname})`));
          else setTimeout(check, 10);
        };
        check();
      }),
    {
      isPosted: name.startsWith('posted'),
      frameMark:
        name === 'postedHeroFirst'
          ? 'bench:rest:frame'
          : name.startsWith('posted')
            ? 'tmdb:render:frame'
            : 'bench:full:frame',
    },
  );
}

async function main(): Promise<void> {
  const h = (await import(pathToFileURL(join(ROOT, 'test', 'harness', 'vscode.mjs')).href)) as typeof import(
    '../../harness/vscode.mjs',
    { with: { 'resolution-mode': 'import' } }
  );
  const bodies = pages();
  const browser = await h.launchBrowser();
  const before = loadAverage();
  const samples = Object.fromEntries(
    Object.keys(bodies).map((name) => [name, [] as Array<{ title: number; frame: number }>]),
  ) as Record<Variant, Array<{ title: number; frame: number }>>;
  try {
    // The webview's size in bench:paint's window.
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await page.addInitScript(() => {
      (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({
        postMessage() {},
        getState() {},
        setState() {},
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { identifier?: string; renderTime?: number; loadTime?: number }
        >) {
          if (entry.identifier === 'title')
            (window as unknown as { benchTitle?: number }).benchTitle = entry.renderTime || entry.loadTime;
        }
      }).observe({ type: 'element', buffered: true });
    });
    await page.route('http://bench.local/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: bodies[new URL(route.request().url()).pathname.slice(1) as Variant],
      }),
    );
    const names = Object.keys(samples) as Variant[];
    for (let round = -3; round < ROUNDS; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + Math.max(round, 0)) % names.length]!;
        const figures = await open(page, name);
        if (round >= 0) samples[name]!.push(figures);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(
    `npm run bench:page — a movie panel's page alone in headless Chromium (no workbench), ${ROUNDS} interleaved rounds; ${before} → ${loadAverage()}`,
  );
  console.log(
    `  the page: ${(bodies.movie.length / 1024).toFixed(0)} KB of HTML with its content (Fight Club, all sections); times after the response's end`,
  );
  console.log(
    '  posted: the page loads with "Loading…" and gets its content by a message (as when TMDB answers after the page is up); times after the message',
  );
  console.log(
    '  postedHeroFirst: the same, its columns hidden (not laid out) for the frame that shows the hero, shown one frame later',
  );
  for (const figure of ['title', 'frame'] as const) {
    const what = figure === 'title' ? "the title's presentation" : "the full page's frame";
    for (const [name, values] of Object.entries(samples))
      row(
        `    ${name}: ${what}`,
        `${median(values.map((x) => x[figure])).toFixed(0)} ms`,
        spread(values.map((x) => x[figure])),
      );
    for (const [name, baseline] of PAIRS) {
      const paired = samples[name].map((x, i) => x[figure] - samples[baseline][i]![figure]);
      row(`    ${name} minus ${baseline}, paired: ${what}`, `${median(paired).toFixed(0)} ms`, spread(paired));
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
