// My Lists: the signed-in account's lists, paged; each expands to its items. With the v4 sign-in, TMDB's
// v4 lists (`/4/account/{account_object_id}/lists`, `/4/list/{list_id}`: series beside movies, private
// lists, each item's comment); with an older session, v3's (`/3/account/{account_id}/lists`,
// `/3/list/{list_id}`). Follows every list edit made in the extension.
import * as vscode from 'vscode';
import type { ListService } from '../../account/listService';
import type { Credentials } from '../../auth/credentials';
import { Commands, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import type { ListDetails, ListSummary, MediaSummary, MovieSummary, TitleFlag, V4ListPage } from '../../tmdb/schemas';

/** A list's item: a v4 list's carries its comment. */
type ListRow = MediaSummary & { comment?: string };
import { ListNode, MessageNode, offlineNodes, readTheRest, tailNodes, type Node } from '../../tree/nodes';
import { PagedSource } from '../../tree/pagedSource';
import { titleMarks } from '../../tree/titleMarks';
import { TreeProvider } from '../../tree/treeProvider';
import { TmdbPaths } from '../../tmdb/paths';
import { coalesced } from '../../common/once';

export class ListsView extends TreeProvider {
  private source: PagedSource<ListSummary>;
  private readonly items = new Map<string, PagedSource<ListRow, ListDetails | V4ListPage>>();
  /**
   * The movies on the watchlist and the favorites, read when a list opens (those views may never have been
   * opened): a list's row then offers Remove for a movie on them, not Add (../../tree/titleMarks).
   */
  private flagged: Record<TitleFlag, PagedSource<MovieSummary>>;

  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly lists: ListService,
    log: Logger,
  ) {
    super(client, log, {
      viewId: Views.lists,
      component: 'lists',
      refreshCommand: Commands.listsRefresh,
      showCollapseAll: true,
      paths: [TmdbPaths.account, TmdbPaths.list, TmdbPaths.v4Account, TmdbPaths.v4List],
      titleRows: true,
    });
    this.source = this.newSource();
    this.flagged = this.newFlagged();
    this.register(credentials.onDidChange(() => this.reset()));
    // An edit changes the list's items and its count: both are read again (the client forgot them).
    // Changes while a refresh runs are read by one refresh after it (an import's movies, one by one).
    const changed = new Set<string>();
    const follow = coalesced(async () => {
      const ids = [...changed];
      changed.clear();
      await this.followChange(
        this.source.loaded,
        () => Promise.all([...ids.map((id) => this.items.get(id)?.refresh()), this.source.refresh()]),
        () => this.forget(),
      );
      this.redraw();
    });
    this.register(
      lists.onDidChange(({ listId, deleted }) => {
        if (deleted) this.items.delete(listId);
        changed.add(listId);
        return follow();
      }),
    );
  }

  async refresh(): Promise<void> {
    this.items.clear();
    this.expireCached();
    this.flagged = this.newFlagged();
    await this.source.refresh();
    this.redraw();
  }

  reset(): void {
    this.forget();
    this.redraw();
  }

  private forget(): void {
    this.items.clear();
    this.source = this.newSource();
    this.flagged = this.newFlagged();
  }

  protected async roots(): Promise<Node[]> {
    if (!(await this.credentials.currentSession())) return [];
    const source = this.source;
    await source.ensureLoaded();
    const redraw = (node?: Node) => this.redraw(node);
    const nodes: Node[] = source.items.map((list) => new ListNode(list, this.itemsOf(list.id), redraw));
    if (source.loaded && nodes.length === 0 && !source.error)
      nodes.push(new MessageNode(vscode.l10n.t('You have no lists yet'), 'info'));
    return [...offlineNodes(source, Commands.listsRefresh), ...nodes, ...tailNodes(source, () => this.redraw())];
  }

  private itemsOf(listId: string): PagedSource<ListRow, ListDetails | V4ListPage> {
    let items = this.items.get(listId);
    if (!items) {
      items = new PagedSource<ListRow, ListDetails | V4ListPage>(
        async (page) => {
          this.learnFlagged();
          return (await this.lists.isV4())
            ? this.client.lists4.list(listId, page)
            : this.client.list(listId, page, true);
        },
        (list) =>
          'items' in list
            ? { page: list.page, results: list.items, total_pages: list.total_pages, total_results: list.total_results }
            : list,
      );
      this.items.set(listId, items);
    }
    return items;
  }

  /** Tells ../../tree/titleMarks the watchlist's and favorites' movies (read once, then as they page in). */
  private learnFlagged(): void {
    for (const flag of ['watchlist', 'favorite'] as const) {
      const source = this.flagged[flag];
      if (source.loaded || source.busy) continue;
      // Only while this read is the view's (a sign-out or a refresh makes new ones): an account's titles
      // read late must not mark the next account's rows.
      const tell = () =>
        this.flagged[flag] === source &&
        titleMarks.seen(
          flag,
          'movie',
          source.items.map((movie) => movie.id),
        );
      void source.ensureLoaded().then(() => {
        tell();
        readTheRest(source, tell);
      });
    }
  }

  private newFlagged(): Record<TitleFlag, PagedSource<MovieSummary>> {
    const read = (flag: TitleFlag) => new PagedSource<MovieSummary>((page) => this.client.flagged(flag, 'movie', page));
    return { watchlist: read('watchlist'), favorite: read('favorite') };
  }

  private newSource(): PagedSource<ListSummary> {
    return new PagedSource((page) => this.lists.listsPage(page));
  }
}
