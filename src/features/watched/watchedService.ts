// What a person watched, for the account signed in: read from and kept in global state (./keptMarks, synced
// by Settings Sync). A change is heard by every page and view that shows a mark (`changed`); a change past
// what Settings Sync can carry is refused, and the person is told why and what to do.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import type { TitleFlagService } from '../../account/titleFlags';
import { offerOffWatchlist } from '../../account/watchlistOffer';
import { notifyError } from '../../kit/notify';
import type { Logger } from '../../kit/log';
import { formatNumber } from '../../model/numbers';
import { displayLocale } from '../../settings/settings';
import type { EpisodeRange, WatchedSnapshot } from '../../model/episodeRanges';
import { KeptMarks } from './keptMarks';
import { dayOf, LIMITS, type WatchedMarks } from './marks';

export class WatchedService {
  private readonly kept: KeptMarks;
  /** The changes, one after another: each reads what the one before it kept. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    state: vscode.Memento,
    private readonly credentials: Credentials,
    private readonly changed: () => void,
    private readonly log: Logger,
  ) {
    this.kept = new KeptMarks(state);
  }

  /** Whether the movie is marked watched; undefined when no one is signed in. */
  async movie(id: number): Promise<boolean | undefined> {
    const account = (await this.credentials.currentSession())?.accountId;
    return account === undefined ? undefined : this.kept.view(account).marks.movie(id) !== undefined;
  }

  /** A season's watched episodes, as ranges in order; undefined when no one is signed in. */
  async season(seriesId: number, season: number): Promise<readonly EpisodeRange[] | undefined> {
    const account = (await this.credentials.currentSession())?.accountId;
    return account === undefined ? undefined : this.kept.view(account).marks.season(seriesId, season);
  }

  /**
   * A movie marked from a row's menu (no page to show it: the change event tells any open one); one on the
   * watchlist is offered to be taken off, as trackers do.
   */
  async markRow(id: number, name: string, watched: boolean, watchlist: TitleFlagService): Promise<boolean> {
    // Marked already: kept as it is (its day too), and nothing offered again.
    if ((await this.movie(id)) === watched) return true;
    const kept = await this.setMovie(id, watched);
    if (kept && watched) void this.offerOffWatchlist(id, name, watchlist);
    return kept;
  }

  /** On the watchlist: offered to be taken off (not waited for: the notification stays till answered). */
  private async offerOffWatchlist(id: number, name: string, watchlist: TitleFlagService): Promise<void> {
    if (!(await watchlist.has('movie', id).catch(() => false)) || !(await offerOffWatchlist(name))) return;
    await watchlist.set('movie', id, false).catch((error: unknown) => {
      this.log.error('watched', 'could not take the movie off the watchlist', error);
      void notifyError(vscode.l10n.t('TMDB: could not remove "{0}".', name));
    });
  }

  /** The movies marked watched; undefined when no one is signed in. */
  async movies(): Promise<Set<number> | undefined> {
    const account = (await this.credentials.currentSession())?.accountId;
    return account === undefined ? undefined : new Set(this.kept.view(account).marks.movieIds());
  }

  /** Every series with an episode marked, with its seasons' marks; undefined when no one is signed in. */
  async started(): Promise<Map<number, ReadonlyMap<number, readonly EpisodeRange[]>> | undefined> {
    const account = (await this.credentials.currentSession())?.accountId;
    if (account === undefined) return undefined;
    const { marks } = this.kept.view(account);
    return new Map(marks.startedSeries().map((id) => [id, marks.seasons(id)]));
  }

  /** Marks the movie watched today, or takes the mark off; false when it could not be kept (the person is told why). */
  setMovie(id: number, watched: boolean): Promise<boolean> {
    return this.queue((marks) => (watched ? marks.markMovie(id, dayOf(new Date())) : marks.unmarkMovie(id)));
  }

  /** Marks what `imported` holds (an import), in one change; false when none of it was kept (the person is told why). */
  markAll(imported: WatchedSnapshot): Promise<boolean> {
    return this.queue((marks) => {
      for (const { id, day } of imported.movies) marks.markMovieOn(id, day);
      for (const { id, seasons } of imported.series)
        for (const { season, episodes } of seasons) marks.markRanges(id, season, episodes);
    }, imported.movies.length + imported.series.length);
  }

  /**
   * Every mark of the account signed in, for an export; undefined signed out. Throws, saying why, when the
   * marks were kept by a newer extension (this one reads them as none: an export would say nothing was watched).
   */
  async snapshot(): Promise<WatchedSnapshot | undefined> {
    const account = (await this.credentials.currentSession())?.accountId;
    if (account === undefined) return undefined;
    const { marks, newer } = this.kept.view(account);
    if (newer)
      throw new Error(
        vscode.l10n.t(
          'Your watched marks were kept by a newer TMDB extension (on another machine, brought by Settings Sync): update the extension here to export them.',
        ),
      );
    return marks.snapshot();
  }

  /** Marks a season's episodes (each range) watched, or takes their marks off; false when not kept (the person is told why). */
  setEpisodes(seriesId: number, season: number, ranges: readonly EpisodeRange[], watched: boolean): Promise<boolean> {
    return this.queue((marks) => {
      for (const [first, last] of ranges)
        if (watched) marks.markEpisodes(seriesId, season, first, last);
        else marks.unmarkEpisodes(seriesId, season, first, last);
    });
  }

  /** Changes the marks after the changes before it, each reading what the one before kept; `titles` it marks. */
  private queue(edit: (marks: WatchedMarks) => unknown, titles = 1): Promise<boolean> {
    const change = this.changes.then(() => this.change(edit, titles));
    this.changes = change.catch(() => undefined);
    return change;
  }

  private async change(edit: (marks: WatchedMarks) => unknown, titles: number): Promise<boolean> {
    const account = (await this.credentials.currentSession())?.accountId;
    if (account === undefined) return false;
    // From here to the write, no wait: what is read is what is changed and kept.
    const { marks, skipped, newer } = this.kept.read(account);
    if (newer) {
      void notifyError(
        vscode.l10n.t(
          'Your watched marks were kept by a newer TMDB extension (on another machine, brought by Settings Sync): update the extension here to change them.',
        ),
      );
      return false;
    }
    if (skipped > 0) this.log.warn('watched', `left out ${skipped} kept watched marks that were not marks`);
    try {
      edit(marks);
    } catch (error) {
      this.log.error('watched', 'could not change the marks', error);
      void notifyError(
        titles === 1
          ? vscode.l10n.t('You have marked as many titles as the extension keeps: this one was not kept.')
          : vscode.l10n.t(
              'These {0} titles would pass what the extension keeps ({1} movies, {2} series): none of them was kept.',
              titles,
              formatNumber(LIMITS.movies, displayLocale()),
              formatNumber(LIMITS.series, displayLocale()),
            ),
      );
      return false;
    }
    const outcome = await this.kept.save(account, marks);
    if (!outcome.saved) {
      const locale = displayLocale();
      void notifyError(
        titles === 1
          ? vscode.l10n.t(
              'Your watched marks have reached what Settings Sync can carry ({0} of {1} characters): this one was not kept. Take the marks off titles you no longer need.',
              formatNumber(outcome.chars, locale),
              formatNumber(outcome.limit, locale),
            )
          : vscode.l10n.t(
              'With these {0} titles your watched marks would pass what Settings Sync can carry ({1} of {2} characters): none of them was kept. Import fewer at once.',
              titles,
              formatNumber(outcome.chars, locale),
              formatNumber(outcome.limit, locale),
            ),
      );
      return false;
    }
    this.changed();
    return true;
  }
}
