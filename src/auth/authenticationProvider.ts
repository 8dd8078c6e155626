// TMDB in VS Code's Accounts menu: the signed-in account shows there and can be signed out from there.
// The session id never leaves the extension: any extension the user allows can read a session from here
// (`vscode.authentication.getSession('tmdb', …)`), and TMDB's session id is full write access to the
// account. What it gets is the account's name and id, and an access token that is no credential.
import * as vscode from 'vscode';
import { Disposable } from '../kit/disposable';
import { AUTH_PROVIDER_ID } from '../common/ids';
import type { Auth } from './auth';
import type { Credentials, StoredSession } from './credentials';

/** What stands where an access token would: says what it is, and opens nothing at TMDB. */
export const NO_CREDENTIAL = 'tmdb-session-is-kept-by-the-tmdb-extension';

function toSession(stored: StoredSession): vscode.AuthenticationSession {
  return {
    id: String(stored.accountId),
    accessToken: NO_CREDENTIAL,
    account: { id: String(stored.accountId), label: stored.username },
    scopes: [],
  };
}

export class TmdbAuthenticationProvider extends Disposable implements vscode.AuthenticationProvider {
  private readonly changed = this.register(
    new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>(),
  );
  readonly onDidChangeSessions = this.changed.event;
  private last: vscode.AuthenticationSession | undefined;

  constructor(
    private readonly credentials: Credentials,
    private readonly auth: Auth,
  ) {
    super();
    this.register(
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'TMDB', this, {
        supportsMultipleAccounts: false,
      }),
    );
    this.register(credentials.follow(({ session }) => this.sync(session)));
  }

  private sync(stored: StoredSession | undefined): void {
    const next = stored ? toSession(stored) : undefined;
    const previous = this.last;
    if (previous?.id === next?.id && previous?.account.label === next?.account.label) return;
    this.last = next;
    this.changed.fire({ added: next ? [next] : [], removed: previous ? [previous] : [], changed: [] });
    // Asking for the session once lets the account appear in the Accounts menu.
    if (next)
      void vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true }).then(undefined, () => undefined);
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const stored = await this.credentials.currentSession();
    return stored ? [toSession(stored)] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const stored = await this.auth.signIn();
    if (!stored) throw new Error(vscode.l10n.t('TMDB sign-in did not complete.'));
    return toSession(stored);
  }

  async removeSession(): Promise<void> {
    await this.auth.signOut();
  }
}
