// npm run bench:startup: start-up in the real extension host, by VS Code's own figures. One workbench
// (VS Code's server, headless Chromium) with the TMDB VSIX and an empty extension that activates on the
// same event (onStartupFinished); after the first load and after each window reload, VS Code's
// "Developer: Startup Performance" table gives each extension's Load Code, Call Activate and Finish
// Activate (ms). Paired per load: TMDB minus empty.
//
// What it can and cannot tell apart: both extensions are loaded in the same batch, at the same instant, and
// "Load Code" is the time until the load is done, so each one's includes the other's: only Call Activate
// (and Finish Activate) compare. The code loading is measured apart in fresh Node processes by
// `npm run bench` ("Start-up"). (Found by reading the workbench: the page has no per-extension marks, and
// the extension host's own marks for extensions activated after start-up do not reach the page.)
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { Commands } from '../../../src/common/ids';
import { harness, palette, reloadWindow, ROOT } from '../../e2e/workbench';
import { loadAverage, packageBaseline, row, startStandInProcess } from './http';
import { judged, median, spread } from './stats';

const RELOADS = Number(process.env.TMDB_STARTUP_RELOADS) || 10;
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

async function main(): Promise<void> {
  const h = await harness();
  const surface = packageSameSurface();
  const baseline = packageBaseline('emptyActivation');
  const server = await startStandInProcess();
  const vscode = await h.startVsCode({
    name: 'startup',
    vsix: [process.env.TMDB_STARTUP_VSIX ?? join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix'), baseline, surface],
    // Editors in a tab of their own (not the pop-up a workbench without the smoke-test driver uses); no
    // walkthrough opening by itself over the figures on the first load.
    settings: {
      'tmdb.apiBaseUrl': server.url,
      'tmdb.language': 'en-US',
      'workbench.startupEditor': 'none',
      'workbench.editor.useModal': 'off',
      'workbench.welcomePage.walkthroughs.openOnInstall': false,
    },
  });
  const browser = await h.launchBrowser();
  const samples: Array<Record<keyof typeof IDS, Figures>> = [];
  const before = loadAverage();
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
  } catch (error) {
    await page?.screenshot({ path: join(ROOT, 'out', 'startup-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await browser.close();
    await vscode.stop();
    await server.stop();
    for (const vsix of [baseline, surface]) rmSync(join(vsix, '..'), { recursive: true, force: true });
  }
  const [first, ...reloads] = samples;
  console.log(
    `npm run bench:startup — VS Code's own activation figures in the real extension host (code-server, headless Chromium), ${new Date().toISOString()}; ${before} → ${loadAverage()}`,
  );
  console.log(`\nThe first load of the window`);
  row(
    '    TMDB: load code / call activate / finish activate',
    `${first!.tmdb.load} / ${first!.tmdb.call} / ${first!.tmdb.finish} ms`,
  );
  row(
    '    same surface: load code / call activate / finish activate',
    `${first!.surface.load} / ${first!.surface.call} / ${first!.surface.finish} ms`,
  );
  row(
    '    empty: load code / call activate / finish activate',
    `${first!.empty.load} / ${first!.empty.call} / ${first!.empty.finish} ms`,
  );
  console.log(`\n${reloads.length} window reloads (paired: the same load of the window)`);
  for (const figure of ['call', 'finish'] as const) {
    const name = figure === 'call' ? 'call activate' : 'finish activate';
    for (const key of ['tmdb', 'surface', 'empty'] as const)
      row(
        `    ${{ tmdb: 'TMDB', surface: 'same surface', empty: 'empty' }[key]}: ${name}`,
        `${median(reloads.map((s) => s[key][figure]))} ms`,
        spread(reloads.map((s) => s[key][figure])),
      );
    const paired = (a: keyof typeof IDS, b: keyof typeof IDS) => reloads.map((s) => s[a][figure] - s[b][figure]);
    const overEmpty = paired('tmdb', 'empty');
    row(`    ${name}, TMDB minus empty, paired`, `${median(overEmpty)} ms`, judged(overEmpty, 10));
    row(
      `    ${name}, same surface minus empty: VS Code's cost of the surface`,
      `${median(paired('surface', 'empty'))} ms`,
      spread(paired('surface', 'empty')),
    );
    row(
      `    ${name}, TMDB minus same surface: TMDB's own code`,
      `${median(paired('tmdb', 'surface'))} ms`,
      spread(paired('tmdb', 'surface')),
    );
  }
  const loads = reloads.map((s) => s.tmdb.load);
  row(
    '    load code (both, one batch: not told apart)',
    `${median(loads)} ms`,
    `${spread(loads)}; the code loading alone: npm run bench, "Start-up"`,
  );
  console.log('    target: load + activate ≤ +10 ms over the empty extension');
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
