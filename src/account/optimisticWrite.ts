// A change the person sees at once: shown before TMDB answers, kept when TMDB confirms it (the service's
// change event then updates every view of it), rolled back with the reason otherwise. Used by a panel's
// watchlist toggle and rating; tree rows wait for TMDB instead (their view's progress bar).
import { notifyError } from '../kit/notify';
import type { Logger } from '../kit/log';
import { isTmdbError, userMessage } from '../tmdb/errors';

export interface OptimisticChange {
  /** Shows the change as made (and pending). */
  show(): void;
  /** Resolves once TMDB has the change; throws otherwise. */
  write(): Promise<void>;
  /** Shows what was there before, with why the change failed. */
  rollBack(message: string): void;
  /** "Could not save your rating.": the first half of the message. */
  failed: string;
  /** For the log: "the rating change". */
  what: string;
  log: Logger;
}

/** Resolves to whether the change was kept. A revoked session says so itself (the sign-in prompt), so no second message. */
export async function optimisticWrite(change: OptimisticChange): Promise<boolean> {
  change.show();
  try {
    await change.write();
    return true;
  } catch (error) {
    change.log.error('panels', `${change.what} failed; rolled back`, error);
    const message = `${change.failed} ${userMessage(error)}`;
    change.rollBack(message);
    if (!isTmdbError(error, 'sessionRevoked')) void notifyError(`TMDB: ${message}`);
    return false;
  }
}
