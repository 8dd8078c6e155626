// Browse: TMDB's lists for the person's region (Now Playing, Upcoming, Popular, Top Rated movies;
// Airing Today, On the Air, Popular, Top Rated series), and Discover: the results of the filters last
// set (`TMDB: Discover…`) and the ones saved by name. Each list is paged, with Load more; nothing is
// asked of TMDB before a list is opened.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { Commands, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import { CHARTS, type Chart, type DiscoverFilters } from '../../tmdb/discovery';
import type { MediaKind } from '../../tmdb/schemas';
import { MessageNode, Node, offlineNodes, tailNodes, TitleNode, type TitleSummary } from '../../tree/nodes';
import { PagedSource } from '../../tree/pagedSource';
import { describeFilters, genreNames, type SavedDiscovers } from './savedDiscovers';
import { TreeProvider } from '../../tree/treeProvider';
import { TmdbPaths } from '../../tmdb/paths';

function chartName(kind: MediaKind, chart: Chart): string {
  switch (chart) {
    case 'now_playing':
      return vscode.l10n.t('Now Playing');
    case 'upcoming':
      return vscode.l10n.t('Upcoming');
    case 'airing_today':
      return vscode.l10n.t('Airing Today');
    case 'on_the_air':
      return vscode.l10n.t('On the Air');
    case 'popular':
      return kind === 'movie' ? vscode.l10n.t('Popular Movies') : vscode.l10n.t('Popular Series');
    case 'top_rated':
      return kind === 'movie' ? vscode.l10n.t('Top Rated Movies') : vscode.l10n.t('Top Rated Series');
  }
}

/** A list of titles read page by page: a chart or a discover. */
class ListingNode extends Node {
  source: PagedSource<TitleSummary>;

  constructor(
    label: string,
    private readonly fetch: (
      page: number,
    ) => Promise<{ page: number; results: TitleSummary[]; total_pages: number; total_results: number }>,
    private readonly view: BrowseView,
    options: { id: string; icon: string; contextValue: string; expanded?: boolean },
  ) {
    super(
      label,
      options.expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    this.id = options.id;
    this.iconPath = new vscode.ThemeIcon(options.icon);
    this.contextValue = options.contextValue;
    this.source = new PagedSource(fetch);
  }

  reset(): void {
    this.source = new PagedSource(this.fetch);
  }

  override async children(): Promise<Node[]> {
    await this.source.ensureLoaded();
    const titles: Node[] = this.source.items.map((item) => new TitleNode(item));
    if (this.source.loaded && titles.length === 0 && !this.source.error)
      titles.push(new MessageNode(vscode.l10n.t('Nothing matches'), 'info'));
    return [
      ...offlineNodes(this.source, Commands.browseRefresh),
      ...titles,
      ...tailNodes(this.source, () => this.view.redraw(this)),
    ];
  }
}

/** A discover: the filters, and (saved) its name. */
export class DiscoverNode extends ListingNode {
  constructor(
    readonly filters: DiscoverFilters,
    readonly savedName: string | undefined,
    description: string,
    client: TmdbClient,
    services: () => number[],
    view: BrowseView,
  ) {
    super(savedName ?? vscode.l10n.t('Results'), (page) => client.discovery.discover(filters, services(), page), view, {
      id: savedName === undefined ? 'browse-discover-current' : `browse-discover-saved-${savedName}`,
      icon: savedName === undefined ? 'filter' : 'bookmark',
      contextValue: savedName === undefined ? 'discoverCurrent' : 'discoverSaved',
      expanded: savedName === undefined,
    });
    this.description = description;
    this.tooltip = savedName === undefined ? description : `${savedName}\n${description}`;
  }
}

class SectionNode extends Node {
  constructor(
    label: string,
    icon: string,
    id: string,
    private readonly items: () => Promise<Node[]>,
  ) {
    super(label, vscode.TreeItemCollapsibleState.Expanded);
    this.iconPath = new vscode.ThemeIcon(icon);
    this.id = id;
    this.contextValue = 'browseSection';
  }

