// The signed-in user's lists as something to edit: which of them hold a title, adding and removing it,
// new lists, and (with TMDB's v4 lists) rename, describe, public or private, sort, clear, delete and a
// comment per item. Every change is announced, so My Lists follows without a refresh.
// A session from TMDB's v4 approval uses v4 lists (movies and series mixed); an older session keeps
// v3's, which hold movies only.
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import type { TmdbClient } from '../tmdb/client';
import { DUPLICATE_ENTRY, TmdbError, isTmdbError } from '../tmdb/errors';
import type { ListChanges, ListItemRef } from '../tmdb/listsV4';
import { firstPages } from '../tmdb/paging';
import type { ListSummary } from '../tmdb/schemas';
import { confirmedWrite } from './confirmedWrite';

export interface ListChange {
  listId: string;
  /** The list itself is gone. */
  deleted?: boolean;
}

/** How many pages of lists a picker reads (20 a page). */
const MAX_LIST_PAGES = 5;

export class ListService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<ListChange>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: TmdbClient) {
    super();
  }

  /** Whether the session has TMDB's v4 lists (series, private lists, sorting, comments). */
  async isV4(): Promise<boolean> {
    return (await this.client.lists4.user()) !== undefined;
  }

  /** A page of the account's lists, v4 or v3 as the session allows. */
  async listsPage(page: number) {
    return (await this.isV4()) ? this.client.lists4.accountLists(page) : this.client.accountLists(page);
  }

  /** The account's lists, up to a hundred. */
  async ownLists(): Promise<ListSummary[]> {
    return (await firstPages((page) => this.listsPage(page), MAX_LIST_PAGES)).flatMap((page) => page.results);
  }

  /** Whether a list holds a title (a v3 list never holds a series). */
  async holds(listId: string, item: ListItemRef): Promise<boolean> {
    if (await this.isV4()) return this.client.lists4.holds(listId, item);
    return item.kind === 'movie' && this.client.listHolds(listId, item.id);
  }

  /** Puts a title into a list or takes it out; resolves once TMDB has it (already there counts). */
  async set(listId: string, item: ListItemRef, present: boolean): Promise<void> {
    if (await this.isV4()) {
      // v4 answers row by row: a row refused is checked (already there, or already gone, is what was asked).
      const outcome = await this.client.lists4.editItems(listId, present ? 'POST' : 'DELETE', [item]);
      if (outcome.refused.length > 0 && (await this.holds(listId, item)) !== present) throw refused(listId);
    } else {
      await confirmedWrite(
        () =>
          this.client.setListItem(listId, item.id, present).catch((error: unknown) => {
            if (present && isTmdbError(error) && error.statusCode === DUPLICATE_ENTRY) return;
            throw error;
          }),
        async () => (await this.holds(listId, item)) === present,
      );
    }
    this.changed.fire({ listId });
  }

  /**
   * Puts titles into a v4 list in one request (an import's batch); resolves to those TMDB did not add. A row
   * refused is most often a title already there: what was asked, unless the list says otherwise.
   */
  async addMany(listId: string, items: readonly ListItemRef[]): Promise<ListItemRef[]> {
    const outcome = await this.client.lists4.editItems(listId, 'POST', [...items]);
    const notHeld = await Promise.all(
      outcome.refused.map(async (item) => ((await this.client.lists4.holds(listId, item)) ? undefined : item)),
    );
    const refused = notHeld.filter((item) => item !== undefined);
    // Said once the list is known to have changed (a batch TMDB refused whole changed nothing).
    if (refused.length < items.length) this.changed.fire({ listId });
    return refused;
  }

  /** A new, empty list; resolves to its id. A private list needs v4 (v3 lists are public). */
  async create(name: string, description: string, isPublic = true): Promise<string> {
    const listId = (await this.isV4())
      ? await this.client.lists4.create(name, description, isPublic)
      : await this.client.createList(name, description);
    this.changed.fire({ listId });
    return listId;
  }

  /** Name, description, public or private, sort (v4). */
  async update(list: Pick<ListSummary, 'id' | 'name'>, changes: ListChanges): Promise<void> {
    await this.client.lists4.update(list.id, list.name, changes);
    this.changed.fire({ listId: list.id });
  }

  /** A comment on one item of a v4 list ("" removes it). */
  async comment(listId: string, item: ListItemRef, comment: string): Promise<void> {
    const outcome = await this.client.lists4.editItems(listId, 'PUT', [{ ...item, comment }]);
    // TMDB does not document what a comment's row says: one refused is read back before it is believed.
    if (outcome.refused.length > 0 && (await this.commentOf(listId, item)) !== comment) throw refused(listId);
    this.changed.fire({ listId });
  }

  /** The comment on a title as the list's first pages have it, or undefined when they do not hold it. */
  private async commentOf(listId: string, item: ListItemRef): Promise<string | undefined> {
    this.client.expire(`/4/list/${listId}`);
    const pages = await firstPages((page) => this.client.lists4.list(listId, page), MAX_LIST_PAGES);
    return pages.flatMap((page) => page.results).find((entry) => entry.media_type === item.kind && entry.id === item.id)
      ?.comment;
  }

  /** Every item out of a v4 list; resolves to how many TMDB removed. */
  async clear(listId: string): Promise<number> {
    const count = await this.client.lists4.clear(listId);
    this.changed.fire({ listId });
    return count;
  }

  /** The list itself, for good (v4). */
  async delete(listId: string): Promise<void> {
    await this.client.lists4.delete(listId);
    this.changed.fire({ listId, deleted: true });
  }
}

function refused(listId: string): TmdbError {
  return new TmdbError({
    kind: 'invalidResponse',
    endpoint: `/4/list/${listId}/items`,
    detail: vscode.l10n.t('TMDB refused the change for this title.'),
  });
}
