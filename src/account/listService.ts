// The signed-in user's lists as something to edit: which of them hold a movie, adding and removing it,
// and new lists. Every change is announced, so My Lists follows without a refresh. v3 lists hold movies
// only: a series cannot be put in one (TMDB's v4 lists can, with a v4 user token this extension does not use).
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import type { TmdbClient } from '../tmdb/client';
import { DUPLICATE_ENTRY, isTmdbError } from '../tmdb/errors';
import { firstPages } from '../tmdb/paging';
import type { ListSummary } from '../tmdb/schemas';
import { confirmedWrite } from './confirmedWrite';

export interface ListChange {
  listId: string;
}

/** How many pages of lists a picker reads (20 a page). */
const MAX_LIST_PAGES = 5;

export class ListService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<ListChange>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: TmdbClient) {
    super();
  }

  /** The account's lists, up to a hundred. */
  async ownLists(): Promise<ListSummary[]> {
    return (await firstPages((page) => this.client.accountLists(page), MAX_LIST_PAGES)).flatMap((page) => page.results);
  }

  holds(listId: string, movieId: number): Promise<boolean> {
    return this.client.listHolds(listId, movieId);
  }

  /** Puts a movie into a list or takes it out; resolves once TMDB has it (already there counts). */
  async set(listId: string, movieId: number, present: boolean): Promise<void> {
    await confirmedWrite(
      () =>
        this.client.setListItem(listId, movieId, present).catch((error: unknown) => {
          if (present && isTmdbError(error) && error.statusCode === DUPLICATE_ENTRY) return;
          throw error;
        }),
      async () => (await this.holds(listId, movieId)) === present,
    );
    this.changed.fire({ listId });
  }

  /** A new, empty list; resolves to its id. */
  async create(name: string, description: string): Promise<string> {
    const listId = await this.client.createList(name, description);
    this.changed.fire({ listId });
    return listId;
  }
}
