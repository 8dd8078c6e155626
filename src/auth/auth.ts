// The API token and the TMDB user session: set and remove the token, sign in through TMDB's v4 approval
// page (callback, polling and "I have approved it" all lead to the same place) to a v4 access token and
// the v3 session made from it, sign in with a v4 token, sign out (./endSession: both revoked), and drop a
// session TMDB revoked.
import * as vscode from 'vscode';
import { notifyError, notifyInfo, notifyWarning } from '../kit/notify';
import { setContext } from '../kit/contextKeys';
import { Disposable } from '../kit/disposable';
import { AUTH_CALLBACK_PATH, Commands, ContextKeys } from '../common/ids';
import type { Logger } from '../kit/log';
import type { Settings } from '../settings/settings';
import type { TmdbClient } from '../tmdb/client';
import { tokenShape } from '../tmdb/credential';
import { isTmdbError, userMessage } from '../tmdb/errors';
import type { Credentials, StoredSession } from './credentials';
import type { V4User } from '../tmdb/call';
import { PendingApproval } from './pendingApproval';
import { startApproval, type Approval, type Grant, type V4Grant } from './approvals';
import { needsV4, offerUpgrade, tokenSubject } from './upgrade';
import { setApiToken } from './apiToken';
import { endAtTmdb, signOut } from './endSession';

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

export class Auth extends Disposable {
  private pending: (PendingApproval<Grant> & { attempt: string }) | undefined;
  /** The attempts of the sign-ins that ended here lately (approved, denied): their late redirects are not news. */
  private readonly ended = new Set<string>();
  private revokedNoticeShown = false;

  constructor(private readonly deps: AuthDeps) {
    super();
    this.register(
      deps.credentials.onDidChange(({ session }) => {
        if (session) this.revokedNoticeShown = false;
      }),
    );
    this.register(deps.client.onDidRevokeSession((sessionId) => void this.sessionRevoked(sessionId)));
  }

  // ---- API token ------------------------------------------------------------------------------

  /** Asks for the API token (or takes `candidate`), keeps it once TMDB accepts it (./apiToken). */
  setApiToken(candidate?: string): Promise<boolean> {
    return setApiToken(this.deps, candidate);
  }

  async removeApiToken(): Promise<void> {
    if (await this.deps.credentials.currentSession()) await this.signOut({ quiet: true });
    await this.deps.credentials.setApiToken(undefined);
    this.deps.log.info('auth', 'API token removed');
    void notifyInfo(vscode.l10n.t('TMDB: API token removed.'));
  }

  // ---- signing in -----------------------------------------------------------------------------

  /**
   * The full flow: request token, approval page, access token, v3 session from it, account. With the API
   * Read Access Token, TMDB's v4 approval (v4 lists, series in them); with a v3 key, which v4 refuses,
   * v3's approval (`/authenticate/{token}`, `session/new`), whose lists hold movies only.
   */
  async signIn(): Promise<StoredSession | undefined> {
    const appToken = await this.requireToken();
    if (!appToken) return undefined;
    this.pending?.cancel();
    let approval: Approval;
    try {
      approval = await startApproval(this.deps.client, this.deps.settings().webBaseUrl, appToken);
    } catch (error) {
      return this.fail(vscode.l10n.t('Could not start signing in to TMDB.'), error);
    }
    const { attempt, requestToken, approvalUrl, lifetimeMs, exchange } = approval;
    const pending = Object.assign(
      new PendingApproval<Grant>({
        requestToken,
        approvalUrl,
        expiresInMs: lifetimeMs,
        exchange,
        pollIntervalMs: this.deps.pollIntervalMs ?? 2500,
      }),
      { attempt },
    );
    // A sign-in started while this one asked TMDB for its token is ended here: one waits at a time.
    this.pending?.cancel();
    this.setPending(pending);
    this.deps.log.info('auth', 'waiting for the user to approve the request token');
    this.showApprovalProgress(pending);
    void this.deps.openUrl(approvalUrl);
    const outcome = await pending.outcome;
    if (this.pending === pending) this.setPending(undefined);
    // The browser's redirect may come after the check behind has finished the sign-in (approved or denied):
    // it is not news. After a cancel, an expiry or a failure, a late approval is still worth a word.
    if (outcome.kind === 'approved' || outcome.kind === 'denied') {
      this.ended.add(attempt);
      if (this.ended.size > 10) this.ended.delete(this.ended.values().next().value!);
    }

    switch (outcome.kind) {
      case 'approved':
        return 'v4' in outcome.value ? this.finishV4(outcome.value.v4) : this.finishSignIn(outcome.value.sessionId);
      case 'denied':
        this.offerSignIn(vscode.l10n.t('TMDB: you denied access on the approval page, so you are not signed in.'));
        return undefined;
      case 'expired':
        this.offerSignIn(
          vscode.l10n.t(
            'TMDB: the approval link expired (links last {0} minutes). Sign in again for a new one.',
            lifetimeMs / 60_000,
          ),
        );
        return undefined;
      case 'error':
        return this.fail(vscode.l10n.t('Signing in to TMDB failed.'), outcome.error);
      case 'cancelled':
        return undefined;
    }
  }

