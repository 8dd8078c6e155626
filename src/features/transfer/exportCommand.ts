// `TMDB: Export…`: the watchlist, the favorites, the ratings or one of the person's lists, to a CSV that
// Letterboxd's importer reads or to JSON with every field the extension reads; through VS Code's save
// dialog, so it works in VS Code for the Web too. From the palette and from a list's row in My Lists.
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import type { ListService } from '../../account/listService';
import { ensureSignedIn } from '../../auth/askToSignIn';
import type { Credentials } from '../../auth/credentials';
import { IN_BROWSER } from '../../common/host';
import { pickText, plainText } from '../../common/plainText';
import type { Logger } from '../../kit/log';
import { notifyError, notifyInfo } from '../../kit/notify';
import type { TmdbClient } from '../../tmdb/client';
import { shortReason } from '../../tmdb/errors';
import { ListNode } from '../../tree/nodes';
import type { WatchedMarks } from '../../core/doors';
import { transferPart } from './deferredPart';
import { formatNumber } from '../../model/numbers';
import { readLibrary, type LibraryPart } from './libraryItems';

export interface ExportDeps {
  client: TmdbClient;
  credentials: Credentials;
  listService: ListService;
  log: Logger;
  /** What the person watched (features/watched): exported from the marks the extension keeps. */
  watched: WatchedMarks;
}

/** What an export writes: a part of the account at TMDB, or what the person watched (kept here). */
export type ExportPart = LibraryPart | { kind: 'watched' };

export type ExportFormat = 'letterboxd' | 'json';

/** What a test (or a caller that knows) hands the command instead of the pickers and the dialog. */
export interface ExportChoice {
  part?: ExportPart;
  format?: ExportFormat;
  target?: vscode.Uri;
}

export class Exporter {
  constructor(private readonly deps: ExportDeps) {}

  /** Resolves to the file written, if any. */
  async export(arg?: unknown, choice: ExportChoice = {}): Promise<vscode.Uri | undefined> {
    if (!(await ensureSignedIn(this.deps.credentials, vscode.l10n.t('TMDB: sign in to export your titles.'))))
      return undefined;
    const part =
      choice.part ?? (arg instanceof ListNode ? { kind: 'list' as const, list: arg.list } : await this.pickPart());
    if (!part) return undefined;
    const format = choice.format ?? (await pickFormat(part));
    if (!format) return undefined;
    const name = partName(part);
    const uri =
      choice.target ??
      (await vscode.window.showSaveDialog({
        title: vscode.l10n.t('TMDB: Export {0}', pickText(name)),
        saveLabel: vscode.l10n.t('Export'),
        defaultUri: defaultFile(`${fileStem(part)}.${format === 'json' ? 'json' : 'csv'}`),
        filters:
          format === 'json'
            ? { [vscode.l10n.t('JSON')]: ['json'] }
            : { [vscode.l10n.t('CSV for Letterboxd')]: ['csv'] },
      }));
    if (!uri) return undefined;
    if (part.kind === 'watched') return this.exportWatched(format, uri);
    let library;
    try {
      library = await vscode.window.withProgress(
        // A progress notification draws links: a list's name goes in inert.
        { location: vscode.ProgressLocation.Notification, title: plainText(vscode.l10n.t('TMDB: reading {0}…', name)) },
        () => readLibrary(this.deps.client, this.deps.listService, part),
      );
    } catch (error) {
      this.deps.log.error('transfer', 'could not read the titles to export', error);
      void notifyError(vscode.l10n.t('TMDB: could not read {0}: {1}', name, shortReason(error)));
      return undefined;
    }
    const { items, leftOut, ratingsUnread } = library;
    const files = transferPart();
    let text: string;
    // TMDB pages its answers by 20; an export reads the first 250 pages of each kind and says what it left.
    let note = '';
    if (leftOut > 0)
      note =
        part.kind === 'list'
          ? vscode.l10n.t(
              "{0} titles left out: an export takes a list's first 5,000.",
              formatNumber(leftOut, vscode.env.language),
            )
          : vscode.l10n.t(
              '{0} titles left out: an export takes the first 5,000 movies and the first 5,000 series.',
              formatNumber(leftOut, vscode.env.language),
            );
    if (ratingsUnread)
      note += ` ${vscode.l10n.t('Your ratings could not be read: the titles are exported without them.')}`;
    if (format === 'json') text = files.libraryJson(name, items, new Date());
    else {
      const { csv, seriesLeftOut, roundedUp } = files.letterboxdCsv(items);
      text = csv;
      if (roundedUp > 0)
        note += ` ${vscode.l10n.t(
          "{0} ratings with a half point rounded up: Letterboxd's Rating10 takes whole numbers (7.5 became 8).",
          formatNumber(roundedUp, vscode.env.language),
        )}`;
      if (seriesLeftOut > 0)
        note += ` ${vscode.l10n.t(
          '{0} series left out: Letterboxd keeps films only (the JSON export has them).',
          seriesLeftOut,
        )}`;
      if (csv.length > files.LETTERBOXD_MAX_BYTES)
        note += ` ${vscode.l10n.t("Letterboxd's importer takes files up to 1 MB: split this one before importing it there.")}`;
    }
    if (!(await this.write(uri, text))) return undefined;
    const written = format === 'json' ? items.length : items.filter((item) => item.media_type === 'movie').length;
    this.deps.log.info('transfer', `exported ${written} titles (${format})`);
    void this.sayExported(uri, written, note.trim());
    return uri;
  }

