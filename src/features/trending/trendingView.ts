// Trending People (`GET /3/trending/person/{day|week}`): needs only the API token. Day or week,
// remembered; paged with "Load more".
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { setContext } from '../../kit/contextKeys';
import { Commands, ContextKeys, StateKeys, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TimeWindow, TmdbClient } from '../../tmdb/client';
import type { PersonSummary } from '../../tmdb/schemas';
import type { KeptPictures } from '../../core/keptPictures';
import { MessageNode, offlineNodes, PersonNode, tailNodes, type Node } from '../../tree/nodes';
import { PagedSource } from '../../tree/pagedSource';
import { TrendingBase } from './trendingBase';
import { TmdbPaths } from '../../tmdb/paths';

export class TrendingView extends TrendingBase<PersonSummary> {
  /** Whether the `trendingShown` context key is set (once is enough; the view redraws often). */
  private shownPeople = false;

  constructor(
    client: TmdbClient,
    credentials: Credentials,
    state: vscode.Memento,
    private readonly pictures: KeptPictures,
    log: Logger,
  ) {
    super(client, credentials, state, log, {
      viewId: Views.trendingPeople,
      component: 'trending',
      refreshCommand: Commands.trendingRefresh,
      paths: [TmdbPaths.trendingPeople],
    });
  }

  async setWindow(window: TimeWindow): Promise<void> {
    await this.state.update(StateKeys.trendingWindow, window);
    this.windowChanged();
  }

  protected async roots(): Promise<Node[]> {
    if (!(await this.credentials.apiToken())) return [];
    const source = this.source;
    await source.ensureLoaded();
    const redraw = () => this.redraw();
    const people: Node[] = source.items.map(
      (person) => new PersonNode(person, this.pictures.icon(person.profile_path, redraw)),
    );
    if (people.length && !this.shownPeople) {
      this.shownPeople = true;
      setContext(ContextKeys.trendingShown, true);
    }
    if (source.loaded && people.length === 0 && !source.error) {
      // Never a blank view: an answer that reads as empty says so, with the way to ask again.
      people.push(
        new MessageNode(vscode.l10n.t('TMDB sent no trending people (click to refresh)'), 'info', {
          command: Commands.trendingRefresh,
          title: vscode.l10n.t('Refresh'),
        }),
      );
    }
    return [...offlineNodes(source, Commands.trendingRefresh), ...people, ...tailNodes(source, redraw)];
  }

  protected override showWindow(): void {
    // The menus read an unset key as today's (`!= week`).
    setContext(ContextKeys.trendingWindow, this.window, 'day');
    super.showWindow();
  }

  protected newSource(window: TimeWindow): PagedSource<PersonSummary> {
    return new PagedSource((page) => this.client.trendingPeople(window, page));
  }
}
