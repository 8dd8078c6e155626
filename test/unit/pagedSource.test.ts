// Pages of a TMDB listing, loaded on demand.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { withOrigin } from '../../src/tmdb/cache';
import { PagedSource } from '../../src/tree/pagedSource';
import { budget } from '../support/properties';

describe('PagedSource', () => {
  const page = (n: number, total: number) => ({
    page: n,
    results: [n * 10, n * 10 + 1],
    total_pages: total,
    total_results: total * 2,
  });

  it('loads on demand, pages to the end, and stops at page 500', async () => {
    const asked: number[] = [];
    const source = new PagedSource(async (n) => (asked.push(n), page(n, 1000)));
    await source.ensureLoaded();
    await source.ensureLoaded();
    assert.deepEqual(asked, [1]);
    assert.ok(source.hasMore);
    while (source.hasMore) await source.loadMore();
    assert.equal(asked.at(-1), 500, 'TMDB refuses pages past 500 whatever total_pages says');
    assert.equal(asked.length, 500);
  });

  it('keeps loaded items when a page fails, and retries that page', async () => {
    let fail = false;
    const source = new PagedSource(async (n) => {
      if (fail) throw new Error('offline');
      return page(n, 3);
    });
    await source.loadMore();
    fail = true;
    await source.loadMore();
    assert.deepEqual(source.items, [10, 11]);
    assert.ok(source.error);
    await source.refresh();
    assert.deepEqual(source.items, [10, 11], 'a failed refresh keeps what is shown');
    fail = false;
    await source.retry();
    assert.deepEqual(source.items, [10, 11]);
    assert.equal(source.error, undefined);
    await source.loadMore();
    assert.deepEqual(source.items, [10, 11, 20, 21]);
  });

  it('reads items out of another shape, and whether it is an offline copy off the answer as fetched', async () => {
    // Marked as the client marks an answer it kept because TMDB was out of reach; the page read out of it is not.
    const fetched = withOrigin(
      { page: 1, items: ['a', 'b'], total_pages: 1, total_results: 2 },
      { from: 'offline', storedAt: 1_700_000_000_000 },
    );
    const source = new PagedSource(
      async () => fetched,
      (list) => ({
        page: list.page,
        results: list.items,
        total_pages: list.total_pages,
        total_results: list.total_results,
      }),
    );
    await source.ensureLoaded();
    assert.deepEqual(source.items, ['a', 'b']);
    assert.deepEqual(
      source.kept,
      { since: 1_700_000_000_000, why: 'offline' },
      'read off the answer the client gave, not the page read out of it',
    );
  });

  describe('a whole list (loadRest)', () => {
    /** Pages that answer when `release` says, in any order; counts what is in flight. */
    function delayedPages(total: number, failAt?: number) {
      const waiting = new Map<number, () => void>();
      const state = { inFlight: 0, most: 0, asked: [] as number[] };
      const source = new PagedSource<number>(
        (n) =>
          new Promise((resolve, reject) => {
            state.asked.push(n);
            state.most = Math.max(state.most, ++state.inFlight);
            waiting.set(n, () => {
              state.inFlight--;
              if (n === failAt) {
                failAt = undefined; // once: a retry gets the page
                reject(new Error('offline'));
              } else resolve(page(n, total));
            });
          }),
      );
      return { source, state, waiting };
    }
    const settle = () => new Promise((resolve) => setImmediate(resolve));

    it('shows the pages after the first in order, whatever order they come in, at most 4 asked at once', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 2, max: 60 }), fc.infiniteStream(fc.nat()), async (total, picks) => {
          const { source, state, waiting } = delayedPages(total);
          const first = source.ensureLoaded();
          waiting.get(1)!();
          waiting.delete(1);
          await first;
          const seen: number[][] = [];
          const rest = source.loadRest(() => seen.push([...source.items]));
          const pick = picks[Symbol.iterator]();
          while (source.busy) {
            await settle();
            const ready = [...waiting.keys()];
            if (ready.length === 0) continue;
            const n = ready[pick.next().value % ready.length]!;
            waiting.get(n)!();
            waiting.delete(n);
          }
          await rest;
          const last = Math.min(total, 51);
          assert.deepEqual(
            source.items,
            Array.from({ length: last }, (_, i) => [(i + 1) * 10, (i + 1) * 10 + 1]).flat(),
          );
          assert.ok(state.most <= 4, `${state.most} in flight`);
          assert.deepEqual(
            [...state.asked].sort((a, b) => a - b),
            Array.from({ length: last }, (_, i) => i + 1),
            'each page once',
          );
          // Every view shown was a prefix of the whole, in order.
          for (const items of seen) assert.deepEqual(items, source.items.slice(0, items.length));
          assert.equal(source.hasMore, total > 51);
        }),
        budget(40),
      );
    });

    it('stops at a failed page with what came before it, and retries from there', async () => {
      const { source, waiting } = delayedPages(6, 3);
      const first = source.ensureLoaded();
      waiting.get(1)!();
      await first;
      const rest = source.loadRest(() => undefined);
      for (let n = 2; n <= 5; n++) {
        await settle();
        waiting.get(n)?.();
      }
      await rest;
      assert.deepEqual(source.items, [10, 11, 20, 21]);
      assert.ok(source.error);
      const retried = source.retry();
      await settle();
      waiting.get(3)!();
      await retried;
      assert.deepEqual(source.items, [10, 11, 20, 21, 30, 31]);
    });

    it('makes one refresh of the changes that come while a load runs', async () => {
      const asked: number[] = [];
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const source = new PagedSource<number>(async (n) => {
        asked.push(n);
        if (asked.length === 1) await gate;
        return page(n, 1);
      });
      const first = source.ensureLoaded();
      const changes = [source.refresh(), source.refresh(), source.refresh()];
      release();
      await Promise.all([first, ...changes]);
      assert.deepEqual(asked, [1, 1], 'the first read, then one refresh for three changes');
    });

    it('reads every page it had again on refresh, one more when it was whole, and keeps them when one fails', async () => {
      let total = 3;
      let fail = false;
      const asked: number[] = [];
      const source = new PagedSource<number>(async (n) => {
        asked.push(n);
        if (fail && n === 2) throw new Error('offline');
        return page(n, total);
      });
      await source.ensureLoaded();
      await source.loadRest(() => undefined);
      assert.equal(source.items.length, 6);
      total = 4; // a title joined: the list has a page more
      asked.length = 0;
      await source.refresh();
      assert.deepEqual([...asked].sort(), [1, 2, 3, 4]);
      assert.equal(source.items.length, 8);
      fail = true;
      await source.refresh();
      assert.equal(source.items.length, 8, 'a failed refresh keeps what is shown');
      assert.ok(source.error);
    });
  });
});
