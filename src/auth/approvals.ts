// Which approval a sign-in goes through, and how it starts: with the API Read Access Token, TMDB's v4
// approval (`/4/auth/request_token`, the page `/auth/access`, `/4/auth/access_token`: v4 lists, series in
// them); with a v3 key, which v4 refuses, v3's (`token/new`, the page `/authenticate/{token}`,
// `session/new`), whose lists hold movies only. The wait and what follows are ./auth's.
import * as vscode from 'vscode';
import { AUTH_CALLBACK_PATH, EXTENSION_ID } from '../common/ids';
import type { TmdbClient } from '../tmdb/client';
import { tokenShape } from '../tmdb/credential';
import { randomId } from './upgrade';

/**
 * How long a v4 approval link lives: 15 minutes (v3's last 60). Timed here from when the token arrived:
 * TMDB's v4 answer gives no expiry, and its refusal of a token not yet approved cannot be told from that
 * of an expired one.
 */
export const APPROVAL_LIFETIME_MS = 15 * 60 * 1000;
export const V3_APPROVAL_LIFETIME_MS = 60 * 60 * 1000;

/** What the v4 approval gives: the user's access token and account object id. */
export type V4Grant = { access_token: string; account_id: string };
/** What an approval gives: v4's grant, or (with a v3 key) v3's session. */
export type Grant = { v4: V4Grant } | { sessionId: string };

export interface Approval {
  /** Named in the redirect back to the editor: TMDB's v4 redirect is not documented to carry the token. */
  attempt: string;
  requestToken: string;
  approvalUrl: string;
  lifetimeMs: number;
  /** What the approved token is exchanged for. */
  exchange: (requestToken: string) => Promise<Grant>;
}

/** Asks TMDB for a request token of the approval `appToken` allows, with the redirect back to the editor. */
export async function startApproval(client: TmdbClient, webBaseUrl: string, appToken: string): Promise<Approval> {
  const v4 = tokenShape(appToken) === 'bearer';
  const attempt = randomId();
  const callback = (
    await vscode.env.asExternalUri(
      vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}${AUTH_CALLBACK_PATH}`).with({
        query: `attempt=${attempt}`,
      }),
    )
  ).toString(true);
  if (v4) {
    const requestToken = (await client.v4RequestToken(callback)).request_token;
    return {
      attempt,
      requestToken,
      approvalUrl: `${webBaseUrl}/auth/access?request_token=${requestToken}`,
      lifetimeMs: APPROVAL_LIFETIME_MS,
      exchange: async (token) => ({ v4: await client.v4AccessToken(token) }),
    };
  }
  const requestToken = (await client.createRequestToken()).request_token;
  return {
    attempt,
    requestToken,
    approvalUrl: `${webBaseUrl}/authenticate/${requestToken}?redirect_to=${encodeURIComponent(callback)}`,
    lifetimeMs: V3_APPROVAL_LIFETIME_MS,
    exchange: async (token) => ({ sessionId: (await client.createSession(token)).session_id }),
  };
}
