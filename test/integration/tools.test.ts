// The language model tools, invoked as a chat (or any extension) invokes them: `vscode.lm.invokeTool` in the
// real extension host, against the stand-in. A write's confirmation is the workbench's modal dialog, which
// VS Code answers "yes" by itself while extension tests run (its DialogService skips dialogs when an
// extensionTestsPath is set): the dialogs, Yes and Cancel, are clicked in test/e2e/tools.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { invokeTool, resetState, until } from './helpers';

const TOOLS = [
  'tmdb_search',
  'tmdb_details',
  'tmdb_trending',
  'tmdb_my_titles',
  'tmdb_my_lists',
  'tmdb_watchlist',
  'tmdb_rate',
  'tmdb_add_to_list',
  'tmdb_edit_list',
  'tmdb_mark_watched',
];
const ATTRIBUTION = 'This product uses the TMDB API but is not endorsed or certified by TMDB.';

/** A movie neither on the seeded watchlist nor rated. */
async function unflaggedMovie(server: Awaited<ReturnType<typeof resetState>>['server']): Promise<number> {
  const id = [550, 238, 680, 13, 155].find(
    (candidate) => !server.watchlistOf('movie').includes(candidate) && server.ratingOf('movie', candidate) === false,
  );
  assert.ok(id, 'a movie off the watchlist');
  return id;
}

