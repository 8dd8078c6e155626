// The person's episodes at TMDB (the spec's facts, §12) and TMDB's picks for the person (v4): the calls the
// watched marks and For You use, through the client's one request path (handed over as `RequestDeps`, as
// the v4 lists are). Plain TypeScript: no `vscode` import.
import * as l10n from '@vscode/l10n';
import type { z } from 'zod';
import { isRating } from '../model/ratings';
import { clampPage, int, numberIn } from './arguments';
import { TmdbError, unconfirmed } from './errors';
import type { RequestDeps } from './listsV4';
import { ACCOUNT_CACHE, ACCOUNT_KEPT, CONFIRMED_BY } from './policies';
import { tmdbPart } from './deferredPart';
import type * as s from './schemas';
import type { Call, UserSession, V4User } from './call';

const schemas = () => tmdbPart().schemas;

/** The largest season and episode numbers asked for (as a season's read, ./catalogueClient; a daily show's episodes). */
const MAX_SEASON = 1000;
const MAX_EPISODE = 20_000;

/** Where an episode is: its series, season and number (what pages, Up Next and the rating calls use). */
export interface EpisodeRef {
  seriesId: number;
  season: number;
  episode: number;
}

export class EpisodeCalls {
  constructor(private readonly deps: Pick<RequestDeps, 'read' | 'send' | 'session'>) {}

  private async requireSession(endpoint: string): Promise<UserSession> {
    const session = await this.deps.session();
    if (!session) throw new TmdbError({ kind: 'signedOut', endpoint });
    return session;
  }

  /**
   * `GET /3/tv/{id}/season/{n}/account_states`: the person's rating of every episode of a season, in one
   * call. Kept by account, served stale while checked, as a title's account states are.
   */
  async seasonStates(seriesId: number, season: number, signal?: AbortSignal) {
    const path = `/3/tv/${int(seriesId)}/season/${numberIn(season, MAX_SEASON)}/account_states`;
    const session = await this.requireSession(`GET ${path}`);
    return this.deps.read({
      path,
      schema: () => schemas().seasonAccountStates(),
      session,
      signal,
      cache: { ...ACCOUNT_CACHE, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /**
   * `POST /3/tv/{id}/season/{n}/episode/{e}/rating` with a value from 0.5 to 10 in steps of 0.5 (confirmed
   * by 1, new, or 12, replaced), or with `undefined`, `DELETE` the same path (confirmed by 13).
   */
  async setRating({ seriesId, season, episode }: EpisodeRef, value: number | undefined): Promise<s.StatusResponse> {
    const path = `/3/tv/${int(seriesId)}/season/${numberIn(season, MAX_SEASON)}/episode/${numberIn(episode, MAX_EPISODE)}/rating`;
    const method = value === undefined ? 'DELETE' : 'POST';
    if (value !== undefined && !isRating(value))
      throw new TmdbError({
        kind: 'badRequest',
        endpoint: `${method} ${path}`,
        tmdbMessage: l10n.t('A rating is 0.5 to 10, in steps of 0.5.'),
      });
    const session = await this.requireSession(`${method} ${path}`);
    return this.write(value === undefined ? CONFIRMED_BY.removed : CONFIRMED_BY.rated, {
      method,
      path,
      schema: () => schemas().statusResponse(),
      body: value === undefined ? undefined : { value },
      session,
    });
  }

  /** `GET /3/account/{account_id}/rated/tv/episodes`: the episodes the person rated, the latest first. */
  async rated(page = 1, signal?: AbortSignal) {
    const session = await this.requireSession('GET /3/account/{account_id}/rated/tv/episodes');
    return this.deps.read({
      path: `/3/account/${session.accountId}/rated/tv/episodes`,
      schema: () => schemas().ratedEpisodes(),
      query: { page: clampPage(page), sort_by: 'created_at.desc' },
      session,
      signal,
      localized: true,
      cache: { ...ACCOUNT_KEPT, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  /**
   * TMDB's picks for the person (`GET /4/account/{account_object_id}/movie/recommendations` or `/tv/…`),
   * for a session from the v4 approval: a v3 session is signed out as far as v4 goes (as for v4 lists).
   */
  async picks(kind: s.MediaKind, page = 1, signal?: AbortSignal) {
    const endpoint = `GET /4/account/{account_object_id}/${kind}/recommendations`;
    const session = await this.requireSession(endpoint);
    if (!session.v4) throw new TmdbError({ kind: 'signedOut', endpoint });
    const user = session as UserSession & { v4: V4User };
    return this.deps.read({
      path: `/4/account/${user.v4.accountObjectId}/${kind}/recommendations`,
      schema: () => schemas().v4Picks(),
      query: { page: clampPage(page) },
      session: user,
      asUser: true,
      signal,
      localized: true,
      cache: { ...ACCOUNT_KEPT, accountId: session.accountId },
      staleWhileRevalidate: true,
    });
  }

  private async write<T extends z.ZodType<s.StatusResponse>>(
    okCodes: ReadonlySet<number>,
    call: Call<T>,
  ): Promise<z.output<T>> {
    const reply = await this.deps.send(call);
    if (reply.success === false || !okCodes.has(reply.status_code)) throw unconfirmed(call, reply);
    return reply;
  }
}
