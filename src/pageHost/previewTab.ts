// The preview tab, as VS Code opens a file from the Explorer: with `workbench.editor.enablePreview` on, a
// sidebar row's click shows its title in the one preview tab (the next row's click shows its own there,
// and Back returns), and the tab is kept, as any other, once the person double-clicks the row, acts in the
// page (follows a link, changes the watchlist, a favorite, a rating, a list) or runs Keep Open (its pin in
// the editor's title bar, Ctrl+K Enter). A webview's tab cannot be drawn in italics: the pin says it.
import * as vscode from 'vscode';
import { refKey, type PanelRef } from '../model/panelRef';

/** Two clicks on one row closer than this are a double click (the tree runs the row's command on each). */
export const DOUBLE_CLICK_MS = 500;

/** What the preview tab asks of a panel: its webview panel, its mark, and when the person acts in it. */
export interface PreviewPanel {
  readonly panel: vscode.WebviewPanel;
  markPreview(on: boolean): void;
  /** Fires when the person acts in the page (a link, a toggle, a rating, a list): the tab is then kept. */
  readonly onDidAct: vscode.Event<void>;
}

export class PreviewTab<P extends PreviewPanel> implements vscode.Disposable {
  private current: P | undefined;
  private watching: vscode.Disposable[] = [];
  private lastClick: { key: string; at: number } | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the preview tab is another, or none. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * What to do for `ref` opened from a row (`preview`) or from anywhere else: show it in the preview tab
   * (`reuse`, when there is one), or keep the tab that shows it (`keep`: a double click, or previews are off).
   */
  opening(ref: PanelRef, preview: boolean): { reuse?: P; keep: boolean } {
    if (!preview) return { keep: false };
    const key = refKey(ref);
    const at = this.now();
    const double = this.lastClick?.key === key && at - this.lastClick.at < DOUBLE_CLICK_MS;
    this.lastClick = { key, at };
    if (double || !previewsOn()) return { keep: true };
    return { reuse: this.current, keep: false };
  }

  /** Whether `panel` is the preview tab. */
  is(panel: P | undefined): boolean {
    return panel !== undefined && panel === this.current;
  }

  /** Makes `panel` the preview tab (the one before, if any, is kept). */
  set(panel: P): void {
    this.clear();
    this.current = panel;
    panel.markPreview(true);
    this.watching = [panel.onDidAct(() => this.keep(panel)), panel.panel.onDidDispose(() => this.keep(panel))];
    this.changed.fire();
  }

  /** Keeps `panel` open: the next row's click opens a tab of its own. */
  keep(panel: P | undefined): void {
    if (panel === undefined || panel !== this.current) return;
    this.clear();
    this.changed.fire();
  }

  private clear(): void {
    for (const subscription of this.watching) subscription.dispose();
    this.watching = [];
    this.current?.markPreview(false);
    this.current = undefined;
  }

  dispose(): void {
    this.clear();
    this.changed.dispose();
  }
}

/** VS Code's own setting for preview editors (on unless the person turned it off). */
function previewsOn(): boolean {
  return vscode.workspace.getConfiguration('workbench.editor').get<boolean>('enablePreview', true);
}
