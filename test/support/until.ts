// The one wait of every suite (unit, component, the extension host, the workbench): asks `probe` until it
// holds, and fails naming what never happened. Its deadline is measured by the clock and scales with the
// machine (see `patience`): a test waits for what it needs, for as long as a busy machine needs, and no
// test sleeps a fixed time instead.
import { cpus, loadavg } from 'node:os';

/**
 * How many times longer than on a quiet machine a wait may take now: the load average per core above 1
 * (at least 1, at most 4), or TMDB_TEST_PATIENCE when set. Read at each wait, so a machine that got busy
 * mid-run is met.
 */
export function patience(): number {
  const set = Number(process.env.TMDB_TEST_PATIENCE);
  if (set > 0) return set;
  const perCore = loadavg()[0]! / Math.max(1, cpus().length);
  return Math.min(4, Math.max(1, perCore));
}

/** `ms` on a quiet machine, scaled to this one now. */
export function scaled(ms: number): number {
  return Math.round(ms * patience());
}

export interface UntilOptions {
  /** The deadline on a quiet machine (scaled, see `patience`); 10 s unless said. */
  timeoutMs?: number;
  /** How often to ask; 50 ms unless said. */
  everyMs?: number;
}

/**
 * Resolves with what `probe` gives once it gives something truthy; a probe that throws counts as "not yet"
 * (its last error is named on timeout).
 */
export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeoutMs = 10_000, everyMs = 50 }: UntilOptions = {},
): Promise<NonNullable<T>> {
  const started = Date.now();
  const deadline = started + scaled(timeoutMs);
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `never happened in ${((Date.now() - started) / 1000).toFixed(1)} s: ${what}${last ? ` (last: ${String(last)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * For what must not happen: asks `probe` through a window of `forMs` (scaled, see `patience`) and fails at
 * once, naming it, if it stops holding. The window is as long as what it guards against would take to show.
 */
export async function holds(
  what: string,
  probe: () => boolean | Promise<boolean>,
  { forMs, everyMs = 50 }: { forMs: number; everyMs?: number },
): Promise<void> {
  const end = Date.now() + scaled(forMs);
  do {
    if (!(await probe())) throw new Error(`stopped holding: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  } while (Date.now() < end);
  if (!(await probe())) throw new Error(`stopped holding: ${what}`);
}
