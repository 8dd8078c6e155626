// Pages of a TMDB listing, loaded on demand, or (`loadRest`) all of a person's own list in one go, a few
// pages at a time, shown as they come in order. A failed page keeps what was already loaded and remembers
// the error, so a tree can show it with a retry next to the content. A page the client served from its
// cache because TMDB failed is noted (`kept`), so the tree can say so — read off the
// answer as the client gave it, also where the view reads its items out of another shape (`pageOf`).
import { MAX_PAGE } from '../tmdb/constants';
import { keptCopy, type KeptCopy } from '../tmdb/offline';
import type { Paged } from '../tmdb/schemas';

/** Pages `loadRest` asks for at once: the client's throttle spaces them (30/s), so more only queue. */
const PAGES_IN_FLIGHT = 4;
/** Pages `loadRest` reads in one go (1,000 titles at TMDB's 20 a page); "Load more" goes on from there. */
export const REST_PAGES = 50;

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
   * Reads again what is shown (after a load under way): page 1, or for a whole list every page it had (a
   * change moves every title by one). The old items stay until the new pages arrive, and stay if one fails.
   */
  refresh(): Promise<void> {
    const running = this.loading;
    if (running) return running.then(() => this.refresh());
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
    const last = Math.min(this.totalPages, MAX_PAGE, this.page + REST_PAGES);
    const arrived = new Map<number, Fetched<T> | { error: unknown }>();
    let asked = this.page;
    const ask = (): Promise<void> | undefined => {
      if (asked >= last) return undefined;
      const page = ++asked;
      return this.fetchPage(page).then(
        (fetched) => void arrived.set(page, fetched),
        (error: unknown) => void arrived.set(page, { error }),
      );
    };
    const inFlight = new Set<Promise<void>>();
    const fill = () => {
      while (inFlight.size < PAGES_IN_FLIGHT && !this.error) {
        const next = ask();
        if (!next) break;
        const tracked = next.finally(() => inFlight.delete(tracked));
        inFlight.add(tracked);
      }
    };
    fill();
    while (inFlight.size) {
      await Promise.race(inFlight);
      // Adds what is now next in order.
      let added = false;
      for (let next = arrived.get(this.page + 1); next; next = arrived.get(this.page + 1)) {
        arrived.delete(this.page + 1);
        if ('error' in next) {
          this.error = next.error;
          this.failed = { page: this.page + 1, replace: false };
          break;
        }
        this.items = [...this.items, ...next.answer.results];
        this.page += 1;
        this.totalPages = next.answer.results.length === 0 ? this.page : next.answer.total_pages;
        this.total = next.answer.total_results;
        this.kept = next.kept;
        added = true;
      }
      if (added) progress();
      if (this.error || this.page >= Math.min(this.totalPages, MAX_PAGE)) break;
      fill();
    }
    if (this.error) progress();
  }

  private async reload(pages: number): Promise<void> {
    try {
      const first = await this.fetchPage(1);
      const last = Math.max(1, Math.min(pages, first.answer.total_pages, MAX_PAGE));
      const rest = await inPool(last - 1, (i) => this.fetchPage(i + 2));
      const all = [first, ...rest];
      this.items = all.flatMap((fetched) => fetched.answer.results);
      this.page = last;
      this.totalPages = first.answer.total_pages;
      this.total = first.answer.total_results;
      this.kept = all.find((fetched) => fetched.kept)?.kept;
      this.error = undefined;
      this.failed = undefined;
    } catch (error) {
      this.error = error;
      this.failed = { page: 1, replace: true };
    }
  }

  private async load(page: number, replace: boolean): Promise<void> {
    try {
      const { answer, kept } = await this.fetchPage(page);
      this.items = replace ? [...answer.results] : [...this.items, ...answer.results];
      this.page = page;
      this.totalPages = answer.results.length === 0 ? page : answer.total_pages;
      this.total = answer.total_results;
      this.error = undefined;
      this.failed = undefined;
      this.kept = kept;
    } catch (error) {
      this.error = error;
      this.failed = { page, replace };
    }
  }
}

/** `run(0)` … `run(count - 1)`, `PAGES_IN_FLIGHT` at a time; their results in order; the first failure rejects. */
async function inPool<R>(count: number, run: (i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await run(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PAGES_IN_FLIGHT, count) }, worker));
  return results;
}
