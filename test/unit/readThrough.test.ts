// What comes before what in the read-through cache, with a transport the test answers by hand: a late
// answer (a check behind, a read started before a Refresh or a Clear Cache) never undoes what came after
// it. Each step waits on the state it needs (a request asked, an answer given), never on time.
import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { originOf, type CachedAnswer } from '../../src/tmdb/cache';
import { TmdbError } from '../../src/tmdb/errors';
import { ReadThrough, type Read } from '../../src/tmdb/readThrough';
import type { Transport } from '../../src/tmdb/transport';
import type { Prepared, Sent } from '../../src/tmdb/call';

const schema = z.object({ title: z.string() });
type Movie = z.output<typeof schema>;

/** One request the transport was asked for, answered when the test says. */
interface Asked {
  etag?: string;
  /** What the request is sent with: the read's own, aborted when it is cancelled. */
  signal?: AbortSignal;
  answer(sent: Sent<Movie>): void;
}

/** A transport whose requests wait for the test to answer them. */
class HandTransport {
  readonly asked: Asked[] = [];

  send(call: { signal?: AbortSignal }, _prepared: Prepared, etag?: string): Promise<Sent<Movie>> {
    // A cancelled request stays unanswered (as one whose answer is still on its way): a read after it must not join it.
    return new Promise((resolve) => this.asked.push({ etag, signal: call.signal, answer: resolve }));
  }

