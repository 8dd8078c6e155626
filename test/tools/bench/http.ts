// The client over real HTTP, side by side with raw fetch, ofetch and tmdb-ts, against the stand-in running
// in its own process (so its work is not billed to the client). The variants are interleaved in rounds
// (A B C D, then B C D A, …); each round times a block of requests per variant, and the figure reported is
// the median of the per-round ratios to raw fetch, with the min and max.
import '../../../src/deferredEntry';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { ofetch } from 'ofetch';
import { TMDB } from 'tmdb-ts';
import * as z from 'zod';
import { TmdbClient } from '../../../src/tmdb/client';
import type { TmdbSettings } from '../../../src/tmdb/call';
import { DiskStore } from '../../../src/tmdb/diskStore';
// What the client asks with each title: the floor and the other rows ask the same, so all read the same answer.
import { MOVIE_APPENDS, TV_APPENDS } from '../../../src/tmdb/policies';
import * as s from '../../../src/tmdb/schemas';
import { READ_TOKEN, V4_USER_TOKEN } from '../../support/fixtures';
import type { Fault } from '../../tmdb-server/faults';
import { median, spread, verdict } from './stats';

const ROOT = join(__dirname, '..', '..', '..', '..');

export interface StandInProcess {
  url: string;
  /** With `printSession`: a session of the demo account. */
  session?: { sessionId: string; accountId: number };
  child: ChildProcess;
  /** Faults, as `TmdbStandIn.inject` takes them (sent to the process on its standard input). */
  inject(fault: Fault): void;
  clearFaults(): void;
  /** How many requests it has been asked so far. */
  requestCount(): Promise<number>;
  stop(): Promise<void>;
}

