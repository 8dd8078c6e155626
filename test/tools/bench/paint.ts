// npm run bench:paint: how long "TMDB: Open Movie…" takes, from Enter in the input box to the title painted
// in the panel, against a static webview that holds its title from the start, in the same real workbench
// (VS Code's server, headless Chromium), interleaved (empty, movie, empty, movie…), each movie opened
// cold (a different title each time). Timed inside the frames, not by Playwright's polling: each page's
// `tmdb:render` User Timing mark (set when its title goes in) against the time of Enter read in the
// workbench, both in absolute high-resolution time (performance.timeOrigin + …). Run on loopback and with 200 ms added to each TMDB answer.
// The stand-in runs in its own process (faults sent to it on its standard input).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { READ_TOKEN } from '../../support/fixtures';
import { loadCatalogue } from '../../tmdb-server/catalogue';
import { answerInput, harness, palette, ROOT } from '../../e2e/workbench';
import { median, row, startStandInProcess } from './http';

// 20 pairs: with 10, the median of the paired differences moved by 20 ms from run to run on this machine.
const ROUNDS = Number(process.env.TMDB_PAINT_ROUNDS) || 20;
const PAUSE_MS = Number(process.env.TMDB_PAINT_PAUSE_MS) || 0;

/**
 * When a frame's title went in: its `tmdb:render` User Timing mark (the page script sets it right after
 * the content goes in; the baseline right after its <h1>), in absolute ms (timeOrigin + startTime).
 */
async function paintedAt(page: Page, title: RegExp, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const seen = await frame
        .evaluate(() => {
          const mark = performance.getEntriesByName('tmdb:render')[0];
          return mark ? { at: performance.timeOrigin + mark.startTime, text: document.querySelector('h1')?.textContent ?? '' } : undefined;
        })
        .catch(() => undefined);
      if (seen && title.test(seen.text)) return seen.at;
    }
    if (Date.now() > deadline) {
      const seen = await Promise.all(page.frames().map((frame) => frame.evaluate(() => `h1=${document.querySelector('h1')?.textContent} marks=${performance.getEntriesByType('mark').map((m) => m.name)}`).catch((e) => String(e).slice(0, 80))));
      throw new Error(`no title matching ${title} went in:\n${seen.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function openAndTime(page: Page, command: string, id: number, title: RegExp): Promise<number> {
  await palette(page, command);
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(String(id));
  // TMDB_PAINT_PAUSE_MS: wait before Enter, as a person does after typing. VS Code checks what is typed
  // (the id's `validateInput`) after a 100 ms pause, or on Enter if that comes sooner — a round trip to
  // the extension host that the static baseline, which checks nothing, does not make.
  if (PAUSE_MS) await page.waitForTimeout(PAUSE_MS);
  const enter = await page.evaluate(() => performance.timeOrigin + performance.now());
  await page.keyboard.press('Enter');
  const painted = await paintedAt(page, title);
  await palette(page, 'View: Close All Editors');
  return painted - enter;
}

function packageBaseline(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-empty-'));
  cpSync(join(ROOT, 'test', 'tools', 'bench', 'emptyWebview'), dir, { recursive: true });
  const vsix = join(dir, 'empty.vsix');
  execFileSync(join(ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--allow-missing-repository', '--skip-license', '--out', vsix], { cwd: dir, stdio: 'ignore' });
  return vsix;
}

async function main(): Promise<void> {
  const h = await harness();
  const server = await startStandInProcess();
  const { url } = server;
  const baseline = packageBaseline();
  const vscode = await h.startVsCode({
    name: 'paint',
    // TMDB_PAINT_VSIX measures another build (an older commit, say) the same way.
    vsix: [process.env.TMDB_PAINT_VSIX ?? join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix'), baseline],
    settings: { 'tmdb.apiBaseUrl': url, 'tmdb.webBaseUrl': url, 'tmdb.imageBaseUrl': `${url}/t/p`, 'tmdb.language': 'en-US', 'workbench.startupEditor': 'none' },
  });
  const browser = await h.launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(h.workbenchUrl(vscode, vscode.workspace));
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(3000);
    await palette(page, 'TMDB: Set API Token');
    await answerInput(page, READ_TOKEN);
    await page.waitForTimeout(1000);
    await palette(page, 'View: Close All Editors');

    const movies = [...loadCatalogue().movieDetails.values()].filter((movie) => movie.id !== 550);
    let next = 0;
    const run = async (latencyMs: number) => {
      server.clearFaults();
      if (latencyMs) server.inject({ path: '/3/movie/', kind: 'latency', ms: latencyMs });
      // One of each first, not counted: the first webview of a kind loads the workbench's webview code.
      await openAndTime(page, 'Bench: Open Empty Webview…', 1, /^Empty 1$/);
      const warm = movies[next++]!;
      await openAndTime(page, 'TMDB: Open Movie…', warm.id, new RegExp(`^${escape(warm.title)}`));
      const empty: number[] = [];
      const movie: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const title = movies[next++]!;
        const pair = [
          async () => empty.push(await openAndTime(page, 'Bench: Open Empty Webview…', round + 2, new RegExp(`^Empty ${round + 2}$`))),
          async () => movie.push(await openAndTime(page, 'TMDB: Open Movie…', title.id, new RegExp(`^${escape(title.title)}`))),
        ];
        for (const step of round % 2 === 0 ? pair : [...pair].reverse()) await step();
      }
      const differences = movie.map((value, i) => value - empty[i]!);
      console.log(`\n${latencyMs ? `With ${latencyMs} ms added to each TMDB answer` : 'On loopback'} (${ROUNDS} interleaved pairs, each movie cold)`);
      row('    empty static webview: Enter → title in', `${median(empty).toFixed(0)} ms`, `min ${Math.min(...empty).toFixed(0)}, max ${Math.max(...empty).toFixed(0)}`);
      row('    TMDB: Open Movie…: Enter → title in', `${median(movie).toFixed(0)} ms`, `min ${Math.min(...movie).toFixed(0)}, max ${Math.max(...movie).toFixed(0)}`);
      row('    movie minus empty, paired', `${median(differences).toFixed(0)} ms`, `min ${Math.min(...differences).toFixed(0)}, max ${Math.max(...differences).toFixed(0)}; target: within 60 ms`);
    };
    console.log(`npm run bench:paint — code-server (VS Code's server) and headless Chromium, ${new Date().toISOString()}${PAUSE_MS ? `; Enter ${PAUSE_MS} ms after typing` : '; Enter right after typing'}`);
    await run(0);
    await run(200);
  } finally {
    await browser.close();
    await vscode.stop();
    await server.stop();
    rmSync(join(baseline, '..'), { recursive: true, force: true });
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
