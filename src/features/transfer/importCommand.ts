// `TMDB: Import from IMDb or Letterboxd…`: an export file read (./csvFiles: refused whole when it is not
// one), where it goes (ratings, what was watched, watchlist, a list), its titles matched on TMDB with
// progress (./importSteps), a preview (matched by id, matched by title and year to check, a choice for each
// ambiguous one, what did not match), then the writes as a job (./importJob) with a progress notification
// that can be cancelled and resumed, after a cancel, a crash or a reload; a summary with what failed and
// why. What was watched is kept here, not at TMDB: marked at once (./importWatched).
import * as vscode from 'vscode';
import type { WatchedMarks } from '../../core/doors';
import type { KeptPictures } from '../../core/keptPictures';
import type { ListService } from '../../account/listService';
import { ensureSignedIn } from '../../auth/askToSignIn';
import type { Credentials } from '../../auth/credentials';
import { ContextKeys, StateKeys } from '../../common/ids';
import { plainText } from '../../common/plainText';
import type { Logger } from '../../kit/log';
import { notifyError, notifyInfo } from '../../kit/notify';
import { setContext } from '../../kit/contextKeys';
import type { TmdbClient } from '../../tmdb/client';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import { shortReason } from '../../tmdb/errors';
import type { ImportFile } from './csvFiles';
import { transferPart } from './deferredPart';
import { counts, newJob, runJob, storedJob, type ImportJob, type ImportTarget } from './importJob';
import { markImported, markWatchedFile } from './importWatched';
import type { WatchedFile } from './watchedFile';
import { matchWithProgress, moviesOnly, pickFile, pickTarget, refreshCommand } from './importSteps';
import { itemOf, previewAndPick, targetName } from './importPreview';
import { writerFor } from './importWriter';
import { ratingsOf } from './libraryItems';
import { ImportReport, notImportedOf, notImportedSaid, type NotImported } from './importReport';

export interface ImportDeps {
  client: TmdbClient;
  credentials: Credentials;
  listService: ListService;
  /** The account's writers (src/account): each write announced, as a page's or a row's is. */
  ratings: RatingService;
  watchlist: TitleFlagService;
  log: Logger;
  state: vscode.Memento;
  /** The posters the preview shows (kept on disk: ../../core/keptPictures). */
  pictures: KeptPictures;
  /** What the person watched (features/watched): an import into it marks movies there. */
  watched: WatchedMarks;
  /** Kept until the extension stops (the details' document provider). */
  keep: (disposable: vscode.Disposable) => void;
}

/** Where the unfinished job is kept (global state: titles and ids, no secret). */
const JOB_KEY = StateKeys.importJob;

/** What a test hands the command instead of the dialogs: the file, where it goes, and "accept the preview". */
export interface ImportChoice {
  file?: vscode.Uri;
  target?: ImportTarget;
  acceptPreview?: boolean;
}

export class Importer {
  private running = false;
  private readonly report: ImportReport;

  constructor(private readonly deps: ImportDeps) {
    this.report = new ImportReport(deps.keep);
    setContext(ContextKeys.importPending, this.pendingJob() !== undefined);
  }

  private pendingJob(): ImportJob | undefined {
    return storedJob(this.deps.state.get(JOB_KEY));
  }

  private store = {
    get: () => this.pendingJob(),
    set: async (job: ImportJob | undefined) => {
      await this.deps.state.update(JOB_KEY, job);
      setContext(ContextKeys.importPending, storedJob(job) !== undefined);
    },
  };

  /** At start: an import that stopped (a cancel, a crash, a reload) is offered again. */
  async offerResume(): Promise<void> {
    const job = this.pendingJob();
    if (!job) return;
    const { done, total } = counts(job);
    const resume = vscode.l10n.t('Resume');
    const discard = vscode.l10n.t('Discard');
    const choice = await notifyInfo(
      vscode.l10n.t('TMDB: the import of {0} stopped at {1} of {2} titles.', job.fileName, done, total),
      resume,
      discard,
    );
    if (choice === resume) await this.resume();
    else if (choice === discard) await this.store.set(undefined);
  }