  override children(): Promise<Node[]> {
    return this.items();
  }
}

export class BrowseView extends TreeProvider {
  private charts = new Map<string, ListingNode>();
  private current: DiscoverNode | undefined;
  private saved = new Map<string, DiscoverNode>();
  private readonly discoverSection: SectionNode;

  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly savedDiscovers: SavedDiscovers,
    private readonly region: () => string,
    log: Logger,
  ) {
    // The charts' and Discover's paths only: a title's page or Up Next's schedules (also under /3/movie/, /3/tv/) are not Browse's.
    const paths = [
      ...CHARTS.movie.map((chart) => TmdbPaths.chart('movie', chart)),
      ...CHARTS.tv.map((chart) => TmdbPaths.chart('tv', chart)),
      TmdbPaths.discover,
    ];
    super(client, log, {
      viewId: Views.browse,
      component: 'browse',
      refreshCommand: Commands.browseRefresh,
      paths,
      showCollapseAll: true,
      titleRows: true,
    });
    this.discoverSection = new SectionNode(vscode.l10n.t('Discover'), 'compass', 'browse-discover', () =>
      this.discoverRows(),
    );
    this.register(savedDiscovers.onDidChange(() => this.resetDiscovers()));
    this.register(credentials.onDidChange(() => this.reset()));
    this.showRegion();
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('tmdb')) this.showRegion();
      }),
    );
  }

  /** Shows a discover's results under Discover, opened, and brings them into view. */
  async showDiscover(filters: DiscoverFilters): Promise<DiscoverNode> {
    this.current = new DiscoverNode(
      filters,
      undefined,
      await this.describe(filters),
      this.client,
      () => this.savedDiscovers.services(),
      this,
    );
    this.redraw(this.discoverSection);
    await this.current.source.ensureLoaded();
    const node = this.current;
    // From the palette, Browse may be folded or never shown: open it first, then bring the results into view.
    await vscode.commands.executeCommand(`${Views.browse}.focus`);
    await this.view
      .reveal(node, { expand: true, focus: true, select: true })
      .then(undefined, (error: unknown) => this.log.warn('browse', `could not reveal the results: ${String(error)}`));
    return node;
  }

  /** What a discover asks for, in a line (the genres by name). */
  async describe(filters: DiscoverFilters): Promise<string> {
    return describeFilters(filters, await genreNames(this.client, filters.kind, this.log));
  }

  get currentDiscover(): DiscoverFilters | undefined {
    return this.current?.filters;
  }

  async refresh(): Promise<void> {
    this.expireCached();
    const loaded = [...this.charts.values(), ...this.saved.values(), ...(this.current ? [this.current] : [])].filter(
      (node) => node.source.loaded || node.source.error,
    );
    await Promise.all(loaded.map((node) => node.source.refresh()));
    this.redraw();
  }

  reset(): void {
    for (const node of this.charts.values()) node.reset();
    this.current?.reset();
    this.saved.clear();
    this.redraw();
  }

  getParent(node: Node): Node | undefined {
    return node instanceof DiscoverNode ? this.discoverSection : undefined;
  }

  protected async roots(): Promise<Node[]> {
    if (!(await this.credentials.apiToken())) return [];
    return [
      new SectionNode(vscode.l10n.t('Movies'), 'device-camera-video', 'browse-movies', async () =>
        CHARTS.movie.map((chart) => this.chart('movie', chart)),
      ),
      new SectionNode(vscode.l10n.t('TV Series'), 'device-desktop', 'browse-tv', async () =>
        CHARTS.tv.map((chart) => this.chart('tv', chart)),
      ),
      this.discoverSection,
    ];
  }

  private chart(kind: MediaKind, chart: Chart): ListingNode {
    const key = `${kind}:${chart}`;
    let node = this.charts.get(key);
    if (!node) {
      node = new ListingNode(
        chartName(kind, chart),
        (page) => this.client.discovery.chart(kind, chart as never, page),
        this,
        {
          id: `browse-${kind}-${chart}`,
          icon: 'list-flat',
          contextValue: 'browseChart',
        },
      );
      this.charts.set(key, node);
    }
    return node;
  }

  private async discoverRows(): Promise<Node[]> {
    const start = new MessageNode(
      vscode.l10n.t('Discover…'),
      'info',
      { command: Commands.discover, title: vscode.l10n.t('Discover') },
      vscode.l10n.t('Find movies or series by genre, year, score, runtime, certification and your streaming services'),
    );
    start.iconPath = new vscode.ThemeIcon('search');
    start.contextValue = 'discoverStart';
    const saved: Node[] = [];
    for (const { name, filters } of this.savedDiscovers.all()) {
      let node = this.saved.get(name);
      if (!node || JSON.stringify(node.filters) !== JSON.stringify(filters)) {
        node = new DiscoverNode(
          filters,
          name,
          await this.describe(filters),
          this.client,
          () => this.savedDiscovers.services(),
          this,
        );
        this.saved.set(name, node);
      }
      saved.push(node);
    }
    return [start, ...(this.current ? [this.current] : []), ...saved];
  }

  private resetDiscovers(): void {
    this.saved.clear();
    this.redraw(this.discoverSection);
  }

  private showRegion(): void {
    // Whose charts these are: the region setting, or the one the display language implies.
    this.view.description = this.region();
  }
}
