// The property tests' one rule for seed and budget (test/support/properties.ts).
import * as assert from 'node:assert/strict';
import { runs, seedFrom } from '../support/properties';

describe('property tests: seed and budget', () => {
  it('gives a fifth of the full count by default, at least 10 inputs and never more than the full count', () => {
    // '' as an unset FC_RUNS (undefined would take this run's own setting, the parameter's default).
    assert.equal(runs(1000, ''), 200);
    assert.equal(runs(30, ''), 10);
    assert.equal(runs(4, ''), 4);
  });

  it('gives the full count with FC_RUNS=full, n inputs with FC_RUNS=n, and ignores what is not a count', () => {
    assert.equal(runs(1000, 'full'), 1000);
    assert.equal(runs(1000, '7'), 7);
    assert.equal(runs(1000, 'lots'), 200);
    assert.equal(runs(1000, '0'), 200);
  });

  it('keeps one fixed seed unless asked for another, or for a new one', () => {
    assert.equal(seedFrom(undefined), seedFrom(''));
    assert.equal(seedFrom('42'), 42);
    assert.equal(seedFrom('4x2'), seedFrom(undefined));
    const drawn = new Set(Array.from({ length: 5 }, () => seedFrom('random')));
    assert.ok(drawn.size > 1, 'random draws new seeds');
  });
});
