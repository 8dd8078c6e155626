// The stand-in's own behaviour, over plain HTTP: the sign-in state machine as TMDB runs it.
import * as assert from 'node:assert/strict';
import { READ_TOKEN, V4_USER_TOKEN } from '../support/fixtures';
import { until } from '../support/until';
import { TmdbStandIn } from '../tmdb-server/server';
import { redirectFrom } from '../tmdb-server/web';

describe('TMDB stand-in: sign-in state machine', function () {
  this.timeout(10_000);
  let server: TmdbStandIn;
  let url: string;
  const auth = { Authorization: `Bearer ${READ_TOKEN}`, 'Content-Type': 'application/json' };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: auth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const newToken = async () => (await api('GET', '/3/authentication/token/new')).body.request_token as string;
  const press = (token: string, button: 'allow' | 'deny', redirectTo?: string) =>
    fetch(
      `${url}/authenticate/${token}/${button}${redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : ''}`,
      {
        method: 'POST',
        redirect: 'manual',
      },
    );

  beforeEach(async () => {
    server = new TmdbStandIn({ readToken: READ_TOKEN, v4UserTokens: [V4_USER_TOKEN], rateLimit: 0 });
    url = await server.start(0);
  });
  afterEach(() => server.stop());

  it('issues a token that expires in 60 minutes, in TMDB date format', async () => {
    const { body } = await api('GET', '/3/authentication/token/new');
    assert.match(body.expires_at, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    const minutes = (Date.parse(body.expires_at.replace(' UTC', 'Z').replace(' ', 'T')) - Date.now()) / 60_000;
    assert.ok(minutes > 59 && minutes <= 60, `${minutes}`);
  });

  it('serves an approval page with Approve and Deny buttons', async () => {
    const token = await newToken();
    const res = await fetch(`${url}/authenticate/${token}?redirect_to=${encodeURIComponent('vscode://x.y/cb')}`);
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.match(html, /id="approve"/);
    assert.match(html, /id="deny"/);
  });

  it('refuses a session for a token not yet approved (401, 17)', async () => {
    const token = await newToken();
    const res = await api('POST', '/3/authentication/session/new', { request_token: token });
    assert.deepEqual([res.status, res.body.status_code], [401, 17]);
  });

  it('redirects to redirect_to after approval, then creates one session only', async () => {
    const token = await newToken();
    const res = await press(token, 'allow', 'vscode://tmdb-community.tmdb-vscode/auth');
    assert.equal(res.status, 302);
    const location = new URL(res.headers.get('location') ?? '');
    assert.equal(location.searchParams.get('request_token'), token);
    assert.equal(location.searchParams.get('approved'), 'true');
    const first = await api('POST', '/3/authentication/session/new', { request_token: token });
    assert.equal(first.status, 200);
    assert.ok(server.hasSession(first.body.session_id));
    const again = await api('POST', '/3/authentication/session/new', { request_token: token });
    assert.deepEqual([again.status, again.body.status_code], [401, 33]);
  });

  it('without redirect_to, lands on /authenticate/allow with the Authentication-Callback header', async () => {
    const token = await newToken();
    const res = await press(token, 'allow');
    assert.equal(res.status, 302);
    // As a browser does: a relative Location is read from the address that answered.
    const allow = await fetch(new URL(res.headers.get('location') ?? '', `${url}/authenticate/${token}/allow`));
    assert.equal(new URL(allow.url).pathname, '/authenticate/allow');
    assert.match(
      allow.headers.get('authentication-callback') ?? '',
      new RegExp(`/3/authentication/session/new\\?request_token=${token}$`),
    );
  });

  it('refuses a denied token (401, 17) and tells the redirect it was denied', async () => {
    const token = await newToken();
    const res = await press(token, 'deny', 'vscode://x.y/cb');
    assert.equal(new URL(res.headers.get('location') ?? '').searchParams.get('denied'), 'true');
    const session = await api('POST', '/3/authentication/session/new', { request_token: token });
    assert.deepEqual([session.status, session.body.status_code], [401, 17]);
  });

  it('expires a token after 60 minutes on its clock (401, 33) and the page says so', async () => {
    const token = await newToken();
    server.advanceClock(61 * 60 * 1000);
    assert.equal(server.decide(token, true), false);
    const page = await fetch(`${url}/authenticate/${token}`);
    assert.equal(page.status, 410);
    const session = await api('POST', '/3/authentication/session/new', { request_token: token });
    assert.deepEqual([session.status, session.body.status_code], [401, 33]);
  });

  it('converts only a user-approved v4 token, never the read token', async () => {
    const refused = await api('POST', '/3/authentication/session/convert/4', { access_token: READ_TOKEN });
    assert.deepEqual([refused.status, refused.body.status_code], [401, 36]);
    const ok = await api('POST', '/3/authentication/session/convert/4', { access_token: V4_USER_TOKEN });
    assert.equal(ok.status, 200);
    assert.ok(server.hasSession(ok.body.session_id));
  });

  it('deletes a session; the account is then refused (401, 3)', async () => {
    const sessionId = server.createSessionFor();
    assert.equal((await api('GET', `/3/account?session_id=${sessionId}`)).status, 200);
    assert.equal((await api('DELETE', '/3/authentication/session', { session_id: sessionId })).body.success, true);
    const after = await api('GET', `/3/account?session_id=${sessionId}`);
    assert.deepEqual([after.status, after.body.status_code], [401, 3]);
  });

  it('answers 401 with status_code 7 to a wrong app token', async () => {
    const res = await fetch(`${url}/3/trending/person/day`, { headers: { Authorization: 'Bearer nope' } });
    assert.equal(res.status, 401);
    assert.equal(((await res.json()) as { status_code: number }).status_code, 7);
  });

  it('rate-limits with 429, status_code 25 and Retry-After', async () => {
    server.setRateLimit(3);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${url}/3/configuration`, { headers: auth });
      statuses.push(res.status);
      if (res.status === 429) {
        assert.equal(res.headers.get('retry-after'), '1');
        assert.equal(((await res.json()) as { status_code: number }).status_code, 25);
      }
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
  });

  it('answers pages past 500 with 400 and status_code 22', async () => {
    const res = await api('GET', '/3/trending/person/week?page=501');
    assert.deepEqual([res.status, res.body.status_code], [400, 22]);
  });
});

describe('TMDB stand-in: faults', function () {
  this.timeout(10_000);
  let server: TmdbStandIn;
  let url: string;
  const get = async (path: string) => {
    const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${READ_TOKEN}` } });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  beforeEach(async () => {
    server = new TmdbStandIn({ readToken: READ_TOKEN, rateLimit: 0 });
    url = await server.start(0);
  });
  afterEach(() => server.stop());

  it("holds a round-trip latency's answer, made as the request came, until that long after it (bench:paint's latency)", async () => {
    const sessionId = server.createSessionFor();
    const accountId = (await get(`/3/account?session_id=${sessionId}`)).body.id as number;
    const path = `/3/account/${accountId}/watchlist/movies`;
    const before = (await get(`${path}?session_id=${sessionId}`)).body.total_results as number;
    assert.notEqual(before, 3, 'the change below is one the answer would show');
    server.inject({ path, kind: 'latency', ms: 300, roundTrip: true, times: 1 });
    const asked = performance.now();
    const answering = get(`${path}?session_id=${sessionId}`);
    // A change made while the answer is held is not in it: it was made when the request came.
    await until('the second request held', () => server.requestsTo(path).length >= 2, { everyMs: 5 });
    server.fillWatchlist(3);
    const held = await answering;
    assert.ok(performance.now() - asked >= 300, 'sent no sooner than 300 ms after it was asked');
    assert.deepEqual([held.status, held.body.total_results], [200, before]);
    assert.equal((await get(`${path}?session_id=${sessionId}`)).body.total_results, 3);
  });
});

