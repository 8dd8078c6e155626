// Trending Titles (`GET /3/trending/all/{day|week}`): needs only the API token; the same day or
// week as Trending People (one switch for both); people in the answer are left out (they have their own
// view). Each row opens its panel; signed in, its menu adds it to the watchlist.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { Commands, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TimeWindow, TmdbClient } from '../../tmdb/client';
import type { Paged, SearchResult } from '../../tmdb/schemas';
import { MessageNode, offlineNodes, tailNodes, TitleNode, type Node, type TitleSummary } from '../../tree/nodes';
import { PagedSource } from '../../tree/pagedSource';
import { TrendingBase } from './trendingBase';
import { TmdbPaths } from '../../tmdb/paths';

export class TrendingTitlesView extends TrendingBase<TitleSummary> {
  constructor(client: TmdbClient, credentials: Credentials, state: vscode.Memento, log: Logger) {
    super(client, credentials, state, log, {
      viewId: Views.trendingTitles,
      component: 'trendingTitles',
      refreshCommand: Commands.trendingTitlesRefresh,
      paths: [TmdbPaths.trendingAll],
      titleRows: true,
    });
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
    return [
      ...offlineNodes(source, Commands.trendingTitlesRefresh),
      ...titles,
      ...tailNodes(source, () => this.redraw()),
    ];
  }

  protected newSource(window: TimeWindow): PagedSource<TitleSummary, Paged<SearchResult>> {
    return new PagedSource(
      (page) => this.client.trendingAll(window, page),
      // People have their own view.
      (answer) => ({
        ...answer,
        results: answer.results.filter(
          (item): item is Extract<SearchResult, TitleSummary> => item.media_type !== 'person',
        ),
      }),
    );
  }
}
