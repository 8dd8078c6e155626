// npm run bench:startup: start-up in the real extension host, by VS Code's own figures. One workbench
// (VS Code's server, headless Chromium) with the TMDB VSIX and an empty extension that activates on the
// same event (onStartupFinished); after the first load and after each window reload, VS Code's
// "Developer: Startup Performance" table gives each extension's Load Code, Call Activate and Finish
// Activate (ms). Paired per load: TMDB minus empty. Two TMDBs side by side: a baseline commit's VSIX
// (TMDB_STARTUP_BASELINE, f17d80b: before the fourth floor; packaged from a worktree once, kept in
// .vscode-test) and HEAD's, in workbench starts that alternate (A B B A …).
//
// What it can and cannot tell apart: both extensions are loaded in the same batch, at the same instant, and
// "Load Code" is the time until the load is done, so each one's includes the other's: only Call Activate
// (and Finish Activate) compare. The code loading is measured apart in fresh Node processes by
// `npm run bench` ("Start-up"). (Found by reading the workbench: the page has no per-extension marks, and
// the extension host's own marks for extensions activated after start-up do not reach the page.)
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { Commands } from '../../../src/common/ids';
import { harness, palette, reloadWindow, ROOT } from '../../e2e/workbench';
import { loadAverage, packageBaseline, row, startStandInProcess } from './http';
import { judged, median, spread } from './stats';

const RELOADS = Number(process.env.TMDB_STARTUP_RELOADS) || 5;
/**
 * `npm run bench:startup:web`: the three extensions in VS Code for the Web's extension host (the browser's
 * web worker, as vscode.dev runs them: `remote.extensionKind` "web"), TMDB from its `browser` entry.
 */
const WEB = process.env.TMDB_STARTUP_WEB === '1';
const IDS = {
  tmdb: 'tmdb-community.tmdb-vscode',
  surface: 'tmdb-tests.bench-same-surface',
  empty: 'tmdb-tests.bench-empty-activation',
} as const;
type Figures = { load: number; call: number; finish: number };

/**
 * The "Extension Activation Stats" rows of Developer: Startup Performance. The editor draws only the lines
 * in view, so its text is read through the clipboard (Ctrl+A, Ctrl+C). Retried till both rows are there.
 */
async function activationStats(page: Page): Promise<Record<keyof typeof IDS, Figures>> {
  await palette(page, 'Developer: Startup Performance');
  const tab = page.locator('.part.editor .tab', { hasText: 'Startup Performance' });
  const lines = page.locator('.part.editor .editor-instance .monaco-editor .view-lines').first();
  const deadline = Date.now() + 60_000;
  let clickError: unknown;
  for (;;) {
    await page.evaluate(() => navigator.clipboard.writeText(''));
    // Its tab first: the walkthrough (or anything else opening after start-up) may have come in front.
    await tab.click({ timeout: 30_000 });
    // The table's lines are drawn anew while activation figures come in (a click on a line that goes
    // meanwhile waits for ever): a forced click, and again next time round if it missed.
    clickError = await lines.click({ timeout: 5_000, force: true }).then(
      () => undefined,
      (error: unknown) => error,
    );
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Control+c');
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const found: Partial<Record<keyof typeof IDS, Figures>> = {};
    for (const [key, id] of Object.entries(IDS) as Array<[keyof typeof IDS, string]>) {
      // Extension | Eager | Load Code | Call Activate | Finish Activate | Event | By:
      // | tmdb-community.tmdb-vscode | false | 532 | 75 | 7 | onStartupFinished | tmdb-community.tmdb-vscode |
      const line = text.split('\n').find((l) => l.startsWith(`| ${id} `));
      if (!line) continue;
      const [, , , load, call, finish] = line.split('|').map((cell) => cell.trim());
      found[key] = { load: Number(load), call: Number(call), finish: Number(finish) };
    }
    if (found.tmdb && found.surface && found.empty) return found as Record<keyof typeof IDS, Figures>;
    if (Date.now() > deadline)
      throw new Error(
        `Startup Performance: the rows are missing (${JSON.stringify(found)})${clickError ? `; the last click on its lines: ${String(clickError)}` : ''}`,
      );
    await page.waitForTimeout(500);
  }
}

/**
 * The same-surface baseline (./sameSurface): TMDB's views, commands, tools and authentication provider,
 * every id renamed, registered by an extension that does nothing else.
 */
