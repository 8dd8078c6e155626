// Trust against the stand-in over HTTP: credentials go only to TMDB.
import * as assert from 'node:assert/strict';
import { contentSecurityPolicy } from '../../src/pageHost/shell';
import { checkBaseUrl } from '../../src/settings/baseUrls';
import { imageOrigin } from '../../src/tmdb/imageUrls';
import { signIn, startRig } from '../support/client';

describe('trust: credentials go only to TMDB', () => {
  it('accepts https addresses, and http only on this computer', () => {
    assert.deepEqual(checkBaseUrl('https://api.themoviedb.org/'), { ok: true, url: 'https://api.themoviedb.org' });
    assert.deepEqual(checkBaseUrl('https://image.tmdb.org/t/p'), { ok: true, url: 'https://image.tmdb.org/t/p' });
    for (const local of ['http://127.0.0.1:8080', 'http://localhost:3000/', 'http://[::1]:9000'])
      assert.equal(checkBaseUrl(local).ok, true, local);
  });

  it('refuses anything else, saying why', () => {
    for (const bad of [
      'http://api.themoviedb.org',
      'http://192.168.1.5',
      'ftp://x.org',
      'file:///etc',
      'javascript:alert(1)',
      'not a url',
      'https://user:pw@evil.example',
      'https://evil.example/?a=1',
      'http://127.0.0.1.evil.example',
    ]) {
      const checked = checkBaseUrl(bad);
      assert.equal(checked.ok, false, bad);
      assert.ok(!checked.ok && checked.reason.length > 10);
    }
  });

  it('sends the Authorization header and session_id to the API host only', async () => {
    const seen: Array<{ origin: string; auth: boolean; session: boolean }> = [];
    const rig = await startRig({
      fetch: (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        seen.push({
          origin: url.origin,
          auth: headers.has('authorization'),
          session: url.searchParams.has('session_id'),
        });
        return fetch(input, init);
      },
    });
    try {
      signIn(rig);
      await rig.client.movie(550);
      await rig.client.accountLists();
      await rig.client.setFlag('watchlist', 'movie', 550, true);
      assert.ok(seen.length >= 3 && seen.some((r) => r.session) && seen.every((r) => r.auth));
      assert.deepEqual([...new Set(seen.map((r) => r.origin))], [rig.server.url]);
    } finally {
      await rig.server.stop();
    }
  });

  it('lets only a plain image origin into the Content-Security-Policy', () => {
    assert.equal(imageOrigin('https://image.tmdb.org/t/p'), 'https://image.tmdb.org');
    assert.equal(imageOrigin('http://127.0.0.1:4000/t/p'), 'http://127.0.0.1:4000');
    assert.equal(imageOrigin('http://images.example/t/p'), undefined, 'http off loopback');
    assert.equal(imageOrigin('https://a;script-src https://evil'), undefined);
    assert.equal(imageOrigin("https://a'unsafe-inline'"), undefined);
    const csp = contentSecurityPolicy({ nonce: 'n', imageOrigin: imageOrigin('https://a;script-src') });
    assert.match(csp, /base-uri 'none'; form-action 'none'/);
    assert.equal(csp.match(/script-src/g)?.length, 1);
  });
});
