// The shared part of the three tree providers: getChildren never throws.
import * as vscode from 'vscode';
import type { Logger } from '../log';
import { shortReason } from '../tmdb/errors';
import { MessageNode, type Node } from './nodes';

export abstract class TreeProvider implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  protected readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(
    protected readonly log: Logger,
    private readonly component: string,
    private readonly refreshCommand: string,
  ) {}

  getTreeItem(node: Node): vscode.TreeItem {
    return node;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    try {
      return node ? ((await node.children?.()) ?? []) : await this.roots();
    } catch (error) {
      this.log.error(this.component, 'could not list the view', error);
      const retry = { command: this.refreshCommand, title: 'Retry' };
      return [new MessageNode(`Something went wrong: ${shortReason(error)} (click to retry)`, 'error', retry)];
    }
  }

  /** Redraws a node, or the whole view. */
  redraw(node?: Node): void {
    this.changed.fire(node);
  }

  protected abstract roots(): Promise<Node[]>;

  dispose(): void {
    this.changed.dispose();
  }
}
