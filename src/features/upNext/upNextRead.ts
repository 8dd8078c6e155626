// What Up Next reads of TMDB: the series on the watchlist, favorites and rated lists (every page, each
// series once), then each one's own answer (`GET /3/tv/{id}`, kept six hours, on disk). The requests go
// through the client's throttle; a series that cannot be read is counted, not fatal. No vscode import
// (the bench runs it as the view does).
import type { TmdbClient } from '../../tmdb/client';
import type { KeptCopy } from '../../model/kept';
import { keptCopy } from '../../tmdb/offline';
import { firstPages } from '../../tmdb/paging';
import type { Paged, SeriesSchedule, TvSummary } from '../../tmdb/schemas';
import { TmdbPaths } from '../../tmdb/paths';
import { TmdbError } from '../../tmdb/errors';

/** Pages of each list read (20 series a page): 500 series at most are followed. */
const MAX_LIST_PAGES = 25;
const MAX_SERIES = 500;
/** Series read at once: the client's own limit of requests in flight (./tmdb/transport). */
const READS_AT_ONCE = 8;

export interface UpNextRead {
  ids: number[];
  schedules: SeriesSchedule[];
  /** Series whose answer could not be read. */
  failed: number;
  /** The oldest kept copy among the answers, when TMDB could not be reached or failed. */
  kept: KeptCopy | undefined;
}

export async function readUpNext(
  client: TmdbClient,
  options: {
    fresh?: boolean;
    onMissing?: (id: number, error: unknown) => void;
    /** Stops the reads (Up Next stopped, the session changed): the series not asked for yet never are. */
    signal?: AbortSignal;
    /** Series read beside the followed ones (the started ones: having watched is following), at most 500. */
    also?: readonly number[];
  } = {},
): Promise<UpNextRead> {
  const { signal } = options;
  const followed = await followedSeries(client, signal);
  const ids = [...new Set([...followed, ...(options.also ?? []).slice(0, MAX_SERIES)])];
  if (options.fresh) for (const id of ids) client.expire(TmdbPaths.tv(id));
  // A few at a time, as the client sends them (its throttle): a stop leaves the rest unasked, and what a
  // person opens meanwhile waits behind a few of these, not behind every series.
  const answers: Array<SeriesSchedule | { error: unknown; id: number }> = [];
  let next = 0;
  const reader = async () => {
    while (next < ids.length && !signal?.aborted) {
      const at = next++;
      const id = ids[at]!;
      answers[at] = await client.discovery.schedule(id, signal).catch((error: unknown) => ({ error, id }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, ids.length) }, reader));
  if (signal?.aborted) throw new TmdbError({ kind: 'cancelled', endpoint: 'GET /3/tv/{series_id}' });
  const schedules: SeriesSchedule[] = [];
  let failed = 0;
  let kept: KeptCopy | undefined;
  for (const answer of answers) {
    if ('error' in answer) {
      failed++;
      options.onMissing?.(answer.id, answer.error);
      continue;
    }
    schedules.push(answer);
    const copy = keptCopy(answer);
    if (copy && (!kept || copy.since < kept.since)) kept = copy;
  }
  return { ids, schedules, failed, kept };
}

/** The series ids on the watchlist, favorites and rated lists, each once, the watchlist's first. */
async function followedSeries(client: TmdbClient, signal: AbortSignal | undefined): Promise<number[]> {
  const lists: Array<(page: number) => Promise<Paged<TvSummary>>> = [
    (page) => client.flagged('watchlist', 'tv', page, signal),
    (page) => client.flagged('favorite', 'tv', page, signal),
    (page) => client.rated('tv', page, signal),
  ];
  const pages = await Promise.all(lists.map((read) => allPages(read)));
  const ids = new Set<number>();
  for (const items of pages) for (const item of items) if (ids.size < MAX_SERIES) ids.add(item.id);
  return [...ids];
}

/** Every page of a list (at most MAX_LIST_PAGES). */
async function allPages<T>(read: (page: number) => Promise<Paged<T>>): Promise<T[]> {
  return (await firstPages(read, MAX_LIST_PAGES)).flatMap((page) => page.results);
}
