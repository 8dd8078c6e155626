// What a person watched, for the account signed in: read from and kept in global state (./keptMarks, synced
// by Settings Sync). A change is heard by every page and view that shows a mark (`changed`); a change past
// what Settings Sync can carry is refused, and the person is told why and what to do.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { notifyError } from '../../kit/notify';
import type { Logger } from '../../kit/log';
import { formatNumber } from '../../model/numbers';
import { displayLocale } from '../../settings/settings';
import { KeptMarks } from './keptMarks';
import { dayOf, type WatchedMarks } from './marks';

export class WatchedService {
  private readonly kept: KeptMarks;

  constructor(
    state: vscode.Memento,
    private readonly credentials: Credentials,
    private readonly changed: () => void,
    private readonly log: Logger,
  ) {
    this.kept = new KeptMarks(state);
  }

  /** Whether the movie is marked watched; undefined when no one is signed in. */
  async movie(id: number): Promise<boolean | undefined> {
    const marks = await this.marks();
    return marks && marks.movie(id) !== undefined;
  }

  /** Marks the movie watched today, or takes the mark off; false when it could not be kept. */
  async setMovie(id: number, watched: boolean): Promise<boolean> {
    const account = (await this.credentials.currentSession())?.accountId;
    const marks = await this.marks();
    if (account === undefined || !marks) return false;
    if (watched) marks.markMovie(id, dayOf(new Date()));
    else marks.unmarkMovie(id);
    const outcome = await this.kept.save(account, marks);
    if (!outcome.saved) {
      const locale = displayLocale();
      void notifyError(
        vscode.l10n.t(
          'Your watched marks have reached what Settings Sync can carry ({0} of {1} characters): this one was not kept. Take the marks off titles you no longer need.',
          formatNumber(outcome.chars, locale),
          formatNumber(outcome.limit, locale),
        ),
      );
      return false;
    }
    this.changed();
    return true;
  }

  /** The signed-in account's marks (a copy), or undefined when no one is signed in. */
  private async marks(): Promise<WatchedMarks | undefined> {
    const account = (await this.credentials.currentSession())?.accountId;
    if (account === undefined) return undefined;
    const { marks, skipped } = this.kept.read(account);
    if (skipped > 0) this.log.warn('watched', `left out ${skipped} kept watched marks that were not marks`);
    return marks;
  }
}
