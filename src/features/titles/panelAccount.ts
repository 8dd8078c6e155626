// A movie or series panel's account controls: the watchlist and favorite toggles and the user's rating
// of its title, read from one `account_states` request and changed through account/optimisticWrite (shown at once,
// kept when TMDB confirms, rolled back with a message otherwise), and a movie's watched mark (kept here, not
// at TMDB: features/watched, through the core's doors). The panel shows them and keeps them in its state;
// this decides what they say.
import * as vscode from 'vscode';
import { optimisticWrite } from '../../account/optimisticWrite';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import { askToSignIn } from '../../auth/askToSignIn';
import { offerOffWatchlist } from '../../account/watchlistOffer';
import type { Credentials } from '../../auth/credentials';
import type { WatchedMarks } from '../../core/doors';
import type { Logger } from '../../kit/log';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import type { MediaKind, TitleFlag } from '../../tmdb/schemas';
import type { RatingUi, WatchlistUi } from '../../webview/protocol';

export interface PanelAccountDeps {
  watchlist: TitleFlagService;
  favorites: TitleFlagService;
  ratings: RatingService;
  credentials: Credentials;
  log: Logger;
  /** What the person watched (features/watched), asked for when a page reads or changes a mark. */
  watched: () => WatchedMarks;
}

/** The panel the controls are on: what they show now, and how to show something else. */
export interface AccountControlsHost {
  /** The title's name, as its tab says it. */
  readonly title: string;
  readonly state: {
    readonly watchlist: WatchlistUi;
    readonly favorite: WatchlistUi;
    readonly rating: RatingUi;
    readonly watched: WatchlistUi;
  };
  showWatchlist(watchlist: WatchlistUi): void;
  showFavorite(favorite: WatchlistUi): void;
  showRating(rating: RatingUi): void;
  showWatched(watched: WatchlistUi): void;
}

export class PanelAccount {
  /** Counts the watched mark's reads and changes: a read answered after a newer one began is not shown. */
  private watchedReads = 0;

  constructor(
    private readonly title: { kind: MediaKind; id: number },
    private readonly deps: PanelAccountDeps,
    private readonly host: AccountControlsHost,
  ) {}

  /** The toggles and the rating, from one `account_states` request (the three reads share it). */
  async load(): Promise<void> {
    const { kind, id } = this.title;
    if (!(await this.deps.credentials.currentSession())) return this.signedOut();
    // Kept here, not at TMDB: read beside TMDB's answers, whatever they are (out of reach, a mark is still a mark).
    const watched = this.loadWatched().catch((error: unknown) =>
      this.deps.log.error('panels', 'could not read the watched mark', error),
    );
    const [watchlist, favorite, rating] = await Promise.allSettled([
      this.deps.watchlist.has(kind, id),
      this.deps.favorites.has(kind, id),
      this.deps.ratings.ratingOf(kind, id),
    ]);
    await watched;
    if (watchlist.status === 'fulfilled' && favorite.status === 'fulfilled' && rating.status === 'fulfilled') {
      this.host.showWatchlist({ state: watchlist.value ? 'on' : 'off' });
      this.host.showFavorite({ state: favorite.value ? 'on' : 'off' });
      this.host.showRating({ state: 'shown', value: rating.value ?? null });
      return;
    }
    const error: unknown = [watchlist, favorite, rating].find(
      (read): read is PromiseRejectedResult => read.status === 'rejected',
    )!.reason;
    this.deps.log.error('panels', 'could not read the watchlist state, favorite and rating', error);
    if (isTmdbError(error, 'sessionRevoked') || isTmdbError(error, 'signedOut')) return this.signedOut();
    const offline = isTmdbError(error, 'offline') || isTmdbError(error, 'timeout');
    this.host.showWatchlist({ state: 'unavailable', error: userMessage(error), offline });
    this.host.showFavorite({ state: 'unavailable', offline });
    this.host.showRating({ state: 'unavailable', value: null });
  }

