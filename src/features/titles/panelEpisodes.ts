// A series page's watched episodes: the open season's marks (kept by features/watched for the account,
// never sent to TMDB), posted to the page when the season opens and after every change, wherever it was
// made; an episode's checkbox and the season's button change them. Marking an episode with earlier aired
// ones unmarked offers, once a series, to mark those too, as trackers do (not in the specials, which are
// not watched in order). Each episode's rating at TMDB is read with the season (one call) and set from its
// row's ☆ (the rating pick); rating an episode marks it watched.
import * as vscode from 'vscode';
import type { WatchedMarks } from '../../core/doors';
import { notifyError, notifyInfo } from '../../kit/notify';
import type { EpisodeRatings } from '../../account/episodeRatings';
import { pickRating } from '../../account/ratingPick';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import type { Logger } from '../../kit/log';
import { formatNumber } from '../../model/numbers';
import { inRanges, MAX_EPISODE, MAX_RANGES, MAX_SEASON, rangesOf, type EpisodeRange } from '../../model/episodeRanges';
import { displayLocale } from '../../settings/settings';
import type { SeasonDetails } from '../../tmdb/schemas';
import type { HostMessage } from '../../webview/protocol';
import { titlesPart } from './deferredPart';

export interface EpisodeMarksDeps {
  watched: () => WatchedMarks;
  log: Logger;
  /** The series whose earlier episodes were offered already (once a series, for the window). */
  offeredEarlier: Set<number>;
  /** The person's episode ratings at TMDB (../../account/episodeRatings), one for every page. */
  episodeRatings: () => EpisodeRatings;
}

/** A season as TMDB lists it: its episodes' numbers, and which have aired (by today's date, `YYYY-MM-DD`). */
interface OpenSeason {
  season: number;
  name: string;
  numbers: number[];
  aired: number[];
  /** Episode id → number (TMDB's season states name episodes by id). */
  ids: Map<number, number>;
  /** The person's rating of each episode rated, by number, once read (signed in). */
  ratings: Map<number, number>;
  /** TMDB could not be reached for the ratings: the ☆ are disabled. */
  ratingsOffline?: boolean;
}

export class EpisodeMarks {
  private open: OpenSeason | undefined;
  /** Counts reads: an answer read before a newer one began is not posted. */
  private reads = 0;
  /** Changes this page asked for and not yet kept: its marks are posted once they all are. */
  private writing = 0;

  constructor(
    private readonly series: number,
    private readonly deps: EpisodeMarksDeps,
    private readonly post: (message: HostMessage) => void,
    /** Whether the page still shows this series. */
    private readonly live: () => boolean,
    /** The series' name, as its tab says it. */
    private readonly seriesName: () => string,
  ) {
    // A rating set anywhere (another page of the series): its row says so here too.
    this.following = deps.episodeRatings().onDidChange((change) => {
      const open = this.open;
      if (change.seriesId !== series || open?.season !== change.season) return;
      if (change.value === undefined) open.ratings.delete(change.episode);
      else open.ratings.set(change.episode, change.value);
      void this.refresh();
    });
  }

  private readonly following: vscode.Disposable;

  dispose(): void {
    this.following.dispose();
  }

  /**
   * The season the page opened (its episodes are on the page): its marks are read and posted. Episodes (and
   * a season) numbered past what marks take have no mark (the page draws no checkbox for them).
   */
  opened(details: SeasonDetails, today = new Date().toISOString().slice(0, 10)): Promise<void> {
    const markable = details.episodes.filter((episode) => episode.episode_number <= MAX_EPISODE);
    this.open =
      details.season_number > MAX_SEASON
        ? undefined
        : {
            season: details.season_number,
            name: titlesPart().pages.seasonName(details),
            numbers: markable.map((episode) => episode.episode_number),
            aired: markable
              .filter((episode) => episode.air_date && episode.air_date <= today)
              .map((episode) => episode.episode_number),
            ids: new Map(markable.map((episode) => [episode.id, episode.episode_number])),
            ratings: new Map(),
          };
    const shown = this.refresh();
    if (this.open) void this.readRatings(this.open);
    return shown;
  }

  /** The season's ratings at TMDB (one call), then the marks posted again with them; signed out, none. */
  private async readRatings(open: OpenSeason): Promise<void> {
    try {
      const { ratings, kept } = await this.deps.episodeRatings().season(this.series, open.season, open.ids);
      if (this.open !== open) return;
      for (const [episode, value] of ratings) open.ratings.set(episode, value);
      // The last ratings TMDB gave, TMDB out of reach: shown, each ☆ disabled.
      open.ratingsOffline = kept;
      await this.refresh();
    } catch (error) {
      this.deps.log.warn('panels', `no episode ratings for season ${open.season}: ${userMessage(error)}`);
      // Out of reach: each ☆ is disabled and says so (the page's Retry reads the season again).
      if ((isTmdbError(error, 'offline') || isTmdbError(error, 'timeout')) && this.open === open) {
        open.ratingsOffline = true;
        await this.refresh();
      }
    }
  }

