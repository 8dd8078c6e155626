// Sign-in's calls to TMDB: a token checked, v3's request token and session, v4's approval and access
// token, a session from a v4 token, and their ends at sign-out; who owns a session. Over ./clientCore's
// one request path. No `vscode` import.
import { ClientCore, schemas } from './clientCore';
import { refuseNonToken } from './credential';

export class SessionCalls extends ClientCore {
  /** `GET /3/authentication` with a candidate token: resolves when TMDB accepts it. */
  async validateToken(token: string): Promise<void> {
    refuseNonToken(token, 'GET /3/authentication');
    await this.request({ path: '/3/authentication', schema: () => schemas().statusResponse(), token });
  }

  createRequestToken() {
    return this.request({ path: '/3/authentication/token/new', schema: () => schemas().requestToken() });
  }

  createSession(requestToken: string) {
    return this.request({
      method: 'POST',
      path: '/3/authentication/session/new',
      schema: () => schemas().session(),
      body: { request_token: requestToken },
    });
  }

  /** `POST /3/authentication/session/convert/4`: a session from a v4 access token the user approved. */
  convertV4Token(accessToken: string) {
    return this.request({
      method: 'POST',
      path: '/3/authentication/session/convert/4',
      schema: () => schemas().session(),
      body: { access_token: accessToken },
    });
  }

  /** `POST /4/auth/request_token`: a token for TMDB's v4 approval page, which sends the browser to `redirectTo`. */
  v4RequestToken(redirectTo: string) {
    return this.request({
      method: 'POST',
      path: '/4/auth/request_token',
      schema: () => schemas().v4RequestToken(),
      body: { redirect_to: redirectTo },
    });
  }

  /** `POST /4/auth/access_token`: the user's access token and account object id, once they approved. */
  v4AccessToken(requestToken: string) {
    return this.request({
      method: 'POST',
      path: '/4/auth/access_token',
      schema: () => schemas().v4AccessToken(),
      body: { request_token: requestToken },
    });
  }

  /** `DELETE /4/auth/access_token`: the user's v4 token revoked (sign-out). */
  async v4Logout(accessToken: string): Promise<void> {
    await this.request({
      method: 'DELETE',
      path: '/4/auth/access_token',
      schema: () => schemas().statusResponse(),
      body: { access_token: accessToken },
    });
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.request({
      method: 'DELETE',
      path: '/3/authentication/session',
      schema: () => schemas().successOnly(),
      body: { session_id: sessionId },
    });
  }

  /** Who owns a session (`GET /3/account?session_id=…`). */
  accountDetails(sessionId: string) {
    return this.request({ path: '/3/account', schema: () => schemas().account(), query: { session_id: sessionId } });
  }
}
