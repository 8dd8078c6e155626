// The API token and the TMDB user session: set and remove the token, sign in through TMDB's approval
// page (callback, polling and "I have approved it" all lead to the same place), sign in with a v4 token,
// sign out, and drop a session TMDB revoked.
import * as vscode from 'vscode';
import { notifyError, notifyInfo, notifyWarning } from '../kit/notify';
import { setContext } from '../kit/contextKeys';
import { Disposable } from '../kit/disposable';
import { AUTH_CALLBACK_PATH, Commands, ContextKeys, EXTENSION_ID } from '../common/ids';
import type { Logger } from '../kit/log';
import type { Settings } from '../settings/settings';
import type { TmdbClient } from '../tmdb/client';
import { tokenShape } from '../tmdb/credential';
import { isTmdbError, userMessage } from '../tmdb/errors';
import type { Credentials, StoredSession } from './credentials';
import { PendingApproval } from './pendingApproval';

export interface AuthDeps {
  client: TmdbClient;
  credentials: Credentials;
  log: Logger;
  settings: () => Settings;
  /** Opens a web address in the browser (the approval page). */
  openUrl: (url: string) => Thenable<boolean>;
  /** How often to ask TMDB whether the token was approved while waiting. */
  pollIntervalMs?: number;
}

/**
 * How long an approval link lives: TMDB's request tokens last 60 minutes. Timed here from when the token
 * arrived, not from TMDB's `expires_at`, which a computer clock that is off would misread.
 */
export const APPROVAL_LIFETIME_MS = 60 * 60 * 1000;

export class Auth extends Disposable {
  private pending: PendingApproval | undefined;
  /** The request tokens of the sign-ins that ended here lately (approved, denied, expired): their late redirects are not news. */
  private readonly ended = new Set<string>();
  private revokedNoticeShown = false;

  constructor(private readonly deps: AuthDeps) {
    super();
    this.register(
      deps.credentials.onDidChange(({ session }) => {
        if (session) this.revokedNoticeShown = false;
      }),
    );
    this.register(deps.client.onDidRevokeSession(() => void this.sessionRevoked()));
  }

  // ---- API token ------------------------------------------------------------------------------

