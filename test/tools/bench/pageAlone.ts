// npm run bench:page: a movie panel's page alone in Chromium (the harness's, headless, as bench:paint's),
// without the workbench: the page's own share of a panel's time, with a fraction of bench:paint's noise.
// Three pages, each served as a navigation and interleaved (the order turned every round):
//   - empty: the empty webview's page (its title in the HTML, nothing else), as bench:paint's baseline;
//   - movie: Fight Club's page as a panel with its answer in hand writes it (the content in the HTML);
//   - hero first: the same, with everything below the hero shown one frame later (what "send what is above
//     the fold first" would do), to weigh the trade-off.
// Each: response end → the title's presentation (Element Timing) and → the task after the frame that shows
// the whole page (a mark set from requestAnimationFrame, as the page's own `tmdb:render:frame`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import * as s from '../../../src/tmdb/schemas';
import { shellHtml } from '../../../src/webview/html/shell';
import { renderMovie } from '../../../src/webview/html/movie';
import { fightClubAnswer } from '../../tmdb-server/catalogue';
import { loadAverage, row } from './http';
import { median, spread } from './stats';

const ROOT = join(__dirname, '..', '..', '..', '..');
const ROUNDS = Number(process.env.TMDB_PAGE_ROUNDS) || 30;
/** An address no picture loads from (the page sets pictures' `src` after its first frame anyway). */
const NO_PICTURES = 'http://127.0.0.1:1';

/** Marks the frame that shows everything (the task after it), and the title's presentation, for the bench to read. */
const FULL_FRAME = `requestAnimationFrame(() => setTimeout(() => performance.mark('bench:full:frame')))`;

function pages(): Record<'empty' | 'movie' | 'heroFirst', string> {
  const asset = (name: string) => readFileSync(join(ROOT, 'dist', 'media', name), 'utf8');
  const ctx = { imageBaseUrl: `${NO_PICTURES}/t/p`, webBaseUrl: 'https://www.themoviedb.org', region: 'US', locale: 'en-US' };
  const movie = s.movieDetails().parse(fightClubAnswer());
  const page = (style: string, script: string) =>
    shellHtml({
      ref: { kind: 'movie', id: 550 },
      content: { type: 'render', seq: 1, title: 'Fight Club', html: renderMovie(movie, ctx) },
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
    heroFirst: page('.columns { display: none; }', `requestAnimationFrame(() => setTimeout(() => { document.querySelector('.columns').style.display = 'grid'; ${FULL_FRAME}; }));`),
  };
}

/** Response end → title presented, → the full page's frame (ms). */
async function open(page: Page, name: string): Promise<{ title: number; frame: number }> {
  await page.goto(`http://bench.local/${name}`);
  return page.evaluate(
    () =>
      new Promise<{ title: number; frame: number }>((resolve, reject) => {
        const deadline = performance.now() + 10_000;
        const check = () => {
          const title = (window as unknown as { benchTitle?: number }).benchTitle;
          const frame = performance.getEntriesByName('bench:full:frame')[0];
          const { responseEnd } = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          if (title !== undefined && frame) resolve({ title: title - responseEnd, frame: frame.startTime - responseEnd });
          else if (performance.now() > deadline) reject(new Error(`no title's paint or no frame mark in 10 s (${location.pathname})`));
          else setTimeout(check, 10);
        };
        check();
      }),
  );
}

async function main(): Promise<void> {
  const h = (await import(pathToFileURL(join(ROOT, 'test', 'harness', 'vscode.mjs')).href)) as typeof import('../../harness/vscode.mjs', { with: { 'resolution-mode': 'import' } });
  const bodies = pages();
  const browser = await h.launchBrowser();
  const before = loadAverage();
  const samples: Record<string, Array<{ title: number; frame: number }>> = { empty: [], movie: [], heroFirst: [] };
  try {
    // The webview's size in bench:paint's window.
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await page.addInitScript(() => {
      (window as unknown as { acquireVsCodeApi: () => unknown }).acquireVsCodeApi = () => ({ postMessage() {}, getState() {}, setState() {} });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { identifier?: string; renderTime?: number; loadTime?: number }>) {
          if (entry.identifier === 'title') (window as unknown as { benchTitle?: number }).benchTitle = entry.renderTime || entry.loadTime;
        }
      }).observe({ type: 'element', buffered: true });
    });
    await page.route('http://bench.local/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: bodies[new URL(route.request().url()).pathname.slice(1) as keyof typeof bodies] }));
    const names = Object.keys(samples);
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
  console.log(`npm run bench:page — a movie panel's page alone in headless Chromium (no workbench), ${ROUNDS} interleaved rounds; ${before} → ${loadAverage()}`);
  console.log(`  the page: ${(bodies.movie.length / 1024).toFixed(0)} KB of HTML with its content (Fight Club, all sections); times after the response's end`);
  for (const figure of ['title', 'frame'] as const) {
    const what = figure === 'title' ? "the title's presentation" : "the full page's frame";
    for (const name of ['empty', 'movie', 'heroFirst'] as const) row(`    ${name}: ${what}`, `${median(samples[name]!.map((x) => x[figure])).toFixed(0)} ms`, spread(samples[name]!.map((x) => x[figure])));
    for (const name of ['movie', 'heroFirst'] as const) {
      const paired = samples[name]!.map((x, i) => x[figure] - samples.empty[i]![figure]);
      row(`    ${name} minus empty, paired: ${what}`, `${median(paired).toFixed(0)} ms`, spread(paired));
    }
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
