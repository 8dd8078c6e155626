import * as fc from 'fast-check';
import * as assert from 'node:assert/strict';
import * as z from 'zod';
import { clampPage } from '../../src/tmdb/arguments';
import { tokenShape } from '../../src/tmdb/credential';
import { isTmdbError } from '../../src/tmdb/errors';
import { address, retryAfterMs, Transport } from '../../src/tmdb/transport';
import { API_KEY, READ_TOKEN } from '../support/fixtures';
import { budget } from '../support/properties';

describe('client helpers', () => {
  it('clamps pages', () => {
    assert.deepEqual(
      [clampPage(0), clampPage(1), clampPage(42.7), clampPage(501), clampPage(Number.NaN)],
      [1, 1, 42, 500, 1],
    );
  });

  it('reads Retry-After as at least one second', () => {
    assert.equal(retryAfterMs('0'), 1000);
    assert.equal(retryAfterMs('3'), 3000);
    assert.equal(retryAfterMs(null), 1000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 5_000), 5000);
  });

  it('reads an answer whose characters are split between chunks (every byte boundary), and times out a body that stalls', async () => {
    const name = 'Amélie · 東京物語 · 🎬 Ω';
    const bytes = new TextEncoder().encode(JSON.stringify({ name }));
    const settings = () => ({ apiBaseUrl: 'http://127.0.0.1:9', language: '', region: 'US', includeAdult: false });
    const call = { path: '/3/x', schema: () => z.object({ name: z.string() }) };
    for (let cut = 1; cut < bytes.length; cut++) {
      const chunks = [bytes.slice(0, cut), bytes.slice(cut)];
      const body = new ReadableStream<Uint8Array>({
        pull: (controller) => void (chunks.length ? controller.enqueue(chunks.shift()!) : controller.close()),
      });
      const transport = new Transport({
        settings,
        apiToken: async () => READ_TOKEN,
        fetch: async () => new Response(body, { status: 200 }),
      });
      const sent = await transport.send(call, await transport.prepare(call));
      assert.ok(!sent.notModified);
      assert.equal(sent.value.name, name, `cut at byte ${cut}`);
      assert.equal(sent.size, bytes.length);
    }
    // A body that never ends: the time allowed covers reading it, not only the headers.
    const stalled = (_: unknown, init?: RequestInit) =>
      Promise.resolve(
        new Response(
          new ReadableStream({
            start: (c) => init?.signal?.addEventListener('abort', () => c.error(new Error('aborted'))),
          }),
          { status: 200 },
        ),
      );
    const transport = new Transport({
      settings,
      apiToken: async () => READ_TOKEN,
      fetch: stalled as typeof fetch,
      timeoutMs: 50,
      maxRetries: 0,
    });
    await assert.rejects(transport.send(call, await transport.prepare(call)), (error: unknown) =>
      isTmdbError(error, 'timeout'),
    );
  });

  it('builds the address from the API host (with or without a path or a closing slash), the path and any query, every value as typed', () => {
    const base = fc.constantFrom(
      'https://api.themoviedb.org',
      'https://api.themoviedb.org/',
      'http://127.0.0.1:8080/tmdb',
      'http://127.0.0.1:8080/tmdb/',
    );
    const query = fc.dictionary(fc.string({ minLength: 1 }), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(base, query, (baseURL, query) => {
        const url = new URL(address(baseURL, '/3/search/movie', query));
        assert.equal(url.pathname, `${new URL(baseURL).pathname.replace(/\/$/, '')}/3/search/movie`);
        assert.deepEqual([...url.searchParams], Object.entries(query));
      }),
      budget(100),
    );
    assert.equal(address('https://api.themoviedb.org', '/3/movie/550', {}), 'https://api.themoviedb.org/3/movie/550');
    assert.equal(
      address('https://api.themoviedb.org', '/3/x', { query: 'a b&c=d' }),
      'https://api.themoviedb.org/3/x?query=a%20b%26c%3Dd',
    );
    assert.equal(
      address('https://api.themoviedb.org', '/3/x?a=1', { b: '2' }),
      'https://api.themoviedb.org/3/x?a=1&b=2',
    );
  });

  it('asks with a search cut in the middle of an emoji (a lone surrogate) as typed but for that half, not as offline', async () => {
    const asked: string[] = [];
    const settings = () => ({ apiBaseUrl: 'http://127.0.0.1:9', language: '', region: 'US', includeAdult: false });
    const fetch = async (url: string | URL | Request) => (
      asked.push(String(url)),
      new Response('{"name":"x"}', { status: 200 })
    );
    const transport = new Transport({
      settings,
      apiToken: async () => READ_TOKEN,
      fetch: fetch as typeof globalThis.fetch,
      maxRetries: 0,
    });
    const call = {
      path: '/3/search/multi',
      schema: () => z.object({ name: z.string() }),
      query: { query: 'Amélie 🎬'.slice(0, -1) },
    };
    const sent = await transport.send(call, await transport.prepare(call));
    assert.ok(!sent.notModified);
    assert.equal(new URL(asked[0]!).searchParams.get('query'), 'Amélie \uFFFD');
  });

  it('warms up fetch once, with a data: address, and never calls a fetch it was given', async () => {
    const settings = () => ({ apiBaseUrl: 'http://127.0.0.1:9', language: '', region: 'US', includeAdult: false });
    const recorder = (asked: string[]) =>
      (async (url: string | URL | Request) => (asked.push(String(url)), new Response(''))) as typeof globalThis.fetch;
    const nodeFetch = globalThis.fetch;
    const global: string[] = [];
    const given: string[] = [];
    globalThis.fetch = recorder(global);
    try {
      const transport = new Transport({ settings, apiToken: async () => READ_TOKEN });
      transport.warmUp();
      transport.warmUp();
      new Transport({ settings, apiToken: async () => READ_TOKEN, fetch: recorder(given) }).warmUp();
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      globalThis.fetch = nodeFetch;
    }
    assert.deepEqual(global, ['data:,']);
    assert.deepEqual(given, []);
  });

  it('tells a read token from a v3 key by shape', () => {
    assert.equal(tokenShape(READ_TOKEN), 'bearer');
    assert.equal(tokenShape(API_KEY), 'apiKey');
    assert.equal(tokenShape('password123'), 'invalid');
  });
});
