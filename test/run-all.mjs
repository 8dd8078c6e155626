// npm test: build, then the suites, cheapest first (the type-check, lint, layout and the download of real
// VS Code, the newest and the oldest, run beside the first two, which use one core and no VS Code):
//   unit         plain Node, no socket (test/support/noSockets.ts refuses one), seconds
//   component    the client and the stand-in over HTTP, in plain Node
//   pages        each kind of panel page alone in Chromium, in each theme (axe)
//   integration  inside the real VS Code extension host
//   oldest       the oldest VS Code the extension claims (engines.vscode, TMDB_VSCODE=oldest,
//                test/harness/install.mjs): a smoke pass in its extension host, right after the integration
//                suite (the same build), and, last, one journey through its workbench (the same VSIX)
//   e2e          the real workbench in Chromium, the packaged VSIX installed
// The suites run one after another, the integration suite in two extension hosts side by side (one waits
// half its time); the end-to-end files one after another: a workbench keeps about 1.3 of the two cores busy,
// and two side by side took as long as one after the other and a third more CPU time (measured: the e2e
// step in two lanes, 747 s and 1.83 cores busy, against 711 s and 1.28 cores alone).
// Prints each step's time beside its budget, and at the end the steps, the load average and one line
// "N passed, N failed" (", N skipped" when any); exits non-zero on any failure. `--only unit,component` runs
// those suites (no type-check or lint: `npm run lint` and `npm test` do them); `--grep <text>` filters
// tests. Test timeouts and waits scale with the machine's load (test/support/until.ts).
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import Mocha from 'mocha';
import {
  ensureAll,
  ensureOldest,
  CODE_SERVER,
  OLDEST_CODE_SERVER,
  OLDEST_CODE_SERVER_VERSION,
  ROOT,
} from './harness/install.mjs';
import { packageVsix } from './harness/package.mjs';
import { runIntegration, SMOKE } from './harness/integration.mjs';

const INSTALL = join(ROOT, 'test', 'harness', 'install.mjs');

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    grep: { type: 'string' },
  },
});
// A new seed asked for (FC_SEED=random) is drawn once, so every suite (and the extension host) uses it.
if (process.env.FC_SEED === 'random') process.env.FC_SEED = String(Math.floor(Math.random() * 2 ** 31));
if (process.env.FC_SEED || process.env.FC_RUNS)
  console.log(
    `Property tests: FC_SEED=${process.env.FC_SEED ?? '(fixed)'} FC_RUNS=${process.env.FC_RUNS ?? '(budget)'}`,
  );
const ALL = ['unit', 'component', 'pages', 'integration', 'e2e', 'oldest'];
const suites = values.only ? values.only.split(',') : ALL;
for (const suite of suites) if (!ALL.includes(suite)) throw new Error(`no suite "${suite}" (${ALL.join(', ')})`);
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
const steps = [];
const loads = [];
const sampling = setInterval(() => loads.push(loadavg()[0]), 5_000);
process.chdir(ROOT);

const scaledByLoad = () => createRequire(import.meta.url)(join(ROOT, 'out', 'test', 'support', 'until.js')).scaled;

function step(title) {
  const now = Date.now();
  if (steps.length) steps.at(-1).seconds = (now - steps.at(-1).at) / 1000;
  if (title) steps.push({ title, at: now });
  if (title) console.log(`\n=== ${title} (${((now - started) / 1000).toFixed(0)} s)`);
}

function sh(command, args, env = process.env) {
  execFileSync(command, args, { stdio: 'inherit', env });
}

/** A command in a child process, its output kept: → `{ code, output }`. */
function inChild(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error}\n` }));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/**
 * Commands run one after another in a child process each, beside what runs here, their output kept and
 * printed when `report` is called: `{ title, command, args }[]` → a promise of their outcomes.
 */
function besideThese(commands) {
  return (async () => {
    const outcomes = [];
    for (const { title, command, args } of commands) {
      const at = Date.now();
      const { code, output } = await inChild(command, args);
      outcomes.push({ title, code, output, seconds: (Date.now() - at) / 1000 });
    }
    return outcomes;
  })();
}

/** Prints what `besideThese` ran, as the steps it was; a failure counts once. */
function report(outcomes) {
  reported.add(outcomes);
  for (const { title, code, output, seconds } of outcomes) {
    console.log(`--- ${title}: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
    if (output.trim()) console.log(output.trimEnd());
    besides.push({ title, seconds });
    if (code !== 0) totals.failed++;
  }
}
const besides = [];
const reported = new Set();