describe('TMDB stand-in: the approval page behind the web workbench', () => {
  const callback =
    'http://127.0.0.1:8080/stable-abc/callback?vscode-reqid=1&vscode-scheme=code-oss&vscode-authority=tmdb-community.tmdb-vscode&vscode-path=%2Fauth-callback';

  it('takes redirect_to as written when it arrives whole', () => {
    assert.equal(redirectFrom(new URLSearchParams({ redirect_to: callback })), callback);
  });

  it('puts back a redirect_to whose query the workbench split into top-level parameters', () => {
    // What the workbench's port forwarding makes of the address (seen in the end-to-end suite).
    const split = new URLSearchParams(
      'redirect_to=http://127.0.0.1:8080/stable-abc/callback%253Fvscode-reqid=1&vscode-scheme=code-oss&vscode-authority=tmdb-community.tmdb-vscode&vscode-path=%252Fauth-callback',
    );
    const rebuilt = new URL(redirectFrom(split)!);
    assert.equal(rebuilt.pathname, '/stable-abc/callback');
    assert.equal(rebuilt.searchParams.get('vscode-reqid'), '1');
    assert.equal(rebuilt.searchParams.get('vscode-authority'), 'tmdb-community.tmdb-vscode');
    assert.equal(rebuilt.searchParams.get('vscode-path'), '/auth-callback');
  });
});

