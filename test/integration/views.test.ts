import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TmdbTestApi } from '../../src/testApi';
import type { LoadMoreNode, Node, PersonNode, TitleNode } from '../../src/tree/nodes';

// The extension's classes come from its bundle, so nodes are told apart by contextValue, not instanceof.
const is = (node: Node | undefined, kind: string) => node?.contextValue === kind;
const isTitle = (node: Node | undefined) =>
  /^(title|watchlistItem|favoriteItem|ratedItem|listItem)\.(movie|tv)(\.onWatchlist)?(\.favorite)?$/.test(
    String(node?.contextValue),
  );
import { DEMO_ACCOUNT_ID, resetState, until } from './helpers';

interface PackageJson {
  contributes: { menus: Record<string, Array<{ command: string; when?: string }>> };
}

async function loadAll(
  api: TmdbTestApi,
  provider: { getChildren(node?: Node): Promise<Node[]> },
  parent?: Node,
): Promise<Node[]> {
  for (let i = 0; i < 30; i++) {
    // A person's own list reads its pages by itself ("Loading… n of N" meanwhile).
    const nodes = await until('the pages read by themselves', async () => {
      const shown = await provider.getChildren(parent);
      return /^Loading…/.test(String(shown.at(-1)?.label)) ? undefined : shown;
    });
    const more = nodes.at(-1);
    if (!is(more, 'loadMore')) return nodes;
    await vscode.commands.executeCommand(more!.command!.command, ...(more!.command!.arguments ?? []));
  }
  throw new Error(`paging did not end (${api.trending.window})`);
}

