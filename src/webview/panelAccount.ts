// A movie or series panel's account controls: the watchlist toggle and the user's rating of its title,
// read from one `account_states` request and changed through account/optimisticWrite (shown at once,
// kept when TMDB confirms, rolled back with a message otherwise). The panel shows them and keeps them in
// its state; this decides what they say.
import * as vscode from 'vscode';
import { optimisticWrite } from '../account/optimisticWrite';
import type { RatingService } from '../account/ratingService';
import type { WatchlistService } from '../account/watchlistService';
import { askToSignIn } from '../auth/askToSignIn';
import type { Credentials } from '../auth/credentials';
import type { Logger } from '../common/log';
import { isTmdbError, userMessage } from '../tmdb/errors';
import type { MediaKind } from '../tmdb/schemas';
import type { RatingUi, WatchlistUi } from './protocol';

export interface PanelAccountDeps {
  watchlist: WatchlistService;
  ratings: RatingService;
  credentials: Credentials;
  log: Logger;
}

/** The panel the controls are on: what they show now, and how to show something else. */
export interface AccountControlsHost {
  readonly state: { readonly watchlist: WatchlistUi; readonly rating: RatingUi };
  showWatchlist(watchlist: WatchlistUi): void;
  showRating(rating: RatingUi): void;
}

export class PanelAccount {
  constructor(
    private readonly title: { kind: MediaKind; id: number },
    private readonly deps: PanelAccountDeps,
    private readonly host: AccountControlsHost,
  ) {}

  /** The watchlist toggle and the rating, from one `account_states` request (the two reads share it). */
  async load(): Promise<void> {
    const { kind, id } = this.title;
    if (!(await this.deps.credentials.currentSession())) return this.signedOut();
    const [watchlist, rating] = await Promise.allSettled([this.deps.watchlist.isOnWatchlist(kind, id), this.deps.ratings.ratingOf(kind, id)]);
    if (watchlist.status === 'fulfilled' && rating.status === 'fulfilled') {
      this.host.showWatchlist({ state: watchlist.value ? 'on' : 'off' });
      this.host.showRating({ state: 'shown', value: rating.value ?? null });
      return;
    }
    const error: unknown = watchlist.status === 'rejected' ? watchlist.reason : (rating as PromiseRejectedResult).reason;
    this.deps.log.error('panels', 'could not read the watchlist state and rating', error);
    if (isTmdbError(error, 'sessionRevoked') || isTmdbError(error, 'signedOut')) return this.signedOut();
    this.host.showWatchlist({ state: 'unavailable', error: userMessage(error) });
    this.host.showRating({ state: 'unavailable', value: null });
  }

  private signedOut(): void {
    this.host.showWatchlist({ state: 'signedOut' });
    this.host.showRating({ state: 'signedOut', value: null });
  }

  /** Adds or removes (`target`, else the opposite of now); resolves to whether TMDB has the change. */
  async toggleWatchlist(target?: boolean): Promise<boolean> {
    const before = this.host.state.watchlist;
    if (before.state === 'signedOut') {
      await askToSignIn(vscode.l10n.t('Sign in to TMDB to use your watchlist.'));
      return false;
    }
    const current = before.state;
    if (before.pending || (current !== 'on' && current !== 'off')) return false;
    const wanted = target ?? current !== 'on';
    const next = wanted ? 'on' : 'off';
    return optimisticWrite({
      show: () => this.host.showWatchlist({ state: next, pending: next }),
      // Confirmed: WatchlistService.onDidChange then updates every view of this title, this panel included.
      write: () => this.deps.watchlist.set(this.title.kind, this.title.id, wanted),
      rollBack: (error) => this.host.showWatchlist({ state: current, error }),
      failed: wanted ? vscode.l10n.t('Could not add this to your watchlist.') : vscode.l10n.t('Could not remove this from your watchlist.'),
      what: 'the watchlist change',
      log: this.deps.log,
    });
  }

  /** Rates (or, with undefined, removes the rating); resolves to whether TMDB has the change. */
  async rate(value: number | undefined): Promise<boolean> {
    const before = this.host.state.rating;
    if (before.state === 'signedOut') {
      await askToSignIn(vscode.l10n.t('Sign in to TMDB to rate titles.'));
      return false;
    }
    if (before.pending || before.state !== 'shown') return false;
    return optimisticWrite({
      show: () => this.host.showRating({ state: 'shown', value: value ?? null, pending: true }),
      // Confirmed: RatingService.onDidChange then updates this panel and the Rated view.
      write: () => this.deps.ratings.set(this.title.kind, this.title.id, value),
      rollBack: (error) => this.host.showRating({ state: 'shown', value: before.value, error }),
      failed: value === undefined ? vscode.l10n.t('Could not remove your rating.') : vscode.l10n.t('Could not save your rating.'),
      what: 'the rating change',
      log: this.deps.log,
    });
  }
}
