// The signed-in user's titles in two groups, Movies and TV Series, paged, newest first (Rated adds its
// Episodes: ./ratedEpisodes): the Watchlist, Favorites and Rated views. Each follows the changes made anywhere in the extension (a panel's toggle, a
// tree's context menu) without a refresh.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import { Commands, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import type { MediaKind, Paged, TitleFlag } from '../../tmdb/schemas';
import {
  MessageNode,
  Node,
  offlineNodes,
  readTheRest,
  TitleNode,
  tailNodes,
  type TitleRole,
  type TitleSummary,
} from '../../tree/nodes';
import { PagedSource } from '../../tree/pagedSource';
import { titleMarks } from '../../tree/titleMarks';
import { TreeProvider } from '../../tree/treeProvider';
import { TmdbPaths } from '../../tmdb/paths';
import { coalesced } from '../../common/once';
import { libraryHostSlice } from './deferredPart';

export interface AccountTitlesSetup {
  viewId: string;
  component: string;
  refreshCommand: string;
  /** The context value of the rows (`<role>.movie`, `<role>.tv`), which their menus match. */
  role: TitleRole;
  fetch(client: TmdbClient, kind: MediaKind, page: number): Promise<Paged<TitleSummary>>;
  /** What an empty group says. */
  empty(kind: MediaKind): string;
  /** Changes made in the extension: the group of that kind reloads. */
  onDidChange: vscode.Event<{ kind: MediaKind }>;
  /** Groups after Movies and TV Series (Rated's Episodes). */
  more?: () => Promise<Node[]>;
  /** When what `more` lists changes (an episode rated or not: Rated's Episodes). */
  moreChanged?: vscode.Event<void>;
}

const FLAG_OF: Partial<Record<TitleRole, TitleFlag>> = { watchlistItem: 'watchlist', favoriteItem: 'favorite' };

class GroupNode extends Node {
  source!: PagedSource<TitleSummary>;

  constructor(
    readonly kind: MediaKind,
    private readonly setup: AccountTitlesSetup,
    private readonly redraw: (node?: Node) => void,
  ) {
    super(
      kind === 'movie' ? vscode.l10n.t('Movies') : vscode.l10n.t('TV Series'),
      vscode.TreeItemCollapsibleState.Expanded,
    );
    this.iconPath = new vscode.ThemeIcon(kind === 'movie' ? 'device-camera-video' : 'device-desktop');
    this.contextValue = `${setup.role}Group`;
    this.id = `${setup.viewId}-${kind}`;
  }

  override async children(): Promise<Node[]> {
    await this.source.ensureLoaded();
    readTheRest(this.source, () => this.redraw(this));
    // What the Watchlist and Favorites show is known to the other views' menus (../../tree/titleMarks).
    const flag = FLAG_OF[this.setup.role];
    if (flag)
      titleMarks.seen(
        flag,
        this.kind,
        this.source.items.map((item) => item.id),
      );
    const nodes: Node[] = this.source.items.map((item) => new TitleNode(item, this.setup.role));
    if (this.source.loaded && nodes.length === 0 && !this.source.error)
      nodes.push(new MessageNode(this.setup.empty(this.kind), 'info'));
    return [
      ...offlineNodes(this.source, this.setup.refreshCommand),
      ...nodes,
      ...tailNodes(this.source, () => this.redraw(this)),
    ];
  }
}

export class AccountTitlesView extends TreeProvider {
  private readonly groups: Record<MediaKind, GroupNode>;

  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly titles: AccountTitlesSetup,
    log: Logger,
  ) {
    super(client, log, {
      viewId: titles.viewId,
      component: titles.component,
      refreshCommand: titles.refreshCommand,
      paths: [TmdbPaths.account],
      titleRows: true,
    });
    const redraw = (node?: Node) => this.redraw(node);
    this.groups = { movie: new GroupNode('movie', titles, redraw), tv: new GroupNode('tv', titles, redraw) };
    this.resetSources();
    this.register(credentials.onDidChange(() => this.reset()));
    // Each change read once more after the refresh running (an import's hundred ratings: two refreshes).
    const follow = (kind: MediaKind) =>
      coalesced(async () => {
        const group = this.groups[kind];
        await this.followChange(
          group.source.loaded,
          () => group.source.refresh(),
          () => (group.source = this.newSource(kind)),
        );
        this.redraw(group);
      });
    const following = { movie: follow('movie'), tv: follow('tv') };
    this.register(titles.onDidChange(({ kind }) => following[kind]()));
    // The groups after the two (Rated's Episodes) read again when what they list changes.
    if (titles.moreChanged)
      this.register(
        titles.moreChanged(() => {
          this.expireCached();
          this.redraw();
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
    return [this.groups.movie, this.groups.tv, ...((await this.titles.more?.()) ?? [])];
  }

  private resetSources(): void {
    for (const kind of ['movie', 'tv'] as const) this.groups[kind].source = this.newSource(kind);
  }

  private newSource(kind: MediaKind): PagedSource<TitleSummary> {
    return new PagedSource<TitleSummary>((page) => this.titles.fetch(this.client, kind, page));
  }
}

/** What the Watchlist and Favorites views differ in. */
const FLAG_VIEWS: Record<TitleFlag, Omit<AccountTitlesSetup, 'fetch' | 'onDidChange'>> = {
  // Watchlist: what the user means to watch.
  watchlist: {
    viewId: Views.watchlist,
    component: 'watchlist',
    refreshCommand: Commands.watchlistRefresh,
    role: 'watchlistItem',
    empty: (kind) =>
      kind === 'movie' ? vscode.l10n.t('No movies on your watchlist') : vscode.l10n.t('No series on your watchlist'),
  },
  // Favorites: what the user marked as a favorite.
  favorite: {
    viewId: Views.favorites,
    component: 'favorites',
    refreshCommand: Commands.favoritesRefresh,
    role: 'favoriteItem',
    empty: (kind) =>
      kind === 'movie' ? vscode.l10n.t('No favorite movies yet') : vscode.l10n.t('No favorite series yet'),
  },
};

/** The Watchlist or Favorites view, the latest added first, following the service's changes. */
export function createFlagView(
  client: TmdbClient,
  credentials: Credentials,
  service: TitleFlagService,
  log: Logger,
): AccountTitlesView {
  const setup = {
    ...FLAG_VIEWS[service.flag],
    fetch: (tmdb: TmdbClient, kind: MediaKind, page: number) => tmdb.flagged(service.flag, kind, page),
    onDidChange: service.onDidChange,
  };
  return new AccountTitlesView(client, credentials, setup, log);
}

/** Rated: what the user rated, with the rating. */
export function createRatedView(
  client: TmdbClient,
  credentials: Credentials,
  ratings: RatingService,
  log: Logger,
  episodeRated: vscode.Event<void>,
): AccountTitlesView {
  return new AccountTitlesView(
    client,
    credentials,
    {
      viewId: Views.rated,
      component: 'rated',
      refreshCommand: Commands.ratedRefresh,
      role: 'ratedItem',
      fetch: (tmdb, kind, page) => tmdb.rated(kind, page),
      empty: (kind) =>
        kind === 'movie'
          ? vscode.l10n.t('You have not rated a movie yet')
          : vscode.l10n.t('You have not rated a series yet'),
      onDidChange: ratings.onDidChange,
      // The episodes rated: a group of their own, loaded with the view's first rows (./ratedEpisodes).
      more: async () => [new (await libraryHostSlice.load()).RatedEpisodesGroup(client, log)],
      moreChanged: episodeRated,
    },
    log,
  );
}
