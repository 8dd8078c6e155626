// What an import did not write, and the report of it: every row of the file is counted once, as imported,
// left out by the person (unchecked in the preview, or a choice skipped), not found on TMDB, or not taken
// from the file (an episode, no rating); what TMDB refused comes from the job. The details open in a
// read-only document of their own (a `tmdb-import:` address), which asks nothing when it is closed.
import * as vscode from 'vscode';
import type { ImportFile } from './csvFiles';
import type { ImportJob, JobItem } from './importJob';
import type { Matched } from './importMatch';

export type NotImportedWhy = 'yours' | 'notFound' | 'file';

export interface NotImported {
  line: number;
  title: string;
  why: NotImportedWhy;
  /** The file's own reason (an episode, no rating), for `file`. */
  reason?: string;
}

/** The rows not written: those the person left out, those TMDB does not have, those the file could not give. */
export function notImportedOf(matched: Matched[], items: JobItem[], file: ImportFile): NotImported[] {
  const chosen = new Set(items.map((item) => item.line));
  return [
    ...matched.flatMap((m): NotImported[] => {
      if (m.how === 'none') return [{ line: m.row.line, title: m.row.title, why: 'notFound' }];
      return chosen.has(m.row.line) ? [] : [{ line: m.row.line, title: m.row.title, why: 'yours' }];
    }),
    ...file.skipped.map((skip): NotImported => ({ ...skip, why: 'file' })),
  ].sort((a, b) => a.line - b.line);
}

/** "2 left out by you. 1 not found on TMDB." for the summary. */
export function notImportedSaid(rows: NotImported[]): string {
  const count = (why: NotImportedWhy) => rows.filter((row) => row.why === why).length;
  const [yours, notFound, file] = [count('yours'), count('notFound'), count('file')];
  return [
    yours ? vscode.l10n.t('{0} left out by you.', yours) : '',
    notFound ? vscode.l10n.t('{0} not found on TMDB.', notFound) : '',
    file ? vscode.l10n.t('{0} not taken from the file.', file) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const SCHEME = 'tmdb-import';

/** The details of each import, shown read-only: kept while the window lives. */
export class ImportReport {
  private readonly texts = new Map<string, string>();
  private registered: vscode.Disposable | undefined;

  constructor(private readonly keep: (disposable: vscode.Disposable) => void) {}

  /** The titles that failed (with TMDB's reason) and every one not imported, grouped by why. */
  async show(job: ImportJob, notImported: NotImported[]): Promise<void> {
    const failed = Object.entries(job.failures).map(([index, reason]) => {
      const item = job.items[Number(index)]!;
      return `- ${vscode.l10n.t('line {0}', item.line)}: ${item.title} (${item.kind} ${item.id}): ${reason}`;
    });
    const group = (why: NotImportedWhy, heading: string) => {
      const rows = notImported.filter((row) => row.why === why);
      return rows.length
        ? [
            '',
            heading,
            ...rows.map(
              (row) => `- ${vscode.l10n.t('line {0}', row.line)}: ${row.title}${row.reason ? `: ${row.reason}` : ''}`,
            ),
          ]
        : [];
    };
    const parts = [
      vscode.l10n.t('TMDB: what {0} did not import', job.fileName),
      ...(failed.length ? ['', vscode.l10n.t('TMDB refused:'), ...failed] : []),
      ...group('yours', vscode.l10n.t('Left out by you in the preview:')),
      ...group('notFound', vscode.l10n.t('Not found on TMDB:')),
      ...group('file', vscode.l10n.t('Not taken from the file:')),
    ];
    if (!this.registered) {
      this.registered = vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
        provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? '',
      });
      this.keep(this.registered);
    }
    // One address an import (its file and when it started): shown as written, nothing in it rendered.
    const uri = vscode.Uri.from({
      scheme: SCHEME,
      path: `/${vscode.l10n.t('What {0} did not import', job.fileName)}.txt`,
      query: String(job.startedAt),
    });
    this.texts.set(uri.toString(), `${parts.join('\n')}\n`);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: false });
  }
}
