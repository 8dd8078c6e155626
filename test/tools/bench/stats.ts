// The benches' statistics: a median, its spread, and a distribution-free interval for it that a target is
// judged by (met, not met, or too noisy to tell from this many samples). No imports: the unit suite tests it.

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** "min 12, max 30": every bench's spread of its samples, `digits` after the point. */
export const spread = (values: number[], digits = 0) =>
  `min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)}`;

/**
 * Where the median of what `values` were drawn from lies, without assuming their distribution: the interval
 * between two order statistics, as narrow as keeps `confidence` (the count of samples below the median is
 * Binomial(n, ½)). Too few samples for `confidence` give the widest interval, min to max, with its own coverage.
 */
export function medianInterval(values: number[], confidence = 0.95): { low: number; high: number; coverage: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) throw new Error('no samples');
  // [sorted[k], sorted[n-1-k]] holds the median with 1 - 2·P(B ≤ k), B ~ Binomial(n, ½). P(B = k) in
  // logarithms: ½ⁿ is 0 in doubles from n = 1,075, which left every term 0.
  let logPmf = -n * Math.LN2;
  let cdf = Math.exp(logPmf);
  let k = 0;
  let coverage = 1 - 2 * cdf;
  while (k + 1 <= (n - 1) / 2) {
    logPmf += Math.log(n - k) - Math.log(k + 1);
    const wider = 1 - 2 * (cdf + Math.exp(logPmf));
    if (wider < confidence) break;
    cdf += Math.exp(logPmf);
    coverage = wider;
    k++;
  }
  return { low: sorted[k]!, high: sorted[n - 1 - k]!, coverage };
}

/** Fewest samples whose widest interval (min to max) holds the median with 95%: 1 - 2·½ⁿ ≥ 0.95. */
export const FEWEST_TO_JUDGE = 6;

/**
 * A target's verdict from paired samples: met when the median's interval lies at or below `limit`, not met
 * when it lies above, and otherwise that these samples cannot tell (the noise is as large as the gap, or
 * there are too few of them for a 95% interval).
 */
export function verdict(values: number[], limit: number, digits = 0): string {
  const { low, high, coverage } = medianInterval(values);
  const judged =
    values.length < FEWEST_TO_JUDGE
      ? `can't tell from ${values.length} (${FEWEST_TO_JUDGE} or more needed)`
      : high <= limit
        ? 'met'
        : low > limit
          ? 'NOT met'
          : `can't tell from ${values.length}`;
  return `median's ${Math.floor(coverage * 100)}% interval ${low.toFixed(digits)}..${high.toFixed(digits)}: ${judged}`;
}

/** A target's row note: the samples' spread, the target, and its verdict. */
export function judged(values: number[], limit: number, digits = 0, unit = ' ms'): string {
  return `${spread(values, digits)}; target ≤ ${limit}${unit}; ${verdict(values, limit, digits)}`;
}