  private signedOut(): void {
    this.host.showWatchlist({ state: 'signedOut' });
    this.host.showFavorite({ state: 'signedOut' });
    this.host.showRating({ state: 'signedOut', value: null });
    if (this.title.kind === 'movie') this.host.showWatched({ state: 'signedOut' });
  }

  /** A movie's watched mark, as kept for the account (a series has none on its page). */
  async loadWatched(): Promise<void> {
    if (this.title.kind !== 'movie') return;
    const read = ++this.watchedReads;
    const watched = await this.deps.watched().movie(this.title.id);
    // A mark changed, or read again, meanwhile: this answer is older than what the page shows.
    if (read === this.watchedReads)
      this.host.showWatched({ state: watched === undefined ? 'signedOut' : watched ? 'on' : 'off' });
  }

  /** Marks the movie watched (`target`, else the opposite of now); resolves to whether the mark was kept. */
  async toggleWatched(target?: boolean): Promise<boolean> {
    const before = this.host.state.watched;
    if (before.state === 'signedOut') {
      await askToSignIn(vscode.l10n.t('Sign in to TMDB to keep what you watched.'));
      return false;
    }
    if (this.title.kind !== 'movie' || (before.state !== 'on' && before.state !== 'off')) return false;
    const wanted = target ?? before.state !== 'on';
    const change = ++this.watchedReads;
    // Shown at once and kept on this machine (no TMDB to wait for): the change event then shows it on
    // every other page of this movie; a mark that could not be kept is put back, with why (unless a
    // newer change or read has shown something since).
    this.host.showWatched({ state: wanted ? 'on' : 'off' });
    const kept = await this.deps
      .watched()
      .setMovie(this.title.id, wanted)
      .catch((error: unknown) => {
        this.deps.log.error('panels', 'could not keep the watched mark', error);
        return false;
      });
    if (!kept && change === this.watchedReads)
      this.host.showWatched({ state: before.state, error: vscode.l10n.t('Could not keep this mark.') });
    // Watched, and on the watchlist: offered to be taken off (not waited for: the notification stays till answered).
    if (kept && wanted && this.host.state.watchlist.state === 'on')
      void offerOffWatchlist(this.host.title).then((off) => off && this.toggle('watchlist', false));
    return kept;
  }

  /**
   * Puts the title on the watchlist or among the favorites, or takes it off (`target`, else the opposite
   * of now); resolves to whether TMDB has the change.
   */
  async toggle(flag: TitleFlag, target?: boolean): Promise<boolean> {
    const before = this.host.state[flag];
    const show = (ui: WatchlistUi) => (flag === 'watchlist' ? this.host.showWatchlist(ui) : this.host.showFavorite(ui));
    if (before.state === 'signedOut') {
      await askToSignIn(
        flag === 'watchlist'
          ? vscode.l10n.t('Sign in to TMDB to use your watchlist.')
          : vscode.l10n.t('Sign in to TMDB to mark favorites.'),
      );
      return false;
    }
    const current = before.state;
    if (before.pending || (current !== 'on' && current !== 'off')) return false;
    const wanted = target ?? current !== 'on';
    const next = wanted ? 'on' : 'off';
    const failed =
      flag === 'watchlist'
        ? wanted
          ? vscode.l10n.t('Could not add this to your watchlist.')
          : vscode.l10n.t('Could not remove this from your watchlist.')
        : wanted
          ? vscode.l10n.t('Could not mark this as a favorite.')
          : vscode.l10n.t('Could not remove this from your favorites.');
    const service = flag === 'watchlist' ? this.deps.watchlist : this.deps.favorites;
    return optimisticWrite({
      show: () => show({ state: next, pending: next }),
      // Confirmed: the service's onDidChange then updates every view of this title, this panel included.
      write: () => service.set(this.title.kind, this.title.id, wanted),
      rollBack: (error) => show({ state: current, error }),
      failed,
      what: `the ${flag} change`,
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
      failed:
        value === undefined
          ? vscode.l10n.t('Could not remove your rating.')
          : vscode.l10n.t('Could not save your rating.'),
      what: 'the rating change',
      log: this.deps.log,
    });
  }
}
