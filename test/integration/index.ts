// Runs inside VS Code's extension host (the development payload's extensionTestsPath): mocha over every
// *.test.js beside this file, with the real `vscode` API. Results go to $TMDB_TEST_RESULTS as JSON for the
// harness, which prints them; a failure makes run() reject, so the workbench exits with code 1.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { scaled } from '../support/until';

export interface SuiteResult {
  passed: number;
  failed: number;
  skipped: number;
  lines: string[];
}

export function run(): Promise<void> {
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 30_000,
    color: false,
    reporter: 'dot',
    // A test's timeout, scaled to the machine's load when it starts (as every suite's, see test/support/until.ts).
    rootHooks: {
      beforeEach(this: Mocha.Context) {
        const test = this.currentTest;
        if (test && test.timeout() > 0) test.timeout(scaled(test.timeout()));
      },
    },
  });
  const grep = process.env.TMDB_TEST_GREP;
  if (grep) mocha.grep(grep);
  // The files this extension host runs (npm test runs the suite in two hosts side by side), or all.
  const only = process.env.TMDB_TEST_FILES?.split(',');
  for (const file of readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js') && (!only || only.includes(f)))
    .sort())
    mocha.addFile(join(__dirname, file));

  const result: SuiteResult = { passed: 0, failed: 0, skipped: 0, lines: [] };
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const out = process.env.TMDB_TEST_RESULTS;
      if (out) writeFileSync(out, JSON.stringify(result));
      if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
      else resolve();
    });
    runner.on('pass', (test) => {
      result.passed++;
      result.lines.push(`  ✔ ${test.fullTitle()} (${test.duration ?? 0} ms)`);
    });
    runner.on('fail', (test, error: Error) => {
      result.failed++;
      result.lines.push(
        `  ✘ ${test.fullTitle()}\n      ${String(error?.stack ?? error)
          .split('\n')
          .slice(0, 6)
          .join('\n      ')}`,
      );
    });
    runner.on('pending', (test) => {
      result.skipped++;
      result.lines.push(`  - ${test.fullTitle()} (skipped)`);
    });
  });
}
