// TMDB's v4 sign-in and lists, through the client against the stand-in: the approval's three calls, the
// user's token as the bearer, mixed items with their comments, writes read row by row, the GET that
// clears sent once and never kept, and `public` sent as TMDB honours it on create.
import * as assert from 'node:assert/strict';
import { expectTmdbError, startRig, type Rig } from '../support/client';
import { READ_TOKEN } from '../support/fixtures';

describe('v4 sign-in and lists, against the stand-in', function () {
  this.timeout(15_000);
  let rig: Rig;
  beforeEach(async () => {
    rig = await startRig();
  });
  afterEach(() => rig.server.stop());

  const signInV4 = () => {
    const session = rig.server.createV4Session();
    rig.credentials.session = session;
    return session;
  };

  it('signs in: request token (15 min), approval, access token, the v3 session from it; sign-out revokes the token', async () => {
    const { request_token: requestToken } = await rig.client.v4RequestToken('vscode://x.y/auth-callback?attempt=1');
    assert.match(requestToken, /^eyJ/);
    // Not approved yet: refused, and the same token still works once approved.
    await expectTmdbError(rig.client.v4AccessToken(requestToken), 'unauthorized', 17);
    const page = await fetch(`${rig.settings.apiBaseUrl}/auth/access?request_token=${requestToken}`);
    assert.match(await page.text(), /id="approve"/);
    const approved = await fetch(`${rig.settings.apiBaseUrl}/auth/access/allow?request_token=${requestToken}`, {
      method: 'POST',
      redirect: 'manual',
    });
    assert.equal(approved.headers.get('location'), 'vscode://x.y/auth-callback?attempt=1&approved=true');
    const grant = await rig.client.v4AccessToken(requestToken);
    assert.match(grant.account_id, /^[0-9a-f]{24}$/);
    await expectTmdbError(rig.client.v4AccessToken(requestToken), 'unauthorized', 33);
    const { session_id: sessionId } = await rig.client.convertV4Token(grant.access_token);
    assert.ok(rig.server.hasSession(sessionId));
    // The three auth calls carry the app's token; the request token never goes in an address.
    for (const request of rig.server.requests.filter((r) => r.path.startsWith('/4/auth/')))
      assert.equal(request.headers.authorization, `Bearer ${READ_TOKEN}`);
    await rig.client.v4Logout(grant.access_token);
    assert.equal(rig.server.hasV4Token(grant.access_token), false);
    await expectTmdbError(rig.client.convertV4Token(grant.access_token), 'unauthorized', 35);
  });

  it("an unapproved token's link expires after 15 minutes, not 60", async () => {
    const { request_token: requestToken } = await rig.client.v4RequestToken('vscode://x.y/cb');
    rig.server.advanceClock(15 * 60 * 1000 + 1);
    const page = await fetch(`${rig.settings.apiBaseUrl}/auth/access?request_token=${requestToken}`);
    assert.equal(page.status, 410);
  });

  it("reads the account's lists (private ones too) and a list's mixed items with their comments, as the user", async () => {
    const session = signInV4();
    const listId = await rig.client.lists4.create('Slow TV', 'Series and films', false);
    const outcome = await rig.client.lists4.editItems(listId, 'POST', [
      { kind: 'tv', id: 1399 },
      { kind: 'movie', id: 550 },
    ]);
    assert.equal(outcome.refused.length, 0);
    await rig.client.lists4.editItems(listId, 'PUT', [{ kind: 'tv', id: 1399, comment: 'Winter is coming' }]);
    const lists = await rig.client.lists4.accountLists();
    const row = lists.results.find((list) => list.id === listId)!;
    assert.deepEqual([row.name, row.public, row.item_count], ['Slow TV', false, 2]);
    const page = await rig.client.lists4.list(listId);
    assert.deepEqual(
      page.results.map((item) => [item.media_type, item.id, item.comment]),
      [
        ['tv', 1399, 'Winter is coming'],
        ['movie', 550, ''],
      ],
    );
    // Every v4 list call carried the user's token, never the app's, and no session_id.
    for (const request of rig.server.requests.filter(
      (r) => r.path.startsWith('/4/list') || r.path.startsWith('/4/account'),
    )) {
      assert.equal(request.headers.authorization, `Bearer ${session.v4.accessToken}`);
      assert.equal(request.query.session_id, undefined);
    }
    // `public` went as 0: TMDB ignores `false` on create.
    assert.equal(
      (rig.server.requestsTo('/4/list').find((r) => r.method === 'POST')!.body as { public: unknown }).public,
      0,
    );
  });

  it('reads writes row by row: a refused row is reported, not taken for done', async () => {
    signInV4();
    const listId = await rig.client.lists4.create('Mixed', '', true);
    await rig.client.lists4.editItems(listId, 'POST', [{ kind: 'movie', id: 550 }]);
    const outcome = await rig.client.lists4.editItems(listId, 'POST', [
      { kind: 'movie', id: 550 },
      { kind: 'tv', id: 1399 },
      { kind: 'movie', id: 999_999_999 },
    ]);
    assert.deepEqual(outcome.done, [{ kind: 'tv', id: 1399 }]);
    assert.deepEqual(outcome.refused, [
      { kind: 'movie', id: 550 },
      { kind: 'movie', id: 999_999_999 },
    ]);
    assert.equal(await rig.client.lists4.holds(listId, { kind: 'tv', id: 1399 }), true);
    assert.equal(await rig.client.lists4.holds(listId, { kind: 'tv', id: 1396 }), false, '404 means absent');
  });

  it('renames, sorts, clears with one GET each time (never from a cache), and deletes', async () => {
    signInV4();
    const listId = await rig.client.lists4.create('Draft', '', true);
    await rig.client.lists4.editItems(listId, 'POST', [
      { kind: 'movie', id: 550 },
      { kind: 'tv', id: 1399 },
    ]);
    await rig.client.lists4.update(listId, 'Draft', { name: 'Final', sortBy: 'title.asc', public: false });
    assert.deepEqual(
      [rig.server.v4List(listId)!.name, rig.server.v4List(listId)!.sortBy, rig.server.v4List(listId)!.public],
      ['Final', 'title.asc', false],
    );
    const sorted = await rig.client.lists4.list(listId);
    assert.deepEqual(
      sorted.results.map((item) => item.id),
      [550, 1399],
      'Fight Club before Game of Thrones',
    );
    assert.equal(await rig.client.lists4.clear(listId), 2);
    assert.equal(await rig.client.lists4.clear(listId), 0);
    assert.equal(rig.server.requestsTo(`/4/list/${listId}/clear`).length, 2, 'each clear asked TMDB');
    await rig.client.lists4.delete(listId);
    assert.equal(rig.server.v4List(listId), undefined);
  });

  it('a v4 token TMDB no longer takes is a revoked session; a v3-only session gets no v4 call at all', async () => {
    const session = signInV4();
    let revoked = 0;
    rig.client.onDidRevokeSession(() => revoked++);
    await rig.client.v4Logout(session.v4.accessToken);
    await expectTmdbError(rig.client.lists4.accountLists(), 'sessionRevoked');
    assert.equal(revoked, 1);
    rig.credentials.session = { sessionId: session.sessionId, accountId: session.accountId };
    const before = rig.server.requests.length;
    await expectTmdbError(rig.client.lists4.accountLists(), 'signedOut');
    assert.equal(rig.server.requests.length, before);
  });
});
