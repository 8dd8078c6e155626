// What follows the stored credentials outside auth/: the context keys that choose the views' welcome
// content and menus, and the secrets the log removes from every line.
import type * as vscode from 'vscode';
import { setContext } from '../kit/contextKeys';
import { ContextKeys } from '../common/ids';
import type { Logger } from '../kit/log';
import type { Credentials, CredentialsState } from './credentials';

/** Keeps "has token" and "signed in" in step with the stored credentials, once SecretStorage has answered. */
export function trackCredentials(credentials: Credentials): vscode.Disposable {
  const update = ({ token, session }: CredentialsState) => {
    setContext(ContextKeys.hasToken, Boolean(token));
    setContext(ContextKeys.signedIn, Boolean(token && session));
    // TMDB's v4 lists (series, private lists, sorting, comments) need the v4 sign-in.
    setContext(ContextKeys.v4Lists, Boolean(token && session?.v4));
    setContext(ContextKeys.credentialsRead, true);
  };
  return credentials.follow(update);
}

/** Keeps the log's list of values to remove in step with the token and session stored. */
export function keepSecretsOutOfLog(log: Logger, credentials: Credentials): vscode.Disposable {
  return credentials.follow(({ token, session }) =>
    log.setSecrets([token, session?.sessionId, session?.v4?.accessToken]),
  );
}