  /** What the person watched, from the marks kept here: movies (and, in JSON, series by season). */
  private async exportWatched(format: ExportFormat, uri: vscode.Uri): Promise<vscode.Uri | undefined> {
    let marks;
    try {
      marks = await this.deps.watched.snapshot();
    } catch (error) {
      void notifyError(
        vscode.l10n.t('TMDB: {0} was not written. {1}', uri.path.split('/').pop() ?? '', shortReason(error)),
      );
      return undefined;
    }
    if (!marks) {
      void notifyInfo(vscode.l10n.t('TMDB: sign in to export what you watched.'));
      return undefined;
    }
    if (marks.movies.length + marks.series.length === 0) {
      void notifyInfo(vscode.l10n.t('TMDB: you have marked nothing watched yet, so nothing was exported.'));
      return undefined;
    }
    const files = transferPart();
    const text = format === 'json' ? files.watchedJson(marks, new Date()) : files.watchedCsv(marks);
    if (!(await this.write(uri, text))) return undefined;
    this.deps.log.info(
      'transfer',
      `exported ${marks.movies.length} movies, ${marks.series.length} series watched (${format})`,
    );
    const name = uri.path.split('/').pop() ?? uri.path;
    const said =
      format === 'json'
        ? vscode.l10n.t(
            'TMDB: {0} movies and {1} series you watched exported to {2}.',
            marks.movies.length,
            marks.series.length,
            name,
          )
        : vscode.l10n.t('TMDB: {0} movies you watched exported to {1}.', marks.movies.length, name);
    const note =
      format === 'json' || marks.series.length === 0
        ? ''
        : vscode.l10n.t(
            '{0} series left out: Letterboxd keeps films only (the JSON export has them).',
            marks.series.length,
          );
    void this.offerOpen(uri, note ? `${said} ${note}` : said);
    return uri;
  }