  /** The n-th request (from 1), once it has been asked. */
  async request(n: number): Promise<Asked> {
    for (let turn = 0; this.asked.length < n; turn++) {
      if (turn > 1000) throw new Error(`request ${n} was never asked (${this.asked.length} were)`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return this.asked[n - 1];
  }
}

const ok = (title: string, etag: string): Sent<Movie> => ({
  notModified: false,
  value: { title },
  body: { title },
  etag,
  maxAge: 60_000,
  size: 20,
});
const notModified = (etag: string): Sent<Movie> => ({ notModified: true, etag, maxAge: 60_000 });

describe('the read-through cache, what comes before what', () => {
  let transport: HandTransport;
  let reads: ReadThrough;
  let clock: number;
  const prepared: Prepared = {
    method: 'GET',
    endpoint: 'GET /3/movie/550',
    baseURL: 'https://api.themoviedb.org',
    query: {},
    headers: {},
  };
  const page: Read<typeof schema> = {
    path: '/3/movie/550',
    schema: () => schema,
    cache: { scope: 'public', defaultTtlMs: 60_000 },
    staleWhileRevalidate: true,
  };
  const read = (call: Read<typeof schema> = page) => reads.read(call, prepared);
  /** Lets answered requests settle (their promise callbacks run). */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  beforeEach(async () => {
    transport = new HandTransport();
    reads = new ReadThrough(transport as unknown as Transport, { now: () => clock });
    clock = 1_000_000;
    const first = read();
    (await transport.request(1)).answer(ok('Fight Club', '"a"'));
    assert.equal((await first).title, 'Fight Club');
    clock += 61_000; // stale from here
  });

  for (const late of ['304', '200'] as const) {
    it(`a check behind that answers (${late}) after a Refresh's newer answer does not replace it`, async () => {
      assert.equal(originOf(await read())?.from, 'stale', 'served at once, checked behind');
      const behind = await transport.request(2);
      reads.expire('/3/movie/550'); // Refresh
      const refreshed = read();
      (await transport.request(3)).answer(ok('Fight Club (restored)', '"b"'));
      assert.equal((await refreshed).title, 'Fight Club (restored)');
      behind.answer(late === '304' ? notModified('"a"') : ok('Fight Club', '"a"'));
      await settled();
      const again = await read();
      assert.equal(again.title, 'Fight Club (restored)', 'the newer answer stays');
      assert.equal(originOf(again)?.from, 'cache');
      assert.equal(transport.asked.length, 3);
    });
  }

  /** A stale read checked behind, `expire(prefix)` while the check is out, and the check's 304. */
  const expireWhileCheckedBehind = async (prefix: string) => {
    await read();
    const behind = await transport.request(2);
    reads.expire(prefix);
    behind.answer(notModified('"a"'));
    await settled();
  };

  it('an expire() while a check behind is out is not undone by its 304: the next use asks TMDB again', async () => {
    await expireWhileCheckedBehind('/3/movie/550');
    const again = read();
    const asked = await transport.request(3);
    assert.equal(asked.etag, '"a"', 'with the ETag: the answer is still kept');
    asked.answer(notModified('"a"'));
    assert.equal(originOf(await again)?.from, 'network');
  });

  it('an expire() of another path leaves an answer on its way fresh', async () => {
    await expireWhileCheckedBehind('/3/movie/5501');
    assert.equal(originOf(await read())?.from, 'cache');
    assert.equal(transport.asked.length, 2);
  });

  it('a stale answer read again while it is checked behind is served without a second check', async () => {
    await Promise.all([read(), read(), read()]);
    await transport.request(2);
    assert.equal(originOf(await read())?.from, 'stale');
    await settled();
    assert.equal(transport.asked.length, 2, 'one check');
    transport.asked[1].answer(ok('Fight Club', '"c"'));
    await settled();
    assert.equal(originOf(await read())?.from, 'cache');
  });

  it('a read after a Refresh does not join a read asked before it', async () => {
    const waiting: Read<typeof schema> = { ...page, staleWhileRevalidate: false };
    const before = read(waiting);
    const first = await transport.request(2);
    reads.expire('/3/movie/550');
    const after = read(waiting);
    const second = await transport.request(3);
    second.answer(ok('Fight Club (restored)', '"b"'));
    first.answer(ok('Fight Club', '"a"'));
    assert.equal((await before).title, 'Fight Club');
    assert.equal((await after).title, 'Fight Club (restored)');
    assert.equal((await read()).title, 'Fight Club (restored)', 'the answer asked last is kept');
  });

  it('an answer on its way when the cache is cleared is not kept', async () => {
    const waiting: Read<typeof schema> = { ...page, staleWhileRevalidate: false };
    const before = read(waiting);
    const asked = await transport.request(2);
    await reads.clear();
    asked.answer(ok('Fight Club', '"a"'));
    await before;
    const again = read(waiting);
    const next = await transport.request(3);
    assert.equal(next.etag, undefined, 'nothing kept: no ETag to send');
    next.answer(ok('Fight Club', '"a"'));
    assert.equal(originOf(await again)?.from, 'network');
  });
});

describe('the read-through cache, readers who give up', () => {
  const prepared: Prepared = { method: 'GET', endpoint: 'GET /3/tv/1399', baseURL: 'http://x', query: {}, headers: {} };
  const call: Read<typeof schema> = {
    path: '/3/tv/1399',
    schema: () => schema,
    cache: { scope: 'public', defaultTtlMs: 60_000 },
  };
  const cancelled = (error: unknown) => error instanceof TmdbError && error.kind === 'cancelled';

  it('a shared read is cancelled once every reader with a signal gave up, never while a reader without one waits', async () => {
    const transport = new HandTransport();
    const reads = new ReadThrough(transport as unknown as Transport, {});
    const [a, b] = [new AbortController(), new AbortController()];
    const first = reads.read({ ...call, signal: a.signal }, prepared);
    const second = reads.read({ ...call, signal: b.signal }, prepared);
    const shared = await transport.request(1);
    a.abort();
    await assert.rejects(first, cancelled, 'the reader who gave up stops waiting at once');
    assert.equal(shared.signal?.aborted, false, 'the other reader still waits: the request goes on');
    b.abort();
    await assert.rejects(second, cancelled);
    assert.equal(shared.signal?.aborted, true, 'no one waits: the request is cancelled');

    // A read after that does not join the cancelled one (still on its way); a reader without a signal keeps the new one going.
    const c = new AbortController();
    const third = reads.read({ ...call, signal: c.signal }, prepared);
    const plain = reads.read(call, prepared);
    const again = await transport.request(2);
    c.abort();
    await assert.rejects(third, cancelled);
    assert.equal(again.signal?.aborted, false, 'a reader without a signal still waits');
    again.answer(ok('Game of Thrones', '"g"'));
    assert.equal((await plain).title, 'Game of Thrones');
    assert.equal(transport.asked.length, 2);
  });

  it('a reader who gave up before the read was asked (while it was prepared) sends nothing', async () => {
    const transport = new HandTransport();
    const reads = new ReadThrough(transport as unknown as Transport, {});
    await assert.rejects(reads.read({ ...call, signal: AbortSignal.abort() }, prepared), cancelled);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(transport.asked.length, 0);
  });
});

describe("the read-through cache, the account's answers kept for offline", () => {
  const prepared: Prepared = {
    method: 'GET',
    endpoint: 'GET /3/account/7/watchlist/movies',
    baseURL: 'https://api.themoviedb.org',
    query: { session_id: 'secret-session', page: '1' },
    headers: {},
  };
  const kept: Read<typeof schema> = {
    path: '/3/account/7/watchlist/movies',
    schema: () => schema,
    cache: { scope: 'account', defaultTtlMs: 60_000, accountId: 7, keptOffline: true },
    staleWhileRevalidate: true,
  };
  const states: Read<typeof schema> = { ...kept, cache: { scope: 'account', defaultTtlMs: 60_000, accountId: 7 } };

  /** An AnswerStore in memory, as a folder on disk would be across a reload. */
  class Shelf {
    readonly files = new Map<string, CachedAnswer>();
    async get(key: string) {
      return this.files.get(key);
    }
    async set(answer: CachedAnswer) {
      this.files.set(answer.key, structuredClone(answer));
    }
    async clear() {
      this.files.clear();
    }
  }

  it('keeps them in their own store (never the session id), serves them after a reload only when TMDB cannot be reached, and drops them at sign-out', async () => {
    const publicShelf = new Shelf();
    const accountShelf = new Shelf();
    let transport = new HandTransport();
    const make = () =>
      new ReadThrough(transport as unknown as Transport, { store: publicShelf, accountStore: accountShelf });
    let reads = make();
    const first = reads.read(kept, prepared);
    (await transport.request(1)).answer(ok('Fight Club', '"a"'));
    await first;
    const statesRead = reads.read(states, { ...prepared, endpoint: 'GET /3/movie/550/account_states' });
    (await transport.request(2)).answer(ok('on', '"s"'));
    await statesRead;
    assert.equal(publicShelf.files.size, 0, 'nothing of the account among the public answers');
    assert.equal(accountShelf.files.size, 1, 'the watchlist page only: account states stay in memory');
    assert.ok(!JSON.stringify([...accountShelf.files.values()]).includes('secret-session'));

    // A reload: a new cache over the same stores. Fresh a second ago, the kept page is still asked about.
    transport = new HandTransport();
    reads = make();
    const online = reads.read(kept, prepared);
    const asked = await transport.request(1);
    assert.equal(asked.etag, '"a"', 'asked with its ETag, not served as fresh');
    asked.answer(ok('Fight Club (changed)', '"b"'));
    assert.equal((await online).title, 'Fight Club (changed)');

    // Another reload, TMDB out of reach: the page as last seen, marked offline.
    transport = new HandTransport();
    reads = make();
    const offline = reads.read(kept, prepared);
    const failing = await transport.request(1);
    (failing as unknown as { answer(value: unknown): void }).answer(
      Promise.reject(new TmdbError({ kind: 'offline', endpoint: prepared.endpoint })),
    );
    const shown = await offline;
    assert.equal(shown.title, 'Fight Club (changed)');
    assert.equal(originOf(shown)?.from, 'offline');

    await reads.dropAccount();
    assert.equal(accountShelf.files.size, 0, 'sign-out empties the store');
  });
});
