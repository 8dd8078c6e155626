// The benches' statistics: a median, its spread, and a distribution-free interval for it that a target is
// judged by (met, not met, or too noisy to tell from this many samples). No imports: the unit suite tests it.

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** "min 12, max 30": every bench's spread of its samples, `digits` after the point. */
export const spread = (values: number[], digits = 0) => `min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)}`;

/**
 * Where the median of what `values` were drawn from lies, without assuming their distribution: the interval
 * between two order statistics, as narrow as keeps `confidence` (the count of samples below the median is
 * Binomial(n, ½)). Too few samples for `confidence` give the widest interval, min to max, with its own coverage.
 */
export function medianInterval(values: number[], confidence = 0.95): { low: number; high: number; coverage: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) throw new Error('no samples');
  // cdf = P(B ≤ k), B ~ Binomial(n, ½); [sorted[k], sorted[n-1-k]] holds the median with 1 - 2·P(B ≤ k).
  let pmf = 0.5 ** n;
  let cdf = pmf;
  let k = 0;
  let coverage = 1 - 2 * cdf;
  while (k + 1 <= (n - 1) / 2) {
    pmf = (pmf * (n - k)) / (k + 1);
    const wider = 1 - 2 * (cdf + pmf);
    if (wider < confidence) break;
    cdf += pmf;
    coverage = wider;
    k++;
  }
  return { low: sorted[k]!, high: sorted[n - 1 - k]!, coverage };
}

/**
 * A target's verdict from paired samples: met when the median's interval lies at or below `limit`, not met
 * when it lies above, and otherwise that this many samples cannot tell (the noise is as large as the gap).
 */
export function verdict(values: number[], limit: number, digits = 0): string {
  const { low, high, coverage } = medianInterval(values);
  const judged = high <= limit ? 'met' : low > limit ? 'NOT met' : `can't tell from ${values.length}`;
  return `median's ${Math.floor(coverage * 100)}% interval ${low.toFixed(digits)}..${high.toFixed(digits)}: ${judged}`;
}

