// A panel's tab title, held back while VS Code builds the page's webview. Retitling the tab in that time
// (the content in hand when the panel opened) held the build back ~80 ms: the workbench relabels the tab
// and the window while it lays out the new editor (npm run bench:paint, TMDB_PAINT_STEPS: VS Code's own
// webview script started 88 ms later than an empty webview's, 1 ms without the retitling).
import type * as vscode from 'vscode';

export class TabTitle {
  private pending: string | undefined;
  private booting = true;

  constructor(private readonly panel: vscode.WebviewPanel) {}

  /** The title the tab has, or is about to have. */
  get value(): string {
    return this.pending ?? this.panel.title;
  }

  /** Sets the tab's title: now, or once the page has booted if it is booting in view. */
  set(title: string): void {
    if (this.booting && this.panel.visible) {
      this.pending = title;
      return;
    }
    this.pending = undefined;
    this.panel.title = title;
  }

  /** The page said `ready`: the title held back goes on the tab, and later ones at once. */
  booted(): void {
    this.booting = false;
    if (this.pending !== undefined) this.set(this.pending);
  }
}
