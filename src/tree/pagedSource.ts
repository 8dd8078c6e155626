// Pages of a TMDB listing, loaded on demand, or (`loadRest`) all of a person's own list in one go, a few
// pages at a time, shown as they come in order. A failed page keeps what was already loaded and remembers
// the error, so a tree can show it with a retry next to the content. A page the client served from its
// cache because TMDB failed is noted (`kept`), so the tree can say so — read off the
// answer as the client gave it, also where the view reads its items out of another shape (`pageOf`).
import { MAX_PAGE } from '../tmdb/constants';
import type { KeptCopy } from '../model/kept';
import { keptCopy } from '../tmdb/offline';
import type { Paged } from '../tmdb/schemas';
import { Throttle } from '../tmdb/throttle';

/**
 * Pages `loadRest` asks for at once. The client's throttle serves requests in the order they come: 50
 * pages asked at once would hold up a page a person opens meanwhile behind them all.
 */
const PAGES_IN_FLIGHT = 4;
/** Pages `loadRest` reads in one go (1,000 titles at TMDB's 20 a page); "Load more" goes on from there. */
const REST_PAGES = 50;

/** A page as fetched, read into its items and whether it is an offline copy. */
type Fetched<T> = { answer: Paged<T>; kept: KeptCopy | undefined };

export class PagedSource<T, A = Paged<T>> {
  items: T[] = [];
  error: unknown;
  /** The last page shown, if the client served its kept copy because TMDB failed. */
  kept: KeptCopy | undefined;
  /** TMDB's count of the whole listing (`total_results`), once a page says it. */
  total: number | undefined;
  /** `loadRest` has run: what it did not reach waits for "Load more". */
  wholeList = false;
  private page = 0;
  private totalPages = 1;
  private loading: Promise<void> | undefined;
  private queuedRefresh: Promise<void> | undefined;
  private failed: { page: number; replace: boolean } | undefined;
  private readonly fetchPage: (page: number) => Promise<Fetched<T>>;

  constructor(
    fetchPage: (page: number) => Promise<A>,
    /** The page of items in an answer shaped otherwise (a list's `items`; trending titles without people). */
    pageOf: (answer: A) => Paged<T> = (answer) => answer as unknown as Paged<T>,
  ) {
    this.fetchPage = async (page) => {
      const fetched = await fetchPage(page);
      return { answer: pageOf(fetched), kept: keptCopy(fetched) };
    };
  }

  get loaded(): boolean {
    return this.page > 0;
  }

  /** A page is being read. */
  get busy(): boolean {
    return this.loading !== undefined;
  }

  get hasMore(): boolean {
    return this.page < Math.min(this.totalPages, MAX_PAGE);
  }

  /** Loads the first page unless it is loaded, loading, or failed (a failure waits for a retry). */
  ensureLoaded(): Promise<void> {
    if (this.loading) return this.loading;
    if (this.loaded || this.error) return Promise.resolve();
    return this.loadMore();
  }

  loadMore(): Promise<void> {
    return this.start(this.page + 1, false);
  }

  /**
   * Loads the pages after those loaded, up to `REST_PAGES` more, `PAGES_IN_FLIGHT` at a time; each page is
   * added in order as soon as those before it are, and `progress` is told. A failure stops there (kept
   * like `loadMore`'s, with what came before it).
   */
  loadRest(progress: () => void): Promise<void> {
    this.wholeList = true;
    this.loading ??= this.readRest(progress).finally(() => (this.loading = undefined));
    return this.loading;
  }

  /**
   * Reads again what is shown (after a load under way; changes meanwhile make one refresh): page 1, or for
   * a whole list every page it had (a change moves every title by one). The old items stay until the new
   * pages arrive, and stay if one fails.
   */
  refresh(): Promise<void> {
    if (this.loading) {
      this.queuedRefresh ??= this.loading.then(() => {
        this.queuedRefresh = undefined;
        return this.refresh();
      });
      return this.queuedRefresh;
    }
    if (!this.wholeList || this.page <= 1) return this.start(1, true);
    // A list read to its end stays whole when a title joins it (its last page may be a new one).
    const pages = this.hasMore ? this.page : this.page + 1;
    this.loading = this.reload(pages).finally(() => (this.loading = undefined));
    return this.loading;
  }

  /** Retries whatever failed last. */
  retry(): Promise<void> {
    const failed = this.failed ?? { page: 1, replace: true };
    return this.start(failed.page, failed.replace);
  }

  private start(page: number, replace: boolean): Promise<void> {
    this.loading ??= this.load(page, replace).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async readRest(progress: () => void): Promise<void> {
    const from = this.page + 1;
    const last = Math.min(this.totalPages, MAX_PAGE, this.page + REST_PAGES);
    const { pages, stop } = fewAtATime(last - from + 1, (i) => this.fetchPage(from + i));
    for (const [i, pending] of pages.entries()) {
      try {
        this.take(await pending, from + i, false);
      } catch (error) {
        this.failed = { page: from + i, replace: false };
        this.error = error;
      }
      progress();
      if (this.error || !this.hasMore) return stop();
    }
  }

  private async reload(pages: number): Promise<void> {
    let rest: ReturnType<typeof fewAtATime<Fetched<T>>> | undefined;
    try {
      const first = await this.fetchPage(1);
      rest = fewAtATime(Math.min(pages, first.answer.total_pages, MAX_PAGE) - 1, (i) => this.fetchPage(i + 2));
      const others = await Promise.all(rest.pages);
      for (const [i, fetched] of [first, ...others].entries()) this.take(fetched, i + 1, i === 0);
    } catch (error) {
      // One page failed: the pages not yet asked for are not asked for.
      rest?.stop();
      this.error = error;
      this.failed = { page: 1, replace: true };
    }
  }

  private async load(page: number, replace: boolean): Promise<void> {
    try {
      this.take(await this.fetchPage(page), page, replace);
    } catch (error) {
      this.error = error;
      this.failed = { page, replace };
    }
  }

  /** Shows a page read: after the items shown, or instead of them, with what it says of the whole listing. */
  private take({ answer, kept }: Fetched<T>, page: number, replace: boolean): void {
    this.items = replace ? [...answer.results] : [...this.items, ...answer.results];
    this.page = page;
    this.totalPages = answer.results.length === 0 ? page : answer.total_pages;
    this.total = answer.total_results;
    this.kept = kept;
    this.error = undefined;
    this.failed = undefined;
  }
}

/**
 * `run(0)` … `run(count - 1)`, each started when one of `PAGES_IN_FLIGHT` slots is free, in order; their
 * promises in order. `stop()`: what has not started does not (its promise rejects; no one need wait for it).
 */
function fewAtATime<R>(count: number, run: (i: number) => Promise<R>): { pages: Array<Promise<R>>; stop(): void } {
  const slots = new Throttle(Number.POSITIVE_INFINITY, PAGES_IN_FLIGHT);
  let stopped = false;
  const started = Array.from({ length: Math.max(0, count) }, async (_, i) => {
    await slots.acquire();
    try {
      if (stopped) throw new Error('stopped');
      return await run(i);
    } finally {
      slots.release();
    }
  });
  for (const pending of started) pending.catch(() => undefined);
  return { pages: started, stop: () => void (stopped = true) };
}