function packageSameSurface(): string {
  const tmdb = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    engines: object;
    contributes: Record<string, any>;
  };
  // `tmdb`, `tmdb.x`, `tmdb_x` (the authentication provider, views and commands, tools): none may stay TMDB's own.
  const renamed = (id: string) => id.replace(/^tmdb(?=$|[._])/, 'benchSurface');
  const { views, commands, languageModelTools, authentication } = tmdb.contributes;
  const manifest = {
    name: 'bench-same-surface',
    displayName: 'Bench: same surface',
    description:
      "The second baseline for npm run bench:startup: TMDB's views, commands and tools, registered and empty.",
    version: '1.0.0',
    publisher: 'tmdb-tests',
    license: 'MIT',
    engines: tmdb.engines,
    main: './extension.js',
    browser: './extension.js',
    activationEvents: ['onStartupFinished'],
    benchSurface: { commands: Object.keys(Commands).length },
    contributes: {
      viewsContainers: { activitybar: [{ id: 'benchSurface', title: 'Bench surface', icon: 'tmdb.svg' }] },
      views: {
        benchSurface: Object.values(views)
          .flat()
          .map((view: any) => ({ ...view, id: renamed(view.id), name: renamed(view.id), when: undefined })),
      },
      commands: commands.map((command: any) => ({
        command: renamed(command.command),
        title: renamed(command.command),
      })),
      languageModelTools: languageModelTools.map((tool: any) => ({
        ...tool,
        name: renamed(tool.name),
        toolReferenceName: tool.toolReferenceName && `benchSurface${tool.toolReferenceName}`,
        displayName: renamed(tool.name),
        userDescription: renamed(tool.name),
      })),
      authentication: authentication.map((provider: any) => ({ id: renamed(provider.id), label: 'Bench surface' })),
    },
  };
  const ids = (contributes: Record<string, any>) =>
    [
      ...Object.values(contributes.views)
        .flat()
        .map((view: any) => view.id),
      ...contributes.commands.map((c: any) => c.command),
      ...contributes.languageModelTools.flatMap((t: any) => [t.name, t.toolReferenceName]),
      ...contributes.authentication.map((p: any) => p.id),
    ].filter(Boolean);
  const clashes = ids(manifest.contributes).filter((id) => ids(tmdb.contributes).includes(id));
  if (clashes.length) throw new Error(`the same-surface baseline would take TMDB's own ids: ${clashes.join(', ')}`);
  return packageBaseline('sameSurface', {
    'package.json': JSON.stringify(manifest, null, 2),
    'tmdb.svg': readFileSync(join(ROOT, 'media', 'tmdb.svg'), 'utf8'),
  });
}

/** The commit start-up is compared with (issue 55: before the fourth floor), packaged once and kept. */
const BASELINE = process.env.TMDB_STARTUP_BASELINE ?? 'f17d80b';
/** Workbench starts a variant gets, alternating with the other's (A B B A A B …). */
const STARTS = Number(process.env.TMDB_STARTUP_STARTS) || 3;

