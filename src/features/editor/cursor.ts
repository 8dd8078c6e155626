// TMDB: Open Title at Cursor: the reference under the cursor (or the one a link hands over) opened as
// its page. The editor's context menu offers it in a file that names a reference: a context key follows
// the active file (read after a pause in typing), asking TMDB nothing.
import * as vscode from 'vscode';
import { ContextKeys } from '../../common/ids';
import { refOf } from '../../model/panelRef';
import { setContext } from '../../kit/contextKeys';
import { notifyError, notifyInfo } from '../../kit/notify';
import type { Logger } from '../../kit/log';
import { userMessage } from '../../tmdb/errors';
import { refAtPosition } from './links';
import type { LinkedRef, TitleLookup } from './lookup';
import { imdbIdOf } from '../../model/imdb';
import { findRefs, type TextTarget } from './textRefs';

/** A target handed to the command (a link's, a card's): checked field by field, as anything from outside. */
export function asTextTarget(value: unknown): TextTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, id, imdb } = value as { kind?: unknown; id?: unknown; imdb?: unknown };
  const imdbId = imdbIdOf(imdb);
  if (imdbId) return { imdb: imdbId, kind: imdbId.startsWith('tt') ? 'title' : 'name' };
  // The project's one id check (model/panelRef); a credit is no reference a text makes.
  const ref = kind === 'credit' ? undefined : refOf(kind, id);
  return ref && ref.kind !== 'credit' ? ref : undefined;
}

/** Pause after an edit before the file is looked at again for references. */
const FOLLOW_PAUSE_MS = 500;

export class CursorTitle implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly lookup: TitleLookup,
    private readonly open: (ref: LinkedRef) => unknown,
    private readonly log: Logger,
  ) {
    this.subscriptions = [
      vscode.window.onDidChangeActiveTextEditor(() => this.follow()),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document !== vscode.window.activeTextEditor?.document) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.follow(), FOLLOW_PAUSE_MS);
      }),
    ];
    this.follow();
  }

  /** Whether the active file names a reference (the first found is enough): the context menu's item shows then. */
  private follow(): void {
    clearTimeout(this.timer);
    const document = vscode.window.activeTextEditor?.document;
    setContext(
      ContextKeys.refsInEditor,
      document ? findRefs(document.getText(), { limit: 1 }).length > 0 : false,
      false,
    );
  }

  /** Opens `arg` (a link's target), or else what is under the active editor's cursor. */
  async run(arg?: unknown): Promise<unknown> {
    let target = asTextTarget(arg);
    if (!target) {
      const editor = vscode.window.activeTextEditor;
      target = editor && refAtPosition(editor.document, editor.selection.active)?.ref.target;
    }
    if (!target) {
      void notifyInfo(
        vscode.l10n.t('TMDB: put the cursor on a TMDB or IMDb link or id (tmdb:movie/550, tt0137523) to open it.'),
      );
      return undefined;
    }
    try {
      const ref = await this.lookup.resolve(target);
      if (ref) return await this.open(ref);
      void notifyInfo(
        vscode.l10n.t('TMDB knows no title or person with the IMDb id {0}.', 'imdb' in target ? target.imdb : ''),
      );
    } catch (error) {
      this.log.error('editor', 'could not open the title at the cursor', error);
      void notifyError(vscode.l10n.t('TMDB: could not open the title. {0}', userMessage(error)));
    }
    return undefined;
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
