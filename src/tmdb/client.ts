// The typed TMDB v3 client: the public half (./clientCore: the cache's controls and the one request path;
// ./sessionCalls: sign-in's calls; ./catalogueClient: the catalogue) and, here, the signed-in user's endpoints: lists, the watchlist and favorites,
// ratings, account states. Plain TypeScript: no `vscode` import.
import * as l10n from '@vscode/l10n';
import type { z } from 'zod';
import { isRating } from '../model/ratings';
import { clampPage, int } from './arguments';
import { CatalogueClient } from './catalogueClient';
import { schemas } from './clientCore';
import { TmdbError, unconfirmed } from './errors';
import { ListsV4, type RequestDeps } from './listsV4';
import { ACCOUNT_CACHE, ACCOUNT_KEPT, CONFIRMED_BY } from './policies';
import type * as s from './schemas';
import type { Call } from './call';

export { type TimeWindow } from './catalogueClient';
export { type TmdbClientOptions } from './clientCore';

export class TmdbClient extends CatalogueClient {
  /** The one request path, for the calls kept apart: the v4 lists, and those a first use loads (./episodeCalls). */
  readonly calls: RequestDeps = {
    read: (call) => this.request(call),
    send: (call) => this.request(call),
    session: () => this.options.session(),
    language: () => this.options.settings().language.split('-')[0] || 'en',
    forgetAccount: () => this.forgetAccount(),
  };

  /** TMDB's v4 lists, for a session from the v4 approval. */
  readonly lists4 = new ListsV4(this.calls);

  // ---- the signed-in user ---------------------------------------------------------------------

