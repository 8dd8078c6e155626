// Pages of a TMDB listing, loaded on demand.
import * as assert from 'node:assert/strict';
import { withOrigin } from '../../src/tmdb/cache';
import { PagedSource } from '../../src/views/pagedSource';

describe('PagedSource', () => {
  const page = (n: number, total: number) => ({ page: n, results: [n * 10, n * 10 + 1], total_pages: total, total_results: total * 2 });

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
    const fetched = withOrigin({ page: 1, items: ['a', 'b'], total_pages: 1, total_results: 2 }, { from: 'offline', storedAt: 1_700_000_000_000 });
    const source = new PagedSource(
      async () => fetched,
      (list) => ({ page: list.page, results: list.items, total_pages: list.total_pages, total_results: list.total_results }),
    );
    await source.ensureLoaded();
    assert.deepEqual(source.items, ['a', 'b']);
    assert.deepEqual(source.kept, { since: 1_700_000_000_000, why: 'offline' }, 'read off the answer the client gave, not the page read out of it');
  });
});