  /** Writes the file; false when it could not be written (the person is told why). */
  private async write(uri: vscode.Uri, text: string): Promise<boolean> {
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      return true;
    } catch (error) {
      this.deps.log.error('transfer', 'could not write the export', error);
      void notifyError(
        vscode.l10n.t('TMDB: could not write {0}: {1}', uri.path.split('/').pop() ?? '', shortReason(error)),
      );
      return false;
    }
  }

  private async pickPart(): Promise<ExportPart | undefined> {
    type Item = vscode.QuickPickItem & { part?: ExportPart };
    const pick = vscode.window.createQuickPick<Item>();
    try {
      pick.title = vscode.l10n.t('TMDB: Export…');
      pick.placeholder = vscode.l10n.t('What to export');
      const fixed: Item[] = [
        { label: `$(bookmark) ${vscode.l10n.t('Watchlist')}`, part: { kind: 'watchlist' } },
        { label: `$(heart) ${vscode.l10n.t('Favorites')}`, part: { kind: 'favorite' } },
        { label: `$(star-full) ${vscode.l10n.t('Ratings')}`, part: { kind: 'rated' } },
        { label: `$(eye) ${vscode.l10n.t('What you watched')}`, part: { kind: 'watched' } },
      ];
      pick.items = fixed;
      pick.busy = true;
      const chosen = new Promise<Item | undefined>((resolve) => {
        pick.onDidAccept(() => resolve(pick.selectedItems[0]));
        pick.onDidHide(() => resolve(undefined));
      });
      pick.show();
      this.deps.listService
        .ownLists()
        .then((lists) => {
          pick.items = [
            ...fixed,
            { label: vscode.l10n.t('Your lists'), kind: vscode.QuickPickItemKind.Separator },
            ...lists.map((list) => ({
              // A list's name is the person's words: shown as text, never as icons.
              label: `$(list-unordered) ${pickText(list.name) || vscode.l10n.t('List {0}', list.id)}`,
              description: list.public === false ? vscode.l10n.t('private') : undefined,
              part: { kind: 'list' as const, list },
            })),
          ];
        })
        .catch((error: unknown) => this.deps.log.error('transfer', 'could not read the lists', error))
        .finally(() => (pick.busy = false));
      return (await chosen)?.part;
    } finally {
      pick.dispose();
    }
  }

  private async sayExported(uri: vscode.Uri, count: number, note: string): Promise<void> {
    const name = uri.path.split('/').pop() ?? uri.path;
    const said = vscode.l10n.t('TMDB: {0} titles exported to {1}.', count, name);
    await this.offerOpen(uri, note ? `${said} ${note}` : said);
  }

  private async offerOpen(uri: vscode.Uri, said: string): Promise<void> {
    const open = vscode.l10n.t('Open');
    if ((await notifyInfo(said, open)) === open) await vscode.commands.executeCommand('vscode.open', uri);
  }
}

async function pickFormat(part: ExportPart): Promise<ExportFormat | undefined> {
  const watched = part.kind === 'watched';
  const picked = await vscode.window.showQuickPick(
    [
      {
        label: vscode.l10n.t('CSV for Letterboxd'),
        description: watched
          ? vscode.l10n.t('movies, with the day you watched them; Letterboxd matches them by TMDB id')
          : vscode.l10n.t('movies, with your rating; Letterboxd matches them by TMDB id'),
        format: 'letterboxd' as const,
      },
      {
        label: vscode.l10n.t('JSON'),
        description: watched
          ? vscode.l10n.t('movies with their day, series with each season’s episodes')
          : vscode.l10n.t('movies and series, every field'),
        format: 'json' as const,
      },
    ],
    { title: vscode.l10n.t('TMDB: Export as') },
  );
  return picked?.format;
}

function partName(part: ExportPart): string {
  switch (part.kind) {
    case 'watched':
      return vscode.l10n.t('what you watched');
    case 'watchlist':
      return vscode.l10n.t('your watchlist');
    case 'favorite':
      return vscode.l10n.t('your favorites');
    case 'rated':
      return vscode.l10n.t('your ratings');
    case 'list':
      return vscode.l10n.t('the list "{0}"', part.list.name);
  }
}

function fileStem(part: ExportPart): string {
  if (part.kind === 'watched') return 'tmdb-watched';
  if (part.kind !== 'list')
    return `tmdb-${part.kind === 'rated' ? 'ratings' : part.kind === 'favorite' ? 'favorites' : 'watchlist'}`;
  const slug = part.list.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return `tmdb-list-${slug || part.list.id}`;
}

/** In the first workspace folder, else in the home folder; in a browser wherever the dialog starts. */
function defaultFile(name: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? (IN_BROWSER ? undefined : vscode.Uri.file(homedir()));
  return folder && vscode.Uri.joinPath(folder, name);
}