describe('language model tools (vscode.lm.invokeTool)', function () {
  this.timeout(60_000);

  it('are registered with the workbench, each with its #reference and input schema', async () => {
    await resetState();
    const ours = vscode.lm.tools.filter((tool) => tool.tags.includes('tmdb'));
    assert.deepEqual(ours.map((tool) => tool.name).sort(), [...TOOLS].sort());
    for (const tool of ours) {
      assert.ok(tool.description.length > 40, `${tool.name} tells a model what it does`);
      assert.equal(
        (tool.inputSchema as { type?: string } | undefined)?.type,
        'object',
        `${tool.name} has an input schema`,
      );
    }
  });

  it('search: matches with their kind, TMDB id, year and score, TMDB credited; one request', async () => {
    const { server } = await resetState();
    const answer = await invokeTool('tmdb_search', { query: 'Fight Club' });
    assert.match(answer, /^TMDB search for "Fight Club": \d+ of \d+ results\.$/m);
    assert.match(answer, /^- movie 550: "Fight Club" \(1999\), score \d\.\d\/10 \(\d+ votes\)$/m);
    assert.ok(answer.endsWith(ATTRIBUTION), 'ends with the attribution');
    assert.equal(server.requestsTo('/3/search/multi').length, 1);
    const people = await invokeTool('tmdb_search', { query: 'Brad', type: 'person' });
    assert.ok(!/^- (movie|series) /m.test(people), 'only people');
  });

  it("search of one kind: TMDB's own search of that kind, past the mixed first page, with its true count", async () => {
    const { server } = await resetState();
    // "man": 30 mixed results, none a person on the first page; two people further on.
    const people = await invokeTool('tmdb_search', { query: 'man', type: 'person' });
    assert.match(people, /^TMDB search for "man" \(people only\): 2 of 2 results\.$/m);
    assert.equal((people.match(/^- person \d+: /gm) ?? []).length, 2);
    const series = await invokeTool('tmdb_search', { query: 'a', type: 'tv' });
    const [, shown, total] = /: (\d+) of (\d+) results\.$/m.exec(series) ?? [];
    const expected = [...server.catalogue.tv.values()].filter((t: any) =>
      [t.name, t.original_name].some((n: string) => n?.toLowerCase().includes('a')),
    ).length;
    assert.equal(Number(total), expected, 'the count of series, not of all kinds');
    assert.equal(Number(shown), Math.min(10, expected));
    assert.ok(!/^- (movie|person) /m.test(series), 'only series');
    assert.deepEqual(
      server.requests.filter((r) => r.path.startsWith('/3/search/')).map((r) => `${r.path}?${r.query.query}`),
      ['/3/search/person?man', '/3/search/tv?a'],
    );
  });

  it("details: a movie's director, cast, where to watch in the region, trailer and page; the account's state once signed in", async () => {
    const { api, server } = await resetState();
    const answer = await invokeTool('tmdb_details', { type: 'movie', id: 550 });
    assert.match(answer, /^Movie 550: "Fight Club" \(1999\)$/m);
    assert.match(answer, /^Directed by: "David Fincher"$/m);
    assert.match(answer, /^Cast: "Edward Norton" as "[^"]+"; "Brad Pitt" as "Tyler Durden"/m);
    assert.match(answer, /^Where to watch in US: .+\. Where-to-watch data: JustWatch\.$/m);
    assert.match(answer, /^Trailer: https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/m);
    assert.ok(answer.includes(`TMDB page: ${api.settings().webBaseUrl}/movie/550`));
    assert.ok(!answer.includes('Your account'), 'signed out: nothing about an account');
    assert.equal(server.requestsTo(/^\/3\/movie\/550/).length, 1, 'one request: the page’s own');

    await resetState({ signedIn: true });
    const mine = await invokeTool('tmdb_details', { type: 'movie', id: 550 });
    assert.match(
      mine,
      /^Your account: (on|not on) your watchlist, (a|not a) favorite, (not rated|rated [\d.]+\/10)\.$/m,
    );
  });

  it('details: a series (seasons, creators, networks) and a person (biography, best-known roles)', async () => {
    await resetState();
    const series = await invokeTool('tmdb_details', { type: 'tv', id: 1399 });
    assert.match(series, /^Series 1399: "Game of Thrones" \(2011\)$/m);
    assert.match(series, /^Created by: "David Benioff", "D\.B\. Weiss"$/m);
    assert.match(series, /^first aired 2011-04-17, 8 seasons, 73 episodes, "Ended"$/m);
    assert.match(series, /^Networks: "HBO"$/m);
    const person = await invokeTool('tmdb_details', { type: 'person', id: 287 });
    assert.match(person, /^Person 287: "Brad Pitt"$/m);
    assert.match(person, /^Best-known roles:$/m);
    assert.match(person, /^- movie \d+: "[^"]+" \(\d{4}\)/m);
  });

  it('trending: movies today, people this week', async () => {
    const { server } = await resetState();
    const movies = await invokeTool('tmdb_trending', { type: 'movie', window: 'day' });
    assert.match(movies, /^Trending movies on TMDB today:$/m);
    assert.ok(!/^- (series|person) /m.test(movies), 'movies only');
    assert.match(movies, /^- movie \d+: /m);
    const people = await invokeTool('tmdb_trending', { type: 'person' });
    assert.match(people, /^Trending people on TMDB this week:$/m);
    assert.match(people, /^- person \d+: "[^"]+"/m);
    assert.deepEqual(
      server.requests.map((r) => r.path).filter((p) => p.startsWith('/3/trending')),
      ['/3/trending/all/day', '/3/trending/person/week'],
    );
  });

  it("my titles and lists: the account's watchlist, ratings and lists; signed out, a message the model can act on", async () => {
    const { server } = await resetState();
    await assert.rejects(
      invokeTool('tmdb_my_titles', { collection: 'watchlist' }),
      /Not signed in to TMDB\. Ask the user to run "TMDB: Sign In"/,
    );
    await assert.rejects(invokeTool('tmdb_my_lists', {}), /Not signed in to TMDB/);
    assert.equal(server.requests.length, 0, 'nothing asked of TMDB');

    await resetState({ signedIn: true });
    const watchlist = await invokeTool('tmdb_my_titles', { collection: 'watchlist', type: 'movie' });
    const onIt = server.watchlistOf('movie');
    assert.match(watchlist, new RegExp(`^Movies: ${onIt.length}`, 'm'));
    for (const id of onIt.slice(0, 3)) assert.match(watchlist, new RegExp(`^- movie ${id}: `, 'm'));
    const lists = await invokeTool('tmdb_my_lists', {});
    const listId = server.listIdNamed(/^- list (\w+): "([^"]+)"/m.exec(lists)![2]!);
    assert.ok(listId, 'a list the account has, by name');
    const list = await invokeTool('tmdb_my_lists', { listId });
    assert.match(list, new RegExp(`^List ${listId}: "`, 'm'));
    for (const id of server.listItemIds(listId).slice(0, 3))
      assert.match(list, new RegExp(`^- (movie|series) ${id}: `, 'm'));
  });

  it('watchlist: add and remove; TMDB has it, the Watchlist view and open pages are told', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const id = await unflaggedMovie(server);
    const changes: number[] = [];
    const following = api.watchlist.onDidChange((change) => changes.push(change.id));
    try {
      const answer = invokeTool('tmdb_watchlist', { type: 'movie', id, action: 'add' });
      assert.match(
        await answer,
        new RegExp(`^Done: "[^"]+" \\(movie ${id}\\) is now on the user's TMDB watchlist\\.$`, 'm'),
      );
      assert.ok(server.watchlistOf('movie').includes(id), 'TMDB has it');
      assert.deepEqual(changes, [id], 'announced: the views and open pages follow');
      // Again: nothing to do, and it says so (no write, no announcement).
      const writes = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/watchlist')).length;
      const before = writes();
      assert.match(
        await invokeTool('tmdb_watchlist', { type: 'movie', id, action: 'add' }),
        new RegExp(
          `^Nothing to do: "[^"]+" \\(movie ${id}\\) is already on the user's TMDB watchlist; nothing was changed\\.$`,
          'm',
        ),
      );
      assert.equal(writes(), before, 'no write sent');
      assert.deepEqual(changes, [id]);

      const removed = invokeTool('tmdb_watchlist', { type: 'movie', id, action: 'remove' });
      assert.match(await removed, /is no longer on the user's TMDB watchlist/);
      assert.ok(!server.watchlistOf('movie').includes(id));
    } finally {
      following.dispose();
    }
  });

  it('rate and remove the rating; a rating TMDB does not take is refused before any dialog', async () => {
    const { server } = await resetState({ signedIn: true });
    const id = await unflaggedMovie(server);
    const rated = invokeTool('tmdb_rate', { type: 'movie', id, rating: 7.5 });
    assert.match(await rated, /is rated 7\.5\/10 by the user on TMDB/);
    assert.deepEqual(server.ratingOf('movie', id), { value: 7.5 });
    assert.match(
      await invokeTool('tmdb_rate', { type: 'movie', id, remove: true }),
      /is no longer rated by the user on TMDB/,
    );
    assert.equal(server.ratingOf('movie', id), false);
    await assert.rejects(
      invokeTool('tmdb_rate', { type: 'movie', id, rating: 7.3 }),
      /Invalid input: "rating" must be 0\.5 to 10 in steps of 0\.5/,
    );
  });

  it("add to list: the list has the movie; a list that is not the user's is refused without a write", async () => {
    const { server } = await resetState({ signedIn: true });
    const lists = await invokeTool('tmdb_my_lists', {});
    const [, listId, name] = /^- list (\w+): "([^"]+)"/m.exec(lists)!;
    const movieId = [550, 238, 680, 13].find((candidate) => !server.listItemIds(listId!).includes(candidate))!;
    const added = invokeTool('tmdb_add_to_list', { listId, movieId });
    assert.match(await added, new RegExp(`is in the user's list "${name}" \\(list ${listId}\\)`));
    assert.ok(server.listItemIds(listId!).includes(movieId));

    server.requests.length = 0;
    await assert.rejects(
      invokeTool('tmdb_add_to_list', { listId: '999999999', movieId }),
      /The user has no TMDB list 999999999/,
    );
    assert.equal(server.requests.filter((r) => r.method === 'POST').length, 0, 'no write sent');
  });

  it('edit list (v4): a series into a new private list by add to list, then comment, sort, rename, make public, remove, clear, delete; TMDB holds each', async () => {
    const { server } = await resetState({ signedIn: 'v4' });
    const made = await invokeTool('tmdb_edit_list', { action: 'create', name: 'Chat picks', public: false });
    const listId = /is list (\w+)/.exec(made)![1]!;
    assert.equal(server.v4List(listId)?.public, false);
    assert.match(
      await invokeTool('tmdb_add_to_list', { listId, seriesId: 1399 }),
      /\(tv 1399\) is in the user's list "Chat picks"/,
    );
    await invokeTool('tmdb_add_to_list', { listId, movieId: 550 });
    await invokeTool('tmdb_edit_list', { action: 'comment', listId, seriesId: 1399, comment: 'Winter is coming' });
    await invokeTool('tmdb_edit_list', { action: 'sort', listId, sortBy: 'title.asc' });
    await invokeTool('tmdb_edit_list', { action: 'rename', listId, name: 'Chat favourites' });
    await invokeTool('tmdb_edit_list', { action: 'makePublic', listId });
    assert.deepEqual(
      (({ name, sortBy, comments, items }) => ({
        name,
        public: server.v4List(listId)!.public,
        sortBy,
        comments,
        items,
      }))(server.v4List(listId)!),
      {
        name: 'Chat favourites',
        public: true,
        sortBy: 'title.asc',
        comments: { 'tv:1399': 'Winter is coming' },
        items: ['tv:1399', 'movie:550'],
      },
    );
    await invokeTool('tmdb_edit_list', { action: 'remove', listId, movieId: 550 });
    assert.deepEqual(server.v4List(listId)?.items, ['tv:1399']);
    await invokeTool('tmdb_edit_list', { action: 'clear', listId });
    assert.deepEqual(server.v4List(listId)?.items, []);
    await invokeTool('tmdb_edit_list', { action: 'delete', listId });
    assert.equal(server.v4List(listId), undefined);
    await assert.rejects(invokeTool('tmdb_edit_list', { action: 'explode', listId }), /"action" must be one of/);
    await assert.rejects(
      invokeTool('tmdb_edit_list', { action: 'sort', listId: '1', sortBy: 'popularity.desc' }),
      /"sortBy" must be one of/,
    );
  });

  it('edit list with an older sign-in: refused with what to do, nothing sent', async () => {
    const { server } = await resetState({ signedIn: true });
    server.requests.length = 0;
    await assert.rejects(invokeTool('tmdb_edit_list', { action: 'create', name: 'x' }), /TMDB: Sign In" once more/);
    await assert.rejects(invokeTool('tmdb_add_to_list', { listId: '1', seriesId: 1399 }), /TMDB: Sign In" once more/);
    assert.equal(server.requests.filter((r) => r.method !== 'GET').length, 0);
  });

  it("mark watched: a movie, an episode, a season's aired episodes, and back; what is marked already said so; bad input refused before any dialog; TMDB is sent nothing", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const season = () => api.watched.season(1399, 1);
    assert.match(
      await invokeTool('tmdb_mark_watched', { type: 'movie', id: 550 }),
      /^Done: "Fight Club \(1999\)" \(movie 550\) is marked watched for the user \(kept in VS Code/m,
    );
    assert.equal(await api.watched.movie(550), true);
    assert.match(
      await invokeTool('tmdb_mark_watched', { type: 'movie', id: 550 }),
      /^Nothing to do: "Fight Club \(1999\)" \(movie 550\) is already marked watched for the user; nothing was changed\.$/m,
    );
    assert.match(
      await invokeTool('tmdb_mark_watched', { type: 'tv', id: 1399, season: 1, episode: 4 }),
      /^Done: episode 4 of season 1 of "Game of Thrones \(2011\)" \(tv 1399\) is marked watched/m,
    );
    assert.deepEqual(await season(), [[4, 4]]);
    assert.match(
      await invokeTool('tmdb_mark_watched', { type: 'tv', id: 1399, season: 1 }),
      /^Done: 10 aired episodes of season 1 of "Game of Thrones \(2011\)" \(tv 1399\) is marked watched/m,
    );
    assert.deepEqual(await season(), [[1, 10]]);
    assert.match(
      await invokeTool('tmdb_mark_watched', { type: 'tv', id: 1399, season: 1, watched: false }),
      /is not marked watched for the user/,
    );
    assert.deepEqual(await season(), []);
    await invokeTool('tmdb_mark_watched', { type: 'movie', id: 550, watched: false });
    assert.equal(await api.watched.movie(550), false);
    await assert.rejects(
      invokeTool('tmdb_mark_watched', { type: 'tv', id: 1399, season: 1, episode: 99 }),
      /Invalid input: Season 1 of this series has no episode 99 \(its episodes: 1-10\)/,
    );
    await assert.rejects(
      invokeTool('tmdb_mark_watched', { type: 'tv', id: 1399 }),
      /Invalid input: "season" is needed for a series/,
    );
    await assert.rejects(
      invokeTool('tmdb_mark_watched', { type: 'movie', id: 550, season: 1 }),
      /Invalid input: A movie has no seasons or episodes/,
    );
    await assert.rejects(
      invokeTool('tmdb_mark_watched', { type: 'tv', id: 1399, season: -1 }),
      /Invalid input: "season" must be a whole number from 0 to 3000/,
    );
    assert.equal(server.requests.filter((request) => request.method !== 'GET').length, 0, 'nothing sent to TMDB');
    await api.credentials.setSession(undefined);
    await assert.rejects(invokeTool('tmdb_mark_watched', { type: 'movie', id: 550 }), /Not signed in to TMDB/);
  });

  it('signed out, a write asks nothing and says to sign in; bad input and an unknown id come back as clear errors', async () => {
    const { server } = await resetState();
    await assert.rejects(invokeTool('tmdb_watchlist', { type: 'movie', id: 550 }), /Not signed in to TMDB/);
    await assert.rejects(
      invokeTool('tmdb_details', { type: 'book', id: 550 }),
      /Invalid input: "type" must be "movie", "tv" or "person"/,
    );
    await assert.rejects(
      invokeTool('tmdb_details', { type: 'movie', id: -3 }),
      /Invalid input: "id" must be a TMDB id/,
    );
    await assert.rejects(
      invokeTool('tmdb_details', { type: 'movie', id: 99999999 }),
      /^Error: TMDB has no such item \(not found\)\. \(GET \/3\/movie\/99999999\)/,
    );
    assert.equal(server.requests.filter((r) => r.method === 'POST').length, 0);
  });

  it('a write whose confirmation cannot name the title (TMDB failed to answer) is not run: no dialog, no write', async () => {
    const { server } = await resetState({ signedIn: true });
    const id = await unflaggedMovie(server);
    // Once: the confirmation's read fails; a second read (the write's own) would succeed.
    server.inject({ path: `/3/movie/${id}`, kind: 'status', status: 404, times: 1 });
    await assert.rejects(invokeTool('tmdb_watchlist', { type: 'movie', id }), /TMDB has no such item/);
    assert.equal(server.requests.filter((r) => r.method === 'POST').length, 0, 'no write sent');
    assert.ok(!server.watchlistOf('movie').includes(id));
  });

  it('TMDB refusing the write (the session revoked) reaches the caller as an error', async () => {
    const { server } = await resetState({ signedIn: true });
    const id = await unflaggedMovie(server);
    server.inject({ path: /\/3\/account\/\d+\/watchlist$/, method: 'POST', kind: 'revokeSession' });
    await assert.rejects(
      invokeTool('tmdb_watchlist', { type: 'movie', id }),
      (error: Error) => /sign in|session/i.test(error.message) && !/[0-9a-f]{40}/.test(error.message),
    );
    assert.ok(!server.watchlistOf('movie').includes(id));
    await until(
      'the revoked session to be forgotten',
      async () => !(await vscode.authentication.getSession('tmdb', [], { silent: true })),
    );
  });
});
