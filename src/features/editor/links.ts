// The editor's doors onto TMDB (links, hover cards, the title under the cursor): where they open, and
// which documents they serve. Links cost one scan of the text and ask TMDB nothing; what a link names
// is read when the person hovers or clicks it.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { commandUri } from './commandUri';
import { refAt, refSlices, type TextRef, type TextTarget } from './textRefs';

/**
 * Every text document. A file's, an untitled one's, a remote or virtual one's score as high as a
 * language's own selector (Markdown's links): VS Code keeps the link of the highest-scoring provider
 * where two overlap, and a non-built-in one before a built-in at equal score, so a TMDB address in a
 * Markdown link opens here, not in the browser. Any other scheme still gets links (`language: '*'`).
 */
export const ANY_TEXT: vscode.DocumentSelector = [
  ...['file', 'untitled', 'vscode-remote', 'vscode-vfs', 'vscode-userdata', 'vscode-notebook-cell'].map((scheme) => ({
    scheme,
  })),
  { language: '*' },
];

/** Around the cursor or the mouse, how much of a line is read (a 10 MB one-line file is read in this window). */
const LINE_WINDOW = 2000;

/** What a link (or a card's first link) runs: a TMDB reference opens its page; an IMDb id is found first. */
export function openCommandUri(target: TextTarget): vscode.Uri {
  return vscode.Uri.parse(commandUri(Commands.openTitleAtCursor, [target]));
}

export class TextLinks implements vscode.DocumentLinkProvider {
  async provideDocumentLinks(
    document: vscode.TextDocument,
    token: vscode.CancellationToken,
  ): Promise<vscode.DocumentLink[]> {
    const text = document.getText();
    const refs: TextRef[] = [];
    // A slice at a time, letting the extension host answer others (a hover, a completion) between slices,
    // and stopping when VS Code no longer wants these links (an edit made since asks again).
    let first = true;
    for (const slice of refSlices(text)) {
      if (!first) await new Promise((resolve) => setTimeout(resolve, 0));
      first = false;
      if (token.isCancellationRequested) return [];
      refs.push(...slice);
    }
    return refs.map((ref) => {
      const link = new vscode.DocumentLink(
        new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end)),
        openCommandUri(ref.target),
      );
      // VS Code adds "(ctrl + click)"; the card below it has its own "Open in VS Code".
      link.tooltip = vscode.l10n.t('TMDB page');
      return link;
    });
  }
}

/** The reference at a position, read from a window of its line (so a huge line costs a window). */
export function refAtPosition(
  document: vscode.TextDocument,
  position: vscode.Position,
  touching = true,
): { ref: TextRef; range: vscode.Range } | undefined {
  const line = document.lineAt(position.line).text;
  const start = Math.max(0, position.character - LINE_WINDOW / 2);
  const window = line.slice(start, position.character + LINE_WINDOW / 2);
  const ref = refAt(window, position.character - start, touching);
  if (!ref) return undefined;
  const range = new vscode.Range(position.line, start + ref.start, position.line, start + ref.end);
  return { ref: { ...ref, start: start + ref.start, end: start + ref.end }, range };
}
