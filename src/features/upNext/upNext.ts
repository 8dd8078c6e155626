// Up Next: the series on the person's watchlist, favorites and rated lists, and the ones they started (an
// episode marked watched), each asked for once (its own answer, `GET /3/tv/{id}`, kept six hours on disk
// like every public answer, so a restart asks TMDB nothing while they are fresh), grouped by when the next
// episode airs; a started series with an aired episode left is in Continue Watching (./continueWatching). It runs only when something
// shows it (the view, the status bar), asks again at most every six hours, regroups at midnight, and
// follows the changes made in the extension (a series added to the watchlist joins at once).
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { Disposable } from '../../kit/disposable';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import type { KeptCopy } from '../../model/kept';
import type { SeriesSchedule } from '../../tmdb/schemas';
import type { WatchedMarks } from '../../core/doors';
import type { ContinueEntry, SeasonMarks } from './continueWatching';
import { upNextSlice } from './deferredPart';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import { readUpNext, type UpNextRead } from './upNextRead';
import { localDay, upNext, type UpNextEntry } from './upNextSchedule';
import { TmdbPaths } from '../../tmdb/paths';
import { coalesced } from '../../common/once';

/** How often a shown Up Next asks TMDB again (the schedules are kept as long). */
export const UP_NEXT_REFRESH_MS = 6 * 60 * 60 * 1000;

export interface UpNextState {
  /** Every followed series in its group (but those in `continuing`); empty until the first load. */
  entries: UpNextEntry[];
  /** The started series with an aired episode not marked watched: Continue Watching. */
  continuing: ContinueEntry[];
  /** The first load has finished (with or without entries). */
  loaded: boolean;
  loading: boolean;
  /** Why the followed lists could not be read (nothing else is shown then). */
  error?: unknown;
  /** Series whose schedule could not be read (shown as a warning row, with a retry). */
  failed: number;
  /** The oldest kept copy shown because TMDB could not be reached or failed. */
  kept: KeptCopy | undefined;
  /** The day the entries were grouped on (YYYY-MM-DD, the person's time zone). */
  today: string;
}

