// A detail panel's account controls: the watchlist and favorite toggles, the rating and the watched marks
// of the title it shows. What they say before they are read (nothing), whose they are (the title shown: a
// link or Back hands them to the next title's), and how what they say reaches the page and the panel's
// state. ./panelAccount decides what they say.
import type { HostMessage, RatingUi, WatchlistUi } from '../../webview/protocol';
import type { PanelRef } from '../../model/panelRef';
import { PanelAccount, type AccountControlsHost } from './panelAccount';
import { EpisodeMarks } from './panelEpisodes';
import type { PanelDeps, PanelState } from './panelState';

/** The account controls before they are read for the title shown: the page shows none of them. */
export const UNREAD = {
  watchlist: { state: 'unavailable' },
  favorite: { state: 'unavailable' },
  rating: { state: 'unavailable', value: null },
  watched: { state: 'unavailable' },
} as const satisfies Pick<PanelState, 'watchlist' | 'favorite' | 'rating' | 'watched'>;

/** What the controls need of their panel. */
export interface ControlsPanel {
  state(): PanelState;
  /** What the panel shows now. */
  ref(): PanelRef;
  /** Its title, as its tab says it. */
  title(): string;
  post(message: HostMessage): void;
  update(change: Partial<PanelState>): void;
}

export class PanelControls {
  private current: PanelAccount | undefined;
  private marks: EpisodeMarks | undefined;

  constructor(
    private readonly panel: ControlsPanel,
    private readonly deps: PanelDeps,
  ) {
    this.current = this.controlsFor(panel.ref());
    this.marks = this.marksFor(panel.ref());
  }

  /** The controls of the title shown: a movie's or a series' panel only. */
  get account(): PanelAccount | undefined {
    return this.current;
  }

  /** A series page's watched episodes (./panelEpisodes). */
  get episodes(): EpisodeMarks | undefined {
    return this.marks;
  }

  /** The panel shows another title: the page shows none of the title before's toggles, rating or mark while the new one's are read. */
  moveTo(ref: PanelRef): void {
    this.current = this.controlsFor(ref);
    this.marks?.dispose();
    this.marks = this.marksFor(ref);
    this.panel.update({ ...UNREAD });
    this.panel.post({ type: 'watchlist', watchlist: UNREAD.watchlist });
    this.panel.post({ type: 'favorite', favorite: UNREAD.favorite });
    this.panel.post({ type: 'rating', rating: UNREAD.rating });
    this.panel.post({ type: 'watched', watched: UNREAD.watched });
  }

  dispose(): void {
    this.marks?.dispose();
  }

  showWatchlist(watchlist: WatchlistUi): void {
    this.panel.post({ type: 'watchlist', watchlist });
    this.panel.update({ watchlist });
  }

  showFavorite(favorite: WatchlistUi): void {
    this.panel.post({ type: 'favorite', favorite });
    this.panel.update({ favorite });
  }

  showRating(rating: RatingUi): void {
    this.panel.post({ type: 'rating', rating });
    this.panel.update({ rating });
  }

  showWatched(watched: WatchlistUi): void {
    this.panel.post({ type: 'watched', watched });
    this.panel.update({ watched });
  }

  /** A series' watched episodes; posted to the page only while it shows that series. */
  private marksFor(ref: PanelRef): EpisodeMarks | undefined {
    if (ref.kind !== 'tv') return undefined;
    return new EpisodeMarks(
      ref.id,
      this.deps,
      (message) => this.panel.post(message),
      () => this.panel.ref() === ref,
      () => this.panel.title(),
    );
  }

  /** A title's controls; what they say reaches the page only while it shows that title. */
  private controlsFor(ref: PanelRef): PanelAccount | undefined {
    if (ref.kind !== 'movie' && ref.kind !== 'tv') return undefined;
    const live = () => this.panel.ref() === ref;
    const panel = this.panel;
    const host: AccountControlsHost = {
      get title() {
        return panel.title();
      },
      get state() {
        return panel.state();
      },
      showWatchlist: (watchlist) => live() && this.showWatchlist(watchlist),
      showFavorite: (favorite) => live() && this.showFavorite(favorite),
      showRating: (rating) => live() && this.showRating(rating),
      showWatched: (watched) => live() && this.showWatched(watched),
    };
    return new PanelAccount(ref, this.deps, host);
  }
}
