// What a page asks of its panel, message by message: the page's own buttons and links (Retry, a link, Back
// and Forward, the toggles and the rating, sign-in, a season, more recommendations, Add to List…, an
// episode's or a season's watched marks). The panel (./detailPanel) says how each is done; this says which
// is done for which message.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import type { PanelRef } from '../../model/panelRef';
import type { PanelAccount } from './panelAccount';
import type { EpisodeMarks } from './panelEpisodes';
import { loadEpisodes, loadRecommendations, loadSeason, type MoreHost } from './panelMore';
import type { PageMessage } from '../../webview/protocol';

export interface PageRequestsHost {
  /** Posts again what the page is to show (it booted, or was loaded again). */
  replay(): void;
  painted(seq: number): void;
  retry(): Promise<void>;
  open(ref: PanelRef, newTab: boolean): void;
  goBack(): void;
  goForward(): void;
  account(): PanelAccount | undefined;
  episodes(): EpisodeMarks | undefined;
  more(): MoreHost;
  addToList(): Promise<void>;
}

export async function carryOut(message: PageMessage, panel: PageRequestsHost): Promise<void> {
  switch (message.type) {
    case 'ready':
      return panel.replay();
    case 'painted':
      return panel.painted(message.seq);
    case 'retry':
      return panel.retry();
    case 'open':
      return panel.open(message.ref, message.newTab ?? false);
    case 'back':
      return panel.goBack();
    case 'forward':
      return panel.goForward();
    case 'toggleWatchlist':
      await panel.account()?.toggle('watchlist');
      return;
    case 'toggleFavorite':
      await panel.account()?.toggle('favorite');
      return;
    case 'toggleWatched':
      await panel.account()?.toggleWatched();
      return;
    case 'signIn':
      await vscode.commands.executeCommand(Commands.signIn);
      return;
    case 'setToken':
      await vscode.commands.executeCommand(Commands.setApiToken);
      return;
    case 'loadRecommendations':
      return loadRecommendations(panel.more(), message.page);
    case 'loadSeason':
      return loadSeason(panel.more(), message.season);
    case 'loadEpisodes':
      return loadEpisodes(panel.more(), message.season, message.from);
    case 'rate':
      await panel.account()?.rate(message.value ?? undefined);
      return;
    case 'addToList':
      return panel.addToList();
    case 'markEpisodes':
      await panel.episodes()?.mark(message.season, message.first, message.last, message.watched);
      return;
    case 'markSeason':
      await panel.episodes()?.markSeason(message.season, message.watched);
      return;
    case 'rateEpisode':
      await panel.episodes()?.rate(message.season, message.episode);
      return;
  }
}
