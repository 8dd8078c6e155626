// The webview message protocol: what the page may say, what the host may post, what a restore accepts.
import * as assert from 'node:assert/strict';
import { parsePanelRef } from '../../src/webview/protocol';
import { hostMessage, parsePageMessage } from '../../src/webview/protocol';

describe('webview message protocol', () => {
  it("accepts the page's known messages", () => {
    assert.deepEqual(parsePageMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parsePageMessage({ type: 'painted', seq: 3 }), { type: 'painted', seq: 3 });
    assert.deepEqual(parsePageMessage({ type: 'open', ref: { kind: 'movie', id: 550 } }), {
      type: 'open',
      ref: { kind: 'movie', id: 550 },
    });
    assert.deepEqual(parsePageMessage({ type: 'loadRecommendations', page: 2 }), {
      type: 'loadRecommendations',
      page: 2,
    });
  });

  it('refuses unknown or malformed messages', () => {
    for (const bad of [
      null,
      'ready',
      { type: 'eval', code: 'x' },
      { type: 'open', ref: { kind: 'movie', id: '550; rm -rf' } },
      { type: 'open', ref: { kind: 'credit', id: 42 } },
      { type: 'open', ref: { kind: 'keyword', id: 1 } },
      { type: 'loadRecommendations', page: 0 },
      { type: 'painted', seq: -1 },
      { type: 'painted', seq: 'all' },
      { type: 'loadRecommendations', page: 501 },
      { type: 'openExternal', url: 'javascript:alert(1)' },
      { type: 'openExternal', url: 'file:///etc/passwd' },
    ]) {
      assert.equal(parsePageMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('restores only a valid {kind, id} state', () => {
    assert.deepEqual(parsePanelRef({ kind: 'tv', id: 1399 }), { kind: 'tv', id: 1399 });
    assert.deepEqual(parsePanelRef({ kind: 'credit', id: '52542282760ee313280017f9' }), {
      kind: 'credit',
      id: '52542282760ee313280017f9',
    });
    assert.deepEqual(parsePanelRef({ kind: 'collection', id: 10 }), { kind: 'collection', id: 10 });
    assert.equal(parsePanelRef({ kind: 'collection', id: '10' }), undefined);
    assert.equal(parsePanelRef({ kind: 'tv', id: -1 }), undefined);
    assert.equal(parsePanelRef(undefined), undefined);
  });

  it("types the host's messages too", () => {
    assert.ok(hostMessage().safeParse({ type: 'watchlist', watchlist: { state: 'on' } }).success);
    assert.equal(hostMessage().safeParse({ type: 'watchlist', watchlist: { state: 'maybe' } }).success, false);
    assert.ok(hostMessage().safeParse({ type: 'favorite', favorite: { state: 'off', pending: 'on' } }).success);
    assert.equal(hostMessage().safeParse({ type: 'favorite', favorite: { state: 'maybe' } }).success, false);
    // Content messages are numbered (the page shows each number once; each is posted twice).
    assert.ok(
      hostMessage().safeParse({ type: 'render', seq: 2, title: 'Fight Club', html: '<h1>Fight Club</h1>' }).success,
    );
    assert.equal(
      hostMessage().safeParse({ type: 'render', title: 'Fight Club', html: '<h1>Fight Club</h1>' }).success,
      false,
    );
    assert.equal(hostMessage().safeParse({ type: 'loading', seq: -1 }).success, false);
    assert.ok(
      hostMessage().safeParse({ type: 'rating', rating: { state: 'shown', value: 8.5, pending: true } }).success,
    );
    assert.equal(hostMessage().safeParse({ type: 'rating', rating: { state: 'shown', value: 11 } }).success, false);
  });
});
