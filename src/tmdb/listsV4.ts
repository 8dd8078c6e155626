// TMDB's v4 lists (`/4/account/{account_object_id}/lists`, `/4/list/{list_id}…`): movies and series
// mixed, public or private, sorted, a comment per item. Every call carries the user's v4 access token as
// the bearer. Writes are read item by item (v4 answers `results[]` a row, with overall success even when
// a row failed), and `GET …/clear`, which deletes, is never cached. Plain TypeScript: no `vscode` import.
import type { z } from 'zod';
import { clampPage, int } from './arguments';
import type { Kept } from './cache';
import { TmdbError, isTmdbError, unconfirmed } from './errors';
import { ACCOUNT_KEPT } from './policies';
import type { Read } from './readThrough';
import type * as s from './schemas';
import { tmdbPart } from './deferredPart';
import type { Call, UserSession, V4User } from './call';

const schemas = () => tmdbPart().schemas;

export interface RequestDeps {
  read: <T extends z.ZodType>(call: Read<T>) => Promise<Kept<z.output<T>>>;
  send: <T extends z.ZodType>(call: Call<T>) => Promise<z.output<T>>;
  session: () => Promise<UserSession | undefined>;
  /** The content language (`iso_639_1` of a new list). */
  language: () => string;
  /** After a write: the account's kept answers are read anew. */
  forgetAccount: () => void;
}

export interface ListItemRef {
  kind: s.MediaKind;
  id: number;
}

/** What an items call did to each title: the ones TMDB refused, by row. */
export interface ItemsOutcome {
  done: ListItemRef[];
  refused: ListItemRef[];
}

export interface ListChanges {
  name?: string;
  description?: string;
  public?: boolean;
  sortBy?: s.V4ListSort;
}

export class ListsV4 {
  constructor(private readonly deps: RequestDeps) {}

  /** The session, if it came from TMDB's v4 approval. */
  async user(): Promise<(UserSession & { v4: V4User }) | undefined> {
    const session = await this.deps.session();
    return session?.v4 ? (session as UserSession & { v4: V4User }) : undefined;
  }

  private async requireUser(endpoint: string): Promise<UserSession & { v4: V4User }> {
    const session = await this.user();
    if (!session) throw new TmdbError({ kind: 'signedOut', endpoint });
    return session;
  }

  /** `GET /4/account/{account_object_id}/lists`: the account's lists, private ones too. */
  async accountLists(page = 1) {
    const session = await this.requireUser('GET /4/account/{account_object_id}/lists');
    return this.deps.read({
      path: `/4/account/${session.v4.accountObjectId}/lists`,
      schema: () => schemas().v4AccountLists(),
      query: { page: clampPage(page) },
      session,
      asUser: true,
      cache: { ...ACCOUNT_KEPT, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /** `GET /4/list/{list_id}`: a page of the list's items, each with its comment, in the list's sort. */
  async list(listId: string, page = 1) {
    const session = await this.requireUser('GET /4/list/{list_id}');
    return this.deps.read({
      path: `/4/list/${encodeURIComponent(listId)}`,
      schema: () => schemas().v4ListDetails(),
      query: { page: clampPage(page) },
      localized: true,
      session,
      asUser: true,
      // TMDB sends private lists with `public, max-age=300`: kept by account, never shared.
      cache: { ...ACCOUNT_KEPT, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /** `GET /4/list/{list_id}/item_status`: 200 when the list holds the title, 404 (34) when it does not. */
  async holds(listId: string, item: ListItemRef): Promise<boolean> {
    const session = await this.requireUser('GET /4/list/{list_id}/item_status');
    try {
      await this.deps.send({
        path: `/4/list/${encodeURIComponent(listId)}/item_status`,
        schema: () => schemas().statusResponse(),
        query: { media_id: int(item.id), media_type: item.kind },
        session,
        asUser: true,
      });
      return true;
    } catch (error) {
      if (isTmdbError(error, 'notFound')) return false;
      throw error;
    }
  }

  /** `POST` (add), `PUT` (comment) or `DELETE` (remove) `/4/list/{list_id}/items`, read row by row. */
  async editItems(
    listId: string,
    method: 'POST' | 'PUT' | 'DELETE',
    items: Array<ListItemRef & { comment?: string }>,
  ): Promise<ItemsOutcome> {
    const path = `/4/list/${encodeURIComponent(listId)}/items`;
    const session = await this.requireUser(`${method} ${path}`);
    const reply = await this.write({
      method,
      path,
      schema: () => schemas().v4ItemResults(),
      body: {
        items: items.map((item) => ({
          media_type: item.kind,
          media_id: int(item.id),
          ...(method === 'PUT' ? { comment: item.comment ?? '' } : {}),
        })),
      },
      session,
      asUser: true,
    });
    const ok = new Set(reply.results.filter((row) => row.success).map((row) => `${row.media_type}:${row.media_id}`));
    return {
      done: items.filter((item) => ok.has(`${item.kind}:${item.id}`)),
      refused: items.filter((item) => !ok.has(`${item.kind}:${item.id}`)),
    };
  }

  /**
   * `POST /4/list`: a new list in the content language; resolves to its id. TMDB ignores `public: false`
   * on create (the list comes out public) and honours 0, so the flag goes as a number.
   */
  async create(name: string, description: string, isPublic: boolean): Promise<string> {
    const session = await this.requireUser('POST /4/list');
    const reply = await this.write({
      method: 'POST',
      path: '/4/list',
      schema: () => schemas().v4ListCreated(),
      body: { name, description, iso_639_1: this.deps.language(), public: isPublic ? 1 : 0 },
      session,
      asUser: true,
    });
    return String(reply.id);
  }

  /** `PUT /4/list/{list_id}`: name, description, public, sort; the name always goes (older TMDB requires it). */
  async update(listId: string, name: string, changes: ListChanges): Promise<void> {
    const path = `/4/list/${encodeURIComponent(listId)}`;
    const session = await this.requireUser(`PUT ${path}`);
    await this.write({
      method: 'PUT',
      path,
      schema: () => schemas().statusResponse(),
      body: {
        name: changes.name ?? name,
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.public !== undefined ? { public: changes.public } : {}),
        ...(changes.sortBy !== undefined ? { sort_by: changes.sortBy } : {}),
      },
      session,
      asUser: true,
    });
  }

  /** `GET /4/list/{list_id}/clear`: a GET that deletes every item. Sent once, never kept; resolves to how many went. */
  async clear(listId: string): Promise<number> {
    const path = `/4/list/${encodeURIComponent(listId)}/clear`;
    const session = await this.requireUser(`GET ${path}`);
    try {
      const reply = await this.write({ path, schema: () => schemas().v4Cleared(), session, asUser: true, once: true });
      return reply.items_deleted;
    } finally {
      this.deps.forgetAccount();
    }
  }

  /** `DELETE /4/list/{list_id}`: irreversible. */
  async delete(listId: string): Promise<void> {
    const path = `/4/list/${encodeURIComponent(listId)}`;
    const session = await this.requireUser(`DELETE ${path}`);
    await this.write({ method: 'DELETE', path, schema: () => schemas().statusResponse(), session, asUser: true });
  }

  /** A write TMDB must confirm: `success: false` is an error, never a silent success. */
  private async write<T extends z.ZodType<s.StatusResponse>>(call: Call<T>): Promise<z.output<T>> {
    const reply = await this.deps.send(call);
    if (reply.success === false) throw unconfirmed(call, reply);
    return reply;
  }
}
