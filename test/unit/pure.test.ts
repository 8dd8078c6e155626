// The small pure modules: the webview protocol, id parsing, the language default, paging and throttling.
import * as assert from 'node:assert/strict';
import { contentLanguage } from '../../src/language';
import { redact } from '../../src/redact';
import { parseRef } from '../../src/refs';
import { PagedSource } from '../../src/views/paged';
import { Throttle } from '../../src/tmdb/throttle';
import { imageOrigin, imageUrl } from '../../src/tmdb/images';
import { hostMessage, parsePageMessage, parsePanelRef } from '../../src/webview/protocol';

describe('webview message protocol', () => {
  it('accepts the page\'s known messages', () => {
    assert.deepEqual(parsePageMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parsePageMessage({ type: 'open', ref: { kind: 'movie', id: 550 } }), { type: 'open', ref: { kind: 'movie', id: 550 } });
    assert.deepEqual(parsePageMessage({ type: 'loadRecommendations', page: 2 }), { type: 'loadRecommendations', page: 2 });
  });

  it('refuses unknown or malformed messages', () => {
    for (const bad of [
      null,
      'ready',
      { type: 'eval', code: 'x' },
      { type: 'open', ref: { kind: 'movie', id: '550; rm -rf' } },
      { type: 'open', ref: { kind: 'credit', id: 42 } },
      { type: 'open', ref: { kind: 'collection', id: 1 } },
      { type: 'loadRecommendations', page: 0 },
      { type: 'loadRecommendations', page: 501 },
      { type: 'openExternal', url: 'javascript:alert(1)' },
      { type: 'openExternal', url: 'file:///etc/passwd' },
    ]) {
      assert.equal(parsePageMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('restores only a valid {kind, id} state', () => {
    assert.deepEqual(parsePanelRef({ kind: 'tv', id: 1399 }), { kind: 'tv', id: 1399 });
    assert.deepEqual(parsePanelRef({ kind: 'credit', id: '52542282760ee313280017f9' }), { kind: 'credit', id: '52542282760ee313280017f9' });
    assert.equal(parsePanelRef({ kind: 'tv', id: -1 }), undefined);
    assert.equal(parsePanelRef(undefined), undefined);
  });

  it('types the host\'s messages too', () => {
    assert.ok(hostMessage.safeParse({ type: 'watchlist', watchlist: { state: 'on' } }).success);
    assert.equal(hostMessage.safeParse({ type: 'watchlist', watchlist: { state: 'maybe' } }).success, false);
  });
});

describe('open by id or URL', () => {
  it('reads ids and TMDB URLs for the right kind only', () => {
    assert.deepEqual(parseRef('movie', '550'), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('movie', 550), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('movie', ' https://www.themoviedb.org/movie/550-fight-club?language=fr '), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('tv', 'https://www.themoviedb.org/tv/1399-game-of-thrones/season/1'), { kind: 'tv', id: 1399 });
    assert.equal(parseRef('tv', 'https://www.themoviedb.org/movie/550'), undefined);
    assert.equal(parseRef('movie', 'fight club'), undefined);
    assert.equal(parseRef('movie', -5), undefined);
    assert.deepEqual(parseRef('credit', 'https://www.themoviedb.org/credit/52542282760EE313280017F9'), { kind: 'credit', id: '52542282760ee313280017f9' });
    assert.equal(parseRef('credit', '1234'), undefined);
  });
});

describe('images', () => {
  it('builds no URL from a null path', () => {
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', null), undefined);
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', ''), undefined);
    assert.equal(imageUrl('https://image.tmdb.org/t/p/', 'w185', '/a.jpg'), 'https://image.tmdb.org/t/p/w185/a.jpg');
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', '/../../x.jpg'), undefined);
    assert.equal(imageOrigin('https://image.tmdb.org/t/p'), 'https://image.tmdb.org');
  });
});

describe('Throttle', () => {
  it('starts at most N requests in a rolling second, in order', async () => {
    let now = 0;
    const throttle = new Throttle(3, 10, () => now);
    const started: number[] = [];
    const all = [1, 2, 3, 4, 5].map((n) => throttle.acquire().then(() => started.push(n)));
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(started, [1, 2, 3]);
    now = 1000;
    for (let i = 0; i < 5; i++) throttle.release();
    await Promise.all(all);
    assert.deepEqual(started, [1, 2, 3, 4, 5]);
  });

  it('keeps at most M requests in flight', async () => {
    const throttle = new Throttle(100, 2);
    let running = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        await throttle.acquire();
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        throttle.release();
      }),
    );
    assert.equal(peak, 2);
  });
});

describe('log redaction', () => {
  it('removes tokens, keys and session ids by shape and by value', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const line = redact(
      `GET /3/account?session_id=abc123def456&api_key=0123456789abcdef0123456789abcdef Authorization: Bearer ${jwt} {"request_token":"ff5c7eeb"} mysecretvalue`,
      ['mysecretvalue'],
    );
    for (const secret of ['abc123def456', '0123456789abcdef0123456789abcdef', jwt, 'ff5c7eeb', 'mysecretvalue']) {
      assert.ok(!line.includes(secret), secret);
    }
    assert.match(line, /GET \/3\/account\?session_id=\[redacted\]/);
  });
});

describe('content language', () => {
  it('takes the setting, else the display language as xx-YY, else en-US', () => {
    assert.equal(contentLanguage('fr-FR', 'de'), 'fr-FR');
    assert.equal(contentLanguage('', 'de'), 'de-DE');
    assert.equal(contentLanguage('', 'pt-br'), 'pt-BR');
    assert.equal(contentLanguage('', 'en'), 'en-US');
    assert.equal(contentLanguage('', 'ja'), 'ja-JP');
    assert.equal(contentLanguage('nonsense', 'qps-ploc'), 'en-US');
  });
});

describe('PagedSource', () => {
  const page = (n: number, total: number) => ({ page: n, results: [n * 10, n * 10 + 1], total_pages: total, total_results: total * 2 });

  it('loads on demand, pages to the end, and stops at page 500', async () => {
    const asked: number[] = [];
    const source = new PagedSource(async (n) => (asked.push(n), page(n, 1000)));
    await source.ensureLoaded();
    await source.ensureLoaded();
    assert.deepEqual(asked, [1]);
    assert.ok(source.hasMore);
    (source as unknown as { page: number }).page = 499;
    await source.loadMore();
    assert.equal(source.hasMore, false, 'TMDB refuses pages past 500 whatever total_pages says');
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
});
