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

  it('TMDB: Clear Cache makes the next panel ask TMDB', async () => {
    const { server } = await resetState();
    (await openMovie(550)).panel.dispose();
    await vscode.commands.executeCommand('tmdb.clearCache');
    await openMovie(550);
    assert.equal(server.requestsTo('/3/movie/550').length, 2);
  });
});