  /** The v3 session from the approved v4 token (one sign-in serves every feature); the token is revoked if that fails. */
  private async finishV4(grant: V4Grant): Promise<StoredSession | undefined> {
    let sessionId: string;
    try {
      sessionId = (await this.deps.client.convertV4Token(grant.access_token)).session_id;
    } catch (error) {
      void this.deps.client.v4Logout(grant.access_token).catch(() => undefined);
      return this.fail(vscode.l10n.t('Signing in to TMDB failed.'), error);
    }
    return this.finishSignIn(sessionId, { accessToken: grant.access_token, accountObjectId: grant.account_id });
  }

  /** The sign-in in progress, and the context key that shows its commands in the palette. */
  private setPending(pending: (PendingApproval<Grant> & { attempt: string }) | undefined): void {
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
  private showApprovalProgress(pending: PendingApproval<Grant>): void {
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

  private async finishSignIn(sessionId: string, v4?: V4User): Promise<StoredSession | undefined> {
    try {
      const account = await this.deps.client.accountDetails(sessionId);
      const previous = await this.deps.credentials.currentSession();
      const session: StoredSession = { sessionId, accountId: account.id, username: account.username || account.name };
      if (v4) session.v4 = v4;
      await this.deps.credentials.setSession(session);
      // Signing in again (the upgrade to v4): what the old sign-in left at TMDB is ended.
      if (previous && previous.sessionId !== sessionId) void endAtTmdb(this.deps, previous, v4?.accessToken);
      this.deps.log.info('auth', `signed in as ${session.username}${v4 ? ' (v4)' : ''}`);
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
    const attempt = params.get('attempt');
    if (attempt !== null && this.ended.has(attempt)) {
      this.deps.log.info('auth', 'the approval page came back after its sign-in had ended; nothing to do');
      return;
    }
    if (!pending || attempt !== pending.attempt) {
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
      const accountObjectId = tokenSubject(accessToken);
      return await this.finishSignIn(
        session.session_id,
        accountObjectId ? { accessToken, accountObjectId } : undefined,
      );
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

  /** A session made the old way is offered the v4 sign-in once (./upgrade). */
  offerUpgrade(memento: vscode.Memento): Promise<void> {
    return offerUpgrade(this.deps.credentials, memento, () => this.signIn());
  }

  /** Something only the v4 sign-in allows was asked of an old session (./upgrade). */
  async needsV4(what: string): Promise<void> {
    const keyOnly = tokenShape((await this.deps.credentials.apiToken()) ?? '') === 'apiKey';
    return needsV4(what, keyOnly, () => (keyOnly ? this.setApiToken() : this.signIn()));
  }

  // ---- signing out ----------------------------------------------------------------------------

  signOut(options: { quiet?: boolean } = {}): Promise<void> {
    return signOut(this.deps, options);
  }

  /**
   * TMDB answered a user call with "session revoked": forget it and say so once. `sessionId`: the session the
   * call was sent with; an answer about an earlier one (signed out, or in again, since) ends nothing.
   */
  async sessionRevoked(sessionId?: string): Promise<void> {
    const current = await this.deps.credentials.currentSession();
    if (!current || (sessionId !== undefined && current.sessionId !== sessionId)) return;
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
