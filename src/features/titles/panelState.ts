// What a detail panel needs (its deps) and what it shows, as PanelManager, the title bar's keys and the
// tests read it (its state). No vscode import but the extension's Uri type.
import type * as vscode from 'vscode';
import type { Logger } from '../../kit/log';
import type { Settings } from '../../settings/settings';
import type { TmdbClient } from '../../tmdb/client';
import type { KeptCopy } from '../../model/kept';
import type { MediaKind } from '../../tmdb/schemas';
import type { PanelAccountDeps } from './panelAccount';
import type { EpisodeMarksDeps } from './panelEpisodes';
import type { RatingUi, WatchlistUi } from '../../webview/protocol';

export interface PanelDeps extends PanelAccountDeps, EpisodeMarksDeps {
  extensionUri: vscode.Uri;
  client: TmdbClient;
  settings: () => Settings;
  log: Logger;
  /** "Add to List…" from the page: the list picker, with the movie it shows. */
  addToList(title: { kind: MediaKind; id: number; name: string }): Promise<unknown>;
}

/** What the panel shows now: its content's phase, the watchlist toggle and the user's rating. */
export interface PanelState {
  phase: 'loading' | 'shown' | 'error';
  watchlist: WatchlistUi;
  favorite: WatchlistUi;
  rating: RatingUi;
  /** A movie's watched mark (kept here, not at TMDB); `unavailable` on any other page. */
  watched: WatchlistUi;
  /** The last load failed for want of a token: a new token reloads the panel by itself. */
  needsToken: boolean;
  /** The page has booted and painted the content it was given (./tabTitle; the fetch does not wait for this). */
  pageReady: boolean;
  /** Shown from the cache because TMDB failed: since when that answer was current, and why. */
  kept: KeptCopy | undefined;
}
