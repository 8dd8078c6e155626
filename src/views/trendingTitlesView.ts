// Trending Movies & Series (`GET /3/trending/all/{day|week}`): needs only the API token; the same day or
// week as Trending People (one switch for both); people in the answer are left out (they have their own
// view). Each row opens its panel; signed in, its menu adds it to the watchlist.
import * as vscode from 'vscode';
import type { Credentials } from '../auth/credentials';
import { Commands, StateKeys, Views } from '../ids';
import type { Logger } from '../log';
import type { TimeWindow, TmdbClient } from '../tmdb/client';
import { MessageNode, offlineNodes, tailNodes, TitleNode, type Node, type TitleSummary } from './nodes';
import { PagedSource } from './pagedSource';
import { TreeProvider } from './treeProvider';

export class TrendingTitlesView extends TreeProvider {
  private source: PagedSource<TitleSummary>;
  private token: string | undefined;

  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly state: vscode.Memento,
    log: Logger,
  ) {
    super(client, log, { viewId: Views.trendingTitles, component: 'trendingTitles', refreshCommand: Commands.trendingTitlesRefresh, paths: ['/3/trending/all/'] });
    this.source = this.newSource();
    this.showWindow();
    this.register(
      credentials.follow(({ token }, initial) => {
        if (token === this.token) return;
        this.token = token;
        if (!initial) this.reset();
      }),
    );
  }

  private get window(): TimeWindow {
    return this.state.get<TimeWindow>(StateKeys.trendingWindow) === 'week' ? 'week' : 'day';
  }

  /** Trending People's day/week switch changed: follow it. */
  windowChanged(): void {
    this.showWindow();
    this.reset();
  }

  async refresh(): Promise<void> {
    this.expireCached();
    await this.source.refresh();
    this.redraw();
  }

  reset(): void {
    this.source = this.newSource();
    this.redraw();
  }

  protected async roots(): Promise<Node[]> {
    if (!(await this.credentials.apiToken())) return [];
    const source = this.source;
    await source.ensureLoaded();
    const titles: Node[] = source.items.map((title) => new TitleNode(title));
    if (source.loaded && titles.length === 0 && !source.error) {
      titles.push(
        new MessageNode(vscode.l10n.t('TMDB sent no trending titles (click to refresh)'), 'info', {
          command: Commands.trendingTitlesRefresh,
          title: vscode.l10n.t('Refresh'),
        }),
      );
    }
    return [...offlineNodes(source, Commands.trendingTitlesRefresh), ...titles, ...tailNodes(source, () => this.redraw())];
  }

  private showWindow(): void {
    this.view.description = this.window === 'week' ? vscode.l10n.t('Week') : vscode.l10n.t('Today');
  }

  private newSource(): PagedSource<TitleSummary> {
    const window = this.window;
    let offlineSince: number | undefined;
    return new PagedSource(
      async (page) => {
        const answer = await this.client.trendingAll(window, page);
        offlineSince = this.offlineAsOf(answer);
        const titles = answer.results.filter((item): item is Extract<typeof item, { media_type: 'movie' | 'tv' }> => item.media_type !== 'person');
        return { ...answer, results: titles };
      },
      () => offlineSince,
    );
  }
}
