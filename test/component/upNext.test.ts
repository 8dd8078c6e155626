// Up Next and Discover against the stand-in over HTTP: its clock moves the next episodes; it applies the filters.
import * as assert from 'node:assert/strict';
import { readUpNext } from '../../src/features/upNext/upNextRead';
import { episodeCode, localDay, upNext } from '../../src/features/upNext/upNextSchedule';
import { TmdbError } from '../../src/tmdb/errors';
import * as s from '../../src/tmdb/schemas';
import { signIn, startRig, type Rig } from '../support/client';
import { servicesOf } from '../tmdb-server/browse';
import { fixture } from '../tmdb-server/catalogue';
import { PLANS } from '../tmdb-server/schedule';
import { until } from '../support/until';

const DAY = 86_400_000;
describe('Up Next against the stand-in, whose clock moves the next episodes', function () {
  this.timeout(20_000);
  let rig: Rig;
  beforeEach(async () => {
    rig = await startRig();
    signIn(rig);
  });
  afterEach(() => rig.server.stop());

  const read = async (id: number) => {
    rig.client.expire(`/3/tv/${id}`);
    return rig.client.discovery.schedule(id);
  };

  it('one request a series, kept: asked again, TMDB is not', async () => {
    await rig.client.discovery.schedule(57243);
    await rig.client.discovery.schedule(57243);
    assert.equal(rig.server.requestsTo('/3/tv/57243').length, 1);
    assert.equal(
      rig.server.requestsTo('/3/tv/57243')[0]!.query.append_to_response,
      undefined,
      'no appends: the page has its own request',
    );
  });

  it('Doctor Who moves from "This week" to "Today" as the days pass, then its next episode is a week on', async () => {
    const start = rig.server.now();
    const doctorWho = () => read(57243);
    const first = await doctorWho();
    const groupOn = (answer: s.SeriesSchedule, at: number) => upNext([answer], localDay(at))[0]!;
    assert.equal(groupOn(first, start).group, 'thisWeek');
    assert.equal(groupOn(first, start).daysAway, 2);
    // Two days on, by the person's calendar: the same episode, today.
    rig.server.advanceClock(2 * DAY);
    const onTheDay = await doctorWho();
    assert.deepEqual(
      onTheDay.next_episode_to_air,
      first.next_episode_to_air,
      'TMDB still names the episode on its day',
    );
    const today = groupOn(onTheDay, start + 2 * DAY);
    assert.equal(today.group, 'today');
    assert.equal(episodeCode(today.episode!), episodeCode(first.next_episode_to_air!));
    // The day after: it has aired; the next one is six days away.
    rig.server.advanceClock(DAY);
    const after = await doctorWho();
    assert.equal(after.last_episode_to_air!.episode_number, first.next_episode_to_air!.episode_number);
    assert.equal(after.next_episode_to_air!.episode_number, first.next_episode_to_air!.episode_number + 1);
    assert.equal(groupOn(after, start + 3 * DAY).daysAway, 6);
  });

  it('a read stopped midway (Up Next stopped, the session changed) ends at once, and the series still waiting their turn are never asked for', async () => {
    const SERIES = /^\/3\/tv\/\d+$/;
    const followed = (await readUpNext(rig.client)).ids.length;
    assert.ok(followed > 8, `${followed} series followed`);
    rig.client.expire();
    rig.server.requests.length = 0;
    // The series' answers held at TMDB: eight go out (the client's limit in flight), the rest wait.
    rig.server.inject({ path: SERIES, kind: 'hold' });
    const stop = new AbortController();
    const reading = readUpNext(rig.client, { fresh: true, signal: stop.signal });
    await until('eight series asked for', () => rig.server.requestsTo(SERIES).length === 8);
    stop.abort();
    await assert.rejects(reading, (error) => error instanceof TmdbError && error.kind === 'cancelled');
    rig.server.clearFaults();
    rig.server.release();
    // A request after them: had the read gone on, the series after the first eight would be asked first.
    await rig.client.discovery.chart('movie', 'popular');
    assert.equal(rig.server.requestsTo(SERIES).length, 8, 'only the eight already out');
  });

  it('the seeded followed series fill every group', async () => {
    const answers = await Promise.all(Object.keys(PLANS).map((id) => read(Number(id))));
    const groups = new Set(upNext(answers, localDay(rig.server.now())).map((e) => e.group));
    assert.deepEqual(
      [...groups].sort(),
      ['canceled', 'later', 'notAnnounced', 'returning', 'thisWeek', 'today'].sort(),
    );
  });

  it("the season's answer carries the same days as the series' next episode", async () => {
    const blacklist = await read(46952);
    const next = blacklist.next_episode_to_air!;
    const season = await rig.client.season(46952, next.season_number);
    assert.equal(season.episodes.find((e) => e.episode_number === next.episode_number)?.air_date, next.air_date);
  });
});

describe('Discover: the stand-in applies the filters', function () {
  this.timeout(20_000);
  let rig: Rig;
  before(async () => (rig = await startRig()));
  after(() => rig.server.stop());

  it('genres, score and votes, years, my services in the region; the charts page with their dates', async () => {
    const found = await rig.client.discovery.discover(
      { kind: 'movie', genres: [28], minScore: 6.5, minVotes: 100, yearFrom: 2000, onMyServices: true },
      [8],
      1,
    );
    assert.ok(found.results.length > 0, 'something matches');
    for (const movie of found.results) {
      assert.ok(movie.genre_ids.includes(28));
      assert.ok(movie.vote_average >= 6.5 && movie.vote_count >= 100);
      assert.ok(('release_date' in movie ? (movie.release_date ?? '') : '') >= '2000-01-01');
      assert.ok(servicesOf(movie.id).includes(8));
    }
    const sent = rig.server.requestsTo('/3/discover/movie').at(-1)!;
    assert.equal(sent.query.watch_region, 'US');
    const nowPlaying = await rig.client.discovery.chart('movie', 'now_playing', 1);
    assert.equal(
      nowPlaying.results[0]!.title,
      fixture('openapi-examples/movie-now-playing.json').results[0].title,
      "TMDB's own first page",
    );
    assert.equal(rig.server.requestsTo('/3/movie/now_playing')[0]!.query.region, 'US');
    assert.ok(nowPlaying.total_pages > 1);
    const genres = await rig.client.discovery.genres('tv');
    assert.ok(genres.genres.some((g) => g.name === 'Sci-Fi & Fantasy'));
    const certifications = await rig.client.discovery.certifications();
    assert.deepEqual(
      certifications.map((c) => c.certification),
      ['G', 'PG', 'PG-13', 'R', 'NC-17'],
      'the mildest first, NR left out',
    );
    const providers = await rig.client.discovery.providers('movie');
    assert.ok(providers.length > 100);
    assert.ok(providers.findIndex((p) => p.provider_id === 8) < 20, "the region's most watched first");
  });

  it('refuses providers without a region, as TMDB requires one', async () => {
    const res = await fetch(`${rig.server.url}/3/discover/movie?with_watch_providers=8`, {
      headers: { Authorization: `Bearer ${rig.server['options'].readToken}` },
    });
    assert.equal(res.status, 400);
  });
});
