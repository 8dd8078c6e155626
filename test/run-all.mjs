// npm test: build, type-check, lint (ESLint) and layout (Prettier), then the unit suite (plain Node), the integration suite (inside the real
// VS Code extension host) and the end-to-end suite (a real workbench in Chromium, the packaged VSIX
// installed). Ends with one line "N passed, N failed" (", N skipped" when any) and exits non-zero on any
// failure. `--only unit|integration|e2e` runs one suite; `--grep <text>` filters tests.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Mocha from 'mocha';
import { ensureAll, CODE_SERVER, ROOT } from './harness/install.mjs';
import { packageVsix } from './harness/package.mjs';
import { launchBrowser, remoteUri, startVsCode, workbenchUrl } from './harness/vscode.mjs';

const { values } = parseArgs({ options: { only: { type: 'string' }, grep: { type: 'string' } } });
const suites = values.only ? [values.only] : ['unit', 'integration', 'e2e'];
const totals = { passed: 0, failed: 0, skipped: 0 };
const started = Date.now();
process.chdir(ROOT);

function step(title) {
  console.log(`\n=== ${title} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

function sh(command, args, env = process.env) {
  execFileSync(command, args, { stdio: 'inherit', env });
}

async function mochaSuite(dir, options = {}) {
  const mocha = new Mocha({
    timeout: options.timeout ?? 10_000,
    reporter: 'spec',
    color: false,
    ...(values.grep ? { grep: values.grep } : {}),
  });
  const files = readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith('.test.js'))
    .sort();
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

async function integrationSuite() {
  const resultsFile = join(ROOT, '.vscode-test', 'integration-results.json');
  rmSync(resultsFile, { force: true });
  const vscode = await startVsCode({
    name: 'integration',
    logLevel: 'trace',
    env: {
      TMDB_TEST_RESULTS: resultsFile,
      TMDB_TEST_TIMEOUT_MS: '3000',
      ...(values.grep ? { TMDB_TEST_GREP: values.grep } : {}),
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
  if (!existsSync(resultsFile)) {
    console.log(`The integration suite produced no results (workbench exit: ${exitCode}).`);
    totals.failed++;
    return;
  }
  const result = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const line of result.lines) console.log(line);
  console.log(
    `  integration: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped (workbench exit code ${exitCode})`,
  );
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  if (exitCode !== 0 && result.failed === 0) totals.failed++;
}

try {
  step('build and type-check');
  sh('node', ['esbuild.mjs', '--production']);
  sh('node', ['esbuild.mjs', '--tests']);
  sh('npx', ['tsc', '-p', '.', '--noEmit']);
  step('lint (ESLint) and layout (Prettier)');
  sh('npx', ['eslint', '.']);
  sh('npx', ['prettier', '--check', '--log-level', 'warn', '.']);

  if (suites.includes('unit')) {
    step('unit tests (plain Node)');
    await mochaSuite(join(ROOT, 'out', 'test', 'unit'));
  }
  if (suites.includes('integration') || suites.includes('e2e')) {
    step('real VS Code: Node 24, code-server, Chromium');
    ensureAll();
    const version = JSON.parse(readFileSync(join(CODE_SERVER, 'lib', 'vscode', 'package.json'), 'utf8')).version;
    console.log(
      `VS Code ${version} (code-server ${JSON.parse(readFileSync(join(CODE_SERVER, 'package.json'), 'utf8')).version})`,
    );
  }
  if (suites.includes('integration')) {
    step('integration tests (inside the VS Code extension host)');
    await integrationSuite();
  }
  if (suites.includes('e2e')) {
    step('package the VSIX');
    packageVsix();
    step('end-to-end tests (the workbench in Chromium)');
    await mochaSuite(join(ROOT, 'out', 'test', 'e2e'), { timeout: 120_000 });
  }
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  totals.failed++;
}

console.log(`\nTook ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