  /** Resolves to the job as it ended, if one ran. */
  async import(choice: ImportChoice = {}): Promise<ImportJob | WatchedFile | undefined> {
    if (!(await ensureSignedIn(this.deps.credentials, vscode.l10n.t('TMDB: sign in to import your titles.'))))
      return undefined;
    if (this.running) {
      void notifyInfo(vscode.l10n.t('TMDB: an import is running; its notification shows how far it is.'));
      return undefined;
    }
    // "Start Anew": the earlier job is dropped once the new import has written (a job takes its place, or
    // the marks of what was watched, which need none, are kept).
    let startAnew = false;
    if (this.pendingJob()) {
      const resume = vscode.l10n.t('Resume It');
      const fresh = vscode.l10n.t('Start Anew');
      const answer = await notifyInfo(
        vscode.l10n.t('TMDB: an earlier import has titles left to write.'),
        resume,
        fresh,
      );
      if (answer === resume) return this.resume();
      if (answer !== fresh) return undefined;
      startAnew = true;
    }
    const uri = choice.file ?? (await pickFile());
    if (!uri) return undefined;
    const fileName = uri.path.split('/').pop() ?? uri.path;
    let file: ImportFile | WatchedFile;
    try {
      // What the file system says first: a 2 GB file, a device or a pipe is refused without being read.
      const { size, type } = await vscode.workspace.fs.stat(uri);
      const files = transferPart();
      files.checkBeforeReading({ size, isFile: (type & vscode.FileType.File) !== 0 });
      const bytes = await vscode.workspace.fs.readFile(uri);
      // An export of what the person watched (JSON) comes back as marks: no title to match.
      file = files.looksLikeJson(fileName, bytes)
        ? files.readWatchedFile(bytes)
        : files.readImportFile(bytes, fileName);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.log.warn('transfer', `refused ${fileName}: ${reason}`);
      void notifyError(vscode.l10n.t('TMDB: {0} was not imported. {1}', fileName, reason));
      return undefined;
    }
    if ('snapshot' in file) {
      const marked = await markWatchedFile(fileName, file, this.deps.watched, {
        confirmed: choice.acceptPreview === true,
      });
      if (marked && startAnew) await this.store.set(undefined);
      return marked;
    }
    if (file.rows.length === 0) {
      void notifyInfo(vscode.l10n.t('TMDB: {0} names no title TMDB could take.', fileName));
      return undefined;
    }
    const target = choice.target ?? (await pickTarget(file, this.deps.listService));
    if (!target) return undefined;
    if (target.kind === 'rated') {
      // Into the ratings, a title the file gives no rating is not imported: said in the preview and the summary.
      const unrated = file.rows.filter((row) => row.rating === undefined);
      file.rows = file.rows.filter((row) => row.rating !== undefined);
      file.skipped.push(
        ...unrated.map((row) => ({ line: row.line, title: row.title, reason: vscode.l10n.t('no rating in the file') })),
      );
    }
    const found = await matchWithProgress(file, this.deps.client, this.deps.log);
    if (!found) return undefined;
    const matched = target.kind === 'watched' ? moviesOnly(found, file) : found;
    const items = choice.acceptPreview
      ? matched.flatMap((m) => (m.how === 'id' || m.how === 'title' ? [itemOf(m, m.target)] : []))
      : await previewAndPick(matched, file, target, this.deps.pictures, await this.ratingsNow(target));
    if (!items || items.length === 0) return undefined;
    const session = await this.deps.credentials.currentSession();
    if (!session) return undefined;
    const job = newJob(session.accountId, fileName, target, items, Date.now());
    if (target.kind === 'watched') {
      const marked = await markImported(job, notImportedOf(matched, items, file), this.deps.watched, this.report);
      if (startAnew && marked.state.startsWith('+')) await this.store.set(undefined);
      return marked;
    }
    await this.store.set(job);
    return this.run(job, notImportedOf(matched, items, file));
  }

  /**
   * Into the ratings: what the person has rated on TMDB now, so the preview says which rating a title's
   * import changes (9 → 10) and lets it be kept. Without it (TMDB would not say), the preview says nothing.
   */
  private async ratingsNow(target: ImportTarget): Promise<Map<string, number> | undefined> {
    if (target.kind !== 'rated') return undefined;
    return ratingsOf(this.deps.client).catch((error: unknown) => {
      this.deps.log.warn('transfer', `could not read the ratings before the preview: ${String(error)}`);
      return undefined;
    });
  }

