// "2 episodes today" in the status bar when something the person follows airs today, and "3 to continue"
// (the started series with an episode left) with `tmdb.upNext.statusBarContinue`; hidden otherwise, and when
// `tmdb.upNext.statusBar` is off. A click opens Up Next. Its text is ours alone (the status bar
// reads `$(…)` as an icon): the series' names are in the tooltip, escaped.
import * as vscode from 'vscode';
import type { UpNextService } from './upNext';
import { episodeCode } from './upNextSchedule';
import type { Credentials } from '../../auth/credentials';
import { Disposable } from '../../kit/disposable';
import { Commands } from '../../common/ids';
import { escapeMarkdown } from '../../tree/nodes';

/** How long after start-up the status bar first asks (start-up itself asks TMDB nothing). */
export const STATUS_BAR_DELAY_MS = 3_000;

export function statusBarEnabled(): boolean {
  return vscode.workspace.getConfiguration('tmdb').get<boolean>('upNext.statusBar', true) !== false;
}

/** Whether the status bar also says how many started series have an episode left. */
export function continueInStatusBar(): boolean {
  return vscode.workspace.getConfiguration('tmdb').get<boolean>('upNext.statusBarContinue', false) === true;
}

export class UpNextStatus extends Disposable {
  readonly item: vscode.StatusBarItem;

  constructor(
    private readonly upNext: UpNextService,
    credentials: Credentials,
    /** When Up Next starts by itself for the status bar: after start-up, and on signing in. Never in the integration tests (they start it, and count requests). */
    autoStart: { delayMs: number } | undefined = { delayMs: STATUS_BAR_DELAY_MS },
  ) {
    super();
    this.item = this.register(vscode.window.createStatusBarItem('tmdb.upNext', vscode.StatusBarAlignment.Right, 90));
    this.item.name = vscode.l10n.t('TMDB: Up Next');
    this.item.command = Commands.showUpNext;
    this.register(upNext.onDidChange(() => this.update()));
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (
          !event.affectsConfiguration('tmdb.upNext.statusBar') &&
          !event.affectsConfiguration('tmdb.upNext.statusBarContinue')
        )
          return;
        this.update();
        if (autoStart) void this.startIfWanted(credentials);
      }),
    );
    if (!autoStart) return;
    const first = setTimeout(() => void this.startIfWanted(credentials), autoStart.delayMs);
    this.register({ dispose: () => clearTimeout(first) });
    this.register(credentials.onDidChange(() => void this.startIfWanted(credentials)));
  }

  private async startIfWanted(credentials: Credentials): Promise<void> {
    if (statusBarEnabled() && (await credentials.currentSession())) await this.upNext.start();
  }

  private update(): void {
    const today = this.upNext.airingToday;
    const continuing = continueInStatusBar() ? this.upNext.state.continuing : [];
    if (!statusBarEnabled() || (today.length === 0 && continuing.length === 0)) {
      this.item.hide();
      return;
    }
    const parts = [
      today.length === 0
        ? ''
        : today.length === 1
          ? vscode.l10n.t('1 episode today')
          : vscode.l10n.t('{0} episodes today', today.length),
      continuing.length ? vscode.l10n.t('{0} to continue', continuing.length) : '',
    ].filter(Boolean);
    const count = parts.join(' · ');
    this.item.text = `$(${today.length ? 'bell-dot' : 'play-circle'}) ${count}`;
    const tooltip = new vscode.MarkdownString(undefined, false);
    if (today.length) tooltip.appendMarkdown(`**${escapeMarkdown(vscode.l10n.t('Airing today'))}**\n\n`);
    for (const entry of today.slice(0, 10)) {
      const code = entry.episode ? episodeCode(entry.episode) : '';
      tooltip.appendMarkdown(
        `- ${escapeMarkdown(entry.series.name || entry.series.original_name)} · ${code}${entry.episode?.name ? ` · ${escapeMarkdown(entry.episode.name)}` : ''}\n`,
      );
    }
    if (today.length > 10)
      tooltip.appendMarkdown(`- ${escapeMarkdown(vscode.l10n.t('and {0} more', today.length - 10))}\n`);
    if (continuing.length) tooltip.appendMarkdown(`\n**${escapeMarkdown(vscode.l10n.t('Continue Watching'))}**\n\n`);
    for (const { series, next } of continuing.slice(0, 10))
      tooltip.appendMarkdown(`- ${escapeMarkdown(series.name || series.original_name)} · ${episodeCode(next)}\n`);
    if (continuing.length > 10)
      tooltip.appendMarkdown(`- ${escapeMarkdown(vscode.l10n.t('and {0} more', continuing.length - 10))}\n`);
    tooltip.appendMarkdown(`\n${escapeMarkdown(vscode.l10n.t('Click to open Up Next'))}`);
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: vscode.l10n.t('TMDB: {0}. Open Up Next.', count) };
    this.item.show();
  }
}
