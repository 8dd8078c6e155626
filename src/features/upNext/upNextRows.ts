// Up Next's rows (./upNextView): a followed series with the episode it names and its day ("S02E05 · Thu"), in
// its group; its click opens the series at that season, on that episode. Loaded with the view's first rows
// (the first-use part: ./deferredPart).
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { displayLocale } from '../../settings/settings';
import type { SeriesSchedule } from '../../tmdb/schemas';
import { escapeMarkdown, Node, TitleNode, type TitleSummary } from '../../tree/nodes';
import { episodeCode, localDate, type UpNextEntry, type UpNextGroup } from './upNextSchedule';

const FOLDED: ReadonlySet<UpNextGroup> = new Set(['returning', 'ended', 'canceled']);

function groupName(group: UpNextGroup): string {
  switch (group) {
    case 'today':
      return vscode.l10n.t('Today');
    case 'thisWeek':
      return vscode.l10n.t('This week');
    case 'later':
      return vscode.l10n.t('Later');
    case 'notAnnounced':
      return vscode.l10n.t('Date not announced');
    case 'returning':
      return vscode.l10n.t('Returning');
    case 'ended':
      return vscode.l10n.t('Ended');
    case 'canceled':
      return vscode.l10n.t('Canceled');
  }
}

/** "Thu", "Dec 12", "Dec 12, 2027": the day an episode airs, as short as it can be said. */
export function airDayLabel(entry: UpNextEntry, today: string): string {
  const date = entry.airDate ? localDate(entry.airDate) : undefined;
  if (!date) return '';
  if (entry.group === 'today') return vscode.l10n.t('today');
  if (entry.group === 'thisWeek') return new Intl.DateTimeFormat(displayLocale(), { weekday: 'short' }).format(date);
  const sameYear = entry.airDate!.slice(0, 4) === today.slice(0, 4);
  return new Intl.DateTimeFormat(
    displayLocale(),
    sameYear ? { month: 'short', day: 'numeric' } : { dateStyle: 'medium' },
  ).format(date);
}

/** A series' answer as a title row reads it (the row's menus: watchlist, favorite, rate, copy). */
export function seriesSummary(series: SeriesSchedule): TitleSummary {
  return {
    ...series,
    media_type: 'tv',
    overview: '',
    backdrop_path: null,
    genre_ids: [],
    origin_country: [],
    original_language: '',
    popularity: 0,
    vote_average: 0,
    vote_count: 0,
    adult: false,
  };
}

/** A followed series: the title row's menus (watchlist, favorite, rate, copy), its episode and day. */
export class UpNextNode extends TitleNode {
  constructor(
    readonly entry: UpNextEntry,
    today: string,
  ) {
    const { series, episode } = entry;
    super(seriesSummary(series), 'upNextItem');
    const day = airDayLabel(entry, today);
    const code = episode ? episodeCode(episode) : '';
    this.description =
      entry.group === 'today'
        ? [code, episode?.name].filter(Boolean).join(' · ')
        : [code, day].filter(Boolean).join(' · ');
    const name = String(this.label);
    const when = entry.airDate
      ? new Intl.DateTimeFormat(displayLocale(), { dateStyle: 'full' }).format(localDate(entry.airDate))
      : '';
    this.tooltip = new vscode.MarkdownString(undefined, false);
    this.tooltip.appendMarkdown(`**${escapeMarkdown(name)}**\n\n`);
    if (episode)
      this.tooltip.appendMarkdown(
        `${code}${episode.name ? ` · ${escapeMarkdown(episode.name)}` : ''}${when ? ` — ${escapeMarkdown(when)}` : ''}\n\n`,
      );
    if (episode?.overview) this.tooltip.appendMarkdown(escapeMarkdown(episode.overview.slice(0, 400)));
    this.accessibilityInformation = {
      label: [name, groupName(entry.group), code, when || day].filter(Boolean).join(', '),
    };
    // The series' page, at the season of the episode the row names.
    const at = episode ? { season: episode.season_number, episode: episode.episode_number } : {};
    this.command = {
      command: Commands.openTvSeries,
      title: vscode.l10n.t('Open'),
      arguments: [series.id, { ...at, preview: true }],
    };
    this.id = `upNext-${series.id}`;
  }
}

export class GroupNode extends Node {
  constructor(
    readonly group: UpNextGroup,
    readonly entries: UpNextEntry[],
    private readonly today: string,
  ) {
    super(
      groupName(group),
      FOLDED.has(group) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
    );
    this.description = String(entries.length);
    this.iconPath = new vscode.ThemeIcon(group === 'today' ? 'bell-dot' : FOLDED.has(group) ? 'history' : 'calendar');
    this.contextValue = 'upNextGroup';
    this.id = `upNext-group-${group}`;
    this.accessibilityInformation = {
      label: `${groupName(group)}, ${entries.length === 1 ? vscode.l10n.t('1 series') : vscode.l10n.t('{0} series', entries.length)}`,
    };
  }

  override async children(): Promise<Node[]> {
    return this.entries.map((entry) => new UpNextNode(entry, this.today));
  }
}