  async setApiToken(candidate?: string): Promise<boolean> {
    const token = (
      candidate ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('TMDB: Set API Token'),
        prompt: vscode.l10n.t(
          'Paste your TMDB API Read Access Token (or v3 API key) from themoviedb.org → Settings → API.',
        ),
        password: true,
        ignoreFocusOut: true,
        placeHolder: 'eyJhbGciOi…',
        validateInput: (value) =>
          !value.trim() || tokenShape(value) !== 'invalid'
            ? undefined
            : vscode.l10n.t(
                'This is not a TMDB token: a Read Access Token starts with "eyJ", a v3 key is 32 hexadecimal characters.',
              ),
      }))
    )?.trim();
    if (!token) return false;
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('TMDB: checking the token…') },
        () => this.deps.client.validateToken(token),
      );
    } catch (error) {
      this.deps.log.error('auth', 'the API token was refused', error);
      const reason =
        isTmdbError(error) && error.kind === 'unauthorized'
          ? (error.tmdbMessage ?? userMessage(error))
          : userMessage(error);
      void notifyError(vscode.l10n.t('TMDB did not accept this token. {0}', reason), vscode.l10n.t('Try Again')).then(
        (choice) => {
          if (choice) void this.setApiToken();
        },
      );
      return false;
    }
    await this.deps.credentials.setApiToken(token);
    this.deps.log.info('auth', 'API token stored in SecretStorage');
    void notifyInfo(vscode.l10n.t('TMDB: API token saved. Trending people are on their way.'));
    return true;
  }

  async removeApiToken(): Promise<void> {
    if (await this.deps.credentials.currentSession()) await this.signOut({ quiet: true });
    await this.deps.credentials.setApiToken(undefined);
    this.deps.log.info('auth', 'API token removed');
    void notifyInfo(vscode.l10n.t('TMDB: API token removed.'));
  }

  // ---- signing in -----------------------------------------------------------------------------

  /** The full flow: request token, approval page, session, account. */
  async signIn(): Promise<StoredSession | undefined> {
    if (!(await this.requireToken())) return undefined;
    this.pending?.cancel();
    let requestToken: string;
    try {
      requestToken = (await this.deps.client.createRequestToken()).request_token;
    } catch (error) {
      return this.fail(vscode.l10n.t('Could not start signing in to TMDB.'), error);
    }

    const callback = await vscode.env.asExternalUri(
      vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}${AUTH_CALLBACK_PATH}`),
    );
    const approvalUrl = `${this.deps.settings().webBaseUrl}/authenticate/${requestToken}?redirect_to=${encodeURIComponent(callback.toString(true))}`;
    const pending = new PendingApproval({
      requestToken,
      approvalUrl,
      expiresInMs: APPROVAL_LIFETIME_MS,
      createSession: (token) => this.deps.client.createSession(token),
      pollIntervalMs: this.deps.pollIntervalMs ?? 2500,
    });
    this.setPending(pending);
    this.deps.log.info('auth', 'waiting for the user to approve the request token');
    this.showApprovalProgress(pending);
    void this.deps.openUrl(approvalUrl);
    const outcome = await pending.outcome;
    if (this.pending === pending) this.setPending(undefined);
    // The browser's redirect may come after the check behind has finished the sign-in (approved or denied):
    // it is not news. After a cancel, an expiry or a failure, a late approval is still worth a word.
    if (outcome.kind === 'session' || outcome.kind === 'denied') {
      this.ended.add(requestToken);
      if (this.ended.size > 10) this.ended.delete(this.ended.values().next().value!);
    }

    switch (outcome.kind) {
      case 'session':
        return this.finishSignIn(outcome.sessionId);
      case 'denied':
        this.offerSignIn(vscode.l10n.t('TMDB: you denied access on the approval page, so you are not signed in.'));
        return undefined;
      case 'expired':
        this.offerSignIn(
          vscode.l10n.t('TMDB: the approval link expired (links last 60 minutes). Sign in again for a new one.'),
        );
        return undefined;
      case 'error':
        return this.fail(vscode.l10n.t('Signing in to TMDB failed.'), outcome.error);
      case 'cancelled':
        return undefined;
    }
  }

  /** The sign-in in progress, and the context key that shows its commands in the palette. */
  private setPending(pending: PendingApproval | undefined): void {
    this.pending = pending;
    setContext(ContextKeys.signingIn, pending !== undefined);
  }

  /** "I have approved it": look for the session now instead of waiting for the next poll. */
  confirmApproval(): void {
    this.pending?.check();
  }

  /** Copies the approval page's address, for a browser that cannot be opened from here. */
  async copyApprovalLink(): Promise<void> {
    if (this.pending) await vscode.env.clipboard.writeText(this.pending.approvalUrl);
  }

  async openApprovalPage(): Promise<void> {
    if (this.pending) await this.deps.openUrl(this.pending.approvalUrl);
  }

  /**
   * One notification for the whole wait, closed when it ends (approved, denied, expired or cancelled).
   * Its links are for when the browser cannot come back to the editor (remote and web editors); the
   * same three commands are in the palette while a sign-in waits.
   */
  private showApprovalProgress(pending: PendingApproval): void {
    void vscode.window.withProgress(
      {
        location: vscode.ProgressLocation.Notification,
        title: vscode.l10n.t('TMDB: approve access in your browser'),
        cancellable: true,
      },
      async (progress, cancellation) => {
        cancellation.onCancellationRequested(() => pending.cancel());
        progress.report({
          message: vscode.l10n.t(
            'This window notices by itself. [I have approved it]({0}) · [Copy link]({1}) · [Open again]({2})',
            `command:${Commands.confirmApproval}`,
            `command:${Commands.copyApprovalLink}`,
            `command:${Commands.openApprovalPage}`,
          ),
        });
        await pending.outcome;
      },
    );
  }

  private async finishSignIn(sessionId: string): Promise<StoredSession | undefined> {
    try {
      const account = await this.deps.client.accountDetails(sessionId);
      const session: StoredSession = { sessionId, accountId: account.id, username: account.username || account.name };
      await this.deps.credentials.setSession(session);
      this.deps.log.info('auth', `signed in as ${session.username}`);
      void notifyInfo(vscode.l10n.t('TMDB: signed in as {0}.', session.username));
      return session;
    } catch (error) {
      return this.fail(vscode.l10n.t('TMDB created a session but could not read the account.'), error);
    }
  }

  /** Handles the approval page's redirect back to the editor. */
  handleUri(uri: vscode.Uri): void {
    if (uri.path !== AUTH_CALLBACK_PATH) {
      this.deps.log.warn('auth', `ignored a link to ${uri.path}`);
      return;
    }
    const params = new URLSearchParams(uri.query);
    const pending = this.pending;
    const token = params.get('request_token');
    if (token !== null && this.ended.has(token)) {
      this.deps.log.info('auth', 'the approval page came back after its sign-in had ended; nothing to do');
      return;
    }
    if (!pending || token !== pending.requestToken) {
      this.deps.log.warn('auth', 'a sign-in callback arrived for no sign-in in progress');
      void notifyWarning(vscode.l10n.t('TMDB: that sign-in link is not for a sign-in in progress here.'));
      return;
    }
    if (params.get('denied') === 'true') pending.deny();
    else pending.check();
  }

  async signInWithV4Token(candidate?: string): Promise<StoredSession | undefined> {
    const apiToken = await this.requireToken();
    if (!apiToken) return undefined;
    const accessToken = (
      candidate ??
      (await vscode.window.showInputBox({
        title: vscode.l10n.t('TMDB: Sign In with v4 Access Token'),
        prompt: vscode.l10n.t(
          'Paste a v4 user access token that you approved on TMDB (not the API Read Access Token).',
        ),
        password: true,
        ignoreFocusOut: true,
      }))
    )?.trim();
    if (!accessToken) return undefined;
    if (accessToken === apiToken) {
      void notifyError(
        vscode.l10n.t(
          "TMDB: that is the application's API Read Access Token. TMDB turns only a v4 access token that you approved as a user into a session; use TMDB: Sign In instead.",
        ),
      );
      return undefined;
    }
    try {
      const session = await this.deps.client.convertV4Token(accessToken);
      return await this.finishSignIn(session.session_id);
    } catch (error) {
      if (isTmdbError(error) && (error.statusCode === 35 || error.statusCode === 36 || error.kind === 'unauthorized')) {
        void notifyError(
          vscode.l10n
            .t(
              'TMDB refused this v4 token: it must be a user access token you approved, not a read token. {0}',
              error.tmdbMessage ?? '',
            )
            .trim(),
        );
        return undefined;
      }
      return this.fail(vscode.l10n.t('Signing in with the v4 token failed.'), error);
    }
  }

  // ---- signing out ----------------------------------------------------------------------------

  async signOut(options: { quiet?: boolean } = {}): Promise<void> {
    const session = await this.deps.credentials.currentSession();
    if (!session) return;
    let remoteEnded = true;
    try {
      await this.deps.client.deleteSession(session.sessionId);
    } catch (error) {
      // 404 (37): TMDB had already forgotten it, which is what we want.
      remoteEnded = isTmdbError(error) && (error.kind === 'notFound' || error.kind === 'sessionRevoked');
      if (!remoteEnded) this.deps.log.error('auth', 'could not end the session at TMDB', error);
    }
    await this.deps.credentials.setSession(undefined);
    this.deps.log.info('auth', 'signed out');
    if (!remoteEnded) {
      void notifyWarning(
        vscode.l10n.t(
          'TMDB: signed out here, but TMDB could not be reached to end the session. You can revoke it in your TMDB account settings.',
        ),
      );
    } else if (!options.quiet) {
      void notifyInfo(vscode.l10n.t('TMDB: signed out.'));
    }
  }

  /** TMDB answered a user call with "session revoked": forget it and say so once. */
  async sessionRevoked(): Promise<void> {
    if (!(await this.deps.credentials.currentSession())) return;
    await this.deps.credentials.setSession(undefined);
    this.deps.log.warn('auth', 'TMDB says the session was revoked; it was dropped');
    if (this.revokedNoticeShown) return;
    this.revokedNoticeShown = true;
    this.offerSignIn(
      vscode.l10n.t(
        'TMDB: your session ended (it may have been revoked on themoviedb.org). Sign in again to see your lists, watchlist and favorites.',
      ),
    );
  }

  override dispose(): void {
    this.pending?.cancel();
    super.dispose();
  }

  // ---- helpers --------------------------------------------------------------------------------

  private async requireToken(): Promise<string | undefined> {
    const token = await this.deps.credentials.apiToken();
    if (token) return token;
    const choice = await notifyWarning(
      vscode.l10n.t('TMDB: set your API token before signing in.'),
      vscode.l10n.t('Set API Token'),
    );
    if (choice) await this.setApiToken();
    return this.deps.credentials.apiToken();
  }

  private offerSignIn(message: string): void {
    void notifyWarning(message, vscode.l10n.t('Sign In')).then((choice) => {
      if (choice) void this.signIn();
    });
  }

  private fail(message: string, error: unknown): undefined {
    this.deps.log.error('auth', message, error);
    void notifyError(`${message} ${userMessage(error)}`, vscode.l10n.t('Show Log')).then((choice) => {
      if (choice) this.deps.log.show();
    });
    return undefined;
  }
}
