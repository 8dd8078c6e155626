// An import into what the person watched: the movies matched, marked watched in one change with the day
// the file says; or the JSON the export of what was watched writes, brought back whole (features/watched
// keeps the marks; Settings Sync carries them). Nothing is written at TMDB, so there is no job to resume:
// the marks are kept whole, or none of them (the person is told why).
import * as vscode from 'vscode';
import type { WatchedMarks } from '../../core/doors';
import { askModal, notifyInfo } from '../../kit/notify';
import type { ImportJob } from './importJob';
import { notImportedSaid, type ImportReport, type NotImported } from './importReport';
import { transferPart } from './deferredPart';
import type { WatchedFile } from './watchedFile';

/** Marks the job's movies; the job as it ended (each title written, or each failed when nothing was kept). */
export async function markImported(
  job: ImportJob,
  notImported: NotImported[],
  watched: WatchedMarks,
  report: ImportReport,
): Promise<ImportJob> {
  const movies = job.items.map(({ id, day }) => (day === undefined ? { id } : { id, day }));
  // Marked before the import: the summary says how many were already (their day may come from the file).
  const before = (await watched.movies()) ?? new Set<number>();
  const kept = await watched.markAll({ movies, series: [] });
  if (!kept) {
    // The service said why (too many marks for Settings Sync, or for the extension).
    job.state = '!'.repeat(job.items.length);
    return job;
  }
  job.state = '+'.repeat(job.items.length);
  const ids = new Set(job.items.map((item) => item.id));
  const already = [...ids].filter((id) => before.has(id)).length;
  void summarize(job, ids.size, already, notImported, report);
  return job;
}

async function summarize(
  job: ImportJob,
  movies: number,
  already: number,
  notImported: NotImported[],
  report: ImportReport,
) {
  const details = vscode.l10n.t('Show Details');
  const dated = new Set(job.items.filter((item) => item.day !== undefined).map((item) => item.id)).size;
  const said = [
    movies === 1
      ? vscode.l10n.t('TMDB: 1 movie from {0} marked watched.', job.fileName)
      : vscode.l10n.t('TMDB: {0} movies from {1} marked watched.', movies, job.fileName),
    dated > 0 && dated < movies ? vscode.l10n.t('{0} of them with the day the file gives.', dated) : '',
    already === 1
      ? vscode.l10n.t('1 of them was marked already.')
      : already > 1
        ? vscode.l10n.t('{0} of them were marked already.', already)
        : '',
    notImportedSaid(notImported),
  ]
    .filter(Boolean)
    .join(' ');
  const choice = await notifyInfo(said, ...(notImported.length > 0 ? [details] : []));
  if (choice === details) await report.show(job, notImported);
}

/**
 * A JSON export of what was watched, brought back: said and confirmed (a modal question, unless the caller
 * confirmed), then added to the marks kept, in one change. Resolves to the file's marks when kept.
 */
export async function markWatchedFile(
  fileName: string,
  file: WatchedFile,
  watched: WatchedMarks,
  options: { confirmed: boolean },
): Promise<WatchedFile | undefined> {
  const { movies, series, episodes } = transferPart().watchedFileSaid(file.snapshot);
  const left = file.skipped > 0 ? vscode.l10n.t('{0} entries that were not marks were left out.', file.skipped) : '';
  if (movies + series === 0) {
    void notifyInfo([vscode.l10n.t('TMDB: {0} names nothing watched.', fileName), left].filter(Boolean).join(' '));
    return undefined;
  }
  const what = [
    movies === 1 ? vscode.l10n.t('1 movie') : vscode.l10n.t('{0} movies', movies),
    episodes === 1 ? vscode.l10n.t('1 episode') : vscode.l10n.t('{0} episodes', episodes),
    series === 1 ? vscode.l10n.t('of 1 series') : vscode.l10n.t('of {0} series', series),
  ];
  const said = vscode.l10n.t('{0} and {1} {2}', what[0]!, what[1]!, what[2]!);
  const mark = vscode.l10n.t('Mark Watched');
  if (
    !options.confirmed &&
    (await askModal(
      vscode.l10n.t('Mark what {0} says you watched?', fileName),
      vscode.l10n.t(
        '{0}, added to the marks kept for this account in VS Code (synced by Settings Sync). A movie marked already keeps its earlier day.',
        said,
      ),
      mark,
    )) !== mark
  )
    return undefined;
  if (!(await watched.markAll(file.snapshot))) return undefined;
  void notifyInfo(
    [vscode.l10n.t('TMDB: {0} from {1} marked watched.', said, fileName), left].filter(Boolean).join(' '),
  );
  return file;
}
