// npm run bench:editor: TMDB in the editor as a person feels it, in the real workbench (VS Code's server,
// headless Chromium, the packaged VSIX; the stand-in in its own process). Two 10 MB Markdown files of the
// same prose: one with about 1,000 TMDB and IMDb references (our links), the other with an address at
// each of the same places (VS Code's own link detector, in its worker: the baseline). For each, opened
// through Go to File, interleaved (A B, then B A), the first time and again:
//   - time to links: Enter → the first link drawn in view (VS Code waits a second before it asks for
//     links, for both alike);
//   - keys typed one by one (110 ms apart) at the top of the open file: each key's keydown → the frame
//     after the line changed, read in the page (a scan under way must not hold a key);
// then the requests TMDB was asked while all that happened (none is the promise), and while the mouse
// rested on ten references twice (each title once).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { answerInput, harness, palette, ROOT } from '../../e2e/workbench';
import { awayFromHovers } from '../../e2e/workbench';
import { READ_TOKEN } from '../../support/fixtures';
import { loadAverage, row, startStandInProcess } from './http';
import { median, spread } from './stats';

const ROUNDS = Number(process.env.TMDB_EDITOR_ROUNDS) || 6;
const KEYS = 12;
const KEY_DELAY_MS = 110;
const SIZE = 10 * 1024 * 1024;
const PROSE = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ';

/** 10 MB of prose: line i + 1 starts with `mark(i)`, and goes on for 10 KB. */
function tenMegabytes(mark: (i: number) => string): string {
  const parts = [`${mark(0)} notes\n`];
  let length = 0;
  for (let i = 1; length < SIZE; i++) {
    const line = `${mark(i)}: ${PROSE.repeat(100)}\n`;
    parts.push(line);
    length += line.length;
  }
  return parts.join('');
}

/** The first ten lines' references: titles and people the stand-in knows (the cards measured). */
const KNOWN = [
  'tmdb:movie/550',
  'tt0137523',
  'tmdb:tv/1399',
  'tt0944947',
  'tmdb:person/287',
  'nm0000093',
  'tmdb:collection/10',
  'tmdb:movie/11',
  'tmdb:movie/13',
  'tmdb:tv/1396',
];

const FILES = {
  tmdb: {
    name: 'tmdb-10mb.md',
    text: () => tenMegabytes((i) => KNOWN[i] ?? (i % 2 ? `tt${1_000_000 + i}` : `tmdb:movie/${i + 1}`)),
  },
  baseline: { name: 'urls-10mb.md', text: () => tenMegabytes((i) => `https://example.com/title/${i + 1}`) },
} as const;
type Variant = keyof typeof FILES;

/** Go to File, Enter, and the time (page clock) from Enter to the first link drawn in view. */
async function timeToLinks(page: Page, name: string): Promise<number> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  // The row in focus is the file's (the one opened last can come first otherwise).
  await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: name }).first().waitFor();
  // Listening first (awaited), then Enter: the keydown's own time stamp is where the wait starts.
  await page.evaluate(() => {
    const w = window as unknown as { enteredAt?: number };
    w.enteredAt = undefined;
    addEventListener('keydown', (event) => void (event.key === 'Enter' && (w.enteredAt ??= event.timeStamp)), {
      capture: true,
    });
  });
  await page.keyboard.press('Enter');
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const w = window as unknown as { enteredAt?: number };
        const deadline = performance.now() + 60_000;
        const frame = (now: number) => {
          if (w.enteredAt !== undefined && document.querySelector('.part.editor .view-lines span.detected-link'))
            return resolve(now - w.enteredAt);
          if (now > deadline) return reject(new Error('no link drawn in 60 s'));
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Keys typed one by one at the top of the open file: each key's keydown → the frame after its line changed. */
async function keyLatencies(page: Page): Promise<number[]> {
  await page.keyboard.press('Control+Home');
  await page.evaluate(() => {
    const w = window as unknown as { keyTimes: number[]; pending?: number };
    w.keyTimes = [];
    const lines = document.querySelector('.part.editor .view-lines')!;
    addEventListener('keydown', (event) => void (w.pending = event.timeStamp), { capture: true });
    new MutationObserver(() => {
      const pressed = w.pending;
      if (pressed === undefined) return;
      w.pending = undefined;
      requestAnimationFrame((now) => w.keyTimes.push(now - pressed));
    }).observe(lines, { subtree: true, childList: true, characterData: true });
  });
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type('x');
    await page.waitForTimeout(KEY_DELAY_MS);
  }
  await page.waitForTimeout(500);
  const times = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
  // Put back as it was (the next round opens it as on disk): the keys typed are one undo step.
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Z');
  await page.locator('.part.editor .tab.active.dirty').waitFor({ state: 'detached', timeout: 10_000 });
  await palette(page, 'View: Close All Editors');
  await page.locator('.part.editor .tab').first().waitFor({ state: 'detached', timeout: 10_000 });
  return times;
}

/**
 * The mouse on a reference at the top of the view until its card shows. In a file this large VS Code draws
 * without colours, and a word under the cursor is drawn apart: the reference's first part is looked for.
 */
