// `once(build)`: a value built the first time it is asked for, then kept.
//
// The zod schemas (TMDB's answers, the panel messages, the recent titles) are each made this way: loading
// the file that holds them builds none of them (only the dozen field readers they share: text, count, id…),
// and a first request builds only its own. Building every schema when the file loaded
// was most of the extension's first use (~35 ms of ~40, measured by `npm run bench`'s "First use" row).
export function once<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

/**
 * `onceAsync(build)`: as `once`, for a value built asynchronously (a deferred part's class, loaded first).
 * A failed build is not kept: the next ask tries again.
 */
export function onceAsync<T>(build: () => Promise<T>): () => Promise<T> {
  let building: Promise<T> | undefined;
  return () =>
    (building ??= build().catch((error: unknown) => {
      building = undefined;
      throw error;
    }));
}

/**
 * `coalesced(run)`: a run that many asks share. Asked while it runs, it runs once more after it (not once per
 * ask: what changed meanwhile is read by that one run); an ask while that one waits joins it. An import's
 * hundred ratings refresh the Rated view twice, not a hundred times.
 */
export function coalesced<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let next: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current: Promise<T> = run().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    // Between a run's end and the start of the one queued after it, an ask joins the queued one.
    if (!running) return next ?? start();
    next ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        next = undefined;
        return start();
      });
    return next;
  };
}
