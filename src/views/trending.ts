// Trending People (endpoint 4): needs only the API token. Day or week, remembered; paged with "Load more".
import * as vscode from 'vscode';
import type { Credentials } from '../auth/credentials';
import { setContext } from '../context';
import { Commands, ContextKeys, StateKeys } from '../ids';
import type { Logger } from '../log';
import type { TimeWindow, TmdbClient } from '../tmdb/client';
import type { PersonSummary } from '../tmdb/schemas';
import type { ImageCache } from './images';
import { PersonNode, tailNodes, type Node } from './nodes';
import { PagedSource } from './paged';
import { TreeProvider } from './provider';

export class TrendingProvider extends TreeProvider {
  private source: PagedSource<PersonSummary>;
  private readonly windowChanged = new vscode.EventEmitter<TimeWindow>();
  /** Fires when the day/week switch changes. */
  readonly onDidChangeWindow = this.windowChanged.event;

  constructor(
    private readonly client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly state: vscode.Memento,
    private readonly images: ImageCache,
    log: Logger,
  ) {
    super(log, 'trending', Commands.trendingRefresh);
    this.source = this.newSource();
    setContext(ContextKeys.trendingWindow, this.window);
  }

  get window(): TimeWindow {
    return this.state.get<TimeWindow>(StateKeys.trendingWindow) === 'week' ? 'week' : 'day';
  }

  get windowLabel(): string {
    return this.window === 'week' ? 'This week' : 'Today';
  }

  /** The people loaded so far (for tests and the search's people). */
  get people(): readonly PersonSummary[] {
    return this.source.items;
  }

  async setWindow(window: TimeWindow): Promise<void> {
    await this.state.update(StateKeys.trendingWindow, window);
    setContext(ContextKeys.trendingWindow, window);
    this.windowChanged.fire(window);
    this.reset();
  }

  /** Reloads page 1, keeping what is shown if TMDB cannot be reached. */
  async refresh(): Promise<void> {
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
    return [
      ...source.items.map((person) => new PersonNode(person, this.images.icon(person.profile_path, redraw))),
      ...tailNodes(source, redraw),
    ];
  }

  override dispose(): void {
    this.windowChanged.dispose();
    super.dispose();
  }

  private newSource(): PagedSource<PersonSummary> {
    const window = this.window;
    return new PagedSource((page) => this.client.trendingPeople(window, page));
  }
}
