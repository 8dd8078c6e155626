// An import's writes as a job that survives a cancel, a crash or a reload: the titles to write, in
// order, and what became of each (`state`: one character a title, `.` to do, `+` written, `!` failed),
// saved as it goes. Resuming writes only what is still to do. Every write is one TMDB takes twice
// without harm (a rating set to the same value, a title already on the watchlist or in the list), so a
// write that landed just before a crash, before it was saved, changes nothing when it is sent again.
// No vscode import.

export type ImportTarget =
  | { kind: 'rated' }
  | { kind: 'watchlist' }
  | { kind: 'list'; listId: string; listName: string }
  /** Movies marked watched (kept by the extension: written at once, never a job to resume). */
  | { kind: 'watched' };

export interface JobItem {
  kind: 'movie' | 'tv';
  id: number;
  title: string;
  /** The file's line. */
  line: number;
  rating?: number;
  /** The day it was watched (counted from 1970-01-01), when the file says. */
  day?: number;
}

export interface ImportJob {
  version: 1;
  /** The account it writes to: resumed only for it. */
  accountId: number;
  fileName: string;
  target: ImportTarget;
  items: JobItem[];
  state: string;
  /** Why each failed title failed, by its index. */
  failures: Record<number, string>;
  startedAt: number;
}

/** Where the job is kept between runs (the extension's global state). */
export interface JobStore {
  get(): ImportJob | undefined;
  set(job: ImportJob | undefined): Thenable<void> | Promise<void>;
}

/** A title not written for a reason that is not its own (TMDB out of reach): left to do, and the run stops. */
export interface Left {
  left: unknown;
}
/** Writes a batch of titles; resolves to each one's outcome: undefined when written, a reason when TMDB refused it, or Left. */
export type Writer = (items: JobItem[]) => Promise<Array<string | undefined | Left>>;

export function newJob(
  accountId: number,
  fileName: string,
  target: ImportTarget,
  items: JobItem[],
  now: number,
): ImportJob {
  return {
    version: 1,
    accountId,
    fileName,
    target,
    items,
    state: '.'.repeat(items.length),
    failures: {},
    startedAt: now,
  };
}

export function counts(job: ImportJob): { done: number; failed: number; left: number; total: number } {
  let done = 0;
  let failed = 0;
  for (const c of job.state)
    if (c === '+') done++;
    else if (c === '!') failed++;
  return { done, failed, left: job.items.length - done - failed, total: job.items.length };
}

/** A job read back from storage, if it is one this version wrote and it has titles left. */
export function storedJob(value: unknown): ImportJob | undefined {
  const job = value as ImportJob | undefined;
  if (!job || job.version !== 1 || !Array.isArray(job.items) || typeof job.state !== 'string') return undefined;
  if (job.state.length !== job.items.length || !job.state.includes('.')) return undefined;
  if (job.target?.kind === 'watched') return undefined;
  return job;
}

/** Titles a writer takes at once (a v4 list takes them in one request; the others one by one, side by side). */
const BATCH = 20;
/** Batches in flight at once. */
const IN_FLIGHT = 4;
/** Saved at least this often while writing (and at the end, a cancel included). */
const SAVE_EVERY_MS = 500;

/**
 * Writes what is left of `job`, `batch` titles a call, saving as it goes. Resolves to `finished`, to
 * `cancelled` when `cancelled()` said so, or to `stopped` (with why) when a title was left for a reason
 * not its own; in each case what was sent has finished and is saved, each title as TMDB answered it.
 */
export async function runJob(
  job: ImportJob,
  write: Writer,
  store: JobStore,
  options: { batch?: number; cancelled?: () => boolean; onProgress?: (job: ImportJob) => void } = {},
): Promise<{ outcome: 'finished' | 'cancelled' | 'stopped'; reason?: unknown }> {
  const batch = options.batch ?? BATCH;
  const pending = [...job.state].flatMap((c, index) => (c === '.' ? [index] : []));
  let next = 0;
  let lastSave = Date.now();
  let saving: Promise<void> = Promise.resolve();
  // The state as an array while the run goes (a string rebuilt a title was quadratic at 10,000 titles).
  const state = [...job.state];
  const save = () => {
    job.state = state.join('');
    const copy = { ...job, failures: { ...job.failures } };
    // A save that failed is not the end of the run: the next one writes the whole state again.
    saving = saving.then(() => store.set(copy)).catch(() => undefined);
    return saving;
  };
  let stopped: Left | undefined;
  const settle = (index: number, outcome: string | undefined | Left) => {
    if (typeof outcome === 'object') {
      stopped ??= outcome;
      return;
    }
    state[index] = outcome === undefined ? '+' : '!';
    if (outcome !== undefined) job.failures[index] = outcome;
  };
  const worker = async () => {
    while (next < pending.length && !options.cancelled?.() && !stopped) {
      const indexes = pending.slice(next, next + batch);
      next += indexes.length;
      let outcomes: Array<string | undefined | Left>;
      try {
        outcomes = await write(indexes.map((index) => job.items[index]!));
      } catch (error) {
        // A batch that failed as a whole (a v4 list's one request): all left to do.
        outcomes = indexes.map(() => ({ left: error }));
      }
      indexes.forEach((index, i) => settle(index, outcomes[i]));
      job.state = state.join('');
      options.onProgress?.(job);
      if (Date.now() - lastSave >= SAVE_EVERY_MS) {
        lastSave = Date.now();
        void save();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  } finally {
    await save();
  }
  if (stopped) return { outcome: 'stopped', reason: stopped.left };
  return { outcome: job.state.includes('.') ? 'cancelled' : 'finished' };
}