  /** `GET /3/account/{account_id}/lists`. */
  async accountLists(page = 1) {
    const session = await this.requireSession('GET /3/account/{account_id}/lists');
    return this.request({
      path: `/3/account/${session.accountId}/lists`,
      schema: () => schemas().accountLists(),
      query: { page: clampPage(page) },
      session,
      cache: { ...ACCOUNT_KEPT, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /** The watchlist or the favorites, the latest added first (`GET /3/account/{account_id}/watchlist/movies`, `/favorite/tv`…). */
  flagged<K extends s.MediaKind>(
    flag: s.TitleFlag,
    kind: K,
    page = 1,
    signal?: AbortSignal,
  ): Promise<K extends 'movie' ? s.Paged<s.MovieSummary> : s.Paged<s.TvSummary>> {
    return this.accountTitles(
      flag,
      () => (kind === 'movie' ? schemas().watchlistMovies() : schemas().watchlistTv()),
      kind,
      page,
      signal,
    ) as never;
  }

  /** Titles the account rated, the latest first (`GET /3/account/{account_id}/rated/movies` or `/tv`). */
  rated<K extends s.MediaKind>(
    kind: K,
    page = 1,
    signal?: AbortSignal,
  ): Promise<K extends 'movie' ? s.Paged<s.RatedMovie> : s.Paged<s.RatedTv>> {
    return this.accountTitles(
      'rated',
      () => (kind === 'movie' ? schemas().ratedMovies() : schemas().ratedTv()),
      kind,
      page,
      signal,
    ) as never;
  }

  /** A page of the account's watchlist, favorites or rated titles, newest first; kept like account data, served stale while checked. */
  private async accountTitles<T extends z.ZodType>(
    what: s.TitleFlag | 'rated',
    schema: () => T,
    kind: s.MediaKind,
    page: number,
    signal?: AbortSignal,
  ) {
    const session = await this.requireSession(`GET /3/account/{account_id}/${what}`);
    return this.request({
      path: `/3/account/${session.accountId}/${what}/${kind === 'movie' ? 'movies' : 'tv'}`,
      schema,
      query: { page: clampPage(page), sort_by: 'created_at.desc' },
      session,
      signal,
      localized: true,
      cache: { ...ACCOUNT_KEPT, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  async accountStates(kind: s.MediaKind, mediaId: number) {
    const path = `/3/${kind}/${int(mediaId)}/account_states`;
    const session = await this.requireSession(`GET ${path}`);
    return this.request({
      path,
      schema: () => schemas().accountStates(),
      session,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /**
   * `POST /3/account/{account_id}/{watchlist|favorite}` with `{media_type, media_id, <flag>}`. Confirmed by
   * status_code 1 (added), 12 (already so) or 13 (removed).
   */
  async setFlag(flag: s.TitleFlag, kind: s.MediaKind, mediaId: number, on: boolean): Promise<s.StatusResponse> {
    const session = await this.requireSession(`POST /3/account/{account_id}/${flag}`);
    return this.write(CONFIRMED_BY.flag, {
      method: 'POST',
      path: `/3/account/${session.accountId}/${flag}`,
      schema: () => schemas().statusResponse(),
      body: { media_type: kind, media_id: int(mediaId), [flag]: on },
      session,
    });
  }

  /**
   * `POST /3/{movie|tv}/{id}/rating` with a value from 0.5 to 10 in steps of 0.5 (confirmed by 1, new, or
   * 12, replaced), or with `undefined`, `DELETE` the same path (confirmed by 13).
   */
  async setRating(kind: s.MediaKind, mediaId: number, value: number | undefined): Promise<s.StatusResponse> {
    const path = `/3/${kind}/${int(mediaId)}/rating`;
    const method = value === undefined ? 'DELETE' : 'POST';
    if (value !== undefined && !isRating(value)) {
      throw new TmdbError({
        kind: 'badRequest',
        endpoint: `${method} ${path}`,
        tmdbMessage: l10n.t('A rating is 0.5 to 10, in steps of 0.5.'),
      });
    }
    const session = await this.requireSession(`${method} ${path}`);
    const body = value === undefined ? undefined : { value };
    return this.write(value === undefined ? CONFIRMED_BY.removed : CONFIRMED_BY.rated, {
      method,
      path,
      schema: () => schemas().statusResponse(),
      body,
      session,
    });
  }

  /** `GET /3/list/{list_id}/item_status?movie_id=`: whether a list holds a movie (v3 lists hold movies only). */
  async listHolds(listId: string, movieId: number): Promise<boolean> {
    const session = await this.requireSession('GET /3/list/{list_id}/item_status');
    const answer = await this.request({
      path: `/3/list/${encodeURIComponent(listId)}/item_status`,
      schema: () => schemas().listItemStatus(),
      query: { movie_id: int(movieId) },
      session,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
    });
    return answer.item_present;
  }

  /** `POST /3/list/{list_id}/add_item` (confirmed by 12) or `/remove_item` (13): a movie, into or out of a list. */
  async setListItem(listId: string, movieId: number, present: boolean): Promise<s.StatusResponse> {
    const path = `/3/list/${encodeURIComponent(listId)}/${present ? 'add_item' : 'remove_item'}`;
    const session = await this.requireSession(`POST ${path}`);
    return this.write(present ? CONFIRMED_BY.listAdded : CONFIRMED_BY.removed, {
      method: 'POST',
      path,
      schema: () => schemas().statusResponse(),
      body: { media_id: int(movieId) },
      session,
    });
  }

  /** `POST /3/list`: a new list of the account's, in the content language; resolves to its id. */
  async createList(name: string, description: string): Promise<string> {
    const session = await this.requireSession('POST /3/list');
    const language = this.options.settings().language.split('-')[0] || 'en';
    const reply = await this.write(CONFIRMED_BY.created, {
      method: 'POST',
      path: '/3/list',
      schema: () => schemas().listCreated(),
      body: { name, description, language },
      session,
    });
    return String(reply.list_id);
  }

  /**
   * A write TMDB must confirm: a 2xx that does not say `success: false` and whose status_code is one of
   * `okCodes`. Any other answer is an error, never a silent success.
   */
  private async write<T extends z.ZodType<s.StatusResponse>>(
    okCodes: ReadonlySet<number>,
    call: Call<T>,
  ): Promise<z.output<T>> {
    const reply = await this.request(call);
    if (reply.success === false || !okCodes.has(reply.status_code)) throw unconfirmed(call, reply);
    return reply;
  }
}