/** The VSIX of `commit`, packaged from a worktree of this repository (its node_modules linked), kept in .vscode-test. */
function baselineVsix(commit: string): string {
  const kept = join(ROOT, '.vscode-test', 'bench-baselines', `${commit}.vsix`);
  if (existsSync(kept)) return kept;
  const tree = mkdtempSync(join(tmpdir(), 'tmdb-baseline-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, stdio: 'ignore' });
  try {
    git('worktree', 'add', '--detach', '--force', tree, commit);
    symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
    execFileSync(process.execPath, [join(tree, 'test', 'harness', 'package.mjs')], { cwd: tree, stdio: 'ignore' });
    mkdirSync(dirname(kept), { recursive: true });
    copyFileSync(join(tree, 'dist-vsix', 'tmdb-vscode.vsix'), kept);
  } finally {
    git('worktree', 'remove', '--force', tree);
  }
  return kept;
}

type Harness = Awaited<ReturnType<typeof harness>>;

/** One workbench with `vsix` beside the two baselines: its first load, then RELOADS window reloads. */
async function measure(
  h: Harness,
  serverUrl: string,
  name: string,
  vsix: string[],
): Promise<Array<Record<keyof typeof IDS, Figures>>> {
  const vscode = await h.startVsCode({
    name,
    vsix,
    // Editors in a tab of their own (not the pop-up a workbench without the smoke-test driver uses); no
    // walkthrough opening by itself over the figures on the first load.
    settings: {
      'tmdb.apiBaseUrl': serverUrl,
      'tmdb.language': 'en-US',
      'workbench.startupEditor': 'none',
      'workbench.editor.useModal': 'off',
      'workbench.welcomePage.walkthroughs.openOnInstall': false,
      ...(WEB ? { 'remote.extensionKind': Object.fromEntries(Object.values(IDS).map((id) => [id, ['web']])) } : {}),
    },
  });
  const browser = await h.launchBrowser();
  const samples: Array<Record<keyof typeof IDS, Figures>> = [];
  let page: Page | undefined;
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    await page.goto(h.workbenchUrl(vscode, vscode.workspace));
    for (let round = 0; round <= RELOADS; round++) {
      if (round > 0) {
        await palette(page, 'View: Close All Editors');
        await reloadWindow(page);
      } else await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 60_000 });
      samples.push(await activationStats(page));
    }
    return samples;
  } catch (error) {
    await page?.screenshot({ path: join(ROOT, 'out', 'startup-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
    await vscode.stop();
    rmSync(vscode.dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const h = await harness();
  const variants = {
    [BASELINE]: baselineVsix(BASELINE),
    HEAD: process.env.TMDB_STARTUP_VSIX ?? join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix'),
  };
  const names = Object.keys(variants);
  const surface = packageSameSurface();
  const empty = packageBaseline('emptyActivation');
  const server = await startStandInProcess();
  const runs: Record<string, Array<Array<Record<keyof typeof IDS, Figures>>>> = Object.fromEntries(
    names.map((name) => [name, []]),
  );
  const before = loadAverage();
  try {
    // Interleaved: A B, then B A, and so on, so a machine growing busier weighs on both alike.
    for (let start = 0; start < STARTS; start++)
      for (const name of start % 2 ? [...names].reverse() : names)
        runs[name]!.push(await measure(h, server.url, `startup-${start}`, [variants[name]!, empty, surface]));
  } finally {
    await server.stop();
    for (const vsix of [empty, surface]) rmSync(join(vsix, '..'), { recursive: true, force: true });
  }
  console.log(
    `npm run bench:startup${WEB ? ':web' : ''} — VS Code's own activation figures in the real ${WEB ? "web worker extension host (VS Code for the Web's)" : 'extension host'} (code-server, headless Chromium), ${new Date().toISOString()}; ${before} → ${loadAverage()}`,
  );
  console.log(
    `${BASELINE} (before the fourth floor) and HEAD side by side: ${STARTS} workbench starts each, interleaved, each a first load and ${RELOADS} window reloads; an empty extension and one of the same surface activate beside TMDB on the same event`,
  );
  const overEmpty = (sample: Record<keyof typeof IDS, Figures>, figure: 'call' | 'finish') =>
    sample.tmdb[figure] - sample.empty[figure];
  for (const figure of ['call', 'finish'] as const) {
    const label = figure === 'call' ? 'call activate' : 'finish activate';
    console.log(`
${label}, TMDB minus empty (ms), paired within each load of the window`);
    for (const name of names) {
      const firsts = runs[name]!.map((samples) => overEmpty(samples[0]!, figure));
      const reloads = runs[name]!.flatMap((samples) => samples.slice(1).map((sample) => overEmpty(sample, figure)));
      row(`    ${name}: the first load of each start`, `${median(firsts)} ms`, spread(firsts));
      row(`    ${name}: the reloads`, `${median(reloads)} ms`, judged(reloads, 10));
      const own = runs[name]!.flatMap((samples) => samples.slice(1).map((s) => s.tmdb[figure] - s.surface[figure]));
      row(`    ${name}: the reloads, TMDB minus the same surface (its own code)`, `${median(own)} ms`, spread(own));
    }
    const surface = Object.values(runs).flatMap((starts) =>
      starts.flatMap((samples) => samples.slice(1).map((s) => s.surface[figure] - s.empty[figure])),
    );
    row(`    the same surface minus empty: VS Code's cost of the surface`, `${median(surface)} ms`, spread(surface));
    // Paired by start: HEAD's median over its reloads beside the baseline's of the same round.
    const perStart = (name: string) =>
      runs[name]!.map((samples) => median(samples.slice(1).map((sample) => overEmpty(sample, figure))));
    const [base, head] = [perStart(names[0]!), perStart(names[1]!)];
    const differences = head.map((value, i) => value - base[i]!);
    row(`    HEAD minus ${BASELINE}, paired by start`, `${median(differences)} ms`, spread(differences));
  }
  const loads = names.map((name) => runs[name]!.flatMap((samples) => samples.slice(1).map((s) => s.tmdb.load)));
  names.forEach((name, i) =>
    row(`    ${name}: load code (both extensions, one batch)`, `${median(loads[i]!)} ms`, spread(loads[i]!)),
  );
  console.log('    target: call activate ≤ +10 ms over the empty extension');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
