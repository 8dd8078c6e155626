// Start-up cost: loading dist/extension.js and running `activate` against loading an empty module, each in
// a fresh Node process, interleaved (empty, extension, empty, …); medians and the paired differences.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { row } from './http';
import { judged, median, spread } from './stats';

const ROOT = join(__dirname, '..', '..', '..', '..');

function measure(...args: string[]): { loadMs: number; activateMs?: number; buildMs?: number } {
  const out = execFileSync(process.execPath, [join(__dirname, 'loadChild.js'), ...args], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

/**
 * The first use in a window: loading dist/schemasAndPages.js (zod, the schemas, ofetch, the pages), compiled
 * from its source (a plain require) against read from V8's code cache as the extension keeps it, each in a
 * fresh Node process, interleaved; the paired differences. No answer's or message's schema is built as the file loads
 * (../../../src/common/once): the last row adds what a movie panel builds (its answer's schema, while its
 * request is out, and its page's messages') to the load from the cache.
 */
export function firstUse(rounds = 15): void {
  const folder = mkdtempSync(join(tmpdir(), 'tmdb-code-cache-'));
  measure('--deferred', folder, 'prime');
  // Without it, the "cached" variant would compile from source and the row would say the cache saves nothing.
  if (!readdirSync(folder).some((name) => name.endsWith('.cache')))
    throw new Error(`First use: no code cache was written in ${folder}`);
  const samples = { compiled: [] as number[], cached: [] as number[], firstPanel: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    const pair = round % 2 === 0 ? (['compiled', 'cached'] as const) : (['cached', 'compiled'] as const);
    for (const variant of pair) {
      const { loadMs, buildMs } = measure('--deferred', variant === 'compiled' ? '-' : folder);
      samples[variant].push(loadMs);
      if (variant === 'cached') samples.firstPanel.push(loadMs + buildMs!);
    }
  }
  rmSync(folder, { recursive: true, force: true });
  const saved = samples.compiled.map((ms, i) => ms - samples.cached[i]!);
  console.log(
    `\nFirst use: loading dist/schemasAndPages.js, ${rounds} fresh Node processes each, interleaved (timed inside the process)`,
  );
  row(
    '    compiled from its source (a plain require)',
    `${median(samples.compiled).toFixed(1)} ms`,
    spread(samples.compiled, 1),
  );
  row(
    "    from V8's code cache (as the extension loads it)",
    `${median(samples.cached).toFixed(1)} ms`,
    spread(samples.cached, 1),
  );
  row('    saved by the cache, paired', `${median(saved).toFixed(1)} ms`, spread(saved, 1));
  row(
    "    from the cache, with a movie panel's schemas built",
    `${median(samples.firstPanel).toFixed(1)} ms`,
    judged(samples.firstPanel, 30, 1),
  );
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
  console.log(
    `\nStart-up, ${rounds} fresh Node processes each, interleaved (vscode stubbed; timed inside the process)`,
  );
  row('    empty extension: load + activate', `${median(samples.empty).toFixed(1)} ms`);
  row('    dist/extension.js: code loading', `${median(samples.load).toFixed(1)} ms`);
  row('    dist/extension.js: activate', `${median(samples.activate).toFixed(1)} ms`);
  row('    extension minus empty, paired', `${median(extra).toFixed(1)} ms`, judged(extra, 10, 1));
  // Issue 11's target, met at 83 KB then; the features since (issues 22–25) grew it. Its purpose, the start-up
  // time, is judged above; the size is printed with its own verdict so a regrowth is seen.
  const kb = statSync(extension).size / 1024;
  row('    dist/extension.js size', `${kb.toFixed(0)} KB`, `target ≤ 100 KB: ${kb <= 100 ? 'met' : 'NOT met'}`);
}