  /** `TMDB: Resume Import`: what is left of the stopped import, for the account it was for. */
  async resume(): Promise<ImportJob | undefined> {
    if (this.running) {
      void notifyInfo(vscode.l10n.t('TMDB: an import is running; its notification shows how far it is.'));
      return undefined;
    }
    const job = this.pendingJob();
    if (!job) return undefined;
    const session = await this.deps.credentials.currentSession();
    if (!session) {
      void notifyInfo(vscode.l10n.t('TMDB: sign in to resume the import.'));
      return undefined;
    }
    if (session.accountId !== job.accountId) {
      void notifyInfo(vscode.l10n.t('TMDB: that import was for another account: sign in as it to resume.'));
      return undefined;
    }
    return this.run(job, []);
  }

  private async run(job: ImportJob, notImported: NotImported[]): Promise<ImportJob> {
    this.running = true;
    const writer = writerFor(
      { ratings: this.deps.ratings, watchlist: this.deps.watchlist, lists: this.deps.listService },
      job.target,
    );
    let outcome: 'finished' | 'cancelled' | 'stopped' = 'stopped';
    let failure: unknown;
    try {
      ({ outcome, reason: failure } = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          // A progress notification draws links: the file's and the list's names go in inert.
          title: plainText(vscode.l10n.t('TMDB: importing {0} into {1}', job.fileName, targetName(job.target))),
          cancellable: true,
        },
        async (progress, cancellation) => {
          let shown = counts(job).done + counts(job).failed;
          // A resumed import starts where it stopped, on the bar too.
          if (shown > 0) progress.report({ increment: (shown / job.items.length) * 100 });
          return runJob(job, writer, this.store, {
            cancelled: () => cancellation.isCancellationRequested,
            onProgress: (now) => {
              const { done, failed, total } = counts(now);
              progress.report({
                increment: ((done + failed - shown) / total) * 100,
                message: vscode.l10n.t('{0} of {1}', done + failed, total),
              });
              shown = done + failed;
            },
          });
        },
      ));
    } catch (error) {
      failure = error;
      this.deps.log.error('transfer', 'the import stopped', error);
    } finally {
      this.running = false;
    }
    void vscode.commands.executeCommand(refreshCommand(job.target));
    const { done, failed, left, total } = counts(job);
    this.deps.log.info('transfer', `import ${outcome}: ${done} written, ${failed} failed, ${left} left of ${total}`);
    if (left === 0) await this.store.set(undefined);
    void this.summarize(job, outcome, failure, notImported);
    return job;
  }

  private async summarize(
    job: ImportJob,
    outcome: string,
    failure: unknown,
    notImported: NotImported[],
  ): Promise<void> {
    const { done, failed, left, total } = counts(job);
    const details = vscode.l10n.t('Show Details');
    const resume = vscode.l10n.t('Resume');
    const where = targetName(job.target);
    const said =
      left > 0
        ? outcome === 'cancelled'
          ? vscode.l10n.t(
              'TMDB: import paused at {0} of {1} titles into {2}. Resume it any time, even after a restart.',
              done + failed,
              total,
              where,
            )
          : vscode.l10n.t(
              'TMDB: the import stopped at {0} of {1} titles ({2}). Resume it when TMDB can be reached.',
              done + failed,
              total,
              shortReason(failure),
            )
        : vscode.l10n.t('TMDB: imported {0} of {1} titles into {2}.', done, total, where);
    const more = [failed > 0 ? vscode.l10n.t('{0} failed.', failed) : '', notImportedSaid(notImported)]
      .filter(Boolean)
      .join(' ');
    const buttons = [...(left > 0 ? [resume] : []), ...(failed + notImported.length > 0 ? [details] : [])];
    const show = left > 0 && outcome !== 'cancelled' ? notifyError : notifyInfo;
    const choice = await show(more ? `${said} ${more}` : said, ...buttons);
    if (choice === resume) void this.resume();
    else if (choice === details) await this.report.show(job, notImported);
  }
}
