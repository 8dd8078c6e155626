// Ending a session: here at once, then at TMDB (the v3 session deleted, the v4 token revoked). No class
// state: Auth's sign-out and its sign-in again (which ends the session it replaces) both use it.
import * as vscode from 'vscode';
import { notifyInfo, notifyWarning } from '../kit/notify';
import type { Logger } from '../kit/log';
import type { TmdbClient } from '../tmdb/client';
import { isTmdbError } from '../tmdb/errors';
import type { Credentials, StoredSession } from './credentials';

interface EndDeps {
  client: TmdbClient;
  credentials: Credentials;
  log: Logger;
}

/**
 * Ends a session at TMDB: the v3 session deleted and the v4 token revoked (unless it is `keepToken`, reused by
 * the sign-in that replaces it). Resolves to whether TMDB could be told (a session or token it had already
 * forgotten counts).
 */
export async function endAtTmdb(
  deps: Pick<EndDeps, 'client' | 'log'>,
  session: StoredSession,
  keepToken?: string,
): Promise<boolean> {
  const gone = (error: unknown) =>
    isTmdbError(error) && (error.kind === 'notFound' || error.kind === 'sessionRevoked' || error.statusCode === 35);
  const outcomes = await Promise.all([
    deps.client.deleteSession(session.sessionId).then(
      () => true,
      (error: unknown) => gone(error) || (deps.log.error('auth', 'could not end the session at TMDB', error), false),
    ),
    session.v4 && session.v4.accessToken !== keepToken
      ? deps.client.v4Logout(session.v4.accessToken).then(
          () => true,
          (error: unknown) =>
            gone(error) || (deps.log.error('auth', 'could not revoke the v4 token at TMDB', error), false),
        )
      : true,
  ]);
  return outcomes.every(Boolean);
}

/** `TMDB: Sign Out`: the session forgotten here, then ended at TMDB; says so (`quiet`: only if TMDB could not be told). */
export async function signOut(deps: EndDeps, options: { quiet?: boolean } = {}): Promise<void> {
  const session = await deps.credentials.currentSession();
  if (!session) return;
  // Forgotten here first: a sign-in made while TMDB is being told (a slow network) is not undone by this.
  await deps.credentials.setSession(undefined);
  deps.log.info('auth', 'signed out');
  const remoteEnded = await endAtTmdb(deps, session);
  if (!remoteEnded) {
    void notifyWarning(
      vscode.l10n.t(
        'TMDB: signed out here, but TMDB could not be reached to end the session. You can revoke access in your TMDB account settings.',
      ),
    );
  } else if (!options.quiet) {
    void notifyInfo(vscode.l10n.t('TMDB: signed out.'));
  }
}
