// What the two trending views share: a paged source for today or this week (one remembered switch for
// both), shown in the view's description; started afresh when the API token changes (signing in or out
// changes nothing here); Refresh asks TMDB, not the cache.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { StateKeys } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TimeWindow, TmdbClient } from '../../tmdb/client';
import type { PagedSource } from '../../tree/pagedSource';
import { TreeProvider, type TreeSetup } from '../../tree/treeProvider';

export abstract class TrendingBase<T> extends TreeProvider {
  protected source: PagedSource<T>;
  private token: string | undefined;

  constructor(
    client: TmdbClient,
    protected readonly credentials: Credentials,
    protected readonly state: vscode.Memento,
    log: Logger,
    setup: TreeSetup,
  ) {
    super(client, log, setup);
    this.source = this.newSource(this.window);
    this.showWindow();
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

  /** The day/week switch changed (it is stored by whoever changed it): follow it. */
  windowChanged(): void {
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
    this.source = this.newSource(this.window);
    this.redraw();
  }

  protected showWindow(): void {
    // Short enough to stay whole beside the view's title actions.
    this.view.description = this.window === 'week' ? vscode.l10n.t('Week') : vscode.l10n.t('Today');
  }

  protected abstract newSource(window: TimeWindow): PagedSource<T>;
}
