// Continue Watching's rows in Up Next (./upNextView): a started series with its next episode to watch and how
// far along ("S02E05 · 14 of 19"); its click opens the series landed on that episode, its ✓ marks it watched
// (./upNextCommands). Loaded with their first use, when a person has started a series (./deferredPart).
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { formatNumber } from '../../model/numbers';
import { displayLocale } from '../../settings/settings';
import { escapeMarkdown, Node, TitleNode } from '../../tree/nodes';
import type { ContinueEntry } from './continueWatching';
import { episodeCode } from './upNextSchedule';
import { seriesSummary } from './upNextRows';

/** A started series: its next episode to watch and how far along (its row's ✓ marks that episode watched). */
export class ContinueNode extends TitleNode {
  constructor(readonly entry: ContinueEntry) {
    const { series, next, watched, aired } = entry;
    super(seriesSummary(series), 'continueItem');
    const code = episodeCode(next);
    const progress = vscode.l10n.t(
      '{0} of {1}',
      formatNumber(watched, displayLocale()),
      formatNumber(aired, displayLocale()),
    );
    this.description = [code, next.name, progress].filter(Boolean).join(' · ');
    const name = String(this.label);
    this.tooltip = new vscode.MarkdownString(undefined, false);
    this.tooltip.appendMarkdown(`**${escapeMarkdown(name)}**\n\n`);
    this.tooltip.appendMarkdown(
      `${escapeMarkdown(vscode.l10n.t('Next: {0}', [code, next.name].filter(Boolean).join(' · ')))}\n\n${escapeMarkdown(vscode.l10n.t('{0} of {1} aired episodes watched', formatNumber(watched, displayLocale()), formatNumber(aired, displayLocale())))}`,
    );
    this.accessibilityInformation = {
      label: [name, vscode.l10n.t('Continue Watching'), code, next.name, progress].filter(Boolean).join(', '),
    };
    // The series' page, landed on that episode.
    this.command = {
      command: Commands.openTvSeries,
      title: vscode.l10n.t('Open'),
      arguments: [series.id, { season: next.season_number, episode: next.episode_number, preview: true }],
    };
    this.id = `continue-${series.id}`;
  }
}

export class ContinueGroup extends Node {
  constructor(readonly entries: ContinueEntry[]) {
    super(vscode.l10n.t('Continue Watching'), vscode.TreeItemCollapsibleState.Expanded);
    this.description = String(entries.length);
    this.iconPath = new vscode.ThemeIcon('play-circle');
    this.contextValue = 'upNextGroup';
    this.id = 'upNext-group-continue';
    this.accessibilityInformation = {
      label: `${vscode.l10n.t('Continue Watching')}, ${entries.length === 1 ? vscode.l10n.t('1 series') : vscode.l10n.t('{0} series', entries.length)}`,
    };
  }

  override async children(): Promise<Node[]> {
    return this.entries.map((entry) => new ContinueNode(entry));
  }
}