  /**
   * An episode's ☆: the rating pick (nothing saved till a rating is chosen), then TMDB asked; rated, the
   * episode is marked watched. A rating TMDB refuses is not shown, and TMDB's reason is said.
   */
  async rate(season: number, episode: number): Promise<boolean> {
    const open = this.open;
    if (!open || open.season !== season || !open.numbers.includes(episode)) return false;
    const name = `${this.seriesName()} · ${vscode.l10n.t('S{0} · E{1}', season, episode)}`;
    const picked = await pickRating(name, open.ratings.get(episode));
    if (!picked) return false;
    try {
      await this.deps.episodeRatings().set({ seriesId: this.series, season, episode }, picked.value);
    } catch (error) {
      this.deps.log.error('panels', 'could not rate the episode', error);
      void notifyError(
        `${picked.value === undefined ? vscode.l10n.t('TMDB: could not remove your rating of {0}.', name) : vscode.l10n.t('TMDB: could not rate {0}.', name)} ${userMessage(error)}`,
      );
      return false;
    }
    // Rated: watched (the change posts the marks, the rating with them).
    if (picked.value !== undefined) await this.change(season, [[episode, episode]], true);
    return true;
  }

  /** Reads the open season's marks again and posts them (a change made elsewhere, a sign-in or out). */
  async refresh(): Promise<void> {
    const open = this.open;
    if (!open || this.writing > 0) return;
    const read = ++this.reads;
    let ranges: readonly EpisodeRange[] | undefined | null;
    try {
      ranges = await this.deps.watched().season(this.series, open.season);
    } catch (error) {
      this.deps.log.error('panels', 'could not read the watched episodes', error);
      ranges = null;
    }
    if (read !== this.reads || this.open !== open || this.writing > 0 || !this.live()) return;
    this.post(marksMessage(open, ranges));
  }

  /** Marks episodes `first` to `last` of the open season watched, or takes their marks off. */
  async mark(season: number, first: number, last: number, watched: boolean): Promise<boolean> {
    const open = this.open;
    if (!open || open.season !== season) return false;
    const kept = await this.change(season, [[first, last]], watched);
    // Not waited for: the notification stays till the person answers it (or it goes to the notification centre).
    if (kept && watched && first === last && season !== 0)
      void this.offerEarlier(open, first).catch((error: unknown) =>
        this.deps.log.error('panels', 'could not offer the earlier episodes', error),
      );
    return kept;
  }

  /** Marks the open season's aired episodes watched, or takes every mark of the season off (of numbers TMDB no longer lists too). */
  markSeason(season: number, watched: boolean): Promise<boolean> {
    const open = this.open;
    if (!open || open.season !== season) return Promise.resolve(false);
    return this.change(season, watched ? rangesOf(open.aired) : [[0, MAX_EPISODE]], watched);
  }

  private async change(season: number, ranges: readonly EpisodeRange[], watched: boolean): Promise<boolean> {
    this.writing++;
    let kept = false;
    try {
      kept = ranges.length > 0 && (await this.deps.watched().setEpisodes(this.series, season, ranges, watched));
    } catch (error) {
      this.deps.log.error('panels', 'could not keep the watched episodes', error);
    } finally {
      this.writing--;
    }
    // What is kept now (a change not kept puts the page's checkbox back).
    await this.refresh();
    return kept;
  }

  /** Offers to mark the aired episodes before `episode` that are not marked: once a series, whatever the answer. */
  private async offerEarlier(open: OpenSeason, episode: number): Promise<void> {
    if (this.deps.offeredEarlier.has(this.series)) return;
    const ranges = (await this.deps.watched().season(this.series, open.season)) ?? [];
    const earlier = open.aired.filter((n) => n < episode && !inRanges(ranges, n));
    if (earlier.length === 0) return;
    this.deps.offeredEarlier.add(this.series);
    const markThem = vscode.l10n.t('Mark Them Watched');
    const series = this.seriesName();
    // The episodes named as the page names them ("E1–E2, E4"), the first few runs of them.
    const runs = rangesOf(earlier);
    const which = runs
      .slice(0, 4)
      .map(([first, last]) => (first === last ? vscode.l10n.t('E{0}', first) : vscode.l10n.t('E{0}–E{1}', first, last)))
      .join(', ');
    const choice = await notifyInfo(
      vscode.l10n.t(
        '{0}: mark {1} of {2} watched too ({3} episodes)?',
        series,
        runs.length > 4 ? `${which}, …` : which,
        open.name,
        formatNumber(earlier.length, displayLocale()),
      ),
      markThem,
      vscode.l10n.t('Not Now'),
    );
    // What the person agreed to (this series' season), whatever the page shows now (the season opened again, another).
    if (choice === markThem) await this.change(open.season, rangesOf(earlier), true);
  }
}

/** What the page is told of a season's marks: shown, signed out (undefined), or unreadable (null). */
function marksMessage(open: OpenSeason, ranges: readonly EpisodeRange[] | undefined | null): HostMessage {
  const base = {
    type: 'episodeMarks',
    season: open.season,
    total: open.numbers.length,
    aired: open.aired.length,
    rated: [...open.ratings].slice(0, MAX_RANGES),
    ...(open.ratingsOffline ? { ratingsOffline: true } : {}),
  } as const;
  if (ranges === undefined) return { ...base, state: 'signedOut', ranges: [], count: 0, complete: false };
  if (ranges === null) return { ...base, state: 'unavailable', ranges: [], count: 0, complete: false };
  const marked = (n: number) => inRanges(ranges, n);
  return {
    ...base,
    state: 'shown',
    ranges: ranges.map(([first, last]) => [first, last]),
    count: open.numbers.filter(marked).length,
    complete: open.aired.length > 0 && open.aired.every(marked),
  };
}
