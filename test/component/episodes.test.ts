// A person's episodes and TMDB's picks for them, through the client against the stand-in (the spec's facts,
// §12 and §11): an episode rated, re-rated and its rating taken off with TMDB's codes; a season's ratings in
// one call; the rated episodes, newest first; TMDB's own refusals; the v4 picks for a v4 session only.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EpisodeCalls } from '../../src/tmdb/episodeCalls';
import { ratedEpisodes, seasonAccountStates, v4Picks } from '../../src/tmdb/schemas';
import { expectTmdbError, signIn, startRig, type Rig } from '../support/client';
import { READ_TOKEN } from '../support/fixtures';

const FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'tmdb');
const fixture = (path: string): unknown => JSON.parse(readFileSync(join(FIXTURES, path), 'utf8'));

describe("a person's episodes and TMDB's picks, against the stand-in", function () {
  this.timeout(15_000);
  let rig: Rig;
  let episodes: EpisodeCalls;
  beforeEach(async () => {
    rig = await startRig();
    episodes = new EpisodeCalls(rig.client.calls);
  });
  afterEach(() => rig.server.stop());

  const winterIsComing = { seriesId: 1399, season: 1, episode: 1 };
  const ratingOf = async (episode: number) =>
    (await episodes.seasonStates(1399, 1)).results.find((row) => row.episode_number === episode)?.rated;

  it('rates an episode (1, then 12 for a new value), reads it in the season in one call, and takes it off (13)', async () => {
    signIn(rig);
    assert.equal(await ratingOf(1), false);
    assert.equal((await episodes.setRating(winterIsComing, 8.5)).status_code, 1);
    assert.deepEqual(await ratingOf(1), { value: 8.5 });
    assert.equal((await episodes.setRating(winterIsComing, 6)).status_code, 12);
    assert.deepEqual(await ratingOf(1), { value: 6 });
    assert.equal((await episodes.setRating(winterIsComing, undefined)).status_code, 13);
    assert.equal(await ratingOf(1), false);
    const writes = rig.server.requestsTo('/3/tv/1399/season/1/episode/1/rating');
    assert.deepEqual(
      writes.map((request) => [request.method, request.body]),
      [
        ['POST', { value: 8.5 }],
        ['POST', { value: 6 }],
        ['DELETE', undefined],
      ],
    );
    // Each read after a write asked TMDB again (a write forgets the account's kept answers), once a read.
    assert.equal(rig.server.requestsTo('/3/tv/1399/season/1/account_states').length, 4);
    const season = await episodes.seasonStates(1399, 1);
    assert.equal(season.results.length, 10, 'a row for every episode of the season');
  });

  it('refuses a value TMDB would refuse before asking; TMDB refuses an episode it does not have (34)', async () => {
    signIn(rig);
    for (const value of [0, 0.25, 7.3, 10.5])
      await expectTmdbError(episodes.setRating(winterIsComing, value), 'badRequest');
    assert.equal(rig.server.requestsTo('/3/tv/1399/season/1/episode/1/rating').length, 0);
    await expectTmdbError(episodes.setRating({ seriesId: 1399, season: 1, episode: 99 }, 8), 'notFound', 34);
    await expectTmdbError(episodes.seasonStates(1399, 42), 'notFound', 34);
    // Season 0 (the specials) is a season like the others: rated, and read in one call.
    assert.equal((await episodes.setRating({ seriesId: 1399, season: 0, episode: 1 }, 8)).status_code, 1);
    assert.deepEqual((await episodes.seasonStates(1399, 0)).results.find((row) => row.episode_number === 1)?.rated, {
      value: 8,
    });
    await expectTmdbError(episodes.setRating({ seriesId: 1399, season: -1, episode: 1 }, 8), 'badRequest');
    const direct = await fetch(
      `${rig.server.url}/3/tv/1399/season/1/episode/1/rating?session_id=${rig.credentials.session!.sessionId}`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${READ_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ value: 7.3 }),
      },
    );
    assert.deepEqual([direct.status, ((await direct.json()) as { status_code: number }).status_code], [400, 20]);
  });

  it('lists the rated episodes newest first, each with its rating and series, and asks nothing signed out', async () => {
    await expectTmdbError(episodes.rated(), 'signedOut');
    await expectTmdbError(episodes.setRating(winterIsComing, 8), 'signedOut');
    assert.equal(rig.server.requests.length, 0);
    signIn(rig);
    await episodes.setRating({ seriesId: 1399, season: 1, episode: 2 }, 7);
    await episodes.setRating({ seriesId: 1399, season: 1, episode: 5 }, 9.5);
    const page = await episodes.rated();
    assert.deepEqual(
      page.results.map((row) => [row.show_id, row.season_number, row.episode_number, row.rating]),
      [
        [1399, 1, 5, 9.5],
        [1399, 1, 2, 7],
      ],
    );
    assert.equal(page.results[0]?.name, 'The Wolf and the Lion');
    const asked = rig.server.requestsTo(/\/rated\/tv\/episodes$/);
    assert.equal(asked.at(-1)?.query.sort_by, 'created_at.desc');
  });

  it("reads TMDB's picks for a v4 session, movies and series each saying their kind; a v3 session is signed out of them", async () => {
    signIn(rig);
    await expectTmdbError(episodes.picks('movie'), 'signedOut');
    assert.equal(rig.server.requestsTo(/recommendations$/).length, 0);
    rig.credentials.session = rig.server.createV4Session();
    const movies = await episodes.picks('movie');
    const series = await episodes.picks('tv');
    assert.ok(movies.results.length > 0 && series.results.length > 0);
    assert.ok(movies.results.every((row) => row.media_type === 'movie'));
    assert.ok(series.results.every((row) => row.media_type === 'tv'));
    const asked = rig.server.requestsTo(/^\/4\/account\/[0-9a-f]{24}\/movie\/recommendations$/);
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.headers.authorization, `Bearer ${rig.credentials.session.v4!.accessToken}`);
  });

  it("reads TMDB's own examples of the v4 picks, and the season's states with or without each row's episode number", () => {
    for (const kind of ['movie', 'tv'] as const) {
      const example = fixture(`openapi-examples-v4/v4-account-${kind}-recommendations.json`) as { results: unknown[] };
      const read = v4Picks().parse(example);
      assert.equal(read.results.length, example.results.length, `${kind}: every row kept`);
      assert.ok(read.results.every((row) => row.media_type === kind));
    }
    const states = seasonAccountStates().parse({
      id: 3624,
      results: [
        { id: 63056, episode_number: 1, rated: { value: 8 } },
        { id: 63057, rated: false },
        { id: 'x', rated: false },
      ],
    });
    assert.deepEqual(states.results, [
      { id: 63056, episode_number: 1, rated: { value: 8 } },
      { id: 63057, rated: false },
    ]);
    const rated = ratedEpisodes().parse({ page: 1, results: [{ id: 1, show_id: 2, rating: 'ten' }], total_pages: 1 });
    assert.equal(rated.results[0]?.rating, null);
  });
});
