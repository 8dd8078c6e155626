// A read the read-through cache (./readThrough) shares among identical reads under way, and a reader's wait
// for it: each reader may give up with its own signal; the read is cancelled once all that could have.
// No \`vscode\` import.
import { TmdbError } from './errors';
import type { Answer } from './readThrough';

/**
 * A read under way, and the turn it started on (a read after a reset or an expire() that covers it does not
 * join it). It is cancelled only once every reader waiting for it has given up (each with its own signal):
 * a reader without a signal keeps it going.
 */
export interface Shared {
  answer: Promise<Answer<unknown>>;
  since: number;
  /** Readers waiting with a signal not aborted yet; `undefined` once one waits without a signal. */
  stoppable: number | undefined;
  cancel: AbortController;
}

/** A reader's wait for a shared read: given up when its signal aborts; the read is cancelled when all have. */
export function waitFor(shared: Shared, signal: AbortSignal | undefined, endpoint: string): Promise<Answer<unknown>> {
  if (!signal) {
    shared.stoppable = undefined;
    return shared.answer;
  }
  if (shared.stoppable !== undefined) shared.stoppable++;
  return new Promise((resolve, reject) => {
    let settled = false;
    const giveUp = () => {
      if (settled) return;
      settled = true;
      reject(new TmdbError({ kind: 'cancelled', endpoint }));
      if (shared.stoppable !== undefined && --shared.stoppable === 0) shared.cancel.abort();
    };
    const end = (done: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', giveUp);
      done();
    };
    signal.addEventListener('abort', giveUp, { once: true });
    shared.answer.then(
      (answer) => end(() => resolve(answer)),
      (error: unknown) => end(() => reject(error)),
    );
  });
}