/** `npm run tmdb-server` in a child process, no rate limit, taking faults on its standard input. */
export async function startStandInProcess(
  options: { followSeries?: number; fillWatchlist?: number; printSession?: boolean; rateLimit?: number } = {},
): Promise<StandInProcess> {
  const extra = [
    ...(options.followSeries ? ['--follow-series', String(options.followSeries)] : []),
    ...(options.fillWatchlist ? ['--fill-watchlist', String(options.fillWatchlist)] : []),
    ...(options.printSession ? ['--print-session'] : []),
  ];
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'out', 'test', 'tmdb-server', 'main.js'),
      '--port',
      '0',
      '--read-token',
      READ_TOKEN,
      '--rate-limit',
      String(options.rateLimit ?? 0),
      '--v4-token',
      V4_USER_TOKEN,
      '--faults-on-stdin',
      ...extra,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let session: StandInProcess['session'];
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const signedIn = /session (\S+) account (\d+)/.exec(out);
      if (signedIn) session = { sessionId: signedIn[1]!, accountId: Number(signedIn[2]) };
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
  return {
    url,
    session,
    child,
    inject: (fault) => child.stdin!.write(`${JSON.stringify(fault)}\n`),
    clearFaults: () => child.stdin!.write('clear\n'),
    requestCount: () =>
      new Promise<number>((resolve) => {
        const read = (chunk: Buffer) => {
          const counted = /requests (\d+)/.exec(String(chunk));
          if (!counted) return;
          child.stdout!.off('data', read);
          resolve(Number(counted[1]));
        };
        child.stdout!.on('data', read);
        child.stdin!.write('count\n');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Packages one of the benches' baseline extensions (a folder under test/tools/bench, with `files` written into it) as a VSIX in a temporary folder. */
export function packageBaseline(folder: string, files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${folder}-`));
  cpSync(join(ROOT, 'test', 'tools', 'bench', folder), dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const vsix = join(dir, 'baseline.vsix');
  execFileSync(
    join(ROOT, 'node_modules', '.bin', 'vsce'),
    ['package', '--allow-missing-repository', '--skip-license', '--out', vsix],
    { cwd: dir, stdio: 'ignore' },
  );
  return vsix;
}

/** "load 1.20 0.90 0.70": the machine's 1, 5 and 15-minute load averages, printed with every bench block. */
export const loadAverage = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

/** One figure a line: name, value, note. */
export function row(name: string, value: string, note = ''): void {
  console.log(`${name.padEnd(58)} ${value.padStart(12)}  ${note}`);
}

type Variant = () => Promise<unknown>;

/** This process's CPU time (user + system), in ms. */
const cpuMs = () => (({ user, system }) => (user + system) / 1000)(process.cpuUsage());

/**
 * Rounds of interleaved blocks; returns each variant's ms per request for every round: wall time, or
 * (`cpu`) this process's CPU time (user + system), which leaves out the server's, in its own process.
 */
async function interleave(
  variants: Record<string, Variant>,
  rounds: number,
  block: number,
  clock: 'wall' | 'cpu' = 'wall',
): Promise<Record<string, number[]>> {
  const names = Object.keys(variants);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const now = clock === 'wall' ? () => performance.now() : cpuMs;
  for (const name of names) for (let i = 0; i < 5; i++) await variants[name]!(); // warm-up
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length]!);
    for (const name of order) {
      const start = now();
      for (let i = 0; i < block; i++) await variants[name]!();
      samples[name]!.push((now() - start) / block);
    }
  }
  return samples;
}

/**
 * Each variant once a turn, for `requests` turns (the order turned every turn), each request's CPU time read
 * alone; returned as sums of 100 requests. Here CPU time swings 0.1–5x from one block of 20 requests to the
 * next (V8's helper threads, and the virtual machine's stolen time billed to whatever runs): interleaved a
 * request at a time, both sides meet the same swings.
 */
async function interleaveEach(variants: Record<string, Variant>, requests: number): Promise<Record<string, number[]>> {
  const names = Object.keys(variants);
  const sums: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) for (let i = 0; i < 20; i++) await variants[name]!(); // warm-up
  for (let turn = 0; turn < requests; turn++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + turn) % names.length]!;
      const start = cpuMs();
      await variants[name]!();
      const chunk = sums[name]!;
      if (turn % 100 === 0) chunk.push(0);
      chunk[chunk.length - 1]! += (cpuMs() - start) / 100;
    }
  }
  return sums;
}

/**
 * A server that answers each path with a body fetched once beforehand (its query ignored): its answers cost
 * nothing to build, so a ratio against it measures the client. In its own process.
 */
async function startCannedServer(bodies: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'tmdb-canned-'));
  writeFileSync(join(dir, 'bodies.json'), JSON.stringify(bodies));
  const script = `
    const bodies = Object.fromEntries(Object.entries(require(${JSON.stringify(join(dir, 'bodies.json'))})).map(([path, text]) => [path, Buffer.from(text)]));
    require('node:http').createServer((req, res) => {
      const body = bodies[req.url.split('?')[0]];
      if (!body) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'Content-Type': 'application/json;charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`the canned server exited (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** The client's row in the floor's blocks: the one held to the target. */
const CLIENT = 'TmdbClient (validated, no cache)';

type FloorCase = 'movie' | 'trending' | 'series';
interface FloorAnswer {
  /** Its path, and its query as the client asks it. */
  path: string;
  query: Record<string, string>;
  /** The schema the client reads it with (the floor reads it with the same). */
  schema: () => z.ZodType;
  /** The client's call for it. */
  ask: (client: TmdbClient) => Promise<unknown>;
}
/** The answers the client's floor is measured on. */
const FLOOR_CASES: Record<FloorCase, FloorAnswer> = {
  movie: {
    path: '/3/movie/550',
    query: { append_to_response: MOVIE_APPENDS, language: 'en-US' },
    schema: s.movieDetails,
    ask: (c) => c.movie(550),
  },
  trending: {
    path: '/3/trending/person/day',
    query: { page: '1', language: 'en-US' },
    schema: s.trendingPeople,
    ask: (c) => c.trendingPeople('day', 1),
  },
  series: {
    path: '/3/tv/1399',
    query: { append_to_response: TV_APPENDS, language: 'en-US' },
    schema: s.tvSeries,
    ask: (c) => c.tvSeries(1399),
  },
};
const FLOOR_WHICH = Object.keys(FLOOR_CASES) as FloorCase[];
const FLOOR_HEADERS = { Authorization: `Bearer ${READ_TOKEN}` };

/** The floor's answers, read once from the stand-in, then served by a canned-body server (startCannedServer). */
async function startFloorServer() {
  const standIn = await startStandInProcess();
  const bodies: Record<string, string> = {};
  for (const { path, query } of Object.values(FLOOR_CASES))
    bodies[path] = await (
      await fetch(`${standIn.url}${path}?${new URLSearchParams(query)}`, { headers: FLOOR_HEADERS })
    ).text();
  await standIn.stop();
  const canned = await startCannedServer(bodies);
  return {
    ...canned,
    bodies,
    settings: (): TmdbSettings => ({ apiBaseUrl: canned.url, language: 'en-US', region: 'US', includeAdult: false }),
    /** `fetch` + .json() of a case, as the floor reads it. */
    fetchJson: async (which: FloorCase) =>
      (
        await fetch(`${canned.url}${FLOOR_CASES[which].path}?${new URLSearchParams(FLOOR_CASES[which].query)}`, {
          headers: FLOOR_HEADERS,
        })
      ).json(),
  };
}

/**
 * The client against its floor: raw fetch, and `fetch` + the same zod schemas (what any validated client
 * has to do), with the CPU time of this process per request, against a canned-body server.
 */
export async function clientFloor(): Promise<void> {
  const canned = await startFloorServer();
  const { bodies, settings, fetchJson } = canned;
  const client = uncachedClient(settings);
  const sizeOf = (which: FloorCase) => `${(bodies[FLOOR_CASES[which].path]!.length / 1024).toFixed(0)} KB`;
  const names: Record<FloorCase, string> = {
    movie: `GET /3/movie/550 + ${MOVIE_APPENDS.split(',').length} appends (${sizeOf('movie')})`,
    trending: `GET /3/trending/person/day (${sizeOf('trending')})`,
    series: `GET /3/tv/1399 + ${TV_APPENDS.split(',').length} appends (${sizeOf('series')})`,
  };
  console.log(
    `\nThe client against its floor in Node ${process.version}, CPU time of this process per request (a canned-body server in its own process, answers cost nothing to build; the variants interleaved a request at a time; ratio: median of the ratios of 100-request sums to fetch + zod's, min, max; target ≤ 1.05x); ${loadAverage()}`,
  );
  for (const which of FLOOR_WHICH) {
    const schema = FLOOR_CASES[which].schema();
    console.log(`  ${names[which]}`);
    const variants = {
      'fetch + the same zod schema (the floor)': async () => schema.parse(await fetchJson(which)),
      'raw fetch + .json()': () => fetchJson(which),
      [CLIENT]: () => FLOOR_CASES[which].ask(client),
    };
    report(
      await interleaveEach(variants, which === 'movie' ? 1000 : 3000),
      'fetch + the same zod schema (the floor)',
      {},
      CLIENT,
    );
  }
  await canned.stop();

  // The same without a socket: each answer handed over in process as a fresh Response, so what the figures
  // hold besides the client is the body's reading and the schema's, not the network's noise.
  const inProcess = (path: string) => async () =>
    new Response(bodies[path], {
      status: 200,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(bodies[path]!)) },
    });
  console.log('\nThe same with no socket (each answer a Response made in process; 30 interleaved rounds of 100)');
  for (const which of FLOOR_WHICH) {
    const { path, schema: readWith, ask } = FLOOR_CASES[which];
    const schema = readWith();
    const respond = inProcess(path);
    const direct = uncachedClient(settings, respond);
    const viaClient = () => ask(direct);
    console.log(`  ${names[which]}`);
    report(
      await interleave(
        {
          'Response + the same zod schema (the floor)': async () => schema.parse(await (await respond()).json()),
          [CLIENT]: viaClient,
        },
        30,
        100,
        'cpu',
      ),
      'Response + the same zod schema (the floor)',
      {},
      CLIENT,
    );
  }
}

/**
 * The same in the extension host's Node (the harness's Node 24, installed if missing): its fetch and its
 * AbortController are not Node 20's (in Node 20, a request's AbortController and the listeners fetch adds
 * to its signal were ~50 µs of CPU time a request, most of the client's overhead; measured with --cpu-prof).
 * Then the socket half again in fresh processes (clientFloorAcrossProcesses).
 */
export async function clientFloorInHostNode(): Promise<void> {
  const { ensureNode24 } = (await import(
    pathToFileURL(join(ROOT, 'test', 'harness', 'install.mjs')).href
  )) as typeof import('../../harness/install.mjs', { with: { 'resolution-mode': 'import' } });
  const node = ensureNode24();
  const child = spawn(
    node,
    [
      '-e',
      `require(${JSON.stringify(__filename)}).clientFloor().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); })`,
    ],
    { stdio: 'inherit' },
  );
  const code = await new Promise<number | null>((resolve, reject) => child.on('exit', resolve).on('error', reject));
  if (code !== 0) throw new Error(`the client's floor in ${node} exited with ${code}`);
  await clientFloorAcrossProcesses(node);
}

/** One process's medians of paired ratios: the client to the floor, and the client's second copy to the client. */
type ProcessRatios = Record<FloorCase, { client: number; copy: number }>;

/**
 * The client against its floor over a socket, once in each of `processes` fresh processes of `node`, each
 * process's median ratio a sample. Within one process the ratio leans by where its code happens to land: two
 * copies of the client's code, loaded side by side and interleaved, read 0.94–1.06x of each other from one
 * process to the next (a lean that stays for the process's whole run). A ratio across processes is the
 * median of theirs, judged by its interval; the copy's row shows the lean this run had.
 */
export async function clientFloorAcrossProcesses(
  node = process.execPath,
  processes = Number(process.env.TMDB_FLOOR_PROCESSES) || 8,
): Promise<void> {
  const before = loadAverage();
  const runs: ProcessRatios[] = [];
  for (let i = 0; i < processes; i++) {
    const out = execFileSync(
      node,
      [
        '-e',
        `require(${JSON.stringify(__filename)}).clientFloorRatios().then((r) => { console.log(JSON.stringify(r)); process.exit(0); }, (e) => { console.error(e); process.exit(1); })`,
      ],
      { encoding: 'utf8' },
    );
    runs.push(JSON.parse(out.trim().split('\n').at(-1)!) as ProcessRatios);
  }
  console.log(
    `\nThe client against its floor in ${processes} fresh processes of ${node === process.execPath ? `this Node (${process.version})` : "the extension host's Node"}: each process's median ratio (as above, over a socket) a sample; ${before} → ${loadAverage()}`,
  );
  for (const which of FLOOR_WHICH) {
    const client = runs.map((run) => run[which].client);
    const copy = runs.map((run) => run[which].copy);
    row(
      `  ${which}: ${CLIENT} / the floor`,
      `${median(client).toFixed(2)}x`,
      `${spread(client, 2)}; ${verdict(client, 1.05, 2)}`,
    );
    row(
      `  ${which}: the client's second copy / the client`,
      `${median(copy).toFixed(2)}x`,
      `${spread(copy, 2)} (the same code: any lean is the bench's)`,
    );
  }
}

/**
 * clientFloor's socket half, quietly, with a second copy of the client's code (its modules loaded again) as a
 * control: each case's median ratios, for clientFloorAcrossProcesses.
 */
export async function clientFloorRatios(): Promise<ProcessRatios> {
  const canned = await startFloorServer();
  const { settings, fetchJson } = canned;
  const client = uncachedClient(settings);
  client.warmUp();
  const copy = secondCopyOfClient(settings);
  const ratios = {} as ProcessRatios;
  for (const which of FLOOR_WHICH) {
    const { schema: readWith, ask } = FLOOR_CASES[which];
    const schema = readWith();
    const samples = await interleaveEach(
      {
        floor: async () => schema.parse(await fetchJson(which)),
        client: () => ask(client),
        copy: () => ask(copy),
      },
      which === 'movie' ? 1000 : 1500,
    );
    ratios[which] = {
      client: median(samples.client!.map((v, i) => v / samples.floor![i]!)),
      copy: median(samples.copy!.map((v, i) => v / samples.client![i]!)),
    };
  }
  await canned.stop();
  return ratios;
}

/** An uncached client from a second load of the extension's modules (../../../src): the same source, code of its own. */
function secondCopyOfClient(settings: () => TmdbSettings): TmdbClient {
  const ours = join(ROOT, 'out', 'src');
  const kept = Object.keys(require.cache).filter((file) => file.startsWith(ours));
  const saved = new Map(kept.map((file) => [file, require.cache[file]]));
  for (const file of kept) delete require.cache[file];
  try {
    // The copy's loader names its own deferred part, as the extension's entry does (the house's third floor
    // left the copy without: the bench stopped here with "The deferred part was not named").
    require('../../../src/deferredEntry');
    const { TmdbClient: Copy } = require('../../../src/tmdb/client') as typeof import('../../../src/tmdb/client');
    const copy = uncachedClient(settings, undefined, Copy);
    copy.warmUp(); // its deferred part (the schemas, ofetch) loaded now, while the cache holds the copy's modules
    return copy;
  } finally {
    // The copy's modules out, this process's back: the client's own later loads find its own.
    for (const file of Object.keys(require.cache)) if (file.startsWith(ours)) delete require.cache[file];
    for (const [file, module] of saved) require.cache[file] = module;
  }
}

/** A client that keeps no answer (a zero memory budget, no store) and is not throttled: every call asks, at once. */
function uncachedClient(
  settings: () => TmdbSettings,
  fetch?: typeof globalThis.fetch,
  Client = TmdbClient,
): TmdbClient {
  return new Client({
    settings,
    apiToken: async () => READ_TOKEN,
    session: async () => undefined,
    requestsPerSecond: 1e6,
    memoryBudgetBytes: 0,
    fetch,
  });
}

/** Each variant's median and its paired ratios to `baseline`; `judged` is held to the client's target, 1.05x. */
function report(
  samples: Record<string, number[]>,
  baseline: string,
  note: Record<string, string> = {},
  judgedVariant?: string,
): void {
  const base = samples[baseline]!;
  for (const [name, values] of Object.entries(samples)) {
    const ratios = values.map((value, i) => value / base[i]!);
    const ratio =
      name === baseline
        ? 'baseline'
        : `${median(ratios).toFixed(2)}x (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)})`;
    const judgedNote = name === judgedVariant ? `; ${verdict(ratios, 1.05, 2)}` : '';
    row(
      `    ${name}`,
      `${median(values).toFixed(2)} ms`,
      `${ratio}${judgedNote}${note[name] ? `  ${note[name]}` : ''}`,
    );
  }
}

export async function httpSideBySide(): Promise<void> {
  const standIn = await startStandInProcess();
  const { url } = standIn;
  const settings = () => ({ apiBaseUrl: url, language: 'en-US', region: 'US', includeAdult: false });
  const uncached = uncachedClient(settings);
  const headers = { Authorization: `Bearer ${READ_TOKEN}` };
  // tmdb-ts has TMDB's address built in; its fetch is pointed at the stand-in (one string replace a call).
  const tmdbTs = new TMDB(READ_TOKEN, {
    fetch: (input, init) => fetch(String(input).replace('https://api.themoviedb.org', url), init),
  });
  const rawJson = async (path: string) => (await fetch(`${url}${path}`, { headers })).json();
  // The client's own mechanics (throttle, cache bookkeeping, ofetch, error mapping) without validation:
  // the same private request path with a schema that accepts anything. Bench only.
  const unvalidated = (path: string, query: Record<string, string | number>) =>
    (uncached as unknown as { request(call: object): Promise<unknown> }).request({
      path,
      schema: () => z.unknown(),
      query,
      localized: true,
    });

  const endpoints: Array<[string, Record<string, Variant>]> = [
    [
      // Every variant asks for the same address the client asks for (appends included).
      `GET /3/tv/1399 + ${TV_APPENDS}`,
      {
        'raw fetch + .json()': () => rawJson(`/3/tv/1399?append_to_response=${TV_APPENDS}&language=en-US`),
        ofetch: () =>
          ofetch('/3/tv/1399', { baseURL: url, query: { append_to_response: TV_APPENDS, language: 'en-US' }, headers }),
        'tmdb-ts': () =>
          tmdbTs.tvShows.details(1399, TV_APPENDS.split(',') as Parameters<typeof tmdbTs.tvShows.details>[1], 'en-US'),
        'TmdbClient, not validated (mechanics only)': () =>
          unvalidated('/3/tv/1399', { append_to_response: TV_APPENDS }),
        'TmdbClient (validated, no cache)': () => uncached.tvSeries(1399),
      },
    ],
    [
      'GET /3/trending/person/day (20 people)',
      {
        'raw fetch + .json()': () => rawJson('/3/trending/person/day?page=1&language=en-US'),
        ofetch: () =>
          ofetch('/3/trending/person/day', { baseURL: url, query: { page: 1, language: 'en-US' }, headers }),
        'tmdb-ts': () => tmdbTs.trending.trending('person', 'day', { language: 'en-US', page: 1 }),
        'TmdbClient, not validated (mechanics only)': () => unvalidated('/3/trending/person/day', { page: 1 }),
        'TmdbClient (validated, no cache)': () => uncached.trendingPeople('day', 1),
      },
    ],
    [
      `GET /3/movie/550 + ${MOVIE_APPENDS}`,
      {
        'raw fetch + .json()': () => rawJson(`/3/movie/550?append_to_response=${MOVIE_APPENDS}&language=en-US`),
        ofetch: () =>
          ofetch('/3/movie/550', {
            baseURL: url,
            query: { append_to_response: MOVIE_APPENDS, language: 'en-US' },
            headers,
          }),
        'tmdb-ts': () =>
          tmdbTs.movies.details(550, MOVIE_APPENDS.split(',') as Parameters<typeof tmdbTs.movies.details>[1], 'en-US'),
        'TmdbClient, not validated (mechanics only)': () =>
          unvalidated('/3/movie/550', { append_to_response: MOVIE_APPENDS }),
        'TmdbClient (validated, no cache)': () => uncached.movie(550),
      },
    ],
  ];
  console.log(
    "\nThe client per GET, side by side (stand-in in its own process; 30 interleaved rounds of 20 requests; median ms per request, ratio to raw fetch: median of the rounds' ratios, min, max)",
  );
  for (const [name, variants] of endpoints) {
    console.log(`  ${name}`);
    report(await interleave(variants, 30, 20), 'raw fetch + .json()');
  }

  console.log('\nCold and warm cache, interleaved (GET /3/movie/550 + appends)');
  const cached = new TmdbClient({
    settings,
    apiToken: async () => READ_TOKEN,
    session: async () => undefined,
    requestsPerSecond: 1e6,
  });
  await cached.movie(550);
  report(
    await interleave(
      {
        'cold (no cache: request, parse, validate)': () => uncached.movie(550),
        'warm (fresh in memory)': () => cached.movie(550),
      },
      30,
      5,
    ),
    'cold (no cache: request, parse, validate)',
  );

  console.log(
    "\nRequests per action (counted by the client's log; each line is one request that reached the stand-in)",
  );
  const dir = mkdtempSync(join(tmpdir(), 'tmdb-bench-'));
  const lines: string[] = [];
  const make = () =>
    new TmdbClient({
      settings,
      apiToken: async () => READ_TOKEN,
      session: async () => undefined,
      store: new DiskStore(dir),
      log: (line) => lines.push(line),
    });
  const count = async (run: () => Promise<unknown>) => {
    lines.length = 0;
    await run();
    return lines.filter((line) => /→ \d{3} in/.test(line)).length;
  };
  const first = make();
  row('    open a movie panel (movie + appends; signed out)', `${await count(() => first.movie(550))}`, 'target 1');
  row('    re-open it (closed panel)', `${await count(() => first.movie(550))}`, 'target 0 while fresh');
  row(
    '    10 identical concurrent calls (a new title)',
    `${await count(() => Promise.all(Array.from({ length: 10 }, () => first.tvSeries(1399))))}`,
    'target 1',
  );
  await count(() => first.trendingPeople('day'));
  await new Promise((resolve) => setTimeout(resolve, 100)); // the disk write is behind the answer
  const restarted = make();
  row(
    '    Trending shown again after a restart',
    `${await count(() => restarted.trendingPeople('day'))}`,
    'target 0 while fresh (from disk)',
  );
  rmSync(dir, { recursive: true, force: true });
  await standIn.stop();
}