async function mochaSuite(dir, options = {}) {
  const mocha = new Mocha({
    timeout: options.timeout ?? 10_000,
    reporter: 'spec',
    color: false,
    ...(values.grep ? { grep: values.grep } : {}),
    rootHooks: {
      beforeEach() {
        const test = this.currentTest;
        // Scaled to the machine's load when the test starts: the one rule of test/support/until.ts (built to out/).
        if (test && test.timeout() > 0) test.timeout(scaledByLoad()(test.timeout()));
      },
    },
  });
  const files = readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith('.test.js'))
    .sort();
  for (const file of options.first ?? []) mocha.addFile(file);
  // The deferred part's entry, named as the extension names it (src/deferredEntry.ts), for what the suites load outside the extension host.
  mocha.addFile(join(ROOT, 'out', 'src', 'deferredEntry.js'));
  for (const file of files) mocha.addFile(join(dir, String(file)));
  await new Promise((resolve) => {
    const runner = mocha.run(() => resolve());
    runner.on('end', () => {
      totals.passed += runner.stats.passes;
      totals.failed += runner.stats.failures;
      totals.skipped += runner.stats.pending;
    });
  });
}

/** The integration suite (test/harness/integration.mjs): its counts added to the run's. */
async function integrationSuite(grep, options) {
  const counts = await runIntegration(grep, options);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}

