// A panel's tab title, held back while the workbench's thread is the page's: while VS Code builds the
// page's webview, and while the page paints content it was given. The workbench relabels the tab and the
// window on that same thread: a retitle then held the build back (npm run bench:paint, TMDB_PAINT_STEPS:
// VS Code's own webview script started 88 ms later than an empty webview's, 1 ms without it), and one sent
// with the content held the content's frame back ~10 ms (a probe: a 50 KB message relayed in 6 ms alone,
// 13-15 ms with a retitle). What else the workbench does for the content (the title bar's context keys,
// the recent titles) waits for the same moment, told by `onSettled`. Held at most 2 s, and never past the
// panel going out of view (its page is then thrown away, and says `ready` only when shown).
import type * as vscode from 'vscode';

/** The longest a title waits for the page (one that never says `ready` or `painted`: a page that failed to load). */
const MAX_WAIT_MS = 2000;

export class TabTitle implements vscode.Disposable {
  private pending: string | undefined;
  /** The name the tab shows, without the preview mark. */
  private name: string | undefined;
  private mark: ((name: string) => string) | undefined;
  /** The panel was closed (its title can no longer be read or set). */
  private closed = false;
  private readonly closing: vscode.Disposable;
  private held = true;
  /** The number of the content whose `painted` ends the wait. */
  private awaited = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly viewState: vscode.Disposable;

  /**
   * `onSettled(false)` when content goes to a page in view, or the page goes out of view; `(true)` when the
   * wait ends (the page painted, had nothing to paint, or the 2 s passed), possibly more than once.
   */
  constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly onSettled: (settled: boolean) => void,
  ) {
    // Before anyone else hears of it (the preview tab, which then unmarks the panel).
    this.closing = panel.onDidDispose(() => {
      this.closed = true;
      clearTimeout(this.timer);
    });
    this.viewState = panel.onDidChangeViewState(() => {
      if (panel.visible) return;
      // Out of view: its page is gone, and is built anew when shown (titles then wait for its `ready`, and
      // for its `painted` if it is given content).
      this.held = true;
      this.flush();
      this.onSettled(false);
    });
  }

  /** The title the tab has, or is about to have (without the preview tab's mark). */
  get value(): string {
    return this.name ?? this.panel.title;
  }

  /**
   * Marks the tab as the preview tab (a webview's tab cannot be drawn in italics): `mark` turns the name
   * into what the tab says ("Fight Club · Preview"); `undefined` when the tab is kept.
   */
  markPreview(mark: ((name: string) => string) | undefined): void {
    this.mark = mark;
    // A closed tab is kept no more (the preview tab lets it go): it has no title to change.
    if (this.name !== undefined && !this.closed) this.set(this.name);
  }

  /** Sets the tab's title: now, or once the page in view has booted and painted what it was given. */
  set(title: string): void {
    this.name = title;
    if (this.closed) return;
    this.pending = this.mark ? this.mark(title) : title;
    if (this.held && this.panel.visible) this.timer ??= setTimeout(() => this.release(), MAX_WAIT_MS);
    else this.flush();
  }

  /** Content `seq` goes to the page: titles wait till it is painted. */
  hold(seq: number): void {
    if (!this.panel.visible) return;
    this.held = true;
    this.awaited = seq;
    this.onSettled(false);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), MAX_WAIT_MS);
  }

  /** The page painted content `seq`: the wait ends if that is the content last given (or a later one). */
  painted(seq: number): void {
    if (seq >= this.awaited) this.release();
  }

  /** The page has nothing to paint (it booted showing "Loading…"), or the wait is over: the title held back goes on the tab. */
  release(): void {
    this.held = false;
    this.flush();
    this.onSettled(true);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.viewState.dispose();
    this.closing.dispose();
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending !== undefined) this.panel.title = this.pending;
    this.pending = undefined;
  }
}
