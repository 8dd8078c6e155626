// The generated-input (property) tests' seed and budget, one rule for every suite (plain Node, the
// component suite, the extension host). By default a fixed seed and a budget: the same inputs every run,
// so a run's time and outcome do not depend on luck, and the inner loop stays quick. Asked for, the full
// count and a new seed (`npm run test:properties`, before a release):
//   FC_RUNS=full     each property's full count (what the test names as its `full`)
//   FC_RUNS=<n>      n inputs for every property
//   FC_SEED=<n>      replays a seed (fast-check prints the seed and the shrunk input on a failure)
//   FC_SEED=random   a new seed, printed
import fc from 'fast-check';

/** The seed every property of a run uses. */
export const SEED = seedFrom(process.env.FC_SEED);

/** The default budget: a fifth of a property's full count, at least 10 inputs (never more than the full count). */
const BUDGET_SHARE = 5;
const BUDGET_FLOOR = 10;

export function seedFrom(value: string | undefined): number {
  if (value === 'random') return Math.floor(Math.random() * 2 ** 31);
  if (value && /^-?\d+$/.test(value)) return Number(value);
  return 20_261_127;
}

/** How many inputs a property whose full count is `full` gets in this run (see the top of this file). */
export function runs(full: number, setting = process.env.FC_RUNS): number {
  if (setting === 'full') return full;
  if (setting && /^\d+$/.test(setting) && Number(setting) > 0) return Number(setting);
  return Math.min(full, Math.max(BUDGET_FLOOR, Math.ceil(full / BUDGET_SHARE)));
}

/** fast-check's parameters for a property whose full count is `full`: this run's seed and budget. */
export function budget(full: number): { seed: number; numRuns: number } {
  return { seed: SEED, numRuns: runs(full) };
}

/** Said once per suite, so a failure's run can be repeated. */
export function describeRun(): string {
  const setting = process.env.FC_RUNS;
  const counted = setting && /^\d+$/.test(setting) && Number(setting) > 0;
  const count = setting === 'full' ? 'full counts' : counted ? `${setting} inputs each` : 'the default budget';
  const again = setting === 'full' || counted ? ` FC_RUNS=${setting}` : '';
  return `fast-check seed ${SEED}, ${count} (replay with FC_SEED=${SEED}${again})`;
}

/**
 * Generated hostile text for the attack suite: pieces of text a property names (what its surface must
 * not let through) among random graphemes, as an array of parts (shrinks to the few that matter).
 */
export function hostileParts(pieces: readonly string[], graphemes = 10, parts = 12): fc.Arbitrary<string[]> {
  return fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: graphemes }), fc.constantFrom(...pieces)), {
    maxLength: parts,
  });
}