/** What runs beside the first suites (see besideThese), reported once it ends, even after a failure. */
let checking;
let installing;
let installingOldest;
try {
  step('build');
  sh('node', ['esbuild.mjs', '--production']);
  sh('node', ['esbuild.mjs', '--tests']);
  // Beside the unit and component tests (plain Node, one core): the type-check, lint and layout on the other
  // core, and the download of real VS Code (mostly waiting on the registry). Their output comes after.
  checking = values.only
    ? undefined
    : besideThese([
        { title: 'type-check (tsc)', command: 'npx', args: ['tsc', '-p', '.', '--noEmit'] },
        // The page script is a program of its own: the browser's types, no vscode or Node.js (src/page/tsconfig.json).
        { title: 'type-check of the page script (tsc)', command: 'npx', args: ['tsc', '-p', 'src/page', '--noEmit'] },
        { title: 'lint (ESLint)', command: 'npx', args: ['eslint', '.'] },
        { title: 'layout (Prettier)', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
      ]);
  const needsVsCode = suites.some((suite) => ['pages', 'integration', 'e2e', 'oldest'].includes(suite));
  installing = needsVsCode
    ? besideThese([
        { title: 'real VS Code: Node 24, code-server, Chromium', command: process.execPath, args: [INSTALL] },
      ])
    : undefined;
  // The oldest VS Code at the same time (the registry is the wait, not the cores), waited for only when
  // its step comes; Debian's Chromium is the install above's (one apt-get at a time).
  installingOldest = suites.includes('oldest')
    ? besideThese([
        {
          title: `the oldest VS Code: Node 20, code-server ${OLDEST_CODE_SERVER_VERSION}`,
          command: process.execPath,
          args: [INSTALL, '--oldest', '--no-debian'],
        },
      ])
    : undefined;

  if (suites.includes('unit')) {
    step('unit tests (plain Node, no socket)');
    await mochaSuite(join(ROOT, 'out', 'test', 'unit'), {
      first: [join(ROOT, 'out', 'test', 'support', 'noSockets.js')],
    });
  }
  if (suites.includes('component')) {
    step('component tests (the client and the stand-in over HTTP)');
    await mochaSuite(join(ROOT, 'out', 'test', 'component'));
  }
  if (checking) {
    step('type-check (tsc), lint (ESLint) and layout (Prettier), run beside the tests above: what is left');
    report(await checking);
  }
  if (installing) {
    step('real VS Code: Node 24, code-server, Chromium (fetched beside the tests above): what is left');
    const outcomes = await installing;
    report(outcomes);
    if (outcomes.some(({ code }) => code !== 0)) throw new Error('real VS Code could not be installed');
    ensureAll();
    const version = JSON.parse(readFileSync(join(CODE_SERVER, 'lib', 'vscode', 'package.json'), 'utf8')).version;
    console.log(
      `VS Code ${version} (code-server ${JSON.parse(readFileSync(join(CODE_SERVER, 'package.json'), 'utf8')).version})`,
    );
  }
  if (suites.includes('pages')) {
    step('pages alone in Chromium (axe, each theme)');
    await mochaSuite(join(ROOT, 'out', 'test', 'pages'), { timeout: 30_000 });
  }
  // The integration suite and the oldest VS Code's smoke pass run the bundles with the test-mode door
  // (src/testApi.ts) built in; the VSIX packaged after them is built again without it, as it ships.
  if (suites.includes('integration')) {
    step('integration tests (inside the VS Code extension host, two side by side)');
    sh('node', ['esbuild.mjs', '--production', '--test-api']);
    await integrationSuite(values.grep, { hosts: 2 });
  } else if (suites.includes('oldest')) sh('node', ['esbuild.mjs', '--production', '--test-api']);
  if (installingOldest) {
    step(`the oldest VS Code (code-server ${OLDEST_CODE_SERVER_VERSION}): a smoke pass in its extension host`);
    const outcomes = await installingOldest;
    report(outcomes);
    if (outcomes.some(({ code }) => code !== 0)) throw new Error('the oldest VS Code could not be installed');
    ensureOldest();
    const oldestLib = JSON.parse(readFileSync(join(OLDEST_CODE_SERVER, 'lib', 'vscode', 'package.json'), 'utf8'));
    console.log(`VS Code ${oldestLib.version} (code-server ${OLDEST_CODE_SERVER_VERSION}), Node 20`);
    process.env.TMDB_VSCODE = 'oldest';
    try {
      await integrationSuite(values.grep ?? SMOKE);
    } finally {
      delete process.env.TMDB_VSCODE;
    }
  }
  if (suites.includes('e2e') || suites.includes('oldest')) {
    step('package the VSIX');
    packageVsix();
  }
  if (suites.includes('e2e')) {
    step('end-to-end tests (the workbench in Chromium)');
    await mochaSuite(join(ROOT, 'out', 'test', 'e2e'), { timeout: 120_000 });
  }
  if (suites.includes('oldest')) {
    step(`the oldest VS Code (code-server ${OLDEST_CODE_SERVER_VERSION}): one journey through its workbench`);
    process.env.TMDB_VSCODE = 'oldest';
    try {
      await mochaSuite(join(ROOT, 'out', 'test', 'oldest'), { timeout: 120_000 });
    } finally {
      delete process.env.TMDB_VSCODE;
    }
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  totals.failed++;
  // What ran beside may explain the failure (a type error, say): its output is printed all the same.
  for (const pending of [checking, installing, installingOldest]) {
    const outcomes = pending && (await pending);
    if (outcomes && !reported.has(outcomes)) report(outcomes);
  }
}

/**
 * Each step's share of a ten-minute `npm test` on two cores (seconds): a step over it is named at the end,
 * a word, not a failure (these machines are shared and noisy). Matched on the step's title.
 */
const BUDGETS = [
  [/^build/, 5],
  [/^unit/, 45],
  [/^component/, 15],
  [/^type-check/, 0],
  [/^real VS Code/, 15],
  [/^pages/, 60],
  [/^integration/, 180],
  [/a smoke pass/, 40],
  [/^package the VSIX/, 15],
  [/^end-to-end/, 300],
  [/one journey/, 60],
];

step();
clearInterval(sampling);
loads.push(loadavg()[0]);
const sortedLoads = [...loads].sort((a, b) => a - b);
const took = (Date.now() - started) / 1000;
console.log(`\nTook ${took.toFixed(0)} s (budget 600 s${took > 600 ? ': over' : ''}):`);
const over = [];
for (const { title, seconds } of steps) {
  const budget = BUDGETS.find(([pattern]) => pattern.test(title))?.[1];
  const mark = budget === undefined ? '' : ` (budget ${budget} s${seconds > budget + 0.5 ? ': over' : ''})`;
  if (budget !== undefined && seconds > budget + 0.5)
    over.push(`${title.split(' (')[0]} ${seconds.toFixed(0)} s of ${budget}`);
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${title}${mark}`);
}
if (besides.length) console.log('Run beside the tests (their own time):');
for (const { title, seconds } of besides) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${title}`);
console.log(
  `Load average (1 min) through the run: median ${sortedLoads[Math.floor(sortedLoads.length / 2)].toFixed(1)}, max ${sortedLoads.at(-1).toFixed(1)} on ${cpus().length} cores.`,
);
if (over.length) console.log(`Over their budget (a word, not a failure): ${over.join('; ')}.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
