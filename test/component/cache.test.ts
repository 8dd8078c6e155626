// The response cache against the stand-in over HTTP: what is kept, for how long, and what is asked again.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { maxAgeMs, MemoryCache, originOf, type CachedAnswer } from '../../src/tmdb/cache';
import { TmdbClient } from '../../src/tmdb/client';
import { DiskStore } from '../../src/tmdb/diskStore';
import { isTmdbError } from '../../src/tmdb/errors';
import { signIn, startRig, type Rig } from '../support/client';
import { DEMO_ACCOUNT_ID, READ_TOKEN } from '../support/fixtures';
import { until } from '../support/until';

describe('the response cache', function () {
  this.timeout(15_000);
  let rig: Rig;
  let dir: string;
  let store: DiskStore;
  let clock: number;

  /** A second client on the same server and disk folder: the extension after a restart. */
  function restartedClient(): TmdbClient {
    return new TmdbClient({
      settings: () => rig.settings,
      apiToken: async () => rig.credentials.token,
      session: async () => rig.credentials.session,
      store: new DiskStore(dir),
      now: () => clock,
      maxRetries: 0,
    });
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmdb-cache-'));
    clock = Date.parse('2026-11-22T14:02:00Z');
    store = new DiskStore(dir);
    rig = await startRig({ store, now: () => clock, maxRetries: 0 });
  });
  afterEach(async () => {
    await rig.server.stop();
    await store.idle();
    // A check behind (stale-while-revalidate) may still be writing: retried until the folder is gone.
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
  });

  it('reads max-age from Cache-Control, and none from no-store or no-cache', () => {
    assert.equal(maxAgeMs('public, max-age=300'), 300_000);
    assert.equal(maxAgeMs('private, no-cache'), 0);
    assert.equal(maxAgeMs('no-store, max-age=60'), 0);
    assert.equal(maxAgeMs(undefined), undefined);
    assert.equal(maxAgeMs('public'), undefined);
  });

  it('shares one request among ten identical concurrent reads', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => rig.client.movie(550)));
    assert.equal(rig.server.requestsTo('/3/movie/550').length, 1);
    assert.ok(answers.every((movie) => movie.title === 'Fight Club'));
    assert.notEqual(answers[0], answers[1], 'each caller has its own object');
  });

  it('answers a fresh repeat from memory, marked as from the cache', async () => {
    const first = await rig.client.movie(550);
    const again = await rig.client.movie(550);
    assert.equal(rig.server.requestsTo('/3/movie/550').length, 1);
    assert.equal(originOf(first)?.from, 'network');
    assert.equal(originOf(again)?.from, 'cache');
    assert.equal(again.title, first.title);
  });

  // A read that waits for TMDB once its answer is stale (a further page of recommendations); what a page
  // reads is served stale at once and checked behind (below).
  const RECOMMENDATIONS = '/3/movie/550/recommendations';
  const recommendations = () => rig.client.movieRecommendations(550, 2);

  it('checks a stale answer with its ETag: 304 costs no body and keeps the answer fresh again', async () => {
    await recommendations();
    clock += 301_000; // TMDB said max-age=300
    const again = await recommendations();
    const [first, second] = rig.server.requestsTo(RECOMMENDATIONS);
    assert.equal(first?.headers['if-none-match'], undefined);
    assert.match(String(second?.headers['if-none-match']), /^".+"$/, 'sent the ETag as If-None-Match');
    assert.equal(second?.status, 304);
    assert.equal(again.page, 2);
    await recommendations();
    assert.equal(rig.server.requestsTo(RECOMMENDATIONS).length, 2, 'fresh again after the 304');
  });

  it('serves a 304 with the answer from disk when memory keeps none (a zero budget), and TMDB out of reach the same way', async () => {
    await recommendations();
    await store.idle();
    const diskOnly = new TmdbClient({
      settings: () => rig.settings,
      apiToken: async () => rig.credentials.token,
      session: async () => undefined,
      store: new DiskStore(dir),
      now: () => clock,
      maxRetries: 0,
      memoryBudgetBytes: 0,
    });
    clock += 301_000;
    const again = await diskOnly.movieRecommendations(550, 2);
    assert.equal(rig.server.requestsTo(RECOMMENDATIONS).at(-1)?.status, 304);
    assert.equal(again.page, 2);
    assert.ok(again.results.length > 0);
    clock += 301_000;
    rig.server.inject({ path: RECOMMENDATIONS, kind: 'reset' });
    const offline = await diskOnly.movieRecommendations(550, 2);
    assert.equal(originOf(offline)?.from, 'offline');
    assert.deepEqual(offline.results, again.results);
  });

  it('takes a 304 only as the answer to a conditional request', async () => {
    rig.server.inject({ path: '/3/movie/550', kind: 'notModified', times: 1 });
    await assert.rejects(
      rig.client.movie(550),
      (error: unknown) => isTmdbError(error, 'invalidResponse') && /not modified/.test(error.message),
    );
    assert.equal((await rig.client.movie(550)).title, 'Fight Club', 'asked again, the real answer');
  });

  it("keeps a 304's new ETag and sends it the next time", async () => {
    await recommendations();
    clock += 301_000;
    rig.server.inject({ path: RECOMMENDATIONS, kind: 'notModified', value: '"renewed"', times: 1 });
    assert.equal((await recommendations()).page, 2);
    clock += 2 * 3600_000; // the 304 said no max-age: kept for the default hour
    await recommendations();
    const [, , third] = rig.server.requestsTo(RECOMMENDATIONS);
    assert.equal(third?.headers['if-none-match'], '"renewed"');
  });

  it('uses its own default freshness when TMDB sends no max-age', async () => {
    rig.server.setCacheMaxAge(undefined);
    await recommendations();
    clock += 30 * 60_000;
    await recommendations();
    assert.equal(rig.server.requestsTo(RECOMMENDATIONS).length, 1, 'a title stays fresh for an hour');
    clock += 31 * 60_000;
    await recommendations();
    assert.equal(rig.server.requestsTo(RECOMMENDATIONS).length, 2);
  });

  it('keeps language and API host apart', async () => {
    const english = await rig.client.movie(550);
    rig.settings.language = 'de-DE';
    const german = await rig.client.movie(550);
    assert.equal(rig.server.requestsTo('/3/movie/550').length, 2);
    assert.notEqual(german.tagline, english.tagline, 'the German answer, not the English one');
    rig.settings.apiBaseUrl = rig.server.url.replace('127.0.0.1', 'localhost');
    await rig.client.movie(550);
    assert.equal(rig.server.requestsTo('/3/movie/550').length, 3);
  });

  it('after a restart, answers from disk without a request while fresh, and keeps no secret there', async () => {
    await rig.client.trendingPeople('day');
    await rig.client.movie(550);
    await store.idle(); // the caller does not wait for the disk write
    const restarted = restartedClient();
    const people = await restarted.trendingPeople('day');
    const movie = await restarted.movie(550);
    assert.equal(rig.server.requestsTo('/3/trending/person/day').length, 1);
    assert.equal(rig.server.requestsTo('/3/movie/550').length, 1);
    assert.ok(people.results.length > 0 && movie.title === 'Fight Club');
    const files = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
    assert.equal(files.length, 2);
    for (const text of files)
      assert.ok(!text.includes(READ_TOKEN) && !text.includes('session_id'), 'no secret on disk');
  });

  it("keeps the account's own titles apart for offline: served only when TMDB cannot be reached, as of when they were read, also after a change", async () => {
    const accountDir = mkdtempSync(join(tmpdir(), 'tmdb-account-'));
    const accountStore = new DiskStore(accountDir, undefined, () => clock, 'account');
    try {
      await rig.server.stop();
      rig = await startRig({ store, accountStore, now: () => clock, maxRetries: 0 });
      signIn(rig);
      const before = await rig.client.flagged('watchlist', 'movie');
      await accountStore.idle();
      assert.equal(readdirSync(accountDir).length, 1, 'the watchlist page kept for offline');
      assert.equal(readdirSync(dir).length, 0, 'not among the public answers');
      // Offline after a restart: the watchlist as last seen.
      rig.client.forgetAccount();
      rig.server.inject({ path: '/3/', kind: 'reset', times: 1 });
      const offline = await rig.client.flagged('watchlist', 'movie');
      assert.equal(originOf(offline)?.from, 'offline');
      assert.deepEqual(
        offline.results.map((t) => t.id),
        before.results.map((t) => t.id),
      );
      // A change, then TMDB out of reach before the Watchlist was read again: the page from before the
      // change is what there is, said to be as of when it was read, not now.
      const readAt = clock;
      clock += 60_000;
      rig.server.clearFaults();
      const added = 680;
      assert.ok(!before.results.some((t) => t.id === added));
      await rig.client.setFlag('watchlist', 'movie', added, true);
      rig.server.inject({ path: '/3/', kind: 'reset' });
      const after = await rig.client.flagged('watchlist', 'movie');
      assert.deepEqual(originOf(after), { from: 'offline', storedAt: readAt });
      // TMDB back: read anew (not the kept page as fresh), and kept for offline as it is now.
      rig.server.clearFaults();
      const fresh = await rig.client.flagged('watchlist', 'movie');
      assert.equal(originOf(fresh)?.from, 'network');
      assert.ok(fresh.results.some((t) => t.id === added));
    } finally {
      await accountStore.idle();
      rmSync(accountDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
    }
  });

  it('offline, serves the kept answer marked with when it was current', async () => {
    await recommendations();
    const storedAt = clock;
    clock += 3600_000;
    await rig.server.stop();
    const offline = await recommendations();
    assert.equal(offline.page, 2);
    assert.deepEqual(originOf(offline), { from: 'offline', storedAt });
    await assert.rejects(
      rig.client.tvSeries(1399),
      (error: unknown) => isTmdbError(error, 'offline'),
      'nothing kept: the error as before',
    );
    rig = await startRig(); // for afterEach
  });

  it('a server error (5xx, or 429 past the retries) serves the kept answer marked as such, not as offline', async () => {
    await recommendations();
    const storedAt = clock;
    clock += 3600_000;
    rig.server.inject({ path: RECOMMENDATIONS, kind: 'status', status: 502 });
    assert.deepEqual(originOf(await recommendations()), { from: 'serverError', storedAt });
    clock += 3600_000;
    rig.server.clearFaults();
    rig.server.inject({ path: RECOMMENDATIONS, kind: 'status', status: 429 });
    assert.equal(originOf(await recommendations())?.from, 'serverError');
  });

  it("a page's stale answer comes at once, even while TMDB is slow, and is checked behind", async () => {
    await rig.client.movie(550);
    clock += 301_000;
    rig.server.inject({ path: '/3/movie/550', kind: 'latency', ms: 4_000, times: 1 });
    const started = Date.now();
    const shown = await rig.client.movie(550);
    // Measured, not assumed: TMDB answers after 4 s at the earliest, so anything less did not wait for it.
    assert.ok(Date.now() - started < 4_000, `served without waiting for TMDB (${Date.now() - started} ms)`);
    assert.equal(originOf(shown)?.from, 'stale');
    assert.equal(shown.title, 'Fight Club');
  });

  it("a page's stale answer that TMDB cannot confirm is said to be kept: onDidKeepStale, within the retries", async () => {
    await rig.client.movie(550);
    const storedAt = clock;
    clock += 3600_000;
    const kept: unknown[] = [];
    rig.client.onDidKeepStale((event) => kept.push(event));
    rig.server.inject({ path: '/3/movie/550', kind: 'status', status: 503 });
    assert.equal(originOf(await rig.client.movie(550))?.from, 'stale', 'shown at once, unmarked while checked');
    await until('the kept copy said', () => kept.length > 0);
    assert.deepEqual(kept, [{ path: '/3/movie/550', storedAt, why: 'serverError' }]);
  });

  it('a restarted editor with TMDB out of reach still shows the last trending people', async () => {
    await rig.client.trendingPeople('week');
    await store.idle();
    clock += 24 * 3600_000;
    await rig.server.stop();
    const people = await restartedClient().trendingPeople('week');
    assert.ok(people.results.length > 0);
    assert.equal(
      originOf(people)?.from,
      'stale',
      'the answer says it is the kept one (served at once, checked behind)',
    );
    assert.equal(
      originOf({ ...people }),
      undefined,
      'the note travels with the answer the client gave, not with copies',
    );
    rig = await startRig();
  });

  it('serves a stale view at once, checks behind, and says when the answer changed', async () => {
    rig.server.setCacheMaxAge(60);
    await rig.client.trendingPeople('day');
    clock += 61_000;
    const refreshed: string[] = [];
    rig.client.onDidRefresh((path) => refreshed.push(path));
    const stale = await rig.client.trendingPeople('day');
    assert.equal(originOf(stale)?.from, 'stale');
    await until('the second request', () => rig.server.requestsTo('/3/trending/person/day').length === 2, {
      everyMs: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(refreshed, [], 'unchanged (304): nothing to redraw');
    clock += 61_000;
    rig.server.inject({ path: '/3/trending/person/day', kind: 'removeField', field: 'total_results', times: 1 });
    await rig.client.trendingPeople('day');
    await until('one refresh', () => refreshed.length === 1, { everyMs: 10 });
    assert.deepEqual(refreshed, ['/3/trending/person/day']);
  });

  describe('account data', () => {
    beforeEach(() => signIn(rig));

    it('is kept per account in memory only, and a write forgets it', async () => {
      await rig.client.flagged('watchlist', 'movie');
      await rig.client.accountStates('movie', 550);
      await rig.client.flagged('watchlist', 'movie');
      await rig.client.accountStates('movie', 550);
      const watchlistPath = `/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`;
      assert.equal(rig.server.requestsTo(watchlistPath).length, 1);
      assert.equal(rig.server.requestsTo('/3/movie/550/account_states').length, 1);
      const before = (await rig.client.accountStates('movie', 550)).watchlist;
      await rig.client.setFlag('watchlist', 'movie', 550, !before);
      assert.equal((await rig.client.accountStates('movie', 550)).watchlist, !before, 'read anew after the write');
      await rig.client.flagged('watchlist', 'movie');
      assert.equal(rig.server.requestsTo(watchlistPath).length, 2);
      await store.idle();
      assert.deepEqual(readdirSync(dir), [], 'nothing of the account on disk');
    });

    it('a failed write forgets it too (the change may have landed)', async () => {
      await rig.client.accountStates('movie', 550);
      rig.server.inject({
        path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`,
        method: 'POST',
        kind: 'status',
        status: 500,
        times: 1,
      });
      await assert.rejects(rig.client.setFlag('watchlist', 'movie', 550, true));
      await rig.client.accountStates('movie', 550);
      assert.equal(rig.server.requestsTo('/3/movie/550/account_states').length, 2);
    });

    it('forgetAccount (sign-out) drops it; another account never sees it', async () => {
      await rig.client.accountLists();
      rig.client.forgetAccount();
      await rig.client.accountLists();
      assert.equal(rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/lists`).length, 2);
      await rig.client.accountStates('movie', 550);
      rig.credentials.session = { sessionId: rig.server.createSessionFor(), accountId: DEMO_ACCOUNT_ID + 1 };
      await rig.client.accountStates('movie', 550).catch(() => undefined);
      assert.equal(rig.server.requestsTo('/3/movie/550/account_states').length, 2, 'a different account asks TMDB');
    });

    it('a read that started before a write is not kept after it', async () => {
      rig.server.inject({ path: '/3/movie/550/account_states', kind: 'latency', ms: 150, times: 1 });
      const slow = rig.client.accountStates('movie', 550);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await rig.client.setFlag('watchlist', 'movie', 550, true);
      await slow;
      assert.equal((await rig.client.accountStates('movie', 550)).watchlist, true);
      assert.equal(rig.server.requestsTo('/3/movie/550/account_states').length, 2);
    });
  });

  it('Clear Cache empties memory and disk', async () => {
    await rig.client.movie(550);
    await store.idle();
    assert.equal(readdirSync(dir).length, 1);
    await rig.client.clearCache();
    await rig.client.movie(550);
    assert.equal(rig.server.requestsTo('/3/movie/550').length, 2);
  });

  it('memory keeps within its byte budget, least recently used out first', () => {
    const memory = new MemoryCache(100);
    const entry = (key: string, size: number): CachedAnswer => ({
      key,
      body: {},
      storedAt: 0,
      freshUntil: 0,
      scope: 'public',
      size,
    });
    memory.set(entry('a', 40));
    memory.set(entry('b', 40));
    memory.get('a');
    memory.set(entry('c', 40));
    assert.ok(memory.get('a') && memory.get('c') && !memory.get('b'));
    assert.ok(memory.byteSize <= 100);
    memory.set(entry('huge', 101));
    assert.equal(memory.get('huge'), undefined);
  });

  it("memory keeps an answer's validated value only with that answer: gone when it is evicted, replaced or not kept", () => {
    const memory = new MemoryCache(100);
    const entry = (key: string, size: number): CachedAnswer => ({
      key,
      body: {},
      storedAt: 0,
      freshUntil: 0,
      scope: 'public',
      size,
    });
    const a = entry('a', 40);
    memory.set(a, { title: 'A' });
    assert.deepEqual(memory.valueOf(a), { title: 'A' });
    const b = entry('b', 40);
    memory.set(b);
    assert.equal(memory.valueOf(b), undefined, 'none given');
    memory.remember(b, { title: 'B' });
    assert.deepEqual(memory.valueOf(b), { title: 'B' });
    // Another answer under a's key: a's value is not its, nor its a's.
    const newA = entry('a', 40);
    memory.set(newA, { title: 'new A' });
    assert.deepEqual(memory.valueOf(newA), { title: 'new A' });
    assert.equal(memory.valueOf(a), undefined);
    assert.equal(memory.byteSize, 80);
    memory.remember(a, { title: 'stale A' });
    assert.deepEqual(
      memory.valueOf(newA),
      { title: 'new A' },
      'a value for an answer memory no longer holds is not kept',
    );
    // b is the least recently used: evicted with its value.
    memory.set(entry('c', 40));
    assert.equal(memory.get('b'), undefined);
    assert.equal(memory.valueOf(b), undefined);
    const huge = entry('huge', 101);
    assert.equal(memory.set(huge, { title: 'H' }), false);
    memory.remember(huge, { title: 'H' });
    assert.equal(memory.valueOf(huge), undefined);
  });

  it('disk keeps within its file bound, oldest out first', async () => {
    const store = new DiskStore(dir, { files: 3, bytes: 1e9 });
    for (const key of ['k1', 'k2', 'k3', 'k4']) {
      await store.set({ key, body: { key }, storedAt: 1, freshUntil: 2, scope: 'public', size: 10 });
    }
    assert.equal(readdirSync(dir).length, 3);
    assert.equal(await store.get('k1'), undefined);
    assert.deepEqual((await store.get('k4'))?.body, { key: 'k4' });
  });
});
