// Speed and offline, in the extension host: a panel's request leaves before its page is ready, a
// re-opened panel costs no request, account answers are forgotten on a write and on sign-out, an offline
// panel shows the kept answer marked "Offline · as of …" (a tree: views.test.ts), and Clear Cache asks
// TMDB again.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { DEMO_ACCOUNT_ID, openPanel, resetState, until } from './helpers';

const openMovie = (id: number) => openPanel('tmdb.openMovie', id);

describe('cache and offline', function () {
  this.timeout(30_000);

  it("starts a panel's request on its first turn, while its page is still booting", async () => {
    const { server } = await resetState();
    server.inject({ path: '/3/movie/550', kind: 'latency', ms: 600, times: 1 });
    const panel = await vscode.commands.executeCommand<DetailPanel>('tmdb.openMovie', 550);
    assert.ok(panel);
    // When the page said ready, by the clock of this process (the stand-in's too), against when TMDB was
    // asked: measured as they happen, not read by a poll that a busy machine can make late.
    let readyAt: number | undefined;
    if (panel.state.pageReady) readyAt = Date.now();
    const listening = panel.onDidChangeState((state) => {
      if (state.pageReady && readyAt === undefined) readyAt = Date.now();
    });
    try {
      await until('the page to show the movie', () => panel.state.pageReady && panel.state.phase === 'shown');
    } finally {
      listening.dispose();
    }
    const asked = server.requestsTo('/3/movie/550');
    assert.equal(asked.length, 1);
    assert.ok(readyAt !== undefined && asked[0]!.at <= readyAt, 'TMDB was asked before the page said ready');
    assert.equal(panel.panel.title, 'Fight Club');
  });

  it('re-opens a closed panel without asking TMDB again', async () => {
    const { server } = await resetState();
    const first = await openMovie(550);
    first.panel.dispose();
    const again = await openMovie(550);
    assert.notEqual(again, first);
    assert.equal(again.panel.title, 'Fight Club');
    assert.equal(server.requestsTo('/3/movie/550').length, 1);
  });

  it('shares one request among ten identical calls made together', async () => {
    const { api, server } = await resetState();
    await Promise.all(Array.from({ length: 10 }, () => api.client.tvSeries(1399)));
    assert.equal(server.requestsTo('/3/tv/1399').length, 1);
  });

  it('a watchlist change makes the account answers be read anew', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await openMovie(550);
    await until('the watchlist state', () => ['on', 'off'].includes(panel.state.watchlist.state));
    const was = panel.state.watchlist.state === 'on';
    await api.watchlistItems('movie');
    const statesBefore = server.requestsTo('/3/movie/550/account_states').length;
    const listBefore = server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`).length;
    assert.ok(await panel.account!.toggle('watchlist', !was));
    await until(
      'the Watchlist view to follow',
      async () => (await api.watchlistItems('movie')).some((item) => item.id === 550) === !was,
    );
    assert.ok(
      server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`).length > listBefore,
      'the watchlist was read anew',
    );
    panel.panel.dispose();
    const reopened = await openMovie(550);
    await until('the watchlist state', () => ['on', 'off'].includes(reopened.state.watchlist.state));
    assert.equal(reopened.state.watchlist.state, was ? 'off' : 'on');
    assert.equal(
      server.requestsTo('/3/movie/550/account_states').length,
      statesBefore + 1,
      'account state asked again after the write, once',
    );
  });

  it('signing out forgets the account answers', async () => {
    const { api, server } = await resetState({ signedIn: true });
    await api.watchlistItems('movie');
    // Its first page (the view reads the second by itself).
    const firstPages = () =>
      server.requestsTo(`/3/account/${DEMO_ACCOUNT_ID}/watchlist/movies`).filter((r) => r.query.page === '1');
    assert.equal(firstPages().length, 1);
    await api.auth.signOut({ quiet: true });
    await api.credentials.setSession({
      sessionId: server.createSessionFor(),
      accountId: DEMO_ACCOUNT_ID,
      username: 'demo',
    });
    await until('the Watchlist view to fill again', async () => (await api.watchlistItems('movie')).length > 0);
    assert.equal(firstPages().length, 2, 'read from TMDB, not from before the sign-out');
  });

  it('offline, a panel shows the kept answer with "Offline · as of" and Retry', async () => {
    const { api, server } = await resetState();
    const panel = await openMovie(550);
    assert.equal(panel.state.kept, undefined);
    server.inject({ path: '/3/', kind: 'reset' });
    // What the page's Retry does: ask TMDB (not the cache), which cannot be reached.
    api.client.expire();
    await panel.load();
    assert.ok(
      server.requestsTo('/3/movie/550').some((request) => request.status === -1),
      'TMDB was asked and could not be reached',
    );
    assert.equal(panel.state.phase, 'shown', 'the kept answer, not an error');
    await api.whenRendered(panel);
    assert.equal(panel.panel.title, 'Fight Club');
    const kept = panel.state.kept as { since: number; why: string } | undefined;
    assert.ok(kept && Date.now() - kept.since < 60_000, 'as of when it was current');
    assert.equal(kept.why, 'offline', 'TMDB could not be reached');
    server.clearFaults();
    await panel.load();
    assert.equal(panel.state.kept, undefined, 'TMDB is back: the mark is gone');
  });

  it('a server error with a kept answer says TMDB had a problem, not "Offline"', async () => {
    const { api, server } = await resetState();
    const panel = await openMovie(550);
    server.inject({ path: '/3/movie/550', kind: 'status', status: 503 });
    api.client.expire();
    await panel.load();
    assert.equal(panel.state.phase, 'shown', 'the kept answer, not an error');
    assert.equal((panel.state.kept as { why: string } | undefined)?.why, 'serverError');
    server.clearFaults();
    await panel.load();
    assert.equal(panel.state.kept, undefined, 'TMDB is well again: the mark is gone');
  });

  it("offline after a reload, the person's own lists, titles and Up Next show as last seen, the page's buttons say they are unavailable, and sign-out removes them from disk", async function () {
    this.timeout(60_000);
    const { api, server } = await resetState({ signedIn: true });
    const folder = vscode.Uri.joinPath(api.diagnostics.globalStorageUri, 'account');
    const kept = async () =>
      (await Promise.resolve(vscode.workspace.fs.readDirectory(folder)).catch(() => [])).filter(([name]) =>
        name.endsWith('.json'),
      ).length;
    // Seen once with TMDB there: My Lists, the Watchlist, Favorites, Rated and Up Next.
    api.lists.reset();
    const listsBefore = (await api.lists.getChildren()).map((n) => String(n.label));
    const watchlistBefore = (await api.watchlistItems('movie')).map((t) => t.id);
    await api.favoriteItems('movie');
    await api.ratedItems('movie');
    await api.upNext.start();
    const todayBefore = api.upNext.airingToday.map((e) => e.series.id);
    assert.ok(listsBefore.length > 0 && watchlistBefore.length > 0 && todayBefore.length > 0);
    // A page of a title on the watchlist, seen then (its answer kept).
    const seen = await openMovie(watchlistBefore[0]!);
    await until('its watchlist state', () => seen.state.watchlist.state === 'on');
    seen.panel.dispose();
    await until('the account answers on disk', async () => (await kept()) >= 5);

    // The window reloads with TMDB out of reach: nothing of the account in memory, only what is on disk.
    server.inject({ path: '/3/', kind: 'reset' });
    api.client.forgetAccount();
    api.upNext.stop();
    await api.upNext.idle();
    for (const view of [api.lists, api.watchlistView, api.favoritesView, api.ratedView]) view.reset();
    // Each read tries TMDB with its retries first (about 3 s): all of them at once, as the views do.
    const reads = Promise.all([api.favoriteItems('movie'), api.ratedItems('movie'), api.upNext.refresh()]);
    const lists = (await api.lists.getChildren()).map((n) => String(n.label));
    assert.match(lists[0]!, /^Offline · as of \d{1,2}:\d{2}( [AP]M)? \(click to retry\)$/);
    assert.deepEqual(lists.slice(1), listsBefore, 'My Lists as last seen');
    assert.deepEqual(
      (await api.watchlistItems('movie')).map((t) => t.id),
      watchlistBefore,
      'the Watchlist as last seen',
    );
    const [movies] = await api.watchlistView.getChildren();
    const watchlistRows = (await api.watchlistView.getChildren(movies)).map((n) => String(n.label));
    assert.match(watchlistRows[0]!, /^Offline · as of/);
    const [favorites, rated] = await reads;
    assert.ok(favorites.length > 0, 'Favorites as last seen');
    assert.ok(rated.length > 0, 'Rated as last seen');
    assert.deepEqual(
      api.upNext.airingToday.map((e) => e.series.id),
      todayBefore,
      'Up Next (and its status bar) as last seen',
    );
    assert.equal(api.upNext.state.kept?.why, 'offline');

    // A page of a title on the watchlist does not offer to add it: its account buttons say why they wait.
    const panel = await openMovie(watchlistBefore[0]!);
    await until(
      'the account controls read',
      () => panel.state.watchlist.state === 'unavailable' && panel.state.watchlist.offline === true,
    );
    assert.equal(panel.state.favorite.offline, true);

    // Signing out removes the account's kept answers from disk.
    server.clearFaults();
    await api.auth.signOut({ quiet: true });
    await until('the account folder emptied', async () => (await kept()) === 0);
  });

  it('TMDB: Clear Cache makes the next panel ask TMDB', async () => {
    const { server } = await resetState();
    (await openMovie(550)).panel.dispose();
    await vscode.commands.executeCommand('tmdb.clearCache');
    await openMovie(550);
    assert.equal(server.requestsTo('/3/movie/550').length, 2);
  });
});
