// A panel's tab title, held back while VS Code builds the page's webview. Retitling the tab in that time
// (the content in hand when the panel opened) held the build back: the workbench relabels the tab and the
// window while it lays out the new editor (npm run bench:paint, TMDB_PAINT_STEPS: VS Code's own webview
// script started 88 ms later than an empty webview's, 1 ms without the retitling). Held at most 2 s, and
// never past the panel going out of view (its page is then thrown away, and says `ready` only when shown).
import type * as vscode from 'vscode';

/** The longest a title waits for the page (one that never says `ready`: a page that failed to load). */
const MAX_WAIT_MS = 2000;

export class TabTitle implements vscode.Disposable {
  private pending: string | undefined;
  private booting = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly viewState: vscode.Disposable;

  constructor(private readonly panel: vscode.WebviewPanel) {
    this.viewState = panel.onDidChangeViewState(() => {
      if (panel.visible) return;
      // Out of view: its page is gone, and is built anew when shown (titles then wait for that `ready`).
      this.booting = true;
      this.flush();
    });
  }

  /** The title the tab has, or is about to have. */
  get value(): string {
    return this.pending ?? this.panel.title;
  }

  /** Sets the tab's title: now, or once the page has booted if it is booting in view. */
  set(title: string): void {
    if (this.booting && this.panel.visible) {
      this.pending = title;
      this.timer ??= setTimeout(() => this.flush(), MAX_WAIT_MS);
      return;
    }
    this.pending = title;
    this.flush();
  }

  /** The page said `ready`: the title held back goes on the tab, and later ones at once. */
  booted(): void {
    this.booting = false;
    this.flush();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.viewState.dispose();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending !== undefined) this.panel.title = this.pending;
    this.pending = undefined;
  }
}
