// TmdbClient against the stand-in over HTTP: the nine endpoints, the other calls, every error kind.
import * as assert from 'node:assert/strict';
import { isTmdbError } from '../../src/tmdb/errors';
import * as schemas from '../../src/tmdb/schemas';
import { expectTmdbError as expectKind, signIn, startRig, type Rig } from '../support/client';
import { API_KEY, DEMO_ACCOUNT_ID, READ_TOKEN, V4_USER_TOKEN } from '../support/fixtures';
import { until } from '../support/until';

/** A GET the extension makes only as part of a larger request (append_to_response): straight to the stand-in. */
async function getDirect(rig: Rig, path: string): Promise<unknown> {
  const response = await fetch(`${rig.server.url}${path}`, { headers: { Authorization: `Bearer ${READ_TOKEN}` } });
  assert.equal(response.status, 200);
  return response.json();
}

describe('TmdbClient against the stand-in server', function () {
  this.timeout(15_000);
  let rig: Rig;
  beforeEach(async () => {
    rig = await startRig();
  });
  afterEach(async () => {
    await rig.server.stop();
  });

  describe('the nine endpoints of the interface', () => {
    it('1. creates a session from a user-approved v4 token', async () => {
      const session = await rig.client.convertV4Token(V4_USER_TOKEN);
      assert.ok(rig.server.hasSession(session.session_id));
    });

    it('2. adds, re-adds and removes a watchlist entry (status codes 1, 12, 13)', async () => {
      signIn(rig);
      assert.equal((await rig.client.setFlag('watchlist', 'movie', 550, true)).status_code, 1);
      assert.equal((await rig.client.setFlag('watchlist', 'movie', 550, true)).status_code, 12);
      assert.equal((await rig.client.accountStates('movie', 550)).watchlist, true);
      const first = await rig.client.flagged('watchlist', 'movie', 1);
      assert.equal(first.results[0]?.id, 550, 'newest first');
      assert.equal((await rig.client.setFlag('watchlist', 'movie', 550, false)).status_code, 13);
      assert.equal((await rig.client.accountStates('movie', 550)).watchlist, false);
      const body = rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist`).at(-1)?.body;
      assert.deepEqual(body, { media_type: 'movie', media_id: 550, watchlist: false });
    });

    it('3. reads a TV series in the configured language', async () => {
      const series = await rig.client.tvSeries(1399);
      assert.equal(series.name, 'Game of Thrones');
      assert.ok(series.seasons.some((season) => season.season_number === 0));
      assert.equal(rig.server.requestsTo('/3/tv/1399')[0]?.query.language, 'en-US');
    });

    it('4. pages trending people by day and week', async () => {
      const day = await rig.client.trendingPeople('day', 1);
      const week = await rig.client.trendingPeople('week', 1);
      assert.equal(day.results.length, 20);
      assert.ok(day.total_pages >= 3);
      assert.notEqual(day.results[0]?.id, week.results[0]?.id);
      const last = await rig.client.trendingPeople('day', day.total_pages);
      assert.ok(last.results.length > 0);
    });

    it('5. pages the account lists', async () => {
      signIn(rig);
      const first = await rig.client.accountLists(1);
      assert.equal(first.total_pages, 2);
      const second = await rig.client.accountLists(2);
      assert.equal(first.results.length + second.results.length, first.total_results);
      assert.ok(rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/lists`).every((r) => r.query.session_id));
    });

    it('6. reads movie keywords', async () => {
      const keywords = schemas.movieKeywords().parse(await getDirect(rig, '/3/movie/550/keywords'));
      assert.ok(keywords.keywords.some((k) => k.name.length > 0));
    });

    it('7. reads movie release dates', async () => {
      const dates = schemas.releaseDates().parse(await getDirect(rig, '/3/movie/550/release_dates'));
      assert.ok(dates.results.some((group) => group.iso_3166_1 === 'US'));
    });

    it('8. reads a credit by its 24-hex id', async () => {
      const credit = await rig.client.credit('52542282760ee313280017f9');
      assert.equal(credit.person.name, 'Bryan Cranston');
      const pitt = rig.server.catalogue.movieDetails
        .get(550)!
        .credits.cast.find((c: { name: string }) => c.name === 'Brad Pitt');
      const movieCredit = await rig.client.credit(pitt.credit_id);
      assert.equal(movieCredit.media_type, 'movie');
      assert.equal(movieCredit.media.title, 'Fight Club');
      await expectKind(rig.client.credit('not-a-credit'), 'badRequest');
    });

    it('9. pages movie recommendations', async () => {
      const first = await rig.client.movieRecommendations(550, 1);
      const second = await rig.client.movieRecommendations(550, 2);
      assert.equal(first.total_pages, 2);
      assert.ok(second.results.length > 0);
    });

    it('carries keywords, release dates, recommendations and videos in one movie request', async () => {
      const movie = await rig.client.movie(550);
      assert.equal(movie.title, 'Fight Club');
      assert.ok(movie.keywords?.keywords.length);
      assert.ok(movie.release_dates?.results.length);
      assert.ok(movie.recommendations?.results.length);
      assert.ok(
        movie.videos?.results.some((video) => video.type === 'Trailer'),
        'its videos too',
      );
      assert.equal(rig.server.requests.length, 1);
      assert.equal(
        rig.server.requests[0]?.query.append_to_response,
        'keywords,release_dates,recommendations,credits,videos,watch/providers',
      );
    });
  });

  describe('other calls the extension makes', () => {
    it('marks and unmarks a favorite (status codes 1, 12, 13), and Favorites lists it first', async () => {
      signIn(rig);
      const seeded = rig.server.favoritesOf('tv');
      assert.ok(seeded.includes(1399), 'TMDB’s example favorites hold Game of Thrones');
      assert.equal((await rig.client.setFlag('favorite', 'movie', 550, true)).status_code, 1);
      assert.equal((await rig.client.setFlag('favorite', 'movie', 550, true)).status_code, 12);
      const states = await rig.client.accountStates('movie', 550);
      assert.deepEqual([states.favorite, states.watchlist], [true, false], 'a favorite is not put on the watchlist');
      assert.equal((await rig.client.flagged('favorite', 'movie', 1)).results[0]?.id, 550, 'the latest marked first');
      assert.deepEqual(rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/favorite`).at(-1)?.body, {
        media_type: 'movie',
        media_id: 550,
        favorite: true,
      });
      assert.equal((await rig.client.setFlag('favorite', 'movie', 550, false)).status_code, 13);
      assert.equal((await rig.client.accountStates('movie', 550)).favorite, false);
      assert.ok(!(await rig.client.flagged('favorite', 'movie', 1)).results.some((movie) => movie.id === 550));
      const tv = await rig.client.flagged('favorite', 'tv', 1);
      assert.deepEqual(
        tv.results.map((series) => series.id),
        [...seeded].reverse(),
        'the series, newest first',
      );
    });

    it('signs in through a request token the user approved', async () => {
      const { request_token } = await rig.client.createRequestToken();
      assert.ok(rig.server.decide(request_token, true));
      const session = await rig.client.createSession(request_token);
      const account = await rig.client.accountDetails(session.session_id);
      assert.equal(account.username, 'demo');
      await rig.client.deleteSession(session.session_id);
      assert.equal(rig.server.hasSession(session.session_id), false);
    });

    it('searches movies, series and people together', async () => {
      const first = await rig.client.searchMulti('a');
      const kinds = new Set(first.results.map((r) => r.media_type));
      for (let page = 2; page <= first.total_pages; page++) {
        for (const result of (await rig.client.searchMulti('a', page)).results) kinds.add(result.media_type);
      }
      assert.deepEqual([...kinds].sort(), ['movie', 'person', 'tv']);
      assert.equal(rig.server.requests[0]?.query.include_adult, 'false');
    });

    it('reads a person with their credits, a list and the configuration', async () => {
      const person = await rig.client.person(287);
      assert.equal(person.name, 'Brad Pitt');
      assert.ok(person.combined_credits);
      const list = await rig.client.list('1', 3);
      assert.equal(list.page, 3);
      assert.ok(list.items.length > 0);
      const config = (await getDirect(rig, '/3/configuration')) as { images: { poster_sizes: string[] } };
      assert.ok(config.images.poster_sizes.includes('w342'));
    });

    it('validates a token before it is kept, and tells a non-token apart', async () => {
      await rig.client.validateToken(READ_TOKEN);
      await expectKind(rig.client.validateToken('eyJx.eyJy.wrong'), 'unauthorized');
      await expectKind(rig.client.validateToken('hello'), 'unauthorized');
      assert.equal(rig.server.requests.length, 2, 'a non-token is refused without a request');
    });

    it('sends a v3 key as api_key and a read token as a Bearer header', async () => {
      await rig.client.trendingPeople('day');
      assert.equal(rig.server.requests[0]?.headers.authorization, `Bearer ${READ_TOKEN}`);
      assert.equal(rig.server.requests[0]?.query.api_key, undefined);
      rig.credentials.token = API_KEY;
      await rig.client.trendingPeople('day', 2); // page 1 is now kept: ask for another
      assert.equal(rig.server.requests[1]?.query.api_key, API_KEY);
      assert.equal(rig.server.requests[1]?.headers.authorization, undefined);
      // Where a token goes is worked out once a token: a token set again is not sent the last one's way.
      rig.credentials.token = READ_TOKEN;
      await rig.client.trendingPeople('day', 3);
      assert.equal(rig.server.requests[2]?.headers.authorization, `Bearer ${READ_TOKEN}`);
      assert.equal(rig.server.requests[2]?.query.api_key, undefined);
    });

    it('checks a candidate key its own way, and the next request goes with the stored token', async () => {
      await rig.client.validateToken(API_KEY);
      await rig.client.trendingPeople('day');
      assert.equal(rig.server.requests[0]?.query.api_key, API_KEY, 'the candidate key, in the query');
      assert.equal(rig.server.requests[0]?.headers.authorization, undefined);
      assert.equal(rig.server.requests[1]?.headers.authorization, `Bearer ${READ_TOKEN}`);
      assert.equal(rig.server.requests[1]?.query.api_key, undefined);
    });

    it('pages trending movies and series by day and week (GET /3/trending/all/{window})', async () => {
      const day = await rig.client.trendingAll('day', 1);
      const week = await rig.client.trendingAll('week', 1);
      assert.equal(day.results.length, 20);
      assert.equal(day.results[0]?.media_type, 'movie');
      assert.ok(
        day.results.some((item) => item.media_type === 'tv'),
        'series among them',
      );
      assert.ok(day.total_pages >= 2);
      assert.notEqual(day.results[0]?.id, week.results[0]?.id);
      assert.equal(rig.server.requestsTo('/3/trending/all/day')[0]?.query.language, 'en-US');
    });

    it("reads a season's episodes (GET /3/tv/{id}/season/{n}), and refuses a season number that is not one", async () => {
      const season = await rig.client.season(1399, 1);
      assert.equal(season.episodes.length, 10);
      assert.equal(season.episodes[0]?.name, 'Winter Is Coming');
      assert.equal(rig.server.requestsTo('/3/tv/1399/season/1')[0]?.query.language, 'en-US');
      await assert.rejects(rig.client.season(1399, -1), (error: unknown) => isTmdbError(error, 'badRequest'));
      await assert.rejects(rig.client.season(1399, 99), (error: unknown) => isTmdbError(error, 'notFound'));
    });

    it('clamps pages to 1..500 before asking', async () => {
      await rig.client.trendingPeople('day', 9999);
      await rig.client.trendingPeople('day', -3);
      assert.deepEqual(
        rig.server.requests.map((r) => r.query.page),
        ['500', '1'],
      );
    });
  });

  describe('every error kind, provoked through the stand-in', () => {
    it('unauthorized: TMDB refuses the token (401, 7)', async () => {
      rig.credentials.token = 'eyJa.eyJb.not-the-token';
      await assert.rejects(rig.client.tvSeries(1399), (error: unknown) => {
        assert.ok(isTmdbError(error, 'unauthorized'));
        assert.equal(error.status, 401);
        assert.equal(error.statusCode, 7);
        assert.match(error.message, /Invalid API key/);
        return true;
      });
    });

    it('unauthorized: no token at all, without a request', async () => {
      rig.credentials.token = undefined;
      await expectKind(rig.client.trendingPeople('day'), 'unauthorized');
      assert.equal(rig.server.requests.length, 0);
    });

    it('signedOut: a user call without a session', async () => {
      await expectKind(rig.client.accountLists(), 'signedOut');
      assert.equal(rig.server.requests.length, 0);
    });

    it('sessionRevoked: the session was revoked at TMDB (401, 3)', async () => {
      signIn(rig);
      rig.server.revokeSession();
      await expectKind(rig.client.flagged('watchlist', 'tv'), 'sessionRevoked');
    });

    it('sessionRevoked: the revoke fault ends the session mid-flight, and the client says so once', async () => {
      await rig.server.stop();
      const told: Array<string | undefined> = [];
      rig = await startRig();
      rig.client.onDidRevokeSession((sessionId) => told.push(sessionId));
      const sessionId = signIn(rig);
      rig.server.inject({ path: `/3/account/${DEMO_ACCOUNT_ID}/lists`, kind: 'revokeSession', times: 1 });
      await expectKind(rig.client.accountLists(), 'sessionRevoked');
      assert.deepEqual(told, [sessionId], 'once, naming the session the call was sent with');
      await expectKind(rig.client.flagged('watchlist', 'movie'), 'sessionRevoked');
      assert.equal(
        rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/lists`).length,
        1,
        'a revoked session is not retried',
      );
    });

    it('invalidResponse: a watchlist write answered 2xx with success false is not a success', async () => {
      signIn(rig);
      rig.server.inject({
        path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`,
        method: 'POST',
        kind: 'setField',
        field: 'success',
        value: false,
      });
      await expectKind(rig.client.setFlag('watchlist', 'movie', 550, true), 'invalidResponse');
    });

    it('invalidResponse: an answer over 5 MB is refused as too large', async () => {
      rig.server.inject({ path: '/3/movie/550', kind: 'oversize', bytes: 5 * 1024 * 1024 + 10 });
      await assert.rejects(rig.client.movie(550), (error: unknown) => {
        assert.ok(isTmdbError(error, 'invalidResponse'));
        assert.match(error.message, /too large/);
        return true;
      });
    });

    it("reads a season of 2,000 episodes as large as TMDB's real ones (~19 MB, past the 5 MB cap); a season past 32 MB is refused", async () => {
      // Game of Thrones' first season as TMDB answers it, its ten episodes (crew and guest stars, 6-13 KB
      // each) repeated to 2,000: a daily show's season, which the general 5 MB cap refused past ~540 episodes.
      const real = rig.server.catalogue.seasons.get('1399:1')!;
      const episodes = Array.from({ length: 2000 }, (_, i) => ({
        ...real.episodes[i % real.episodes.length],
        id: 1_000_000 + i,
        episode_number: i + 1,
      }));
      rig.server.catalogue.seasons.set('1399:1', { ...real, episodes });
      const bytes = JSON.stringify({ ...real, episodes }).length;
      assert.ok(bytes > 18 * 1024 * 1024 && bytes < 32 * 1024 * 1024, `${bytes} bytes`);
      const season = await rig.client.season(1399, 1);
      assert.equal(season.episodes.length, 2000);
      assert.equal(season.episodes[1999]!.episode_number, 2000);
      // Every other answer keeps the 5 MB cap; a season's stops at 32 MB.
      rig.server.inject({ path: '/3/movie/550', kind: 'oversize', bytes: 5 * 1024 * 1024 + 10 });
      await expectKind(rig.client.movie(550), 'invalidResponse');
      rig.server.inject({ path: '/3/tv/1399/season/2', kind: 'huge', bytes: 200 * 1024 * 1024 });
      await expectKind(rig.client.season(1399, 2), 'invalidResponse');
      assert.ok(
        rig.logLines.some((line) => /GET \/3\/tv\/1399\/season\/2 → 200, aborted at 33554432 bytes/.test(line)),
        rig.logLines.filter((l) => /season/.test(l)).join('\n'),
      );
    });

    it('invalidResponse: an answer whose Content-Length is over the cap is refused before it is read', async () => {
      rig.server.inject({ path: '/3/movie/550', kind: 'huge', bytes: 12 * 1024 * 1024, contentLength: true });
      await expectKind(rig.client.movie(550), 'invalidResponse');
      assert.ok(
        rig.logLines.some((line) => /refused unread: Content-Length 12582912/.test(line)),
        rig.logLines.join('\n'),
      );
      assert.equal(rig.server.requestsTo('/3/movie/550').length, 1, 'too large is not retried');
    });

    it('invalidResponse: a chunked answer is cut off at the cap, not read to its end (200 MB sent lazily)', async () => {
      rig.server.inject({ path: '/3/movie/550', kind: 'huge', bytes: 200 * 1024 * 1024 });
      await expectKind(rig.client.movie(550), 'invalidResponse');
      assert.ok(
        rig.logLines.some((line) => /aborted at 5242880 bytes/.test(line)),
        rig.logLines.join('\n'),
      );
      const [request] = rig.server.requestsTo('/3/movie/550');
      // What the server got out before the client went away: the cap, and what the sockets buffer.
      await until('the request sent', () => request?.bytesSent !== undefined, { everyMs: 10 });
      assert.ok(request!.bytesSent! < 40 * 1024 * 1024, `${request!.bytesSent} bytes sent of 200 MB`);
    });

    it('notFound: an unknown id (404, 34)', async () => {
      await assert.rejects(rig.client.movie(999_999_999), (error: unknown) => {
        assert.ok(isTmdbError(error, 'notFound'));
        assert.equal(error.statusCode, 34);
        return true;
      });
    });

    it('badRequest: a validation error body ({"errors": [...]})', async () => {
      await assert.rejects(rig.client.searchMulti(''), (error: unknown) => {
        assert.ok(isTmdbError(error, 'badRequest'));
        assert.match(error.message, /query must be provided/);
        return true;
      });
    });

    it('rateLimited: 429 with status_code 25 after the bounded retries', async () => {
      await rig.server.stop();
      const sleeps: number[] = [];
      rig = await startRig({ maxRetries: 2, sleep: async (ms) => void sleeps.push(ms) }, { rateLimit: 1 });
      await rig.client.trendingPeople('day');
      await expectKind(rig.client.trendingPeople('day', 2), 'rateLimited'); // page 1 is kept: another page
      assert.equal(rig.server.requests.filter((r) => r.status === 429).length, 3);
      assert.deepEqual(sleeps, [1000, 1000], 'waits max(Retry-After, 1 s) between tries');
    });

    it('rateLimited: a 429 is retried after Retry-After and then succeeds, even for a POST', async () => {
      signIn(rig);
      rig.server.inject({
        path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`,
        method: 'POST',
        kind: 'status',
        status: 429,
        times: 1,
      });
      const reply = await rig.client.setFlag('watchlist', 'tv', 1399, true);
      assert.ok([1, 12].includes(reply.status_code));
      assert.equal(rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist`).length, 2);
    });

    it('server: a GET is retried with backoff, then fails with the 5xx', async () => {
      rig.server.inject({ path: '/3/tv/1399', kind: 'status', status: 503, statusCode: 9 });
      await expectKind(rig.client.tvSeries(1399), 'server');
      assert.equal(rig.server.requestsTo('/3/tv/1399').length, 4, '1 try + 3 retries');
    });

    it('server: a GET recovers when the 5xx passes', async () => {
      rig.server.inject({ path: '/3/tv/1399', kind: 'status', status: 502, times: 2 });
      assert.equal((await rig.client.tvSeries(1399)).id, 1399);
    });

    it('server: a POST is never retried after a 5xx', async () => {
      signIn(rig);
      rig.server.inject({ path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`, kind: 'status', status: 500 });
      await expectKind(rig.client.setFlag('watchlist', 'movie', 550, true), 'server');
      assert.equal(rig.server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist`).length, 1);
    });

    it('offline: the connection is reset', async () => {
      rig.server.inject({ path: '/3/tv/1399', kind: 'reset' });
      await expectKind(rig.client.tvSeries(1399), 'offline');
      assert.equal(rig.server.requestsTo('/3/tv/1399').length, 4, 'GETs retry network errors');
    });

    it('offline: nothing listens at the address', async () => {
      await rig.server.stop();
      await expectKind(rig.client.tvSeries(1399), 'offline');
      rig = await startRig();
    });

    it('timeout: no answer in time', async () => {
      await rig.server.stop();
      rig = await startRig({ timeoutMs: 100, maxRetries: 0 });
      rig.server.inject({ path: '/3/tv/1399', kind: 'latency', ms: 400 });
      await expectKind(rig.client.tvSeries(1399), 'timeout');
    });

    it('cancelled: the caller aborts a stale request', async () => {
      rig.server.inject({ path: '/3/search/multi', kind: 'latency', ms: 300 });
      const controller = new AbortController();
      const pending = rig.client.searchMulti('fight', 1, controller.signal);
      setTimeout(() => controller.abort(), 30);
      await expectKind(pending, 'cancelled');
    });

    it('invalidResponse: the body is not JSON', async () => {
      rig.server.inject({ path: '/3/tv/1399', kind: 'malformed' });
      await expectKind(rig.client.tvSeries(1399), 'invalidResponse');
    });

    it('invalidResponse: a field the view needs is missing', async () => {
      rig.server.inject({ path: '/3/tv/1399', kind: 'removeField', field: 'id' });
      await assert.rejects(rig.client.tvSeries(1399), (error: unknown) => {
        assert.ok(isTmdbError(error, 'invalidResponse'));
        assert.match(error.message, /"id"/);
        return true;
      });
    });

    it('a nulled optional field does not fail the answer', async () => {
      rig.server.inject({ path: '/3/tv/1399', kind: 'nullField', field: 'overview' });
      assert.equal((await rig.client.tvSeries(1399)).overview, '');
    });

    it('invalidResponse: a watchlist write that TMDB does not confirm is never a success', async () => {
      signIn(rig);
      rig.server.inject({ path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`, kind: 'removeField', field: 'status_code' });
      await expectKind(rig.client.setFlag('watchlist', 'movie', 550, true), 'invalidResponse');
    });

    it('no error message or log line holds the token, key or session id', async () => {
      const sessionId = signIn(rig);
      rig.credentials.token = API_KEY;
      rig.server.revokeSession();
      const errors: string[] = [];
      for (const call of [
        () => rig.client.accountLists(),
        () => rig.client.movie(999_999_999),
        () => rig.client.flagged('watchlist', 'movie'),
      ]) {
        await call().catch((error: Error) => errors.push(`${error.message} ${error.stack ?? ''}`));
      }
      const text = [...errors, ...rig.logLines].join('\n');
      assert.equal(errors.length, 3);
      for (const secret of [API_KEY, sessionId, READ_TOKEN]) assert.ok(!text.includes(secret), 'a secret leaked');
    });
  });
});
