// `coalesced`: the views' and Up Next's follow of the account's changes. Many changes while a refresh runs
// make one more refresh after it, not one each; each step is driven by hand (a gate the test opens), never
// by time.
import * as assert from 'node:assert/strict';
import { coalesced } from '../../src/common/once';

/** A run the test finishes by hand: how many began, and the gate of the one running. */
function gatedRun() {
  const gates: Array<(ok: boolean) => void> = [];
  const run = () =>
    new Promise<number>((resolve, reject) => {
      const n = gates.length + 1;
      gates.push((ok) => (ok ? resolve(n) : reject(new Error(`run ${n} failed`))));
    });
  return { run, gates };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced', () => {
  it('asked a hundred times while it runs, it runs once more after, and every ask settles with a run that began after it', async () => {
    const { run, gates } = gatedRun();
    const follow = coalesced(run);
    const first = follow();
    const asks = Array.from({ length: 100 }, () => follow());
    await tick();
    assert.equal(gates.length, 1, 'one run at a time');
    gates[0]!(true);
    assert.equal(await first, 1);
    await tick();
    assert.equal(gates.length, 2, 'the asks meanwhile: one more run');
    gates[1]!(true);
    assert.deepEqual(new Set(await Promise.all(asks)), new Set([2]));
    // Idle again: the next ask runs at once.
    const later = follow();
    await tick();
    assert.equal(gates.length, 3);
    gates[2]!(true);
    assert.equal(await later, 3);
  });

  it("an ask between a run's end and the start of the one queued joins the queued one: never two at once", async () => {
    let active = 0;
    let most = 0;
    const { run, gates } = gatedRun();
    const follow = coalesced(async () => {
      most = Math.max(most, ++active);
      try {
        return await run();
      } finally {
        active--;
      }
    });
    const first = follow();
    const queued = follow();
    // Asked as the first run's answer is read: after it settled, before the queued one started.
    const late = first.then(() => follow());
    await tick();
    gates[0]!(true);
    await first;
    await tick();
    assert.equal(gates.length, 2, 'the queued run, and no third');
    gates[1]!(true);
    assert.deepEqual([await queued, await late], [2, 2]);
    assert.equal(most, 1, 'one run at a time');
  });

  it('a failed run is said to its asks, and the run after it still runs', async () => {
    const { run, gates } = gatedRun();
    const follow = coalesced(run);
    const first = follow();
    const second = follow();
    await tick();
    gates[0]!(false);
    await assert.rejects(first, /run 1 failed/);
    await tick();
    assert.equal(gates.length, 2);
    gates[1]!(true);
    assert.equal(await second, 2);
  });
});
