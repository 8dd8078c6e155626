// Ratings and lists, through the client against the stand-in: TMDB's paths, bodies and status codes,
// what counts as confirmed, and that every write makes the account's kept answers be read anew.
import * as assert from 'node:assert/strict';
import { isRating } from '../../src/model/ratings';
import { expectTmdbError as expectError, signIn, startRig, type Rig } from '../support/client';
import { DEMO_ACCOUNT_ID, READ_TOKEN } from '../support/fixtures';

describe('your rating and your lists, against the stand-in', function () {
  this.timeout(15_000);
  let rig: Rig;
  beforeEach(async () => {
    rig = await startRig();
    signIn(rig);
  });
  afterEach(() => rig.server.stop());

  describe('rating', () => {
    it('rates (1, then 12 for a new value), reads it in account_states, and removes it (13)', async () => {
      assert.equal((await rig.client.accountStates('tv', 1396)).rated, false);
      assert.equal((await rig.client.setRating('tv', 1396, 8.5)).status_code, 1);
      assert.deepEqual((await rig.client.accountStates('tv', 1396)).rated, { value: 8.5 });
      assert.equal((await rig.client.setRating('tv', 1396, 6)).status_code, 12);
      assert.deepEqual((await rig.client.accountStates('tv', 1396)).rated, { value: 6 });
      assert.equal((await rig.client.setRating('tv', 1396, undefined)).status_code, 13);
      assert.equal((await rig.client.accountStates('tv', 1396)).rated, false);
      const writes = rig.server.requestsTo('/3/tv/1396/rating');
      assert.deepEqual(
        writes.map((request) => [request.method, request.body]),
        [
          ['POST', { value: 8.5 }],
          ['POST', { value: 6 }],
          ['DELETE', undefined],
        ],
      );
    });

    it('lists rated titles newest first with the rating, and follows a new rating at once', async () => {
      const before = await rig.client.rated('movie');
      assert.deepEqual(
        before.results.map((movie) => movie.rating),
        before.results.map((movie) => rig.server.catalogue.ratingSeed.find(([, id]) => id === movie.id)?.[2]),
      );
      assert.ok(before.results.some((movie) => movie.id === 550 && movie.rating === 9));
      await rig.client.setRating('movie', 13, 10);
      const after = await rig.client.rated('movie');
      assert.deepEqual(
        [after.results[0]?.id, after.results[0]?.rating],
        [13, 10],
        'the write made the kept page be read anew',
      );
      assert.equal(rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/rated/movies`).length, 2);
      assert.equal(
        rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/rated/movies`)[0]?.query.sort_by,
        'created_at.desc',
      );
    });

    it('refuses a value TMDB would refuse before asking it; TMDB refuses it too (18, 19, 20)', async () => {
      for (const value of [0, 0.25, 7.3, 10.5, Number.NaN]) {
        assert.equal(isRating(value), false, String(value));
        await expectError(rig.client.setRating('movie', 550, value), 'badRequest');
      }
      assert.equal(rig.server.requestsTo('/3/movie/550/rating').length, 0);
      assert.deepEqual(
        Array.from({ length: 20 }, (_, i) => (i + 1) / 2).filter((value) => !isRating(value)),
        [],
        'every half step from 0.5 to 10 is a rating',
      );
      const direct = async (value: number) => {
        const response = await fetch(
          `${rig.server.url}/3/movie/550/rating?session_id=${rig.credentials.session!.sessionId}`,
          {
            method: 'POST',
            headers: { Authorization: `Bearer ${READ_TOKEN}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ value }),
          },
        );
        return [response.status, ((await response.json()) as { status_code: number }).status_code];
      };
      assert.deepEqual(await direct(0), [400, 18]);
      assert.deepEqual(await direct(11), [400, 19]);
      assert.deepEqual(await direct(7.3), [400, 20]);
    });

    it('a rating TMDB does not confirm is an error, never a silent success', async () => {
      rig.server.inject({
        path: '/3/movie/550/rating',
        method: 'POST',
        kind: 'setField',
        field: 'status_code',
        value: 13,
      });
      await expectError(rig.client.setRating('movie', 550, 7), 'invalidResponse', 13);
    });

    it('needs a session: signed out, nothing is sent', async () => {
      rig.credentials.session = undefined;
      await expectError(rig.client.setRating('movie', 550, 7), 'signedOut');
      assert.equal(rig.server.requestsTo('/3/movie/550/rating').length, 0);
    });
  });

  describe('lists', () => {
    const firstList = async () => (await rig.client.accountLists(1)).results[0]!;

    it('adds a movie (12), says so in item_status, refuses it twice (403, 8), removes it (13)', async () => {
      const list = await firstList();
      assert.equal(await rig.client.listHolds(list.id, 550), false);
      assert.equal((await rig.client.setListItem(list.id, 550, true)).status_code, 12);
      assert.equal(await rig.client.listHolds(list.id, 550), true, 'the kept item_status was forgotten by the write');
      await expectError(rig.client.setListItem(list.id, 550, true), 'badRequest', 8);
      assert.equal((await rig.client.setListItem(list.id, 550, false)).status_code, 13);
      assert.equal(await rig.client.listHolds(list.id, 550), false);
      assert.deepEqual(rig.server.requestsTo(`/3/list/${list.id}/add_item`)[0]?.body, { media_id: 550 });
    });

    it('a write changes what My Lists reads next: the count and the items', async () => {
      const list = await firstList();
      const items = await rig.client.list(list.id);
      await rig.client.setListItem(list.id, 550, true);
      assert.equal((await firstList()).item_count, list.item_count + 1);
      const after = await rig.client.list(list.id);
      assert.equal(after.total_results, items.total_results + 1);
    });

    it("creates a list (1, with its id) in the content language, first among the account's lists", async () => {
      const id = await rig.client.createList('Films to show my kids', 'Gently');
      assert.match(id, /^\d+$/);
      assert.deepEqual(rig.server.requestsTo('/3/list')[0]?.body, {
        name: 'Films to show my kids',
        description: 'Gently',
        language: 'en',
      });
      const first = await firstList();
      assert.deepEqual([first.id, first.name, first.item_count], [id, 'Films to show my kids', 0]);
      await rig.client.setListItem(id, 550, true);
      assert.deepEqual(
        (await rig.client.list(id)).items.map((item) => item.id),
        [550],
      );
    });

    it('a list write TMDB does not confirm is an error', async () => {
      const list = await firstList();
      rig.server.inject({
        path: `/3/list/${list.id}/add_item`,
        method: 'POST',
        kind: 'setField',
        field: 'status_code',
        value: 1,
      });
      await expectError(rig.client.setListItem(list.id, 550, true), 'invalidResponse', 1);
    });
  });
});
