// The shared part of the three tree views: each creates its own TreeView, starts over when a TMDB
// setting changes or when an answer it shows turned out to have changed (checked behind, see the client's
// stale-while-revalidate), and getChildren never throws.
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import type { Logger } from '../kit/log';
import type { TmdbClient } from '../tmdb/client';
import { shortReason } from '../tmdb/errors';
import { MessageNode, TitleNode, type Node } from './nodes';
import { titleMarks } from './titleMarks';

export interface TreeSetup {
  viewId: string;
  /** The component name in the log. */
  component: string;
  /** What the error row's "retry" runs. */
  refreshCommand: string;
  showCollapseAll?: boolean;
  /** The API paths the view reads: an answer under one that changed redraws the view. */
  paths: string[];
  /** Its rows are titles, whose menus follow what is known of their flags (./titleMarks): redrawn when that changes. */
  titleRows?: boolean;
}

export abstract class TreeProvider extends Disposable implements vscode.TreeDataProvider<Node> {
  protected readonly changed = this.register(new vscode.EventEmitter<Node | Node[] | undefined>());
  /** The title rows this view has drawn, by title (`movie:550`): their menus follow ./titleMarks in place. */
  private readonly titleRows = new Map<string, Set<TitleNode>>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<Node>;
  private redrawWhenShown = false;
  /** The workbench has asked for the view's rows (it has built the view's tree). */
  private rowsAsked = false;

  constructor(
    protected readonly client: TmdbClient,
    protected readonly log: Logger,
    private readonly setup: TreeSetup,
  ) {
    super();
    this.register(
      client.onDidRefresh((path) => {
        if (setup.paths.some((prefix) => path.startsWith(prefix))) this.reset();
      }),
    );
    this.view = this.register(
      vscode.window.createTreeView(setup.viewId, {
        treeDataProvider: this,
        showCollapseAll: setup.showCollapseAll ?? false,
      }),
    );
    let shownOnce = false;
    this.register(
      this.view.onDidChangeVisibility(({ visible }) => {
        if (visible && !shownOnce) {
          shownOnce = true;
          // VS Code 1.139 builds a view's tree the first time the view is shown, after laying the view out,
          // and lays the tree out only by a 2 s timer of its own: the rows in hand stay undrawn till then. A
          // message set, even the same one (VS Code does not skip it), lays the tree out now. It goes first
          // of the extension host's 200 ms window for a view's changes, so a redraw due would wait behind
          // it; but a tree built now asks for its rows anyway, so a redraw due before any was asked is
          // dropped. Not needed once VS Code lays a new tree out itself.
          // eslint-disable-next-line no-self-assign -- setting it again is what lays the tree out
          this.view.message = this.view.message;
          if (!this.rowsAsked) this.redrawWhenShown = false;
        }
        if (!visible || !this.redrawWhenShown) return;
        this.redrawWhenShown = false;
        this.changed.fire(undefined);
      }),
    );
    this.register(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('tmdb')) this.reset();
      }),
    );
    if (setup.titleRows) this.register(titleMarks.onDidChange((keys) => this.showMarks(keys)));
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (this.setup.titleRows && node instanceof TitleNode) {
      node.showMarks(); // what is known now, if it changed after the row was made
      const rows = this.titleRows.get(node.markKey) ?? new Set<TitleNode>();
      this.titleRows.set(node.markKey, rows.add(node));
    }
    return node;
  }

  /**
   * What is known of some titles' flags changed: their rows drawn in this view take the new marks in place
   * (a whole redraw would make new rows, and the tree would lose the focused row under an open menu).
   */
  private showMarks(keys: string[] | undefined): void {
    if (!keys) {
      this.titleRows.clear();
      return this.redraw();
    }
    const rows = keys.flatMap((key) => [...(this.titleRows.get(key) ?? [])]);
    for (const row of rows) row.showMarks();
    if (rows.length) this.changed.fire(rows);
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      // Rows drawn before are gone with a new root.
      this.titleRows.clear();
      this.rowsAsked = true;
      // Rows asked after a change read it: a redraw due for it would read them again.
      this.redrawWhenShown = false;
    }
    try {
      return node ? ((await node.children?.()) ?? []) : await this.roots();
    } catch (error) {
      this.log.error(this.setup.component, 'could not list the view', error);
      const retry = { command: this.setup.refreshCommand, title: vscode.l10n.t('Retry') };
      return [
        new MessageNode(
          vscode.l10n.t('Something went wrong: {0} (click to retry)', shortReason(error)),
          'error',
          retry,
        ),
      ];
    }
  }

  /**
   * Redraws a node, or the whole view; a view not on screen once it is shown again. (VS Code asks a
   * view it has drawn once for its rows on every change, on screen or not: each would be a read of TMDB
   * for a view nobody sees.)
   */
  redraw(node?: Node): void {
    if (!this.view.visible) {
      this.redrawWhenShown = true;
      return;
    }
    this.changed.fire(node);
  }

  /**
   * A change made elsewhere (a title added, a list edited): a view on screen that has shown its rows reads
   * them again in place (`readAgain`, the old rows staying till the new ones come); any other asks TMDB
   * nothing now and starts afresh (`startAfresh`) when it is shown.
   */
  protected async followChange(
    shownBefore: boolean,
    readAgain: () => Promise<unknown>,
    startAfresh: () => void,
  ): Promise<void> {
    if (this.view.visible && shownBefore) await readAgain();
    else startAfresh();
  }

  /** Forgets what was loaded and shows the view afresh. */
  abstract reset(): void;

  /** Refresh asks TMDB (not the cache) for what the view shows next. */
  protected expireCached(): void {
    for (const path of this.setup.paths) this.client.expire(path);
  }

  protected abstract roots(): Promise<Node[]>;
}
