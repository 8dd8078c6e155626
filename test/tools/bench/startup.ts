// Start-up cost: loading dist/extension.js and running `activate` against loading an empty module, each in
// a fresh Node process, interleaved (empty, extension, empty, …); medians and the paired differences.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, row } from './http';

const ROOT = join(__dirname, '..', '..', '..', '..');

function measure(target: string): { loadMs: number; activateMs?: number } {
  const out = execFileSync(process.execPath, [join(__dirname, 'loadChild.js'), target], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

export function startup(rounds = 15): void {
  const dir = mkdtempSync(join(tmpdir(), 'tmdb-empty-'));
  const empty = join(dir, 'empty.js');
  writeFileSync(empty, 'exports.activate = function () {};\n');
  const extension = join(ROOT, 'dist', 'extension.js');
  const samples = { empty: [] as number[], load: [] as number[], activate: [] as number[], total: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const pair = round % 2 === 0 ? [empty, extension] : [extension, empty];
    for (const target of pair) {
      const { loadMs, activateMs } = measure(target);
      if (target === empty) samples.empty.push(loadMs + (activateMs ?? 0));
      else {
        samples.load.push(loadMs);
        samples.activate.push(activateMs ?? 0);
        samples.total.push(loadMs + (activateMs ?? 0));
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
  const extra = samples.total.map((total, i) => total - samples.empty[i]!);
  console.log(`\nStart-up, ${rounds} fresh Node processes each, interleaved (vscode stubbed; timed inside the process)`);
  row('    empty extension: load + activate', `${median(samples.empty).toFixed(1)} ms`);
  row('    dist/extension.js: code loading', `${median(samples.load).toFixed(1)} ms`);
  row('    dist/extension.js: activate', `${median(samples.activate).toFixed(1)} ms`);
  row('    extension minus empty, paired', `${median(extra).toFixed(1)} ms`, `min ${Math.min(...extra).toFixed(1)}, max ${Math.max(...extra).toFixed(1)}; target ≤ 30 ms`);
  row('    dist/extension.js size', `${(statSync(extension).size / 1024).toFixed(0)} KB`, 'target ≤ 100 KB');
}
