// npm run test:load: the whole `npm test` (or one suite: --suite e2e) on a busy machine, several times in a row.
// Busy processes spin beside it (default 6, at nice 10: the load average climbs past 6 on 2 cores while the
// suite still gets its turns, as on a laptop compiling in the background); the load average is sampled
// through each run and printed with its result. Exits non-zero when any run fails.
//   node test/tools/underLoad.mjs [--runs 3] [--busy 6] [--nice 10] [--suite all|unit|component|pages|integration|e2e]
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    busy: { type: 'string', default: '6' },
    nice: { type: 'string', default: '10' },
    suite: { type: 'string', default: 'all' },
  },
});
const runs = Number(values.runs);
const busy = Number(values.busy);

function spinners() {
  return Array.from({ length: busy }, () =>
    spawn('nice', ['-n', values.nice, process.execPath, '-e', 'for (;;) Math.sqrt(Math.random());'], {
      stdio: 'ignore',
    }),
  );
}

function suite() {
  return new Promise((resolve) => {
    const only = values.suite === 'all' ? [] : ['--only', values.suite];
    const child = spawn(process.execPath, ['test/run-all.mjs', ...only], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk).slice(-2000);
    });
    child.on('exit', (code) =>
      resolve({ code, summary: [...tail.matchAll(/^(\d+) passed, (\d+) failed.*$/gm)].at(-1)?.[0] ?? 'no summary' }),
    );
  });
}

const results = [];
for (let run = 1; run <= runs; run++) {
  const busyProcesses = spinners();
  const loads = [];
  const sample = setInterval(() => loads.push(loadavg()[0]), 2000);
  const started = Date.now();
  const { code, summary } = await suite();
  clearInterval(sample);
  for (const child of busyProcesses) child.kill('SIGKILL');
  const sorted = [...loads].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  results.push({
    run,
    code,
    summary,
    seconds: Math.round((Date.now() - started) / 1000),
    loadMedian: median,
    loadMax: sorted.at(-1) ?? 0,
  });
  console.log(
    `\n[load] run ${run}/${runs}: ${summary} in ${results.at(-1).seconds} s; load average median ${median.toFixed(1)}, max ${(sorted.at(-1) ?? 0).toFixed(1)} (${busy} busy processes at nice ${values.nice})\n`,
  );
}
console.log('[load] summary');
for (const r of results)
  console.log(
    `[load]   run ${r.run}: ${r.summary}, ${r.seconds} s, load median ${r.loadMedian.toFixed(1)} / max ${r.loadMax.toFixed(1)}`,
  );
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
