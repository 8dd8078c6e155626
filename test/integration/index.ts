// Runs inside VS Code's extension host (the development payload's extensionTestsPath): mocha over every
// *.test.js beside this file, with the real `vscode` API. Results go to $TMDB_TEST_RESULTS as JSON for the
// harness, which prints them; a failure makes run() reject, so the workbench exits with code 1.
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { scaled } from '../support/until';

export interface SuiteResult {
  passed: number;
  failed: number;
  skipped: number;
  lines: string[];
}

/**
 * Every test file here in one mocha, or, with TMDB_TEST_QUEUE (npm test runs the suite in two hosts side by
 * side), the files this host claims one by one from that folder, each in a mocha of its own: each host
 * takes the next file when it is done with one, so neither waits for the other at the end.
 */
export async function run(): Promise<void> {
  const result: SuiteResult = { passed: 0, failed: 0, skipped: 0, lines: [] };
  const queue = process.env.TMDB_TEST_QUEUE;
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  let failures = 0;
  if (!queue) failures = await runFiles(files, result);
  for (let file = queue && claim(queue); file; file = claim(queue!)) failures += await runFiles([file], result);
  const out = process.env.TMDB_TEST_RESULTS;
  if (out) writeFileSync(out, JSON.stringify(result));
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
}

/**
 * The next file of the queue, taken by moving its entry (one rename: of two hosts that try at once, one
 * gets it). Entries are named "<order> <file>", taken in their order.
 */
function claim(queue: string): string | undefined {
  for (const entry of readdirSync(queue)
    .filter((name) => name.endsWith('.test.js'))
    .sort()) {
    try {
      renameSync(join(queue, entry), join(queue, `${entry}.taken-${process.pid}`));
      return entry.slice(entry.indexOf(' ') + 1);
    } catch {
      // the other host took it
    }
  }
  return undefined;
}

/** Files' tests in a mocha of their own; their outcomes added to `result`: → how many failed. */
function runFiles(files: string[], result: SuiteResult): Promise<number> {
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
  for (const file of files) mocha.addFile(join(__dirname, file));
  return new Promise((resolve) => {
    const runner = mocha.run((failures) => resolve(failures));
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