describe('TMDB stand-in: the language a request asks for', () => {
  let server: TmdbStandIn;
  let url: string;
  const get = async (path: string) =>
    (await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${READ_TOKEN}` } })).json() as Promise<
      Record<string, any>
    >;

  before(async () => {
    server = new TmdbStandIn({ readToken: READ_TOKEN, rateLimit: 0 });
    url = await server.start(0);
  });
  after(() => server.stop());

  it('answers in French or German where it has a translation', async () => {
    const series = await get('/3/tv/1399?language=fr-FR');
    assert.equal(series.name, 'Le Trône de fer');
    assert.match(series.overview, /Westeros/);
    assert.equal((await get('/3/movie/278?language=de-DE')).title, 'Die Verurteilten');
    assert.match((await get('/3/movie/550?language=de-DE')).tagline, /Fight Club/);
  });

  it('appends to a person what append_to_response names, and nothing else (Tom Hanks: his real credits and ids)', async () => {
    const bare = await get('/3/person/31');
    assert.equal(bare.combined_credits, undefined);
    assert.equal(bare.external_ids, undefined);
    const both = await get('/3/person/31?append_to_response=combined_credits,external_ids');
    assert.equal(both.combined_credits.cast.length, 217);
    assert.equal(both.combined_credits.crew.length, 69);
    assert.equal(both.external_ids.wikidata_id, 'Q2263');
    assert.equal(both.images, undefined, 'images only when asked');
    const pictured = await get('/3/person/31?append_to_response=images');
    assert.deepEqual(
      pictured.images.profiles.map((profile: any) => profile.file_path),
      [pictured.profile_path],
      'the profile picture among the pictures',
    );
    const one = await get('/3/person/287?append_to_response=external_ids');
    assert.equal(one.combined_credits, undefined);
    assert.equal(one.external_ids.imdb_id, one.imdb_id, 'the ids the person record has');
    assert.equal(one.external_ids.imdb_id, 'nm0000093');
  });

  it("appends a series' cast and crew (aggregate_credits) and its ids only when asked, and everyone in them has a page", async () => {
    const bare = await get('/3/tv/1399?append_to_response=videos');
    assert.equal(bare.aggregate_credits, undefined);
    assert.equal(bare.external_ids, undefined);
    const full = await get('/3/tv/1399?append_to_response=aggregate_credits,external_ids');
    assert.equal(full.aggregate_credits.cast.length, 514);
    assert.equal(full.aggregate_credits.crew.length, 271);
    assert.equal(full.external_ids.imdb_id, 'tt0944947');
    assert.deepEqual(await get('/3/tv/1399/aggregate_credits'), {
      id: 1399,
      cast: full.aggregate_credits.cast,
      crew: full.aggregate_credits.crew,
    });
    const dinklage = await get('/3/person/22970?append_to_response=combined_credits');
    assert.ok(
      dinklage.combined_credits.cast.some(
        (credit: any) => credit.id === 1399 && credit.character === 'Tyrion Lannister' && credit.episode_count === 77,
      ),
    );
    const season = await get('/3/tv/1399/season/1');
    // (The example answers are of different years: a name may be spelt otherwise, "Tim" here, "Timothy" there.)
    for (const person of [...season.episodes[0].guest_stars, ...season.episodes[0].crew])
      assert.equal((await get(`/3/person/${person.id}`)).id, person.id);
    const other = await get('/3/tv/2?append_to_response=aggregate_credits');
    assert.deepEqual(
      { cast: other.aggregate_credits.cast, crew: other.aggregate_credits.crew },
      { cast: [], crew: [] },
      'a series with no example has none',
    );
  });

  it('serves the Star Wars collection, and each of its movies names it (the catalogue’s other answers as before)', async () => {
    const collection = await get('/3/collection/10');
    assert.equal(collection.parts.length, 9);
    for (const part of collection.parts) {
      const movie = await get(`/3/movie/${part.id}`);
      assert.deepEqual(movie.belongs_to_collection?.id, 10, movie.title);
    }
    assert.equal((await get('/3/movie/550')).belongs_to_collection, null);
    const trending = await get('/3/trending/all/day');
    assert.ok(
      !trending.results.some((title: any) => collection.parts.some((part: any) => part.id === title.id)),
      'trending is as it was',
    );
  });

  it('keeps the original title and leaves the overview empty where it has none, as TMDB does', async () => {
    const movie = await get('/3/movie/680?language=fr-FR');
    assert.equal(movie.title, movie.original_title);
    assert.equal(movie.overview, '');
    const english = await get('/3/movie/680?language=en-US');
    assert.ok(english.overview.length > 0, 'English is the catalogue as it is');
  });

  it('names genres and seasons in the language asked: English by default, German or French when asked', async () => {
    const genre = (list: Record<string, any>, id: number) => list.genres.find((g: any) => g.id === id)?.name;
    const english = await get('/3/genre/movie/list');
    assert.deepEqual(
      [genre(english, 35), genre(english, 12), genre(english, 10770)],
      ['Comedy', 'Adventure', 'TV Movie'],
    );
    assert.equal(genre(await get('/3/genre/tv/list?language=en-US'), 10762), 'Kids');
    const german = await get('/3/genre/movie/list?language=de-DE');
    assert.deepEqual([genre(german, 35), genre(german, 12)], ['Komödie', 'Abenteuer']);
    assert.deepEqual(
      german.genres.map((g: any) => g.id),
      english.genres.map((g: any) => g.id),
      'the same genres in the same order',
    );
    assert.equal(genre(await get('/3/genre/tv/list?language=de'), 35), 'Komödie');
    const series = await get('/3/tv/1399?language=de-DE');
    assert.deepEqual(
      series.seasons.slice(0, 3).map((s: any) => s.name),
      ['Specials', 'Staffel 1', 'Staffel 2'],
    );
    const season = await get('/3/tv/1399/season/1?language=fr-FR');
    assert.equal(season.name, 'Saison 1');
    assert.equal(season.episodes[0].name, 'Winter Is Coming', 'an episode keeps its name');
    assert.equal((await get('/3/tv/1399/season/1')).name, 'Season 1');
  });

  it("translates the titles inside other answers too (a person's known-for, recommendations)", async () => {
    const recommendations = await get('/3/movie/550/recommendations?language=fr-FR');
    assert.ok(recommendations.results.some((m: { title: string }) => m.title === 'Le Parrain'));
  });
});

describe('TMDB stand-in: a catalogue that looks like TMDB', () => {
  const server = new TmdbStandIn({ readToken: READ_TOKEN });
  const { catalogue } = server;

  it('has real people, each with a picture, on every trending page', () => {
    assert.equal(catalogue.people.length, 70);
    assert.ok(
      catalogue.people.every((person) => !/Sample/.test(person.name) && person.profile_path),
      'no "Sample Person", no silhouette',
    );
  });

  it('knows what every picture shows, so each is drawn as a poster, a face or a logo with its name', () => {
    const paths =
      JSON.stringify([...catalogue.movieDetails.values(), ...catalogue.tvDetails.values(), ...catalogue.people]).match(
        /"\/[\w-]+\.(jpg|png|svg)"/g,
      ) ?? [];
    assert.ok(paths.length > 100);
    const missing = paths.map((path) => JSON.parse(path) as string).filter((path) => !catalogue.images.has(path));
    assert.deepEqual(missing, []);
    assert.equal(catalogue.images.get(catalogue.movieDetails.get(550)!.poster_path)?.kind, 'poster');
    assert.equal(catalogue.images.get(catalogue.people[0].profile_path)?.label, catalogue.people[0].name);
  });

  it('gives people a biography and what they are known for (Brad Pitt: Fight Club)', () => {
    assert.ok(catalogue.personDetails.get(catalogue.people[0].id)!.biography.length > 20);
    const pitt = catalogue.personDetails.get(287)!;
    assert.ok(
      pitt.combined_credits.cast.some(
        (credit: { id: number; character: string }) => credit.id === 550 && credit.character === 'Tyler Durden',
      ),
    );
  });

  it("opens Fight Club's recommendations on the titles people know", () => {
    const first = catalogue.recommendations
      .get(550)!
      .slice(0, 5)
      .map((movie) => movie.title);
    assert.ok(!first.some((title) => /^man$/i.test(title)), first.join(', '));
  });

  it('recommends, for every movie, well-known titles that share its genres (two, when it has two) (The Shawshank Redemption: no superheroes)', () => {
    for (const [id, picks] of catalogue.recommendations) {
      if (id === 550) continue; // TMDB's own answer
      const genres = new Set<number>(catalogue.movies.get(id)!.genre_ids ?? []);
      for (const pick of picks) {
        const shared = (pick.genre_ids as number[]).filter((genre) => genres.has(genre)).length;
        assert.ok(shared >= Math.min(2, genres.size), `${catalogue.movies.get(id)!.title} → ${pick.title}`);
        assert.ok(pick.vote_count >= 300, `${pick.title}: ${pick.vote_count} votes`);
      }
    }
    const shawshank = catalogue.recommendations.get(278)!.map((movie) => movie.title);
    assert.ok(!shawshank.some((title) => /Spider-Man|Avengers|Iron Man|Thor|X-Men/.test(title)), shawshank.join(', '));
  });

  it('says nothing of itself: no text in any answer mentions the stand-in', () => {
    const everything = JSON.stringify([
      ...catalogue.personDetails.values(),
      ...catalogue.movieDetails.values(),
      ...catalogue.tvDetails.values(),
      ...catalogue.seasons.values(),
      ...catalogue.listDetails.values(),
    ]);
    assert.doesNotMatch(everything, /\bstand-in\b/i);
  });

  it('names English-language films by their English title in an English catalogue (no "X-Men: Zukunft ist Vergangenheit")', () => {
    const titles = [...catalogue.movies.values()]
      .filter((movie) => movie.original_language === 'en')
      .map((movie) => movie.title as string);
    assert.ok(titles.length > 50);
    assert.deepEqual(
      titles.filter((title) =>
        /Zukunft|Vergangenheit|Entscheidung|Widerstand|unglaubliche|Weg des Kriegers|tierischer/.test(title),
      ),
      [],
    );
  });

  it("gives every season's episodes air dates, runtimes and stills (Game of Thrones' second season)", () => {
    const second = catalogue.seasons.get('1399:2')!;
    assert.equal(second.episodes.length, 10);
    for (const episode of second.episodes) {
      assert.match(episode.air_date, /^2012-\d\d-\d\d$/);
      assert.ok(episode.runtime > 0 && catalogue.images.get(episode.still_path)?.kind === 'still');
    }
    assert.equal(catalogue.seasons.get('1399:1')!.episodes[0].name, 'Winter Is Coming', "TMDB's own first season");
  });
});

describe('TMDB stand-in: search, ranked as TMDB ranks', () => {
  let server: TmdbStandIn;
  let url: string;
  before(async () => {
    server = new TmdbStandIn({ readToken: READ_TOKEN, rateLimit: 0 });
    url = await server.start(0);
  });
  after(() => server.stop());

  it('puts the popular title that starts with the words first: "fight" finds Fight Club before a 1973 "Fight"', async () => {
    const answer = await (
      await fetch(`${url}/3/search/multi?query=fight`, { headers: { Authorization: `Bearer ${READ_TOKEN}` } })
    ).json();
    const names = answer.results.map((hit: { title?: string; name?: string }) => hit.title ?? hit.name);
    assert.equal(names[0], 'Fight Club', names.join(', '));
  });
});
