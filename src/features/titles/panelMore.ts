// What a page loads after its content, on request: a season's episodes (the first 50, then 50 at a time)
// and further pages of recommendations. Each answer is posted only while the panel still shows the title
// that asked (a link or Back may have moved it on).
import * as vscode from 'vscode';
import { notifyError } from '../../kit/notify';
import type { Logger } from '../../kit/log';
import { titlesPart } from './deferredPart';
import type { TmdbClient } from '../../tmdb/client';
import type { SeasonDetails } from '../../tmdb/schemas';
import { MAX_PAGE } from '../../tmdb/constants';
import { userMessage } from '../../tmdb/errors';
import type { RenderContext } from './html/markup';
import { renderError } from './html/notices';
import type { PanelRef } from '../../model/panelRef';
import type { HostMessage } from '../../webview/protocol';

export interface MoreHost {
  client: TmdbClient;
  log: Logger;
  /** What the panel shows now. */
  ref(): PanelRef;
  context(): RenderContext;
  post(message: HostMessage): void;
  /** A season's episodes are on the page (its watched marks follow). */
  seasonShown(details: SeasonDetails): void;
}

/** A season's episodes, opened in place on a series page (`GET /3/tv/{id}/season/{n}`). */
export async function loadSeason(host: MoreHost, season: number, episode?: number): Promise<void> {
  const ref = host.ref();
  if (ref.kind !== 'tv') return;
  try {
    const details = await host.client.season(ref.id, season);
    if (host.ref() !== ref) return;
    const html = titlesPart().pages.renderSeason(details, host.context());
    host.post({ type: 'season', season, html, ...(episode === undefined ? {} : { episode }) });
    host.seasonShown(details);
  } catch (error) {
    if (host.ref() !== ref) return;
    host.log.error('panels', `could not load season ${season}`, error);
    host.post({ type: 'season', season, html: renderError(userMessage(error), false) });
  }
}

/** More of an open season's episodes (the season's answer is kept: this asks TMDB nothing new while it is fresh). */
export async function loadEpisodes(host: MoreHost, season: number, from: number): Promise<void> {
  const ref = host.ref();
  if (ref.kind !== 'tv') return;
  try {
    const details = await host.client.season(ref.id, season);
    if (host.ref() !== ref) return;
    const { html, next } = titlesPart().pages.renderEpisodes(details, host.context(), from);
    host.post({ type: 'episodes', season, html, next, left: next === null ? 0 : details.episodes.length - next });
  } catch (error) {
    if (host.ref() !== ref) return;
    host.log.error('panels', `could not load more episodes of season ${season}`, error);
    void notifyError(`${vscode.l10n.t('TMDB: could not load more episodes.')} ${userMessage(error)}`);
    host.post({ type: 'episodes', season, html: '', next: from, left: 0 });
  }
}

export async function loadRecommendations(host: MoreHost, page: number): Promise<void> {
  const ref = host.ref();
  if (ref.kind !== 'movie') return;
  try {
    const answer = await host.client.movieRecommendations(ref.id, page);
    if (host.ref() !== ref) return;
    host.post({
      type: 'recommendations',
      html: titlesPart().pages.renderRecommendationCards(answer.results, host.context()),
      page: answer.page,
      hasMore: answer.page < Math.min(answer.total_pages, MAX_PAGE),
    });
  } catch (error) {
    if (host.ref() !== ref) return;
    host.log.error('panels', 'could not load more recommendations', error);
    void notifyError(`${vscode.l10n.t('TMDB: could not load more recommendations.')} ${userMessage(error)}`);
    host.post({ type: 'recommendations', html: '', page: page - 1, hasMore: true });
  }
}
