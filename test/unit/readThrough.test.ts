// What comes before what in the read-through cache, with a transport the test answers by hand: a late
// answer (a check behind, a read started before a Refresh or a Clear Cache) never undoes what came after
// it. Each step waits on the state it needs (a request asked, an answer given), never on time.
import * as assert from 'node:assert/strict';
import { z } from 'zod';
import { originOf } from '../../src/tmdb/cache';
import { ReadThrough, type Read } from '../../src/tmdb/readThrough';
import type { Prepared, Sent, Transport } from '../../src/tmdb/transport';

const schema = z.object({ title: z.string() });
type Movie = z.output<typeof schema>;

/** One request the transport was asked for, answered when the test says. */
interface Asked {
  etag?: string;
  answer(sent: Sent<Movie>): void;
}

/** A transport whose requests wait for the test to answer them. */
class HandTransport {
  readonly asked: Asked[] = [];

  send(_call: unknown, _prepared: Prepared, etag?: string): Promise<Sent<Movie>> {
    return new Promise((resolve) => this.asked.push({ etag, answer: resolve }));
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
