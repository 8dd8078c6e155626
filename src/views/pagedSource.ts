// Pages of a TMDB listing, loaded on demand. A failed page keeps what was already loaded and remembers
// the error, so a tree can show it with a retry next to the content. A page the client served from its
// cache because TMDB failed is noted (`kept`), so the tree can say so — read off the
// answer as the client gave it, also where the view reads its items out of another shape (`pageOf`).
import { MAX_PAGE } from '../tmdb/constants';
import { keptCopy, type KeptCopy } from '../tmdb/offline';
import type { Paged } from '../tmdb/schemas';

export class PagedSource<T, A = Paged<T>> {
  items: T[] = [];
  error: unknown;
  /** The last page shown, if the client served its kept copy because TMDB failed. */
  kept: KeptCopy | undefined;
  private page = 0;
  private totalPages = 1;
  private loading: Promise<void> | undefined;
  private failed: { page: number; replace: boolean } | undefined;
  /** A page as fetched, read into its items and whether it is an offline copy. */
  private readonly fetchPage: (page: number) => Promise<{ answer: Paged<T>; kept: KeptCopy | undefined }>;

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

  /** Reloads from page 1; the old items stay until the new page arrives, and stay if it fails. */
  refresh(): Promise<void> {
    return this.start(1, true);
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

  private async load(page: number, replace: boolean): Promise<void> {
    try {
      const { answer, kept } = await this.fetchPage(page);
      this.items = replace ? [...answer.results] : [...this.items, ...answer.results];
      this.page = page;
      this.totalPages = answer.results.length === 0 ? page : answer.total_pages;
      this.error = undefined;
      this.failed = undefined;
      this.kept = kept;
    } catch (error) {
      this.error = error;
      this.failed = { page, replace };
    }
  }
}
