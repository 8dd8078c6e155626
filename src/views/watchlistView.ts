// Watchlist: Movies and TV Series, newest first, paged; follows every watchlist change in the extension.
import * as vscode from 'vscode';
import type { Credentials } from '../auth/credentials';
import { Commands, Views } from '../ids';
import type { Logger } from '../log';
import type { TmdbClient } from '../tmdb/client';
import type { MediaKind } from '../tmdb/schemas';
import type { WatchlistService } from '../watchlistService';
import { MessageNode, Node, offlineNodes, TitleNode, tailNodes, type TitleSummary } from './nodes';
import { PagedSource } from './pagedSource';
import { TreeProvider } from './treeProvider';

class GroupNode extends Node {
  source!: PagedSource<TitleSummary>;

  constructor(
    readonly kind: MediaKind,
    private readonly redraw: (node?: Node) => void,
  ) {
    super(kind === 'movie' ? vscode.l10n.t('Movies') : vscode.l10n.t('TV Series'), vscode.TreeItemCollapsibleState.Expanded);
    this.iconPath = new vscode.ThemeIcon(kind === 'movie' ? 'device-camera-video' : 'device-desktop');
    this.contextValue = 'watchlistGroup';
    this.id = `watchlist-${kind}`;
  }

  override async children(): Promise<Node[]> {
    await this.source.ensureLoaded();
    const nodes: Node[] = this.source.items.map((item) => new TitleNode(item, 'watchlistItem'));
    if (this.source.loaded && nodes.length === 0 && !this.source.error) {
      nodes.push(new MessageNode(this.kind === 'movie' ? vscode.l10n.t('No movies on your watchlist') : vscode.l10n.t('No series on your watchlist'), 'info'));
    }
    return [...offlineNodes(this.source, Commands.watchlistRefresh), ...nodes, ...tailNodes(this.source, () => this.redraw(this))];
  }
}

export class WatchlistView extends TreeProvider {
  private readonly groups: Record<MediaKind, GroupNode>;

  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    watchlist: WatchlistService,
    log: Logger,
  ) {
    super(client, log, { viewId: Views.watchlist, component: 'watchlist', refreshCommand: Commands.watchlistRefresh, paths: ['/3/account/'] });
    const redraw = (node?: Node) => this.redraw(node);
    this.groups = { movie: new GroupNode('movie', redraw), tv: new GroupNode('tv', redraw) };
    this.resetSources();
    this.register(credentials.onDidChange(() => this.reset()));
    this.register(
      watchlist.onDidChange(async ({ kind }) => {
        await this.groups[kind].source.refresh();
        this.redraw(this.groups[kind]);
      }),
    );
  }

  async refresh(): Promise<void> {
    this.expireCached();
    await Promise.all([this.groups.movie.source.refresh(), this.groups.tv.source.refresh()]);
    this.redraw();
  }

  reset(): void {
    this.resetSources();
    this.redraw();
  }

  protected async roots(): Promise<Node[]> {
    if (!(await this.credentials.currentSession())) return [];
    return [this.groups.movie, this.groups.tv];
  }

  private resetSources(): void {
    for (const kind of ['movie', 'tv'] as const) {
      this.groups[kind].source = new PagedSource<TitleSummary>((page) => this.client.watchlist(kind, page), this.offlineAsOf);
    }
  }
}
