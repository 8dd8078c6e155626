// A write to the account that is either confirmed or an error: when its answer was lost or unreadable
// (the write may have reached TMDB all the same), TMDB is asked afterwards whether it took effect.
// Nothing is queued to be tried later.
import { isTmdbError, type TmdbErrorKind } from '../tmdb/errors';

/** Failures after which a write may or may not have reached TMDB. */
const AMBIGUOUS: ReadonlySet<TmdbErrorKind> = new Set(['offline', 'timeout', 'server', 'invalidResponse']);

/** Resolves once TMDB has the change; throws the write's error otherwise. */
export async function confirmedWrite(write: () => Promise<unknown>, tookEffect: () => Promise<boolean>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isTmdbError(error) || !AMBIGUOUS.has(error.kind)) throw error;
    if (!(await tookEffect().catch(() => false))) throw error;
  }
}