export class UpNextService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<UpNextState>());
  /** Fires whenever what Up Next shows changes. */
  readonly onDidChange = this.changed.event;
  /** The clock the groups follow (tests move it). */
  now: () => number = Date.now;
  private schedules: SeriesSchedule[] = [];
  /** The started series' marks (series id → season → ranges), as last read. */
  private progress: ReadonlyMap<number, SeasonMarks> = new Map();
  /** The series the last load asked TMDB for (one that failed is among them, not among the schedules). */
  private asked = new Set<number>();
  private current: UpNextState = {
    entries: [],
    continuing: [],
    loaded: false,
    loading: false,
    failed: 0,
    kept: undefined,
    today: localDay(Date.now()),
  };
  private loading: Promise<void> | undefined;
  /** Cancels the load under way: a stop or a session change sends none of its requests still waiting. */
  private reading: AbortController | undefined;
  private started = false;
  /** Counts the session changes: a load started before one is not shown (see load). */
  private session = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private midnight: ReturnType<typeof setTimeout> | undefined;
  private checked: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: TmdbClient,
    private readonly credentials: Credentials,
    follows: { watchlist: TitleFlagService; favorites: TitleFlagService; ratings: RatingService },
    private readonly log: Logger,
    /** What the person watched (features/watched, through the core's doors). */
    private readonly watched: () => WatchedMarks,
  ) {
    super();
    this.register({
      dispose: () => (
        this.reading?.abort(),
        clearTimeout(this.timer),
        clearTimeout(this.midnight),
        clearTimeout(this.checked)
      ),
    });
    this.register(credentials.onDidChange(() => this.restart()));
    // A kept schedule shown while it was checked behind turned out to have changed: group again (debounced).
    this.register(
      client.onDidRefresh((path) => {
        const id = /^\/3\/tv\/(\d+)$/.exec(path)?.[1];
        if (!this.started || !id || !this.schedules.some((series) => series.id === Number(id))) return;
        clearTimeout(this.checked);
        this.checked = setTimeout(() => void this.reload(false), 1_000);
      }),
    );
    // Timers do not run while the computer sleeps: coming back to the window, a new day is a new day.
    this.register(
      vscode.window.onDidChangeWindowState((window) => {
        if (window.focused && this.started && localDay(this.now()) !== this.current.today) this.regroup();
      }),
    );
    // A mark made anywhere: where each started series stands now (a series newly started is read first).
    this.register(watched().onDidChange(() => void this.marksChanged()));
    // A series' change is read by one reload after the one running (an import's series: not one each).
    const follow = coalesced(() => this.reload(false));
    for (const service of [follows.watchlist, follows.favorites, follows.ratings] as const) {
      this.register(
        (service.onDidChange as vscode.Event<{ kind: string }>)(({ kind }) => {
          if (kind === 'tv' && this.started) void follow();
        }),
      );
    }
  }

  get state(): UpNextState {
    return this.current;
  }

  /** Starts Up Next (once): the first load, then every six hours, and a regroup each midnight. */
  start(): Promise<void> {
    if (this.started) return this.loading ?? Promise.resolve();
    this.started = true;
    return this.reload(false);
  }

  /** Stops the background reads (the integration tests, between tests); the next `start` begins afresh. */
  stop(): void {
    this.started = false;
    this.reading?.abort();
    clearTimeout(this.timer);
    clearTimeout(this.midnight);
    clearTimeout(this.checked);
  }

  /** Settles when no load is running (the integration tests, before they count requests). */
  idle(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  /** `TMDB: Refresh Up Next`: the lists and every schedule asked of TMDB again. */
  refresh(): Promise<void> {
    this.started = true;
    return this.reload(true);
  }

  /** Groups the schedules in hand again against the clock (midnight, or a test's clock) and the marks. */
  regroup(): void {
    const today = localDay(this.now());
    const continuing =
      this.progress.size > 0
        ? upNextSlice.get().continueWatching(this.schedules, (id) => this.progress.get(id), today)
        : [];
    const elsewhere = new Set(continuing.map((entry) => entry.series.id));
    const entries = upNext(
      this.schedules.filter((series) => !elsewhere.has(series.id)),
      today,
    );
    this.update({ entries, continuing, today });
    this.scheduleMidnight();
  }

  /** The started series, read again after a mark changed: regrouped, or read anew when one is new to Up Next. */
  private async marksChanged(): Promise<void> {
    // The first load reads the marks when its schedules are in: a mark made before that is in them.
    if (!this.started || !this.current.loaded) return;
    const progress = await this.readProgress();
    // A series newly started is read first (one already asked for and failed is not asked again till the next load).
    if ([...progress.keys()].some((id) => !this.asked.has(id))) return void this.reload(false);
    this.progress = progress;
    this.regroup();
  }

  /** The started series' marks (none signed out, or when they cannot be read), with what groups them loaded. */
  private async readProgress(): Promise<ReadonlyMap<number, SeasonMarks>> {
    try {
      const progress = await this.watched().started();
      if (progress?.size) await upNextSlice.load();
      return progress ?? new Map();
    } catch (error) {
      this.log.error('upNext', 'could not read the watched marks', error);
      return new Map();
    }
  }

  /** What airs today: the status bar's count. */
  get airingToday(): UpNextEntry[] {
    return this.current.entries.filter((entry) => entry.group === 'today');
  }

  private restart(): void {
    this.session++;
    this.reading?.abort();
    this.schedules = [];
    this.progress = new Map();
    this.update({
      entries: [],
      continuing: [],
      loaded: false,
      loading: false,
      error: undefined,
      failed: 0,
      kept: undefined,
    });
    if (this.started) void this.reload(false);
  }

  private reload(fresh: boolean): Promise<void> {
    // A reload asked for while one runs starts after it (the lists may have changed meanwhile); a load
    // never rejects (it says its error in the state), and the chain ends with the last one.
    const previous = this.loading ?? Promise.resolve();
    const run: Promise<void> = previous
      .then(() => this.load(fresh))
      .catch((error: unknown) => this.log.error('upNext', 'could not load', error));
    this.loading = run;
    void run.then(() => {
      if (this.loading === run) this.loading = undefined;
    });
    return run;
  }

  private async load(fresh: boolean): Promise<void> {
    if (!this.started || this.isDisposed) return;
    // What a load read for a session that has since changed (signed out, or in as someone else) is not
    // shown: the reload chained after it says what holds now. A stop from here on cancels it (stop()).
    const session = this.session;
    const reading = (this.reading = new AbortController());
    const signedIn = await this.credentials.currentSession();
    if (reading.signal.aborted || session !== this.session) return;
    if (!signedIn) {
      this.schedules = [];
      this.progress = new Map();
      this.update({
        entries: [],
        continuing: [],
        loaded: true,
        loading: false,
        error: undefined,
        failed: 0,
        kept: undefined,
      });
      return;
    }
    this.update({ loading: true });
    const started = Date.now();
    if (fresh) this.client.expire(TmdbPaths.account);
    let read: UpNextRead;
    try {
      const progress = await this.readProgress();
      read = await readUpNext(this.client, {
        fresh,
        signal: reading.signal,
        also: [...progress.keys()],
        onMissing: (id, error) =>
          this.log.warn('upNext', `no schedule for series ${id}: ${String((error as Error)?.message ?? error)}`),
      });
    } catch (error) {
      if (session !== this.session) return;
      if (reading.signal.aborted) {
        // Stopped: what was shown stays; the next start reads again.
        this.update({ loading: false });
        return;
      }
      this.log.error('upNext', 'could not read the followed series', error);
      this.update({ loading: false, loaded: true, error });
      this.scheduleRefresh();
      return;
    }
    if (session !== this.session) return;
    const { ids, schedules, failed, kept } = read;
    this.schedules = schedules;
    this.asked = new Set(ids);
    // Read again: a mark made while the schedules came in is in it (the one read before them may be older).
    this.progress = await this.readProgress();
    if (session !== this.session) return;
    this.log.info('upNext', `${ids.length} followed series, ${failed} failed, in ${Date.now() - started} ms`);
    this.update({ loaded: true, loading: false, error: undefined, failed, kept });
    this.regroup();
    this.scheduleRefresh();
  }

  /** The next look at TMDB: six hours after this one ended (the schedules are kept as long). */
  private scheduleRefresh(): void {
    clearTimeout(this.timer);
    if (this.started && !this.isDisposed) this.timer = setTimeout(() => void this.reload(true), UP_NEXT_REFRESH_MS);
  }

  private scheduleMidnight(): void {
    clearTimeout(this.midnight);
    if (!this.started || this.isDisposed) return;
    const now = new Date(this.now());
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 0, 0, 5).getTime();
    this.midnight = setTimeout(() => this.regroup(), Math.max(1000, next - now.getTime()));
  }

  private update(change: Partial<UpNextState>): void {
    this.current = { ...this.current, ...change };
    this.changed.fire(this.current);
  }
}
