// The integration suite as `npm test` runs it (test/run-all.mjs): inside the real VS Code extension host,
// started by the harness (./vscode.mjs) with the extension under development and the suite's entry
// (test/integration/index.ts), in one host or several side by side; and the oldest VS Code's smoke pass, the
// same suite filtered by name. Prints each test's line and each host's counts.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './install.mjs';
import { launchBrowser, remoteUri, startVsCode, workbenchUrl } from './vscode.mjs';

/**
 * The oldest VS Code's smoke pass, in its extension host: activation, every command registered, the views'
 * first rows, each kind of page, the v4 sign-in and a watchlist write (test/integration, by their names).
 */
export const SMOKE = [
  'activation (activates without error|registers every command|shows the TMDB container)',
  'opens each kind of panel from its command',
  'Trending People shows the first page',
  'My Lists pages the lists',
  'Watchlist shows Movies and TV Series',
  'signs in through the approval page and the callback',
  'toggles the watchlist: shown at once',
].join('|');

/**
 * The integration suite in `hosts` extension hosts side by side: the files wait in a queue folder, largest
 * first (a file's size stands for its time), and each host takes the next one when it is done with one
 * (test/integration/index.ts). One host keeps about one of the two cores busy and waits the rest of its
 * time (timers, retries, the stand-in's faults): measured, 303 s with 1.02 cores busy and 297 cpu-s idle.
 */
export async function runIntegration(grep, { hosts = 1 } = {}) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const dir = join(ROOT, 'out', 'test', 'integration');
  const queue = join(ROOT, '.vscode-test', 'integration-queue');
  rmSync(queue, { recursive: true, force: true });
  if (hosts > 1) {
    mkdirSync(queue, { recursive: true });
    readdirSync(dir)
      .filter((file) => file.endsWith('.test.js'))
      .map((file) => ({ file, size: statSync(join(dir, file)).size }))
      .sort((a, b) => b.size - a.size)
      .forEach(({ file }, i) => writeFileSync(join(queue, `${String(i).padStart(3, '0')} ${file}`), ''));
  }
  const names = Array.from({ length: hosts }, (_, i) => (hosts > 1 ? `integration-${i + 1}` : 'integration'));
  // Each host to its end, whatever the other's (a host that could not start is a failure of its own).
  const settled = await Promise.allSettled(
    names.map((name) => integrationHost(name, grep, hosts > 1 ? queue : undefined)),
  );
  for (const [i, outcome] of settled.entries()) {
    if (outcome.status === 'rejected') {
      console.log(`integration host ${i + 1} could not run: ${outcome.reason?.stack ?? outcome.reason}`);
      totals.failed++;
      continue;
    }
    const { name, result, exitCode, seconds } = outcome.value;
    if (!result) {
      console.log(`${name}: the integration suite produced no results (workbench exit: ${exitCode}).`);
      totals.failed++;
      continue;
    }
    for (const line of result.lines) console.log(line);
    console.log(
      `  ${name}: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped in ${seconds.toFixed(0)} s (workbench exit code ${exitCode})`,
    );
    totals.passed += result.passed;
    totals.failed += result.failed;
    totals.skipped += result.skipped;
    if (exitCode !== 0 && result.failed === 0) totals.failed++;
  }
  return totals;
}

/** One extension host running the integration files (all, or those it takes from `queue`): → its results. */
async function integrationHost(name, grep, queue) {
  const at = Date.now();
  const resultsFile = join(ROOT, '.vscode-test', `${name}-results.json`);
  rmSync(resultsFile, { force: true });
  const vscode = await startVsCode({
    name,
    logLevel: 'trace',
    env: {
      TMDB_TEST_RESULTS: resultsFile,
      TMDB_TEST_TIMEOUT_MS: '3000',
      TMDB_TEST_RETRY_MS: '50',
      ...(queue ? { TMDB_TEST_QUEUE: queue } : {}),
      ...(grep ? { TMDB_TEST_GREP: grep } : {}),
    },
  });
  const browser = await launchBrowser();
  let exitCode;
  try {
    const page = await (await browser.newContext()).newPage();
    const exited = new Promise((resolve) => page.exposeFunction('codeAutomationExit', (code) => resolve(code)));
    await page.exposeFunction(
      'codeAutomationLog',
      (line) => process.env.TMDB_VERBOSE && console.log(`[workbench] ${line}`),
    );
    const payload = [
      ['extensionDevelopmentPath', remoteUri(vscode, ROOT)],
      ['extensionTestsPath', remoteUri(vscode, join(ROOT, 'out', 'test', 'integration', 'index'))],
    ];
    await page.goto(workbenchUrl(vscode, vscode.workspace, payload));
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 8 * 60_000));
    exitCode = await Promise.race([exited, timeout]);
  } finally {
    await browser.close();
    await vscode.stop();
  }
  const result = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : undefined;
  return { name, result, exitCode, seconds: (Date.now() - at) / 1000 };
}