describe('sidebar views', function () {
  this.timeout(30_000);

  describe('Trending People', () => {
    it('shows the first page with "Load more", and pages to the end', async () => {
      const { api, server } = await resetState();
      api.trending.reset();
      const first = await api.trending.getChildren();
      assert.equal(first.filter((n) => is(n, 'person')).length, 20);
      assert.ok(is(first.at(-1), 'loadMore'));
      assert.equal(server.requestsTo('/3/trending/person/day')[0]?.query.language, 'en-US');
      const all = await loadAll(api, api.trending);
      const people = all.filter((n) => is(n, 'person'));
      assert.equal(people.length, server.catalogue.people.length);
      assert.ok(!is(all.at(-1), 'loadMore'), 'no "Load more" after the last page');
    });

    it('downloads its pictures two at a time, and none while the picture server cannot be reached', async () => {
      const { api, server } = await resetState();
      api.pictures.now = Date.now;
      const pictures = () => server.requestsTo(/^\/t\/p\//);
      const settled = async () => {
        await until('no picture waiting', () => api.pictures.pending === 0);
        return pictures();
      };
      // Each new connection costs the extension host a TLS context in VS Code: twenty at once held it ~2 s.
      await api.pictures.clear();
      server.inject({ path: '/t/p/', kind: 'latency', ms: 150 });
      api.trending.reset();
      const people = (await api.trending.getChildren()).filter((n) => is(n, 'person'));
      const fetched = await settled();
      assert.equal(fetched.length, people.length, "every person's picture");
      const edges = fetched
        .flatMap((r) => [
          { at: r.at, step: 1 },
          { at: r.finishedAt!, step: -1 },
        ])
        .sort((a, b) => a.at - b.at || a.step - b.step);
      let inFlight = 0;
      let most = 0;
      for (const { step } of edges) most = Math.max(most, (inFlight += step));
      assert.equal(most, 2, 'pictures in flight at once');

      // No connection: the two under way fail, and the others are not tried (the rows keep their icons).
      await api.pictures.clear();
      server.clearFaults();
      server.inject({ path: '/t/p/', kind: 'reset' });
      server.requests.length = 0;
      api.trending.reset();
      await api.trending.getChildren();
      assert.equal((await settled()).length, 2, 'pictures asked for with the server unreachable');

      // A minute on, with the server back: every picture is asked for again when the rows are built again.
      server.clearFaults();
      server.requests.length = 0;
      api.pictures.now = () => Date.now() + 61_000;
      api.trending.reset();
      await api.trending.getChildren();
      assert.equal((await settled()).length, people.length, 'pictures asked for again after the pause');
      api.pictures.now = Date.now;
    });

    it('refuses a picture past 256 KB as it streams in, and keeps none of it', async () => {
      const { api, server } = await resetState();
      api.pictures.now = Date.now;
      await api.pictures.clear();
      const folder = vscode.Uri.joinPath(api.diagnostics.globalStorageUri, 'images');
      const saved = async () =>
        (await Promise.resolve(vscode.workspace.fs.readDirectory(folder)).catch(() => [])).map(([name]) => name);
      // An image host answering 200 MB a picture (chunked), then 64 MB with a Content-Length.
      for (const fault of [{ bytes: 200 * 1024 * 1024 }, { bytes: 64 * 1024 * 1024, contentLength: true }]) {
        server.clearFaults();
        server.requests.length = 0;
        server.inject({ path: '/t/p/', kind: 'huge', contentType: 'image/jpeg', times: 4, ...fault });
        api.trending.reset();
        const people = (await api.trending.getChildren()).filter((n) => is(n, 'person')) as PersonNode[];
        await until('no picture waiting', () => api.pictures.pending === 0);
        const huge = server.requestsTo(/^\/t\/p\//).slice(0, 4);
        await until('the huge answers ended', () => huge.every((r) => r.bytesSent !== undefined));
        const sent = huge.map((r) => r.bytesSent!);
        // What the sockets' buffers hold besides the 256 KB read: a few MB, not the 200 MB offered.
        assert.ok(
          sent.every((bytes) => bytes < 16 * 1024 * 1024),
          `bytes sent before the extension stopped reading: ${sent.join(', ')}`,
        );
        const names = await saved();
        const refused = huge.map((r) =>
          r.path
            .split('/')
            .pop()!
            .replace(/[^\w.-]/g, ''),
        );
        assert.deepEqual(
          names.filter((name) => refused.some((file) => name.includes(file.replace(/\.\w+$/, '')))),
          [],
          'none of a refused picture kept',
        );
        assert.ok(names.length > 0, 'the other pictures were saved');
        const icons = people.map((p) => api.pictures.icon(p.person.profile_path, () => undefined));
        assert.ok(
          icons.some((icon) => icon === undefined),
          'a refused picture leaves its row its codicon',
        );
      }
      server.clearFaults();
      await api.pictures.clear();
    });

    it("lists a person's known-for titles, each opening its panel", async () => {
      const { api } = await resetState();
      api.trending.reset();
      const person = (await api.trending.getChildren()).find((n) => is(n, 'person')) as PersonNode;
      assert.ok(person.tooltip, 'has a tooltip');
      const titles = await api.trending.getChildren(person);
      assert.ok(titles.length > 0 && titles.every((t) => isTitle(t)));
      const title = titles[0] as TitleNode;
      assert.equal(title.command?.command, title.kind === 'tv' ? 'tmdb.openTvSeries' : 'tmdb.openMovie');
      assert.deepEqual(title.command?.arguments, [title.summary.id, { preview: true }]);
    });

    it('opens a person with a click, and their tooltips and known-for rows wrap at words', async () => {
      const { api } = await resetState();
      api.trending.reset();
      const person = (await api.trending.getChildren()).find((n) => is(n, 'person')) as PersonNode;
      assert.equal(person.command?.command, 'tmdb.openPerson');
      assert.deepEqual(person.command?.arguments, [person.person.id, { preview: true }]);
      const title = (await api.trending.getChildren(person)).find((n) => isTitle(n)) as TitleNode;
      const tooltip = (title.tooltip as vscode.MarkdownString).value;
      assert.ok(
        title.summary.overview && tooltip.includes(title.summary.overview.split(' ')[0]!),
        'the overview is in the tooltip',
      );
      assert.ok(!tooltip.includes('&nbsp;'), 'spaces stay spaces, so lines break between words');
    });

    it('switches between today and this week, and remembers it', async () => {
      const { api, server } = await resetState();
      await vscode.commands.executeCommand('tmdb.trending.showWeek');
      assert.equal(api.trending.window, 'week');
      assert.equal(api.treeViews.trending.description, 'Week');
      const week = (await api.trending.getChildren())[0] as PersonNode;
      assert.equal(server.requests.at(-1)?.path, '/3/trending/person/week');
      await vscode.commands.executeCommand('tmdb.trending.showDay');
      const day = (await api.trending.getChildren())[0] as PersonNode;
      assert.notEqual(week.person.id, day.person.id);
      assert.equal(api.diagnostics.globalState.get('tmdb.trendingWindow'), 'day');
    });

    it('keeps page 1 when page 2 fails, and retries it', async () => {
      const { api, server } = await resetState();
      api.trending.reset();
      await api.trending.getChildren();
      server.inject({ path: '/3/trending/person/day', query: { page: '2' }, kind: 'status', status: 500 });
      const more = (await api.trending.getChildren()).at(-1) as LoadMoreNode;
      await more.run();
      const afterError = await api.trending.getChildren();
      assert.equal(afterError.filter((n) => is(n, 'person')).length, 20);
      const error = afterError.at(-1)!;
      assert.ok(is(error, 'message'));
      assert.match(String(error.label), /Could not load more.*retry/);
      server.clearFaults();
      await vscode.commands.executeCommand(error.command!.command, ...(error.command!.arguments ?? []));
      assert.equal((await api.trending.getChildren()).filter((n) => is(n, 'person')).length, 40);
    });

    it('keeps what it shows when TMDB cannot be reached on refresh', async () => {
      const { api, server } = await resetState();
      api.trending.reset();
      await api.trending.getChildren();
      server.inject({ path: '/3/trending', kind: 'reset' });
      await vscode.commands.executeCommand('tmdb.trending.refresh');
      const nodes = await api.trending.getChildren();
      assert.equal(nodes.filter((n) => is(n, 'person')).length, 20);
      // The kept answer, marked at the top with when it was current and a way to ask again.
      assert.match(String(nodes[0]?.label), /^Offline · as of \d{1,2}:\d{2}.* \(click to retry\)$/);
      assert.equal(nodes[0]?.command?.command, 'tmdb.trending.refresh');
      server.clearFaults();
      await vscode.commands.executeCommand(nodes[0]!.command!.command);
      const back = await api.trending.getChildren();
      assert.ok(!/^Offline/.test(String(back[0]?.label)), 'TMDB is back: the mark is gone');
      assert.equal(back.filter((n) => is(n, 'person')).length, 20);
    });

    it('shows the error with a retry when the first page fails, never throwing', async () => {
      const { api, server } = await resetState();
      server.inject({ path: '/3/trending', kind: 'malformed', times: 4 });
      api.trending.reset();
      const nodes = await api.trending.getChildren();
      assert.equal(nodes.length, 1);
      assert.match(String(nodes[0]!.label), /Could not load: unreadable answer/);
    });
  });

  describe('Trending Titles', () => {
    it('lists trending movies and series (no people), paged, each opening its panel', async () => {
      const { api, server } = await resetState();
      api.trendingTitles.reset();
      const first = await api.trendingTitles.getChildren();
      const titles = first.filter((n) => isTitle(n)) as TitleNode[];
      assert.equal(titles.length, 20);
      assert.ok(titles.some((t) => t.kind === 'tv') && titles.some((t) => t.kind === 'movie'), 'movies and series');
      assert.ok(is(first.at(-1), 'loadMore'));
      assert.equal(titles[0]?.label, server.catalogue.trendingTitles[0].title);
      const panel = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>(
        titles[0]!.command!.command,
        ...(titles[0]!.command!.arguments ?? []),
      );
      await api.whenRendered(panel as never);
      // A row's click opens the preview tab, and its tab says so.
      assert.equal(panel.panel.title, `${server.catalogue.trendingTitles[0].title} · Preview`);
      const all = await loadAll(api, api.trendingTitles);
      assert.equal(all.filter((n) => isTitle(n)).length, server.catalogue.trendingTitles.length);
    });

    it("a row's menu offers Remove for a title on the watchlist or a favorite (as the Favorites view shows it, or a change made here), Add otherwise", async () => {
      const { api, server } = await resetState({ signedIn: true });
      api.trendingTitles.reset();
      const rowOf = async (id: number) =>
        ((await api.trendingTitles.getChildren()).filter((n) => isTitle(n)) as TitleNode[]).find(
          (row) => row.summary.id === id,
        )!;
      const [first, second] = server.catalogue.trendingTitles as Array<{ id: number; media_type: 'movie' | 'tv' }>;
      // The menus as package.json writes them: which of Add and Remove a row's context value shows.
      const menus = (require('../../../package.json') as PackageJson).contributes.menus['view/item/context'];
      const offered = (row: TitleNode) =>
        menus
          .filter((item) => /^tmdb\.(add|remove)(To|From)(Watchlist|Favorites)$/.test(item.command))
          .filter((item) =>
            new RegExp(/viewItem =~ \/(.*?)\/ && tmdb\.signedIn$/.exec(item.when ?? '')?.[1] ?? '^$').test(
              String(row.contextValue),
            ),
          )
          .map((item) => item.command)
          .sort();
      assert.deepEqual(offered(await rowOf(first!.id)), ['tmdb.addToFavorites', 'tmdb.addToWatchlist']);
      // The Favorites view shows the first one: every view's row of it offers Remove.
      await api.favorites.set(first!.media_type, first!.id, true);
      await until('the row redrawn', async () => /\.favorite$/.test(String((await rowOf(first!.id)).contextValue)));
      assert.deepEqual(offered(await rowOf(first!.id)), ['tmdb.addToWatchlist', 'tmdb.removeFromFavorites']);
      await api.watchlist.set(second!.media_type, second!.id, true);
      assert.deepEqual(offered(await rowOf(second!.id)), ['tmdb.addToFavorites', 'tmdb.removeFromWatchlist']);
      // Signed out: nothing is known any more.
      await api.credentials.setSession(undefined);
      await until(
        'forgotten',
        async () => !/\.(favorite|onWatchlist)/.test(String((await rowOf(second!.id)).contextValue)),
      );
    });

    it('follows the one day/week switch of both trending views', async () => {
      const { api, server } = await resetState();
      await vscode.commands.executeCommand('tmdb.trending.showDay');
      const day = (await api.trendingTitles.getChildren()).find((n) => isTitle(n)) as TitleNode;
      await vscode.commands.executeCommand('tmdb.trending.showWeek');
      const week = (await api.trendingTitles.getChildren()).find((n) => isTitle(n)) as TitleNode;
      assert.notEqual(week.summary.id, day.summary.id);
      assert.equal(api.treeViews.trendingTitles.description, 'Week');
      assert.ok(server.requestsTo('/3/trending/all/week').length >= 1);
      await vscode.commands.executeCommand('tmdb.trending.showDay');
    });
  });

  describe('My Lists', () => {
    it('pages the lists, with counts and descriptions', async () => {
      const { api } = await resetState({ signedIn: true });
      const first = await api.lists.getChildren();
      assert.equal(first.filter((n) => n.contextValue === 'list').length, 20);
      const all = await loadAll(api, api.lists);
      const lists = all.filter((n) => n.contextValue === 'list');
      assert.equal(lists.length, 25);
      assert.match(String(lists[0]!.description), /\d+ items?/);
    });

    it('expands a list into its items, paged, and an empty list says so', async () => {
      const { api, server } = await resetState({ signedIn: true });
      const lists = await loadAll(api, api.lists);
      const big = lists.find((n) => n.label === 'Generated list 5')!;
      const items = await loadAll(api, api.lists, big);
      assert.equal(items.filter((n) => isTitle(n)).length, 7);
      const empty = lists.find((n) => n.label === 'Empty list')!;
      const nothing = await api.lists.getChildren(empty);
      assert.equal(nothing.length, 1);
      assert.equal(nothing[0]!.label, 'This list is empty');
      assert.ok(server.requestsTo(/^\/3\/list\//).length >= 2);
    });
  });

  describe('Watchlist', () => {
    it('shows Movies and TV Series, newest first, with paging', async () => {
      const { api, server } = await resetState({ signedIn: true });
      const [movies, tv] = await api.watchlistView.getChildren();
      assert.equal(movies!.label, 'Movies');
      assert.equal(tv!.label, 'TV Series');
      const movieNodes = await loadAll(api, api.watchlistView, movies);
      assert.equal(movieNodes.filter((n) => isTitle(n)).length, server.watchlistOf('movie').length);
      assert.ok(
        server
          .requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`)
          .every((r) => r.query.sort_by === 'created_at.desc'),
      );
    });

    it('follows a change made through the client without a manual refresh', async () => {
      const { api, server } = await resetState({ signedIn: true });
      const [movies] = await api.watchlistView.getChildren();
      await api.watchlistView.getChildren(movies);
      const newTitle = [...server.catalogue.movies.keys()].find((id) => !server.watchlistOf('movie').includes(id))!;
      await api.watchlist.set('movie', newTitle, true);
      await until('the new title on top', async () => (await api.watchlistItems('movie'))[0]?.id === newTitle);
    });

    it('reads a 1,100-title watchlist by itself once its first page is shown: 1,020 as they come, the rest with one "Load more"', async () => {
      const { api, server } = await resetState({ signedIn: true });
      server.fillWatchlist(1100);
      const path = `/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`;
      const [movies] = await api.watchlistView.getChildren();
      const first = await api.watchlistView.getChildren(movies);
      assert.equal(first.filter(isTitle).length, 20, 'the first page at once');
      assert.equal(first.at(-1)!.label, 'Loading… 20 of 1,100', 'the rest is on its way, and the row says how far');
      assert.equal(first.at(-1)!.command, undefined, 'nothing to click while it comes');
      const whole = await until('51 pages (1,020 titles) listed', async () => {
        const nodes = await api.watchlistView.getChildren(movies);
        return nodes.filter(isTitle).length === 1020 && is(nodes.at(-1), 'loadMore') ? nodes : undefined;
      });
      assert.deepEqual(
        whole
          .filter(isTitle)
          .slice(0, 3)
          .map((n) => n.label),
        ['Movie 1', 'Movie 2', 'Movie 3'],
        "in TMDB's order, pages in order",
      );
      assert.equal(whole.filter(isTitle).at(-1)!.label, 'Movie 1020');
      const pages = server.requestsTo(path).map((r) => Number(r.query.page));
      assert.deepEqual(
        [...new Set(pages)].sort((a, b) => a - b),
        Array.from({ length: 51 }, (_, i) => i + 1),
        'each page asked',
      );
      // Once each: a page asked again is the client's retry after its time ran out, on a busy machine (the
      // stand-in answers from this extension host's own thread), never the view reading twice (51 more).
      assert.ok(pages.length <= 51 + 2, `each page asked once, a retry or two aside: ${pages.length} asks`);
      const more = whole.at(-1)!;
      await vscode.commands.executeCommand(more.command!.command, ...(more.command!.arguments ?? []));
      const all = (await api.watchlistView.getChildren(movies)).filter(isTitle);
      assert.equal(all.length, 1100, 'one click reads the rest');
      assert.equal(all.at(-1)!.label, 'Movie 1100');
      assert.equal(
        new Set(server.requestsTo(path).map((r) => r.query.page)).size,
        55,
        'the four pages left, asked by the click',
      );
    });

    it('asks TMDB nothing for a change while the view is not on screen, and reads afresh when it is shown', async () => {
      const { api, server } = await resetState({ signedIn: true });
      // The seeded watchlist has two pages of movies: the second is read by itself after the first.
      const pageOne = () =>
        server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`).filter((r) => r.query.page === '1');
      const [movies] = await api.watchlistView.getChildren();
      await api.watchlistView.getChildren(movies);
      assert.equal(pageOne().length, 1);
      assert.equal(api.watchlistView.view.visible, false, 'the side bar is closed (resetState)');
      const newTitle = [...server.catalogue.movies.keys()].find((id) => !server.watchlistOf('movie').includes(id))!;
      await api.watchlist.set('movie', newTitle, true);
      // The write and its confirmation are TMDB's; the list is not read for a view nobody sees. (An absence:
      // checked after the change has settled; a read would start within a millisecond of it.)
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(pageOne().length, 1, 'no read for a view that is not open');
      await vscode.commands.executeCommand('tmdb.watchlist.focus');
      await until('the view shown', () => api.watchlistView.view.visible);
      await until('the new title on top', async () => (await api.watchlistItems('movie'))[0]?.id === newTitle);
      assert.equal(pageOne().length, 2, 'read once, when shown');
    });

    it('removes a title with the inline action', async () => {
      const { api, server } = await resetState({ signedIn: true });
      const [movies] = await api.watchlistView.getChildren();
      const first = (await api.watchlistView.getChildren(movies))[0] as TitleNode;
      assert.equal(first.contextValue, 'watchlistItem.movie');
      assert.equal(await vscode.commands.executeCommand('tmdb.removeFromWatchlist', first), true);
      assert.ok(!server.watchlistOf('movie').includes(first.summary.id));
      await until(
        'the title to leave the view',
        async () => !(await api.watchlistItems('movie')).some((m) => m.id === first.summary.id),
      );
    });
  });

  describe('Search', () => {
    it('finds movies, series and people, and a newer query cancels the stale one', async () => {
      const { api, server } = await resetState();
      server.inject({ path: '/3/search/multi', kind: 'latency', ms: 400, times: 1 });
      const stale = api.searcher.search('fig');
      // Measured, not assumed: the stale search has reached TMDB (whose answer is 400 ms late) before the new one starts.
      await until('the first search sent', () => server.requestsTo('/3/search/multi').length === 1);
      const fresh = api.searcher.search('fight club');
      assert.equal(await stale, undefined, 'the stale search is dropped');
      const results = (await fresh)!;
      assert.ok(results.some((r) => r.media_type === 'movie' && r.title === 'Fight Club'));
      assert.deepEqual(
        server.requestsTo('/3/search/multi').map((r) => r.query.query),
        ['fig', 'fight club'],
      );
    });
  });

  describe('open by id', () => {
    it('accepts an id or a pasted TMDB URL', async () => {
      const { api } = await resetState();
      const panel = await vscode.commands.executeCommand<{ ref: unknown }>(
        'tmdb.openMovie',
        'https://www.themoviedb.org/movie/550-fight-club',
      );
      assert.deepEqual(panel?.ref, { kind: 'movie', id: 550 });
      assert.equal(await vscode.commands.executeCommand('tmdb.openTvSeries', 'not an id'), undefined);
      assert.equal(api.panels.openPanels.length, 1);
    });
  });
});
