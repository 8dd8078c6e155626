import * as assert from 'node:assert/strict';
import type { TmdbStandIn } from '../tmdb-server/server';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { NO_CREDENTIAL } from '../../src/auth/authenticationProvider';
import { Credentials } from '../../src/auth/credentials';
import { AUTH_PROVIDER_ID, EXTENSION_ID, SecretKeys } from '../../src/common/ids';
import {
  API_KEY,
  DEMO_ACCOUNT_ID,
  READ_TOKEN,
  V4_USER_TOKEN,
  approvalPage,
  callbackUri,
  resetState,
  startSignIn,
  until,
} from './helpers';
import { holds } from '../support/until';

/** What TMDB's approval page does when the user presses a button: the redirect back to the editor. */
async function press(server: TmdbStandIn, approvalUrl: string, button: 'allow' | 'deny'): Promise<vscode.Uri> {
  const url = new URL(approvalUrl);
  const res = await fetch(`${url.origin}/auth/access/${button}${url.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  assert.equal(res.status, 302);
  const location = res.headers.get('location')!;
  // As a browser reads it: VS Code 1.96's callback address holds a "/./" the stand-in's URL parser drops.
  const redirect = new URL(redirectOf(server)).href;
  assert.ok(location.startsWith(redirect), `back to the redirect the sign-in gave: ${location} after ${redirect}`);
  assert.match(location, button === 'allow' ? /approved=true$/ : /denied=true$/);
  // The browser hands the redirect to VS Code, which calls the extension's UriHandler with this URI.
  return callbackUri(server, button === 'allow' ? 'approved' : 'denied');
}

describe('sign-in', function () {
  this.timeout(30_000);

  it('sets the API token after TMDB accepts it, and refuses a wrong one', async () => {
    const { api, server } = await resetState({ token: false });
    assert.equal(await vscode.commands.executeCommand('tmdb.setApiToken', 'eyJhbGciOi.eyJ3cm9uZyI.bm9wZQ'), false);
    assert.equal(await api.credentials.apiToken(), undefined);
    assert.equal(await vscode.commands.executeCommand('tmdb.setApiToken', READ_TOKEN), true);
    assert.equal(await api.credentials.apiToken(), READ_TOKEN);
    // (The visible Trending view may start loading once the token is in; only the checks matter here.)
    assert.deepEqual(
      server.requestsTo('/3/authentication').map((r) => r.status),
      [401, 200],
    );
    assert.equal(await vscode.commands.executeCommand('tmdb.setApiToken', API_KEY), true, 'a v3 key works too');
    await vscode.commands.executeCommand('tmdb.removeApiToken');
    assert.equal(await api.credentials.apiToken(), undefined);
  });

  it('signs in through the approval page and the callback to the editor', async () => {
    const { api, server } = await resetState();
    const signingIn = vscode.commands.executeCommand('tmdb.signIn');
    const pending = await approvalPage(api);
    // TMDB's v4 approval: the redirect goes with the request token's creation, not in the page's address.
    assert.match(callbackUri(server, 'approved').query, /^attempt=[0-9a-f]{24}&approved=true$/);
    assert.equal(new URL(pending.approvalUrl).searchParams.get('redirect_to'), null);
    api.auth.handleUri(await press(server, pending.approvalUrl, 'allow'));
    const session = (await signingIn) as
      { sessionId: string; username: string; v4?: { accessToken: string; accountObjectId: string } } | undefined;
    assert.ok(session, 'signed in');
    assert.equal(session.username, 'demo');
    assert.ok(server.hasSession(session.sessionId));
    // One sign-in serves both: the v4 token (lists) and the v3 session made from it (everything else).
    assert.ok(session.v4 && server.hasV4Token(session.v4.accessToken));
    assert.match(session.v4.accountObjectId, /^[0-9a-f]{24}$/);
    assert.equal(server.requestsTo('/3/authentication/session/convert/4').at(-1)?.status, 200);
    assert.deepEqual(await api.credentials.currentSession(), { ...session, accountId: DEMO_ACCOUNT_ID });
    const accounts = await api.accounts.getSessions();
    assert.deepEqual(
      accounts.map((a) => a.account.label),
      ['demo'],
      "the account is in VS Code's Accounts",
    );
    // What VS Code hands another extension the user allows: a name, never the session.
    const handedOut = [...accounts, await vscode.authentication.getSession(AUTH_PROVIDER_ID, [], { silent: true })];
    for (const shared of handedOut)
      assert.ok(!JSON.stringify(shared ?? {}).includes(session.sessionId), 'the session id stays in the extension');
    assert.ok(handedOut.every((shared) => !shared || shared.accessToken === NO_CREDENTIAL));
  });

  it('signs in with "I have approved it" when the redirect cannot come back', async () => {
    const { api, server } = await resetState();
    const { signingIn, page: pending } = await startSignIn(api);
    assert.ok(server.decide(pending.requestToken, true));
    pending.check();
    assert.ok(await signingIn);
  });

  it('notices an approval by itself (polling) with no callback at all; the redirect coming after is not news', async () => {
    const { api, server } = await resetState();
    const { signingIn, page: pending } = await startSignIn(api);
    server.decide(pending.requestToken, true);
    assert.ok(await signingIn);
    // The browser's redirect, late: the sign-in it is for has ended. No warning beside "signed in as".
    const lines = (text: string) => tmdbLog(api).split(text).length;
    const warnings = () => lines('for no sign-in in progress');
    const [before, ended] = [warnings(), lines('came back after its sign-in had ended')];
    api.auth.handleUri(callbackUri(server, 'approved'));
    await until('the late redirect logged', () => lines('came back after its sign-in had ended') > ended);
    assert.equal(warnings(), before, 'no warning for it');
  });

  it('reports a denied approval and keeps the user signed out', async () => {
    const { api, server } = await resetState();
    const { signingIn, page: pending } = await startSignIn(api);
    const callback = await press(server, pending.approvalUrl, 'deny');
    assert.match(callback.query, /denied=true/);
    api.auth.handleUri(callback);
    assert.equal(await signingIn, undefined);
    assert.equal(await api.credentials.currentSession(), undefined);
    assert.equal(server.requestsTo('/4/auth/access_token').filter((r) => r.status === 200).length, 0);
  });

  it('keeps waiting while TMDB refuses a token not approved yet (v4 gives no code that says expired), then signs in', async () => {
    const { api, server } = await resetState();
    const { signingIn, page: pending } = await startSignIn(api);
    pending.check();
    await until('TMDB to refuse the unapproved token', () =>
      server.requestsTo('/4/auth/access_token').some((r) => r.status === 401),
    );
    assert.equal(await api.credentials.currentSession(), undefined);
    server.decide(pending.requestToken, true);
    pending.check();
    assert.ok(await signingIn, 'still waiting, not ended by the refusal');
  });

  it("with a v3 key, which v4 refuses, signs in through v3's approval: a session without v4 lists, and no upgrade offered", async () => {
    const { api, server } = await resetState();
    await api.credentials.setApiToken(API_KEY);
    const { signingIn, page } = await startSignIn(api);
    assert.match(page.approvalUrl, /\/authenticate\/[0-9a-f]{40}\?redirect_to=/);
    assert.equal(server.requestsTo('/4/auth/request_token').length, 0, 'nothing asked of v4 with a key');
    server.decide(page.requestToken, true);
    page.check();
    const session = (await signingIn) as { sessionId: string; v4?: unknown } | undefined;
    assert.ok(session && server.hasSession(session.sessionId));
    assert.equal(session.v4, undefined);
    await api.diagnostics.globalState.update('tmdb.v4UpgradeOffered', undefined);
    await api.auth.offerUpgrade(api.diagnostics.globalState);
    assert.equal(api.diagnostics.globalState.get('tmdb.v4UpgradeOffered'), undefined, 'a key cannot upgrade');
  });

  it('converts a user-approved v4 token, and refuses the read token', async () => {
    const { api, server } = await resetState();
    assert.equal(await vscode.commands.executeCommand('tmdb.signInWithV4Token', READ_TOKEN), undefined);
    assert.equal(server.requests.length, 0, 'the read token is refused before asking TMDB');
    assert.equal(await api.auth.signInWithV4Token('eyJhbGciOi.eyJub3QtYXBwcm92ZWQi.eA'), undefined);
    assert.equal(server.requestsTo('/3/authentication/session/convert/4')[0]?.status, 401);
    const session = await api.auth.signInWithV4Token(V4_USER_TOKEN);
    assert.ok(session && server.hasSession(session.sessionId));
    assert.equal(session.v4, undefined, 'a token that names no account object id gives v3 lists');
    // A token that names its account (`sub`, as TMDB's do) gives v4 lists too.
    const { v4 } = server.createV4Session();
    const withLists = await api.auth.signInWithV4Token(v4.accessToken);
    assert.deepEqual(withLists?.v4, v4);
  });

  it('offers a session made the old way the v4 sign-in once, in words that say what it adds', async () => {
    const { api } = await resetState({ signedIn: true });
    await api.diagnostics.globalState.update('tmdb.v4UpgradeOffered', undefined);
    const shown: string[] = [];
    const original = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = async (message: string) => {
      shown.push(message);
      return undefined;
    };
    try {
      await api.auth.offerUpgrade(api.diagnostics.globalState);
      await api.auth.offerUpgrade(api.diagnostics.globalState);
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
    }
    assert.equal(shown.length, 1, 'once');
    assert.match(shown[0]!, /series beside movies, private lists/);
    assert.equal(api.diagnostics.globalState.get('tmdb.v4UpgradeOffered'), true);
  });

  it('signs out: the session ends and the v4 token is revoked at TMDB, then the secrets go, and the views show their welcome', async () => {
    const { api, server } = await resetState({ signedIn: 'v4' });
    const { sessionId, v4 } = (await api.credentials.currentSession())!;
    assert.ok((await api.lists.getChildren()).length > 0);
    await vscode.commands.executeCommand('tmdb.signOut');
    assert.equal(server.hasSession(sessionId), false);
    assert.equal(server.hasV4Token(v4!.accessToken), false);
    assert.equal(await api.credentials.currentSession(), undefined);
    assert.deepEqual(await api.lists.getChildren(), []);
    assert.deepEqual(await api.watchlistView.getChildren(), []);
    assert.ok((await api.trending.getChildren()).length > 0, 'Trending still works signed out');
    assert.deepEqual(await api.accounts.getSessions(), []);
  });

  it('drops a session TMDB revoked, as soon as a user call finds out', async () => {
    const { api, server } = await resetState({ signedIn: true });
    server.revokeSession();
    await api.lists.refresh();
    await until('the session to be dropped', async () => (await api.credentials.currentSession()) === undefined);
    assert.deepEqual(await api.lists.getChildren(), []);
  });

  it('keeps a sign-in made while the sign-out still tells TMDB, and a late "revoked" for the old session ends nothing', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const old = (await api.credentials.currentSession())!;
    // Held at TMDB until released: a user call sent with the old session, and the sign-out's DELETE.
    // (Its page 7: the views ask for page 1 of the same lists as they come, and must not be the one held.)
    server.inject({ path: `/3/account/${old.accountId}/lists`, query: { page: '7' }, kind: 'hold', times: 1 });
    server.inject({ path: '/3/authentication/session', method: 'DELETE', kind: 'hold', times: 1 });
    const late = api.client.accountLists(7).then(
      () => undefined,
      (error: unknown) => error,
    );
    const held = () => server.requestsTo(`/3/account/${old.accountId}/lists`).filter((r) => r.query.page === '7');
    await until('the old call at TMDB', () => held().length === 1);
    const signingOut = vscode.commands.executeCommand('tmdb.signOut');
    await until('forgotten here at once', async () => (await api.credentials.currentSession()) === undefined);
    // Signed in again, as a sign-in ends (kept at once: the held call must be answered within the client's
    // timeout, 3 s in tests; the whole sign-in is journeys' and the e2e suite's).
    const fresh = { sessionId: server.createSessionFor(), accountId: old.accountId, username: 'demo' };
    await api.credentials.setSession(fresh);
    // The old call answered now: TMDB no longer knows that session.
    server.revokeSession(old.sessionId);
    server.release(`/3/account/${old.accountId}/lists`);
    const refusal = await late;
    // Read by its kind: the error is of the extension's bundle, not of this one.
    assert.equal((refusal as { kind?: string }).kind, 'sessionRevoked', `the old call refused: ${String(refusal)}`);
    await until('the sign-out at TMDB', () => server.requestsTo('/3/authentication/session').length === 1);
    server.release();
    await signingOut;
    // Kept through a window as long as the revocation's handling (two reads of SecretStorage) takes.
    await holds(
      'the new session kept',
      async () => (await api.credentials.currentSession())?.sessionId === fresh.sessionId,
      { forMs: 500 },
    );
  });

  it('reads SecretStorage again after a failed read: a failure is never remembered as "no token"', async () => {
    let fail = true;
    const changes = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    const secrets: vscode.SecretStorage = {
      get: async (key) => {
        if (fail) throw new Error('the secret store is busy');
        return key === SecretKeys.apiToken ? READ_TOKEN : undefined;
      },
      store: async () => undefined,
      delete: async () => undefined,
      onDidChange: changes.event,
    };
    const warned: string[] = [];
    const credentials = new Credentials(secrets, (line) => warned.push(line));
    try {
      await assert.rejects(credentials.apiToken(), /busy/);
      assert.ok(
        warned.some((line) => /could not read SecretStorage: the secret store is busy/.test(line)),
        'the log says so',
      );
      fail = false;
      assert.equal(await credentials.apiToken(), READ_TOKEN, 'read again, not "no token"');
    } finally {
      credentials.dispose();
      changes.dispose();
    }
  });

  it('follows a change another window made to the secrets (SecretStorage.onDidChange)', async () => {
    const { api, server } = await resetState();
    const secrets = api.diagnostics.secrets;
    const sessionId = server.createSessionFor();
    await secrets.store(
      SecretKeys.session,
      JSON.stringify({ sessionId, accountId: DEMO_ACCOUNT_ID, username: 'elsewhere' }),
    );
    await until('the new session', async () => (await api.credentials.currentSession())?.username === 'elsewhere');
    await secrets.delete(SecretKeys.session);
    await until('the session to go', async () => (await api.credentials.currentSession()) === undefined);
  });

  it('writes a link it ignores on one log line, whatever its path decodes to', async () => {
    const { api } = await resetState();
    const marker = `forged-${Date.now()}`;
    // What `vscode://…/elsewhere%0A…` decodes to: a path with a line break in it.
    api.auth.handleUri(
      vscode.Uri.from({
        scheme: vscode.env.uriScheme,
        authority: EXTENSION_ID,
        path: `/elsewhere\n2026-11-23 12:00:00.000 [error] [auth] ${marker}`,
      }),
    );
    const line = await until('the line in the log', () =>
      tmdbLog(api)
        .split('\n')
        .find((text) => text.includes(marker)),
    );
    assert.match(
      line,
      /ignored a link to \/elsewhere\\u000a2026-11-23 12:00:00\.000 \[error\]/,
      'the line break is written as an escape, on the same line',
    );
  });

  it('keeps the token and session id out of the log, settings, global state and error messages', async () => {
    const { api, server } = await resetState({ signedIn: 'v4' });
    const { sessionId, v4 } = (await api.credentials.currentSession())!;
    await api.trending.refresh();
    await api.lists.refresh();
    await api.client.setFlag('watchlist', 'movie', 550, true);
    const errors: string[] = [];
    await api.client.movie(999_999_999).catch((e: Error) => errors.push(e.message));
    server.revokeSession();
    await api.client.flagged('watchlist', 'movie').catch((e: Error) => errors.push(e.message));
    assert.equal(errors.length, 2);

    const logFiles: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.log')) logFiles.push(path);
      }
    };
    walk(join(api.diagnostics.logUri.fsPath, '..'));
    const tmdbLogFiles = logFiles.filter((f) => f.includes(EXTENSION_ID) || /TMDB\.log$/.test(f));
    const logs = tmdbLogFiles.map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.match(
      logs,
      /\[http\] GET \/4\/account\/[0-9a-f]{24}\/lists → 200/,
      'the TMDB log (at trace level) was found and read',
    );
    // VS Code's own extension-host log records request URLs at debug level (its proxy resolver), and TMDB
    // takes the session id only in the URL; the API token travels in a header, so it appears in no log.
    const everyLog = logFiles.map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.ok(!everyLog.includes(READ_TOKEN), 'the API token appears in a log');
    const userData = process.env.TMDB_TEST_USER_DATA;
    const settings = userData
      ? readFileSync(join(userData, 'User', 'settings.json'), 'utf8')
      : JSON.stringify(vscode.workspace.getConfiguration('tmdb'));
    const state = JSON.stringify(
      api.diagnostics.globalState.keys().map((k) => [k, api.diagnostics.globalState.get(k)]),
    );
    for (const [name, text] of Object.entries({ logs, settings, state, errors: errors.join('\n') })) {
      for (const secret of [READ_TOKEN, sessionId, v4!.accessToken]) {
        const at = text.indexOf(secret);
        assert.ok(at < 0, `a secret appears in ${name}: …${text.slice(Math.max(0, at - 200), at)}…`);
      }
    }
  });
});

/** What the TMDB log holds now (its files under the extension's log folder's parent). */
function tmdbLog(api: { diagnostics: { logUri: vscode.Uri } }): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/TMDB\.log$/.test(name) || (path.includes(EXTENSION_ID) && name.endsWith('.log'))) files.push(path);
    }
  };
  walk(join(api.diagnostics.logUri.fsPath, '..'));
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

/** The redirect the last sign-in gave TMDB with its request token. */
function redirectOf(server: { requestsTo(path: string): Array<{ body: unknown }> }): string {
  return (server.requestsTo('/4/auth/request_token').at(-1)?.body as { redirect_to?: string })?.redirect_to ?? '';
}
