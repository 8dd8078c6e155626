// The Up Next view: Continue Watching first (the started series, each with its next episode to watch and how
// far along: "S02E05 · 14 of 19"), then the followed series in their groups (Today, This week, Later, Date
// not announced; Returning, Ended and Canceled folded): its rows are ./upNextRows' and ./continueRows', loaded
// with the view's first rows. Showing the view is what starts Up Next (./upNext): a hidden view asks nothing.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import type { UpNextService } from './upNext';
import { UP_NEXT_GROUPS } from './upNextSchedule';
import { Commands, Views } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import { shortReason, userMessage } from '../../tmdb/errors';
import { MessageNode, offlineNodes, type Node } from '../../tree/nodes';
import { TreeProvider } from '../../tree/treeProvider';
import { upNextHostSlice } from './deferredPart';

export class UpNextView extends TreeProvider {
  constructor(
    client: TmdbClient,
    private readonly credentials: Credentials,
    private readonly upNext: UpNextService,
    log: Logger,
  ) {
    super(client, log, {
      viewId: Views.upNext,
      component: 'upNext',
      refreshCommand: Commands.upNextRefresh,
      paths: [],
      titleRows: true,
      showCollapseAll: true,
    });
    this.register(upNext.onDidChange(() => this.redraw()));
  }

  refresh(): Promise<void> {
    return this.upNext.refresh();
  }

  reset(): void {
    this.redraw();
  }

  protected async roots(): Promise<Node[]> {
    if (!(await this.credentials.currentSession())) return [];
    await this.upNext.start();
    const state = this.upNext.state;
    const retry = { command: Commands.upNextRefresh, title: vscode.l10n.t('Retry') };
    if (state.error) {
      return [
        new MessageNode(
          vscode.l10n.t('Could not load: {0} (click to retry)', shortReason(state.error)),
          'error',
          retry,
          userMessage(state.error),
        ),
      ];
    }
    const rows: Node[] = [...offlineNodes(state, Commands.upNextRefresh)];
    if (state.failed) {
      const label =
        state.failed === 1
          ? vscode.l10n.t('1 series could not be read (click to retry)')
          : vscode.l10n.t('{0} series could not be read (click to retry)', state.failed);
      rows.push(new MessageNode(label, 'warning', retry));
    }
    // The groups' rows load with the view's first rows (./upNextRows, ./continueRows: the first-use part).
    const { ContinueGroup, GroupNode } = await upNextHostSlice.load();
    if (state.continuing.length) rows.push(new ContinueGroup(state.continuing));
    if (state.entries.length === 0 && state.continuing.length === 0 && !state.failed) {
      rows.push(
        new MessageNode(
          vscode.l10n.t('No series followed yet: add series to your watchlist or favorites, or rate them.'),
          'info',
        ),
      );
    }
    for (const group of UP_NEXT_GROUPS) {
      const entries = state.entries.filter((entry) => entry.group === group);
      if (entries.length) rows.push(new GroupNode(group, entries, state.today));
    }
    return rows;
  }
}
