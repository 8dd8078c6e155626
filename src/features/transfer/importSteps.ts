// The import's steps before its preview (./importCommand runs them): the file picked in VS Code's open
// dialog, where its titles go, and each title looked up on TMDB with a progress notification that can be
// cancelled. Every name from the file or the account is shown as text: no icon drawn from it.
import * as vscode from 'vscode';
import type { ListService } from '../../account/listService';
import { pickText } from '../../common/plainText';
import type { Logger } from '../../kit/log';
import { notifyError } from '../../kit/notify';
import type { TmdbClient } from '../../tmdb/client';
import { shortReason } from '../../tmdb/errors';
import type { ImportFile } from './csvFiles';
import type { ImportTarget } from './importJob';
import { lookupOn, matchRows, type Matched } from './importMatch';

export async function pickFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: vscode.l10n.t('TMDB: Import from IMDb or Letterboxd'),
    openLabel: vscode.l10n.t('Import'),
    canSelectMany: false,
    filters: { [vscode.l10n.t('CSV export, or JSON of what you watched')]: ['csv', 'json'] },
  });
  return picked?.[0];
}

/**
 * Where the file's titles go: the ratings (a file with ratings), what the person watched, the watchlist, or
 * one of their lists. A Letterboxd diary or watched file offers what was watched first.
 */
export async function pickTarget(file: ImportFile, listService: ListService): Promise<ImportTarget | undefined> {
  const rated = file.rows.some((row) => row.rating !== undefined);
  type Item = vscode.QuickPickItem & { target?: ImportTarget; list?: 'pick' };
  const watched: Item = {
    label: `$(eye) ${vscode.l10n.t('What you watched')}`,
    description: file.rows.some((row) => row.watchedDay !== undefined)
      ? vscode.l10n.t('movies marked watched, on the day the file says')
      : vscode.l10n.t('movies marked watched'),
    target: { kind: 'watched' },
  };
  const watchedFirst = file.format === 'letterboxdDiary' || file.format === 'letterboxdWatched';
  const items: Item[] = [
    ...(watchedFirst ? [watched] : []),
    ...(rated
      ? [
          {
            label: `$(star-full) ${vscode.l10n.t('Your ratings')}`,
            description: vscode.l10n.t('each title rated as in the file'),
            target: { kind: 'rated' as const },
          },
        ]
      : []),
    ...(watchedFirst ? [] : [watched]),
    { label: `$(bookmark) ${vscode.l10n.t('Your watchlist')}`, target: { kind: 'watchlist' } },
    { label: `$(list-unordered) ${vscode.l10n.t('One of your lists…')}`, list: 'pick' },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('TMDB: import {0} titles into…', file.rows.length),
  });
  if (!picked?.list) return picked?.target;
  const lists = await listService.ownLists().catch(() => []);
  const list = await vscode.window.showQuickPick(
    lists.map((entry) => ({
      label: pickText(entry.name),
      description: entry.public === false ? vscode.l10n.t('private') : undefined,
      entry,
    })),
    {
      title: vscode.l10n.t('TMDB: import into which list?'),
      placeHolder: lists.length ? undefined : vscode.l10n.t('You have no lists yet'),
    },
  );
  return list && { kind: 'list', listId: list.entry.id, listName: list.entry.name };
}

/** Each row looked up on TMDB, with progress; undefined when cancelled or TMDB could not be asked (said). */
export async function matchWithProgress(
  file: ImportFile,
  client: TmdbClient,
  log: Logger,
): Promise<Matched[] | undefined> {
  const lookup = lookupOn(client);
  try {
    return await vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('TMDB: finding {0} titles', file.rows.length),
        cancellable: true,
      },
      async (progress, cancellation) => {
        let shown = 0;
        const matched = await matchRows(file.rows, lookup, {
          cancelled: () => cancellation.isCancellationRequested,
          onProgress: (done) => {
            progress.report({
              increment: ((done - shown) / file.rows.length) * 100,
              message: `${done} / ${file.rows.length}`,
            });
            shown = done;
          },
        });
        return cancellation.isCancellationRequested ? undefined : matched;
      },
    );
  } catch (error) {
    log.error('transfer', 'could not match the titles', error);
    void notifyError(vscode.l10n.t('TMDB: could not look the titles up: {0}', shortReason(error)));
    return undefined;
  }
}

/**
 * Into what the person watched: a series is not taken (its episodes are marked on its page), so a series the
 * file names joins what the file could not give, and an ambiguous title is offered among movies only.
 */
export function moviesOnly(matched: Matched[], file: ImportFile): Matched[] {
  const series = vscode.l10n.t('a series: its episodes are marked watched on its page');
  return matched.flatMap((m): Matched[] => {
    if ((m.how === 'id' || m.how === 'title') && m.target.kind === 'tv') {
      file.skipped.push({ line: m.row.line, title: m.row.title, reason: series });
      return [];
    }
    if (m.how !== 'ambiguous') return [m];
    const candidates = m.candidates.filter((candidate) => candidate.kind === 'movie');
    return [candidates.length > 0 ? { ...m, candidates } : { row: m.row, how: 'none' }];
  });
}

/** The view that shows where an import wrote. */
export function refreshCommand(target: ImportTarget): string {
  switch (target.kind) {
    case 'rated':
      return 'tmdb.rated.refresh';
    case 'watchlist':
      return 'tmdb.watchlist.refresh';
    case 'list':
      return 'tmdb.lists.refresh';
    case 'watched':
      return 'tmdb.upNext.refresh';
  }
}
