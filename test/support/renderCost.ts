// What the attack suite's renders cost: per page kind, the largest HTML and the slowest render, that
// input timed again at the end (the best of five: one pause of a busy machine is not the render's).
// The figures before the bounds: a 4.3 MB season became 19.7 MB of HTML, a 21 MB one 98 MB in 2.6 s.
import { scaled } from './until';

/** The most HTML any one page may be: what Chromium takes in quickly, whatever TMDB sent (within the caps). */
export const MAX_PAGE_HTML = 2_000_000;
/** The longest one page may take to render, its slowest generated input timed again, on a quiet machine. */
export const MAX_RENDER_MS = 100;

/**
 * That bound now: scaled by the machine's load, as every wait of the suite is (`scaled`). A busy machine
 * (a CI run beside other work) took 102 ms for a 100 ms render; what was quadratic took seconds to hours.
 */
export function renderBound(): number {
  return scaled(MAX_RENDER_MS);
}

interface Worst {
  bytes: number;
  ms: number;
  again: () => unknown;
}

export class RenderCost {
  private readonly worst = new Map<string, Worst>();

  /** A render of `kind`: its HTML's length, its time, and how to do it again. */
  note(kind: string, bytes: number, ms: number, again: () => unknown): void {
    const known = this.worst.get(kind);
    if (!known) return void this.worst.set(kind, { bytes, ms, again });
    known.bytes = Math.max(known.bytes, bytes);
    if (ms > known.ms) Object.assign(known, { ms, again });
  }

  /** Each kind's slowest input, timed again: its best of five, in ms, with its largest HTML. */
  retime(): Array<{ kind: string; bytes: number; ms: number }> {
    return [...this.worst].map(([kind, { bytes, again }]) => {
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        again();
        best = Math.min(best, performance.now() - started);
      }
      return { kind, bytes, ms: best };
    });
  }
}
