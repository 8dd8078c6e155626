// Shared by the integration suites: the extension's API, a stand-in server for the run, settings.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { AUTH_CALLBACK_PATH, EXTENSION_ID, StateKeys } from '../../src/common/ids';
import type { TmdbTestApi } from '../../src/testApi';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { TmdbStandIn } from '../tmdb-server/server';
import { API_KEY, DEMO_ACCOUNT_ID, READ_TOKEN, V4_USER_TOKEN } from '../support/fixtures';
import { until } from '../support/until';

let server: TmdbStandIn | undefined;

/** The extension's test API: `activate` returns it only in VS Code's test mode, which this suite runs in. */
export async function extensionApi(): Promise<TmdbTestApi> {
  const extension = vscode.extensions.getExtension<TmdbTestApi | undefined>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in this extension host`);
  const api = extension.isActive ? extension.exports : await extension.activate();
  assert.ok(api, 'the extension returned no test API: is the host in test mode?');
  return api;
}

/** One stand-in per run, in this process; the extension is pointed at it through user settings. */
export async function standIn(): Promise<TmdbStandIn> {
  if (!server) {
    server = new TmdbStandIn({ readToken: READ_TOKEN, apiKey: API_KEY, v4UserTokens: [V4_USER_TOKEN], rateLimit: 0 });
    const url = await server.start(0);
    const config = vscode.workspace.getConfiguration('tmdb');
    await config.update('apiBaseUrl', url, vscode.ConfigurationTarget.Global);
    await config.update('webBaseUrl', url, vscode.ConfigurationTarget.Global);
    await config.update('imageBaseUrl', `${url}/t/p`, vscode.ConfigurationTarget.Global);
    await config.update('language', 'en-US', vscode.ConfigurationTarget.Global);
    await config.update('region', 'US', vscode.ConfigurationTarget.Global);
  }
  return server;
}

/** A known state: the token set (or not), signed out, no faults, the seeded watchlist, no open panels. */
export async function resetState(
  options: { token?: boolean; signedIn?: boolean | 'v4' } = {},
): Promise<{ api: TmdbTestApi; server: TmdbStandIn }> {
  const server = await standIn();
  const api = await extensionApi();
  server.clearFaults();
  // Pictures an earlier test's rows asked for (two at a time) come in before this test's requests are counted.
  await until('no picture downloading', () => api.pictures.pending === 0);
  server.setRateLimit(0);
  server.resetAccounts();
  server.resetClock();
  // Up Next reads in the background once started (a view in sight starts it): not into another test's
  // requests. The side bar is closed, so no view asks for its rows by itself; a load under way ends first.
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  api.upNext.stop();
  await api.upNext.idle();
  api.upNext.now = Date.now;
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  // Each test starts from TMDB, not from what an earlier test left in the cache (memory and disk).
  await api.client.clearCache();
  api.editor.lookup.forget();
  await api.credentials.setSession(undefined);
  await api.diagnostics.globalState.update(StateKeys.watched, undefined);
  await api.credentials.setApiToken(options.token === false ? undefined : READ_TOKEN);
  if (options.signedIn === 'v4') {
    await api.credentials.setSession({ ...server.createV4Session(), username: 'demo' });
  } else if (options.signedIn) {
    const sessionId = server.createSessionFor();
    await api.credentials.setSession({ sessionId, accountId: server.catalogue.account.id, username: 'demo' });
  }
  server.requests.length = 0;
  api.openedUrls.length = 0;
  return { api, server };
}

/** The approval page the sign-in opened in the browser; `check` is "I have approved it". */
export async function approvalPage(
  api: TmdbTestApi,
): Promise<{ approvalUrl: string; requestToken: string; check(): void }> {
  // TMDB's v4 approval page (a Read Access Token), or v3's (a v3 key, which v4 refuses).
  const approvalUrl = await until('the approval page to open', () =>
    api.openedUrls.find((url) => /\/auth\/access\?request_token=eyJ|\/authenticate\/[0-9a-f]{40}\?/.test(url)),
  );
  const requestToken =
    new URL(approvalUrl).searchParams.get('request_token') ?? /\/authenticate\/([0-9a-f]{40})/.exec(approvalUrl)![1]!;
  return { approvalUrl, requestToken, check: () => api.auth.confirmApproval() };
}

/**
 * What VS Code hands the extension's UriHandler when TMDB's approval page sends the browser back: the
 * redirect the sign-in gave TMDB with its request token (on the web host, VS Code's /callback address,
 * whose `vscode-query` carries it), with the page's answer.
 */
export function callbackUri(server: TmdbStandIn, answer: 'approved' | 'denied'): vscode.Uri {
  const redirect = new URL(
    (server.requestsTo('/4/auth/request_token').at(-1)?.body as { redirect_to?: string } | undefined)?.redirect_to ??
      'vscode://x/auth-callback',
  );
  const query = new URLSearchParams(redirect.searchParams.get('vscode-query') ?? redirect.search.slice(1));
  query.set(answer, 'true');
  return vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}${AUTH_CALLBACK_PATH}`).with({
    query: query.toString(),
  });
}

/** Starts a sign-in and waits for the approval page it opens. */
export async function startSignIn(
  api: TmdbTestApi,
): Promise<{ signingIn: Promise<unknown>; page: Awaited<ReturnType<typeof approvalPage>> }> {
  api.openedUrls.length = 0;
  const signingIn = api.auth.signIn();
  return { signingIn, page: await approvalPage(api) };
}

/** Signs in as a person does: approves on TMDB's page, then says "I have approved it". */
export async function signInApproved(api: TmdbTestApi, server: TmdbStandIn): Promise<unknown> {
  const { signingIn, page } = await startSignIn(api);
  assert.ok(server.decide(page.requestToken, true));
  page.check();
  return signingIn;
}

export { READ_TOKEN, V4_USER_TOKEN, API_KEY, DEMO_ACCOUNT_ID, until };

/** Runs an open command (`tmdb.openMovie`, …) with an id and waits until the panel shows its content. */
export async function openPanel(command: string, id: number | string): Promise<DetailPanel> {
  const panel = await vscode.commands.executeCommand<DetailPanel>(command, id);
  assert.ok(panel, `${command} returned no panel`);
  await (await extensionApi()).whenRendered(panel);
  return panel;
}

/** A language model tool's answer as the model reads it: its text parts, joined. */
export async function invokeTool(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}
