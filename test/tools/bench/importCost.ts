// The import's cost: a 300-row IMDb ratings export (220 titles TMDB knows, 60 unknown ids, 20 episodes)
// read, matched and written into the ratings, against a stand-in in its own process at TMDB's rate limit
// (40 requests a second), through the real client with its throttle. Beside it, interleaved round by
// round, the floor: the same requests (a find for each row, a rating for each title) sent by the same
// client with nothing else. Printed: rows a second, requests, the share of the wall time the import
// spends in the process's own work (reading, matching, the job) rather than waiting on TMDB.
import '../../../src/deferredEntry';
import { performance } from 'node:perf_hooks';
import { readImportFile } from '../../../src/features/transfer/csvFiles';
import { newJob, runJob, type ImportJob } from '../../../src/features/transfer/importJob';
import { lookupOn, matchRows } from '../../../src/features/transfer/importMatch';
import { writerFor, type ImportAccount } from '../../../src/features/transfer/importWriter';
import { TmdbClient } from '../../../src/tmdb/client';
import { loadCatalogue } from '../../tmdb-server/catalogue';
import { READ_TOKEN } from '../../support/fixtures';
import { imdbRatingsExport } from '../../support/exports';
import { row, startStandInProcess } from './http';
import { median } from './stats';

const ROUNDS = 3;

export async function importCost(): Promise<void> {
  console.log(
    `\nImport: a 300-row IMDb ratings export into the ratings, against the stand-in in its own process at 40 requests a second (median of ${ROUNDS} interleaved rounds, min–max)`,
  );
  const standIn = await startStandInProcess({ printSession: true, rateLimit: 40 });
  const session = standIn.session!;
  const bytes = new TextEncoder().encode(
    imdbRatingsExport(loadCatalogue().imdbIndex, { known: 220, unknown: 60, episodes: 20 }),
  );
  let requests = 0;
  const counting: typeof fetch = (input, init) => {
    requests++;
    return fetch(input, init);
  };
  // A new client each run: nothing kept from the run before (finds are kept a day otherwise).
  const client = () =>
    new TmdbClient({
      settings: () => ({ apiBaseUrl: standIn.url, language: 'en-US', region: 'US', includeAdult: false }),
      apiToken: async () => READ_TOKEN,
      session: async () => session,
      fetch: counting,
    });
  // The client's writes as the services send them (a write that answers needs no read-back).
  const account = (api: TmdbClient): ImportAccount => ({
    ratings: { set: (kind, id, value) => api.setRating(kind, id, value).then(() => undefined) },
    watchlist: { set: (kind, id, on) => api.setFlag('watchlist', kind, id, on).then(() => undefined) },
    lists: { isV4: async () => false, set: async () => undefined, addMany: async () => [] },
  });
  const samples = {
    import: { ms: [] as number[], cpu: [] as number[], requests: [] as number[] },
    floor: { ms: [] as number[], requests: [] as number[] },
  };
  let written = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // A: the import as the command runs it, without its dialogs.
      {
        const api = client();
        requests = 0;
        const cpu = process.cpuUsage();
        const start = performance.now();
        const file = readImportFile(bytes);
        const matched = await matchRows(file.rows, lookupOn(api));
        const items = matched.flatMap((m) =>
          m.how === 'id' || m.how === 'title'
            ? [{ kind: m.target.kind, id: m.target.id, title: m.target.title, line: m.row.line, rating: m.row.rating }]
            : [],
        );
        let kept: ImportJob | undefined;
        const job = newJob(session.accountId, 'ratings.csv', { kind: 'rated' }, items, Date.now());
        const run = await runJob(job, writerFor(account(api), { kind: 'rated' }), {
          get: () => kept,
          set: async (j) => void (kept = j),
        });
        if (run.outcome !== 'finished') throw new Error(`the import ${run.outcome}: ${String(run.reason)}`);
        samples.import.ms.push(performance.now() - start);
        const used = process.cpuUsage(cpu);
        samples.import.cpu.push((used.user + used.system) / 1000);
        samples.import.requests.push(requests);
        written = items.length;
      }
      // B: the floor: the same requests, nothing else.
      {
        const api = client();
        requests = 0;
        const start = performance.now();
        const file = readImportFile(bytes);
        const found = await Promise.all(file.rows.map((r) => api.findByImdb(r.imdbId!)));
        const titles = found.flatMap((f, i) => {
          const hit = f.movie_results[0] ?? f.tv_results[0];
          return hit
            ? [
                {
                  kind: f.movie_results[0] ? ('movie' as const) : ('tv' as const),
                  id: hit.id,
                  rating: file.rows[i]!.rating!,
                },
              ]
            : [];
        });
        await Promise.all(titles.map((t) => api.setRating(t.kind, t.id, t.rating)));
        samples.floor.ms.push(performance.now() - start);
        samples.floor.requests.push(requests);
      }
    }
  } finally {
    standIn.child.kill();
  }
  const rows = 300;
  const ratios = samples.import.ms.map((ms, i) => ms / samples.floor.ms[i]!);
  row(
    'import, 300 rows',
    `${median(samples.import.ms).toFixed(0)} ms`,
    `${(rows / (median(samples.import.ms) / 1000)).toFixed(1)} rows/s; ${written} written; ${median(samples.import.requests)} requests`,
  );
  row(
    'floor: the same requests alone',
    `${median(samples.floor.ms).toFixed(0)} ms`,
    `${median(samples.floor.requests)} requests`,
  );
  row(
    'import / floor',
    `${median(ratios).toFixed(2)}x`,
    `min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}`,
  );
  const cpuShare = samples.import.cpu.map((cpu, i) => cpu / samples.import.ms[i]!);
  row(
    "the import's own work (CPU) in its wall time",
    `${(median(cpuShare) * 100).toFixed(1)} %`,
    `so ${(100 - median(cpuShare) * 100).toFixed(1)} % waiting on TMDB and the throttle`,
  );
}
