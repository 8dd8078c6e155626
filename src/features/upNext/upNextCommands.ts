// Up Next's commands: open the view (the status bar's click), export the next episodes as an .ics file any
// calendar imports, and a Continue Watching row's ✓ (its next episode marked watched). Loaded with their
// first use (./deferredPart).
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { IN_BROWSER } from '../../common/host';
import type { UpNextService } from './upNext';
import { ensureSignedIn } from '../../auth/askToSignIn';
import type { Credentials } from '../../auth/credentials';
import { Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import { notifyError, notifyInfo } from '../../kit/notify';
import { upNextSlice } from './deferredPart';
import { displayLocale, type Settings } from '../../settings/settings';
import { formatNumber } from '../../model/numbers';
import { shortReason } from '../../tmdb/errors';
import type { WatchedMarks } from '../../core/doors';
import { ContinueNode } from './continueRows';
import type { ContinueEntry } from './continueWatching';
import { episodeCode } from './upNextSchedule';
import { pickText } from '../../common/plainText';

export class UpNextCommands {
  constructor(
    private readonly upNext: UpNextService,
    private readonly credentials: Credentials,
    private readonly settings: () => Settings,
    private readonly log: Logger,
    private readonly watched: () => WatchedMarks,
  ) {}

  /**
   * A Continue Watching row's ✓ (inline, or its menu): the episode it names marked watched, and the row moves
   * on. From the palette: the series to continue, picked.
   */
  async markNext(row: unknown): Promise<boolean> {
    const entry = row instanceof ContinueNode ? row.entry : await this.pickContinuing();
    if (!entry) return false;
    const { series, next } = entry;
    const episode = next.episode_number;
    return this.watched().setEpisodes(series.id, next.season_number, [[episode, episode]], true);
  }

  /** The started series with an episode left, each with it, as the palette offers them (names as typed, no icon). */
  private async pickContinuing(): Promise<ContinueEntry | undefined> {
    if (!(await ensureSignedIn(this.credentials, vscode.l10n.t('Sign in to TMDB to keep what you watched.'))))
      return undefined;
    await this.upNext.start();
    const entries = this.upNext.state.continuing;
    if (entries.length === 0) {
      void notifyInfo(
        vscode.l10n.t('TMDB: no series to continue. Mark an episode watched on a series page to start one.'),
      );
      return undefined;
    }
    const locale = displayLocale();
    const picked = await vscode.window.showQuickPick(
      entries.map((entry) => ({
        label: pickText(entry.series.name || entry.series.original_name),
        description: pickText(
          [
            episodeCode(entry.next),
            entry.next.name,
            vscode.l10n.t('{0} of {1}', formatNumber(entry.watched, locale), formatNumber(entry.aired, locale)),
          ]
            .filter(Boolean)
            .join(' · '),
        ),
        entry,
      })),
      {
        title: vscode.l10n.t('TMDB: Mark Next Episode Watched'),
        placeHolder: vscode.l10n.t('Pick the series'),
      },
    );
    return picked?.entry;
  }

  /** Shows the Up Next view (its container opened, the view expanded and focused). */
  async show(): Promise<void> {
    await vscode.commands.executeCommand(`${Views.upNext}.focus`);
  }

  /** `TMDB: Export Upcoming Episodes…`: resolves to the file written, if any. */
  async exportUpcoming(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    if (
      !(await ensureSignedIn(
        this.credentials,
        vscode.l10n.t('TMDB: sign in to export the episodes of the series you follow.'),
      ))
    )
      return undefined;
    await this.upNext.start();
    const state = this.upNext.state;
    if (state.error) {
      void notifyError(vscode.l10n.t('TMDB: could not read the series you follow: {0}', shortReason(state.error)));
      return undefined;
    }
    // The calendar's writer, loaded before a file is asked for (read with the schedule's part: loaded by now).
    const { upcomingCalendar } = await upNextSlice.load();
    const dated = state.entries.filter((entry) => entry.airDate);
    if (dated.length === 0) {
      void notifyInfo(vscode.l10n.t('TMDB: none of the series you follow has an episode with an announced date.'));
      return undefined;
    }
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        title: vscode.l10n.t('TMDB: Export Upcoming Episodes'),
        saveLabel: vscode.l10n.t('Export'),
        defaultUri: defaultFile(),
        filters: { [vscode.l10n.t('iCalendar')]: ['ics'] },
      }));
    if (!uri) return undefined;
    const { text, count } = upcomingCalendar(dated, {
      webBaseUrl: this.settings().webBaseUrl,
      now: new Date(),
    });
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    } catch (error) {
      this.log.error('upNext', 'could not write the calendar', error);
      void notifyError(vscode.l10n.t('TMDB: could not write {0}: {1}', uri.fsPath || uri.path, shortReason(error)));
      return undefined;
    }
    this.log.info('upNext', `exported ${count} episodes`);
    void this.sayExported(uri, count);
    return uri;
  }

  /** Names the file (its name: a long path is cut in a notification) with Open, and Reveal where there is a file manager. */
  private async sayExported(uri: vscode.Uri, count: number): Promise<void> {
    const name = uri.path.split('/').pop() ?? uri.path;
    const open = vscode.l10n.t('Open');
    const reveal = vscode.l10n.t('Reveal in File Explorer');
    const buttons = uri.scheme === 'file' && !IN_BROWSER && !vscode.env.remoteName ? [open, reveal] : [open];
    const choice = await notifyInfo(
      count === 1
        ? vscode.l10n.t('TMDB: 1 episode exported to {0}.', name)
        : vscode.l10n.t('TMDB: {0} episodes exported to {1}.', formatNumber(count, displayLocale()), name),
      ...buttons,
    );
    if (choice === open) await vscode.commands.executeCommand('vscode.open', uri);
    else if (choice === reveal) await vscode.commands.executeCommand('revealFileInOS', uri);
  }
}

/** tmdb-upcoming.ics in the first workspace folder, else in the home folder; in a browser (VS Code for the Web, no home folder) wherever the dialog starts. */
function defaultFile(): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? (IN_BROWSER ? undefined : vscode.Uri.file(homedir()));
  return folder && vscode.Uri.joinPath(folder, 'tmdb-upcoming.ics');
}
