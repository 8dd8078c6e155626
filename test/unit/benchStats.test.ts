// The benches' verdicts (test/tools/bench/stats.ts): a target is met only when the median's interval says so.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { medianInterval, verdict } from '../tools/bench/stats';
import { budget } from '../support/properties';

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('bench statistics', () => {
  it('gives the order statistics that hold the median with at least 95%, as the binomial tables give them', () => {
    // n = 16: samples 4 and 13 (1 - 2·P(B ≤ 3) = 97.9%; 5 and 12 would be 92.3%).
    const sixteen = medianInterval(oneToN(16).reverse());
    assert.deepEqual([sixteen.low, sixteen.high], [4, 13]);
    assert.ok(Math.abs(sixteen.coverage - (1 - (2 * 697) / 65536)) < 1e-12);
    // n = 8: min to max (99.2%; the next pair in, 2 and 7, would be 93.0%).
    assert.deepEqual([medianInterval(oneToN(8)).low, medianInterval(oneToN(8)).high], [1, 8]);
    // n = 5: too few for 95%: min to max, with its own 93.75%.
    const five = medianInterval(oneToN(5));
    assert.deepEqual([five.low, five.high, five.coverage], [1, 5, 1 - 2 / 32]);
  });

  it('keeps its coverage for thousands of samples (½ⁿ is 0 in doubles from n = 1,075)', () => {
    // n = 2,000: the 95% interval is the median ± 1.96·√n/2 ≈ 44 order statistics either side.
    const { low, high, coverage } = medianInterval(oneToN(2000));
    assert.ok(coverage >= 0.95 && coverage < 0.96, `coverage ${coverage}`);
    assert.ok(Math.abs(low - (1000 - 44)) <= 1 && Math.abs(high - (1001 + 44)) <= 1, `${low}..${high}`);
  });

  it('holds the median of the samples themselves, and keeps at least 95% once there are 6 or more', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (values) => {
          const { low, high, coverage } = medianInterval(values);
          const sorted = [...values].sort((a, b) => a - b);
          const middle = sorted[Math.floor(sorted.length / 2)]!;
          assert.ok(low <= middle && middle <= high);
          if (values.length >= 6) assert.ok(coverage >= 0.95);
        },
      ),
      budget(100),
    );
  });

  it('says met, NOT met, or that the samples cannot tell', () => {
    const around = (centre: number) => oneToN(16).map((i) => centre + i - 8);
    assert.match(verdict(around(10), 25), /: met$/);
    assert.match(verdict(around(40), 25), /: NOT met$/);
    assert.match(verdict(around(25), 25), /can't tell from 16$/);
    assert.match(verdict(around(10), 25), /^median's 97% interval 6\.\.15/);
    // Under 6 samples no interval reaches 95%: never a verdict, however far from the target.
    for (const n of [1, 2, 4, 5])
      assert.match(
        verdict(
          oneToN(n).map((i) => 1000 + i),
          25,
        ),
        new RegExp(`can't tell from ${n} \\(6 or more needed\\)$`),
      );
    assert.match(
      verdict(
        oneToN(6).map((i) => 1000 + i),
        25,
      ),
      /NOT met$/,
    );
  });
});