async function hoverRef(page: Page, ref: string): Promise<void> {
  const start = ref.slice(0, 4);
  const link = page
    .locator('.part.editor .view-lines span.detected-link')
    .filter({ hasText: new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first();
  const card = page.locator('.monaco-hover:not(.hidden) strong').first();
  for (let attempt = 1; ; attempt++) {
    await awayFromHovers(page);
    await link.waitFor({ timeout: 20_000 });
    const box = (await link.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    try {
      return await card.waitFor({ timeout: 10_000 });
    } catch (error) {
      if (attempt === 3) throw new Error(`no card over ${ref}`, { cause: error });
    }
  }
}

async function main(): Promise<void> {
  const h = await harness();
  const server = await startStandInProcess();
  const vscode = await h.startVsCode({
    name: 'editor-bench',
    vsix: join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix'),
    settings: {
      'tmdb.apiBaseUrl': server.url,
      'tmdb.webBaseUrl': server.url,
      'tmdb.imageBaseUrl': `${server.url}/t/p`,
      'tmdb.language': 'en-US',
      'tmdb.region': 'US',
      'workbench.startupEditor': 'none',
      // A person opens a 10 MB file anyway (VS Code for the Web asks first, from 10 MB on).
      'workbench.editorLargeFileConfirmation': 1024,
      'workbench.welcomePage.walkthroughs.openOnInstall': false,
    },
  });
  for (const file of Object.values(FILES)) writeFileSync(join(vscode.workspace, file.name), file.text());
  const browser = await h.launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    await page.goto(h.workbenchUrl(vscode, vscode.workspace));
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
    await palette(page, 'TMDB: Set API Token');
    await answerInput(page, READ_TOKEN, 'Paste your TMDB API Read Access Token');
    const before = await server.requestCount();

    console.log(
      `\nTMDB in the editor: two 10 MB Markdown files in the real workbench, ${ROUNDS} rounds (${loadAverage()})`,
    );
    const links: Record<Variant, number[]> = { tmdb: [], baseline: [] };
    const keys: Record<Variant, number[]> = { tmdb: [], baseline: [] };
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order: Variant[] = round % 2 === 0 ? ['tmdb', 'baseline'] : ['baseline', 'tmdb'];
      const took: Partial<Record<Variant, number>> = {};
      for (const variant of order) {
        took[variant] = await timeToLinks(page, FILES[variant].name);
        links[variant].push(took[variant]!);
        keys[variant].push(...(await keyLatencies(page)));
      }
      ratios.push(took.tmdb! / took.baseline!);
    }
    const during = (await server.requestCount()) - before;
    row(
      '  time to links: our references (first open)',
      `${links.tmdb[0]!.toFixed(0)} ms`,
      `then median ${median(links.tmdb.slice(1)).toFixed(0)} ms (${spread(links.tmdb.slice(1))})`,
    );
    row(
      "  time to links: addresses, VS Code's own (first open)",
      `${links.baseline[0]!.toFixed(0)} ms`,
      `then median ${median(links.baseline.slice(1)).toFixed(0)} ms (${spread(links.baseline.slice(1))})`,
    );
    row("  ours against VS Code's own, paired", `${median(ratios).toFixed(2)}x`, `(${spread(ratios, 2)})`);
    row(
      '  a key typed, keydown → painted: ours',
      `${median(keys.tmdb).toFixed(0)} ms`,
      `(${spread(keys.tmdb)}; ${keys.tmdb.length} keys)`,
    );
    row(
      "  a key typed, keydown → painted: VS Code's own",
      `${median(keys.baseline).toFixed(0)} ms`,
      `(${spread(keys.baseline)}; ${keys.baseline.length} keys)`,
    );
    row('  requests to TMDB while opening, linking and typing', String(during), 'want 0');

    // The mouse on ten references, twice each: each title asked once (its find, its answer, its picture).
    await timeToLinks(page, FILES.tmdb.name);
    const start = await server.requestCount();
    const refs = KNOWN;
    // The first screen holds line 1's reference only: the others are reached with Go to Line.
    const perPass: number[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const at = await server.requestCount();
      for (let i = 0; i < refs.length; i++) {
        await palette(page, 'Go to Line/Column...');
        await page.keyboard.type(String(i + 1));
        await page.keyboard.press('Enter');
        await hoverRef(page, refs[i]!);
      }
      perPass.push((await server.requestCount()) - at);
    }
    row(
      '  requests for ten cards, the first time',
      String(perPass[0]),
      'each title once: a find for an IMDb id, its answer, its picture (8 titles)',
    );
    row('  requests for the same ten cards again', String(perPass[1]), 'want 0');
    row('  requests in all after the editor opened', String((await server.requestCount()) - start), '');
  } catch (error) {
    const pages = browser.contexts().flatMap((context) => context.pages());
    await pages[0]?.screenshot({ path: join(ROOT, 'test-results', 'bench-editor.png') }).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
    await vscode.stop();
    await server.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
