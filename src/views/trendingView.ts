// Trending People (`GET /3/trending/person/{day|week}`): needs only the API token. Day or week,
// remembered; paged with "Load more".
import * as vscode from 'vscode';
import type { Credentials } from '../auth/credentials';
import { setContext } from '../contextKeys';
import { Commands, ContextKeys, StateKeys, Views } from '../ids';
import type { Logger } from '../log';
import type { TimeWindow, TmdbClient } from '../tmdb/client';
import type { PersonSummary } from '../tmdb/schemas';
import type { AvatarCache } from './avatarCache';
import { MessageNode, offlineNodes, PersonNode, tailNodes, type Node } from './nodes';
import { PagedSource } from './pagedSource';
import { TreeProvider } from './treeProvider';

export class TrendingView extends TreeProvider {
  private source: PagedSource<PersonSummary>;
  private token: string | undefined;
  /** Whether the `trendingShown` context key is set (once is enough; the view redraws often). */
  private shownPeople = false;

  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly state: vscode.Memento,
    private readonly avatars: AvatarCache,
    log: Logger,
  ) {
    super(client, log, { viewId: Views.trendingPeople, component: 'trending', refreshCommand: Commands.trendingRefresh, paths: ['/3/trending/'] });
    this.source = this.newSource();
    this.showWindow();
    // Only the token changes what Trending shows; signing in or out does not.
    this.register(
      credentials.follow(({ token }, initial) => {
        if (token === this.token) return;
        this.token = token;
        if (!initial) this.reset();
      }),
    );
  }

  get window(): TimeWindow {
    return this.state.get<TimeWindow>(StateKeys.trendingWindow) === 'week' ? 'week' : 'day';
  }

  async setWindow(window: TimeWindow): Promise<void> {
    await this.state.update(StateKeys.trendingWindow, window);
    this.showWindow();
    this.reset();
  }

  /** Reloads page 1 from TMDB, keeping what is shown if TMDB cannot be reached. */
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
    const redraw = () => this.redraw();
    const people: Node[] = source.items.map((person) => new PersonNode(person, this.avatars.icon(person.profile_path, redraw)));
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

  private showWindow(): void {
    setContext(ContextKeys.trendingWindow, this.window);
    // Short enough to stay whole beside the view's title actions.
    this.view.description = this.window === 'week' ? vscode.l10n.t('Week') : vscode.l10n.t('Today');
  }

  private newSource(): PagedSource<PersonSummary> {
    const window = this.window;
    return new PagedSource((page) => this.client.trendingPeople(window, page), this.offlineAsOf);
  }
}
