// The client's own request ceiling.
import * as assert from 'node:assert/strict';
import { Throttle } from '../../src/tmdb/throttle';

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

  it('a request cancelled while it waits its turn leaves the line: it never starts, and the next one does', async () => {
    const throttle = new Throttle(100, 1);
    await throttle.acquire();
    const cancel = new AbortController();
    const started: string[] = [];
    const waiting = throttle.acquire(cancel.signal).then(() => started.push('cancelled one'));
    const next = throttle.acquire().then(() => started.push('next'));
    cancel.abort();
    await assert.rejects(waiting);
    throttle.release();
    await next;
    assert.deepEqual(started, ['next']);
    await assert.rejects(throttle.acquire(cancel.signal), 'an aborted signal never joins the line');
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
