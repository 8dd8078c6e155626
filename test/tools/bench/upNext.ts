// Up Next's cost, cold and warm, for 10, 50 and 200 followed series: requests and time, against a stand-in
// in its own process (it follows exactly that many series), through the real client with its throttle and
// its disk store, as the view reads them (`readUpNext`). Three variants, interleaved round by round:
//   cold     a first start: an empty store (every list page and every series asked for);
//   restart  a new client on the store the cold one wrote (a VS Code restart within six hours);
//   shown    the same client again (the view shown again, the status bar's next look);
//   continue the same, with every series started (an episode marked): Continue Watching grouped beside Up
//            Next, from the same answers (its requests must be shown's).
import '../../../src/deferredEntry';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { readUpNext } from '../../../src/features/upNext/upNextRead';
import { localDay, upNext } from '../../../src/features/upNext/upNextSchedule';
import { continueWatching, type SeasonMarks } from '../../../src/features/upNext/continueWatching';
import { TmdbClient } from '../../../src/tmdb/client';
import { DiskStore } from '../../../src/tmdb/diskStore';
import { READ_TOKEN } from '../../support/fixtures';
import { row, startStandInProcess } from './http';
import { median } from './stats';

const ROUNDS = 5;

export async function upNextCost(): Promise<void> {
  console.log(
    `\nUp Next: cold, after a restart, and shown again; requests and wall time (median of ${ROUNDS} interleaved rounds, min–max); the stand-in in its own process`,
  );
  for (const count of [10, 50, 200]) {
    const standIn = await startStandInProcess({ followSeries: count, printSession: true });
    const session = standIn.session!;
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests++;
      return fetch(input, init);
    };
    const stores = new Map<string, DiskStore>();
    const clientOn = (dir: string) =>
      new TmdbClient({
        settings: () => ({ apiBaseUrl: standIn.url, language: 'en-US', region: 'US', includeAdult: false }),
        apiToken: async () => READ_TOKEN,
        session: async () => session,
        fetch: counting,
        store: stores.get(dir) ?? stores.set(dir, new DiskStore(dir)).get(dir)!,
      });
    const samples: Record<'cold' | 'restart' | 'shown' | 'continue', { ms: number[]; requests: number[] }> = {
      cold: { ms: [], requests: [] },
      restart: { ms: [], requests: [] },
      shown: { ms: [], requests: [] },
      continue: { ms: [], requests: [] },
    };
    /** Every series started: its first episode marked (as kept: season 1's ranges). */
    const started: SeasonMarks = new Map([[1, [[1, 1] as const]]]);
    let followed: number[] = [];
    const measure = async (name: keyof typeof samples, client: TmdbClient) => {
      requests = 0;
      const start = performance.now();
      const read = await readUpNext(client, name === 'continue' ? { also: followed } : {});
      const continuing = name === 'continue' ? continueWatching(read.schedules, () => started) : [];
      const elsewhere = new Set(continuing.map((entry) => entry.series.id));
      const entries = upNext(
        read.schedules.filter((series) => !elsewhere.has(series.id)),
        localDay(Date.now()),
      );
      samples[name].ms.push(performance.now() - start);
      samples[name].requests.push(requests);
      followed = read.ids;
      if (read.schedules.length !== count || entries.length + continuing.length !== count)
        throw new Error(`read ${read.schedules.length} of ${count}`);
      if (name === 'continue' && continuing.length !== count) throw new Error(`${continuing.length} to continue`);
    };
    for (let round = 0; round < ROUNDS; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'tmdb-bench-upnext-'));
      try {
        const first = clientOn(dir);
        await measure('cold', first);
        await stores.get(dir)!.idle(); // the store writes behind
        // Interleaved: the order of the two warm variants alternates by round.
        const second = new TmdbClient({
          settings: () => ({ apiBaseUrl: standIn.url, language: 'en-US', region: 'US', includeAdult: false }),
          apiToken: async () => READ_TOKEN,
          session: async () => session,
          fetch: counting,
          store: new DiskStore(dir),
        });
        if (round % 2 === 0) {
          await measure('restart', second);
          await measure('shown', first);
          await measure('continue', first);
        } else {
          await measure('continue', first);
          await measure('shown', first);
          await measure('restart', second);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const span = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
    for (const name of ['cold', 'restart', 'shown', 'continue'] as const) {
      const { ms, requests: sent } = samples[name];
      row(
        `  ${count} series, ${name}`,
        `${median(ms).toFixed(0)} ms`,
        `${median(sent)} requests (${span(sent)}), ${span(ms)} ms`,
      );
    }
    const ratios = samples.restart.ms.map((ms, i) => ms / samples.cold.ms[i]!);
    row(
      `  ${count} series, restart / cold`,
      `${median(ratios).toFixed(2)}x`,
      `min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)} (paired by round)`,
    );
    const continuing = samples.continue.ms.map((ms, i) => ms / samples.shown.ms[i]!);
    row(
      `  ${count} series, continue / shown`,
      `${median(continuing).toFixed(2)}x`,
      `min ${Math.min(...continuing).toFixed(2)}, max ${Math.max(...continuing).toFixed(2)} (paired by round); requests ${median(samples.continue.requests)} vs ${median(samples.shown.requests)}`,
    );
    await standIn.stop();
  }
}
