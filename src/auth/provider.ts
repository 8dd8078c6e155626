// TMDB in VS Code's Accounts menu: the signed-in account shows there and can be signed out from there.
import * as vscode from 'vscode';
import { AUTH_PROVIDER_ID } from '../ids';
import type { Auth } from './auth';
import type { Credentials, StoredSession } from './credentials';

function toSession(stored: StoredSession): vscode.AuthenticationSession {
  return {
    id: String(stored.accountId),
    accessToken: stored.sessionId,
    account: { id: String(stored.accountId), label: stored.username },
    scopes: [],
  };
}

export class TmdbAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private last: vscode.AuthenticationSession | undefined;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly credentials: Credentials,
    private readonly auth: Auth,
  ) {
    this.disposables = [
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER_ID, 'TMDB', this, { supportsMultipleAccounts: false }),
      credentials.onDidChange(() => void this.sync()),
    ];
    void this.sync();
  }

  private async sync(): Promise<void> {
    const stored = await this.credentials.currentSession();
    const next = stored ? toSession(stored) : undefined;
    const previous = this.last;
    if (previous?.accessToken === next?.accessToken) return;
    this.last = next;
    this.changed.fire({ added: next ? [next] : [], removed: previous ? [previous] : [], changed: [] });
    // Asking for the session once lets the account appear in the Accounts menu.
    if (next) void vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true }).then(undefined, () => undefined);
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    const stored = await this.credentials.currentSession();
    return stored ? [toSession(stored)] : [];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const stored = await this.auth.signIn();
    if (!stored) throw new Error('TMDB sign-in did not complete.');
    return toSession(stored);
  }

  async removeSession(): Promise<void> {
    await this.auth.signOut();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.changed.dispose();
  }
}
