// Rated's Episodes group: the episodes the person rated at TMDB (`GET /3/account/{id}/rated/tv/episodes`,
// the latest 20), each named with its series ("Game of Thrones · S01E02"), its name and the rating; a click
// opens the series on that episode. TMDB's rows name only the series' id: each series' name is its own
// answer's, kept like Up Next's (a series Up Next read is asked nothing). Folded: opened, it reads. Loaded with
// the Rated view's first rows (the first-use part: ./deferredPart).
import * as vscode from 'vscode';
import { Commands, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import { EpisodeCalls } from '../../tmdb/episodeCalls';
import { shortReason } from '../../tmdb/errors';
import type { RatedEpisode } from '../../tmdb/schemas';
import { escapeMarkdown, formatRating, MessageNode, Node } from '../../tree/nodes';
import { episodeCode } from '../../model/episodeCode';

export class RatedEpisodesGroup extends Node {
  constructor(
    private readonly client: TmdbClient,
    private readonly log: Logger,
  ) {
    super(vscode.l10n.t('Episodes'), vscode.TreeItemCollapsibleState.Collapsed);
    this.iconPath = new vscode.ThemeIcon('list-ordered');
    this.contextValue = 'ratedItemGroup';
    this.id = `${Views.rated}-episodes`;
  }

  override async children(): Promise<Node[]> {
    try {
      const { results } = await new EpisodeCalls(this.client.calls).rated(1);
      if (results.length === 0) return [new MessageNode(vscode.l10n.t('You have not rated an episode yet'), 'info')];
      const names = await this.seriesNames(results);
      return results.map((episode) => new RatedEpisodeNode(episode, names.get(episode.show_id ?? 0)));
    } catch (error) {
      this.log.error('rated', 'could not list the rated episodes', error);
      return [
        new MessageNode(vscode.l10n.t('Could not load: {0} (click to retry)', shortReason(error)), 'error', {
          command: Commands.ratedRefresh,
          title: vscode.l10n.t('Retry'),
        }),
      ];
    }
  }

  /** Each series' name, from its own answer (kept six hours); one that cannot be read goes unnamed. */
  private async seriesNames(episodes: RatedEpisode[]): Promise<Map<number, string>> {
    const ids = [...new Set(episodes.map((episode) => episode.show_id).filter((id): id is number => !!id))];
    const names = new Map<number, string>();
    await Promise.all(
      ids.map(async (id) => {
        const series = await this.client.discovery.schedule(id).catch(() => undefined);
        if (series) names.set(id, series.name || series.original_name);
      }),
    );
    return names;
  }
}

/** A rated episode: its series and code, its name and the rating; a click opens the series on it. */
class RatedEpisodeNode extends Node {
  constructor(episode: RatedEpisode, series: string | undefined) {
    const code = episodeCode(episode);
    super([series, code].filter(Boolean).join(' · '), vscode.TreeItemCollapsibleState.None);
    const rating = episode.rating === null ? '' : `★ ${formatRating(episode.rating)}`;
    this.description = [episode.name, rating].filter(Boolean).join(' · ');
    this.iconPath = new vscode.ThemeIcon('device-desktop');
    this.contextValue = 'ratedEpisode';
    this.tooltip = new vscode.MarkdownString(undefined, false);
    this.tooltip.appendMarkdown(
      `**${escapeMarkdown([series, code].filter(Boolean).join(' · '))}**\n\n${escapeMarkdown([episode.name, rating].filter(Boolean).join(' · '))}`,
    );
    if (episode.show_id)
      this.command = {
        command: Commands.openTvSeries,
        title: vscode.l10n.t('Open'),
        arguments: [episode.show_id, { season: episode.season_number, episode: episode.episode_number, preview: true }],
      };
  }
}
