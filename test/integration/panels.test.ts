import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { StateKeys } from '../../src/common/ids';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { WatchedMarks } from '../../src/features/watched/marks';
import { DEMO_ACCOUNT_ID, READ_TOKEN, openPanel as open, resetState, until } from './helpers';

/** What a panel posts to its page, recorded (as the page would receive it) till `restore`. */
function capturePosts(panel: DetailPanel): { posted: any[]; restore: () => void } {
  const posted: any[] = [];
  const webview = panel.panel.webview;
  const post = webview.postMessage.bind(webview);
  webview.postMessage = (message: any) => (posted.push(message), post(message));
  return { posted, restore: () => (webview.postMessage = post) };
}

describe('detail panels', function () {
  this.timeout(30_000);

  it('opens each kind of panel from its command', async () => {
    const { server } = await resetState();
    assert.equal((await open('tmdb.openTvSeries', 1399)).panel.title, 'Game of Thrones');
    assert.equal((await open('tmdb.openMovie', 550)).panel.title, 'Fight Club');
    assert.equal((await open('tmdb.openPerson', 287)).panel.title, 'Brad Pitt');
    assert.match((await open('tmdb.openCredit', '52542282760ee313280017f9')).panel.title, /Bryan Cranston/);
    const movieRequest = server.requestsTo('/3/movie/550')[0]!;
    assert.equal(
      movieRequest.query.append_to_response,
      'keywords,release_dates,recommendations,credits,videos,watch/providers',
    );
    // One request a panel: the series' videos come with it. (Up Next's schedule read of the same path, with no
    // appends, may still land from a test before: a stopped Up Next does not abort its reads yet, issue 57.)
    assert.deepEqual(
      server
        .requestsTo('/3/tv/1399')
        .map((request) => request.query.append_to_response)
        .filter((appends) => appends !== undefined),
      ['videos,watch/providers,aggregate_credits,external_ids'],
    );
  });

  it('keeps one panel per title: opening it again reveals it', async () => {
    const { api } = await resetState();
    const first = await open('tmdb.openMovie', 550);
    await open('tmdb.openTvSeries', 1399);
    const again = await vscode.commands.executeCommand<DetailPanel>('tmdb.openMovie', 550);
    assert.equal(again, first);
    assert.equal(api.panels.openPanels.length, 2);
    await until('the movie panel to be active again', () => first.panel.active);
  });

  it("a row's click (preview) shows its title in the preview tab; two clicks on one row keep it; with VS Code's previews off, each its own tab", async () => {
    const { api } = await resetState();
    const row = (command: string, id: number) =>
      vscode.commands.executeCommand<DetailPanel>(command, id, { preview: true });
    const first = await row('tmdb.openMovie', 550);
    const second = await row('tmdb.openTvSeries', 1399);
    assert.equal(second, first, 'one preview tab');
    assert.deepEqual(second.ref, { kind: 'tv', id: 1399 });
    assert.equal(api.panels.openPanels.length, 1);
    assert.ok(first.canGoBack, 'Back leads to the title before');
    // Opened from the palette: a tab of its own, the preview stays the preview.
    const typed = await open('tmdb.openPerson', 287);
    assert.notEqual(typed, first);
    assert.equal(await row('tmdb.openMovie', 13), first);
    // The same row twice, at once: a double click keeps the tab.
    await row('tmdb.openMovie', 13);
    assert.ok(!api.panels.previewTab.is(first));
    const third = await row('tmdb.openMovie', 550);
    assert.notEqual(third, first, 'a kept tab is not replaced');
    assert.ok(api.panels.previewTab.is(third));
    const config = vscode.workspace.getConfiguration('workbench.editor');
    await config.update('enablePreview', false, vscode.ConfigurationTarget.Global);
    try {
      const a = await row('tmdb.openMovie', 11);
      const b = await row('tmdb.openTvSeries', 1399);
      assert.notEqual(a, b, 'previews off: a tab each');
      assert.ok(!api.panels.previewTab.is(a) && !api.panels.previewTab.is(b));
    } finally {
      await config.update('enablePreview', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('restores a panel from its saved state (kind and id only) and re-fetches', async () => {
    const { api, server } = await resetState();
    const raw = vscode.window.createWebviewPanel('tmdb.detail', 'restoring', vscode.ViewColumn.Active, {});
    await api.panels.deserializeWebviewPanel(raw, { kind: 'tv', id: 1399 });
    const restored = api.panel({ kind: 'tv', id: 1399 })!;
    await api.whenRendered(restored);
    assert.equal(restored.panel.title, 'Game of Thrones');
    assert.equal(server.requestsTo('/3/tv/1399').length, 1);
    const broken = vscode.window.createWebviewPanel('tmdb.detail', 'broken', vscode.ViewColumn.Active, {});
    let disposed = false;
    broken.onDidDispose(() => (disposed = true));
    await api.panels.deserializeWebviewPanel(broken, { kind: 'movie', id: 'drop table' });
    assert.ok(disposed, 'a state that does not parse closes the panel');
  });

  it('closed while its answer is on the way: nothing is done to the closed panel, and opening it again uses that answer', async () => {
    const { server } = await resetState();
    server.inject({ path: '/3/movie/550', kind: 'latency', ms: 400, times: 1 });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const closing = await vscode.commands.executeCommand<DetailPanel>('tmdb.openMovie', 550);
      // Closed once its request has reached TMDB (the panel asks on its first turn after it is created).
      await until('the request', () => server.requestsTo('/3/movie/550').length === 1);
      closing!.panel.dispose();
      await until('the answer', () => server.requestsTo('/3/movie/550')[0]?.status === 200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(rejections.map(String), [], 'no error from writing to the closed panel');
      const again = await open('tmdb.openMovie', 550);
      assert.equal(again.panel.title, 'Fight Club');
      assert.equal(server.requestsTo('/3/movie/550').length, 1, 'the answer that came for the closed panel is kept');
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('shows an unknown id as an error inside the panel', async () => {
    await resetState();
    const panel = await open('tmdb.openMovie', 999_999_999);
    assert.equal(panel.panel.title, 'Movie 999999999 · not found', 'the tab names what was asked for');
  });

  it('toggles the watchlist: shown at once, confirmed by TMDB, followed by the Watchlist view', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openMovie', 550);
    await until('the watchlist state', () => ['on', 'off'].includes(panel.state.watchlist.state));
    const before = panel.state.watchlist.state === 'on';
    const toggling = panel.account!.toggle('watchlist');
    assert.equal(panel.state.watchlist.state, before ? 'off' : 'on', 'the change shows at once');
    assert.ok(panel.state.watchlist.pending);
    assert.equal(await toggling, true);
    assert.equal(panel.state.watchlist.pending, undefined);
    assert.equal(server.watchlistOf('movie').includes(550), !before);
    await until(
      'the Watchlist view to follow',
      async () => (await api.watchlistItems('movie')).some((m) => m.id === 550) === !before,
    );
    assert.equal(
      await vscode.commands.executeCommand(before ? 'tmdb.addToWatchlist' : 'tmdb.removeFromWatchlist'),
      true,
    );
    assert.equal(server.watchlistOf('movie').includes(550), before);
  });

  it('marks a favorite from the page, the palette and a tree row: shown at once, confirmed, followed by the Favorites view and the other panel', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openMovie', 550);
    await until('the favorite state', () => panel.state.favorite.state === 'off');
    assert.equal(panel.state.watchlist.state, 'off', 'read from the same account_states answer');
    const marking = panel.account!.toggle('favorite');
    assert.deepEqual(panel.state.favorite, { state: 'on', pending: 'on' }, 'the change shows at once');
    assert.equal(await marking, true);
    assert.deepEqual(panel.state.favorite, { state: 'on' });
    assert.ok(server.favoritesOf('movie').includes(550), 'TMDB has it');
    assert.ok(!server.watchlistOf('movie').includes(550), 'and the watchlist is left alone');
    await until('the Favorites view to follow', async () => (await api.favoriteItems('movie'))[0]?.id === 550);
    // The palette acts on the panel in front.
    assert.equal(await vscode.commands.executeCommand('tmdb.removeFromFavorites'), true);
    assert.ok(!server.favoritesOf('movie').includes(550));
    assert.equal(panel.state.favorite.state, 'off');
    await until(
      'the Favorites view to drop it',
      async () => !(await api.favoriteItems('movie')).some((m) => m.id === 550),
    );
    // A Favorites row's own command (its inline ♥ and menu) takes a series out; its open page follows.
    const thrones = await open('tmdb.openTvSeries', 1399);
    await until('the series is a favorite', () => thrones.state.favorite.state === 'on');
    const row = (await api.favoritesView.getChildren(
      await api.favoritesView.getChildren().then((groups) => groups[1]!),
    ))!.find((node: any) => node.summary?.id === 1399);
    assert.ok(row, 'Game of Thrones is in Favorites');
    assert.equal(await vscode.commands.executeCommand('tmdb.removeFromFavorites', row), true);
    assert.ok(!server.favoritesOf('tv').includes(1399));
    await until('the open page to follow', () => thrones.state.favorite.state === 'off');
  });

  it('marks a movie watched from its page and the palette: kept at once for the account in the synced key, never shown for another account', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openMovie', 550);
    await until('the watched mark', () => panel.state.watched.state === 'off');
    const kept = () => api.diagnostics.globalState.get<Record<string, string>>(StateKeys.watched);
    assert.equal(await panel.account!.toggleWatched(), true);
    assert.deepEqual(panel.state.watched, { state: 'on' });
    assert.deepEqual(Object.keys(kept() ?? {}), [String(DEMO_ACCOUNT_ID)], "kept under the account's id");
    assert.notEqual(WatchedMarks.decode(kept()![String(DEMO_ACCOUNT_ID)]).marks.movie(550), undefined);
    // The key is one of those the extension handed Settings Sync (the whole list: it replaces the one before).
    assert.deepEqual(
      [...api.diagnostics.keysForSync].sort(),
      [StateKeys.myServices, StateKeys.savedDiscovers, StateKeys.watched].sort(),
    );
    assert.equal(server.requests.filter((request) => request.method !== 'GET').length, 0, 'nothing is sent to TMDB');
    // The palette acts on the page in front; with no mark left, nothing is kept.
    assert.equal(await vscode.commands.executeCommand('tmdb.markUnwatched'), true);
    assert.equal(panel.state.watched.state, 'off');
    assert.equal(kept(), undefined);
    assert.equal(await vscode.commands.executeCommand('tmdb.markWatched'), true);
    await until('the mark, from the palette', () => panel.state.watched.state === 'on');
    // Only another account's marks kept (as Settings Sync may bring them): never this account's. The
    // stand-in has one account, so the other's marks are written as that account would have kept them.
    const theirs = new WatchedMarks();
    theirs.markMovie(550);
    await api.diagnostics.globalState.update(StateKeys.watched, { 4242: theirs.encode() });
    await api.credentials.setSession({
      sessionId: server.createSessionFor(),
      accountId: DEMO_ACCOUNT_ID,
      username: 'demo',
    });
    await until("another account's mark, not shown", () => panel.state.watched.state === 'off');
    // Signed out: the page offers the sign-in; the other account's marks are left as they were.
    await api.credentials.setSession(undefined);
    await until('signed out', () => panel.state.watched.state === 'signedOut');
    assert.deepEqual(Object.keys(kept() ?? {}), ['4242']);
  });

  it("marks a series' episodes watched from its rows and its season's header: the earlier ones offered once, every change kept for the account and posted to the page, nothing sent to TMDB", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openTvSeries', 1399);
    await until('the series is shown', () => panel.state.phase === 'shown');
    const { posted, restore } = capturePosts(panel);
    const marks = () => posted.filter((message) => message.type === 'episodeMarks').at(-1);
    const kept = () =>
      WatchedMarks.decode(
        api.diagnostics.globalState.get<Record<string, string>>(StateKeys.watched)?.[String(DEMO_ACCOUNT_ID)],
      ).marks.season(1399, 1);
    const asked: string[] = [];
    const original = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = async (
      message: string,
      ...buttons: string[]
    ) => (asked.push(message), buttons[0]);
    try {
      await panel.openSeason(1);
      await until('the season opened shows its marks', () => marks()?.state === 'shown');
      // TMDB's API only (the page's stills come from the image host as it draws them).
      const apiRequests = () => server.requests.filter((r) => /^\/[34]\//.test(r.path)).length;
      await until("the season's ratings read", () =>
        server.requests.some((r) => r.path === '/3/tv/1399/season/1/account_states'),
      );
      const requests = apiRequests();
      assert.deepEqual(marks(), {
        type: 'episodeMarks',
        season: 1,
        total: 10,
        aired: 10,
        rated: [],
        state: 'shown',
        ranges: [],
        count: 0,
        complete: false,
      });
      // Episode 3's checkbox: the two before it are offered, and taken.
      assert.equal(await panel.controls.episodes!.mark(1, 3, 3, true), true);
      await until('the offer', () => asked.length === 1);
      assert.deepEqual(asked, ['Game of Thrones: mark E1–E2 of Season 1 watched too (2 episodes)?']);
      await until('the earlier ones marked', () => marks().count === 3);
      assert.deepEqual(kept(), [[1, 3]]);
      assert.deepEqual([marks().ranges, marks().count], [[[1, 3]], 3]);
      // Once a series: episode 6, with 4 and 5 unmarked, asks nothing.
      assert.equal(await panel.controls.episodes!.mark(1, 6, 6, true), true);
      assert.equal(asked.length, 1);
      assert.deepEqual(kept(), [
        [1, 3],
        [6, 6],
      ]);
      // A checkbox cleared.
      assert.equal(await panel.controls.episodes!.mark(1, 2, 2, false), true);
      assert.deepEqual(marks().ranges, [
        [1, 1],
        [3, 3],
        [6, 6],
      ]);
      // The season's header: every aired episode, then every mark off (nothing left is kept at all).
      assert.equal(await panel.controls.episodes!.markSeason(1, true), true);
      assert.deepEqual([marks().ranges, marks().count, marks().complete], [[[1, 10]], 10, true]);
      assert.equal(await panel.controls.episodes!.markSeason(1, false), true);
      assert.deepEqual([marks().count, marks().complete], [0, false]);
      assert.equal(api.diagnostics.globalState.get(StateKeys.watched), undefined);
      // A season not open is not changed from the page.
      assert.equal(await panel.controls.episodes!.mark(2, 1, 1, true), false);
      assert.equal(server.requests.filter((request) => request.method !== 'GET').length, 0, 'nothing sent to TMDB');
      assert.equal(apiRequests(), requests, 'the marks cost no request: they are kept here');
      // Signed out: the marks are an account's.
      await api.credentials.setSession(undefined);
      await until('the season says signed out', () => marks()?.state === 'signedOut');
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = original;
      restore();
    }
  });

  it("rates an episode from its row's ☆: the rating pick, TMDB asked once, the episode marked watched, listed in Rated's Episodes; the rating removed; one TMDB refuses not shown, with why", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openTvSeries', 1399);
    await until('the series is shown', () => panel.state.phase === 'shown');
    const { posted, restore } = capturePosts(panel);
    const marks = () => posted.filter((message) => message.type === 'episodeMarks').at(-1);
    const picks = vscode.window.showQuickPick;
    const errors = vscode.window.showErrorMessage;
    const said: string[] = [];
    let answer = '★ 8';
    (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: vscode.QuickPickItem[]) =>
      items.find((item) => item.label === answer);
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = async (message: string) => (
      said.push(message),
      undefined
    );
    const writes = () => server.requests.filter((r) => r.method !== 'GET' && r.path.includes('/episode/'));
    try {
      await panel.openSeason(1);
      await until('the season with its ratings', () => marks()?.state === 'shown' && Array.isArray(marks()?.rated));
      // Rated's Episodes, read before: none rated (its answer kept).
      const episodesRated = async () => {
        const group = (await api.ratedView.getChildren()).find((node) => node.label === 'Episodes')!;
        return api.ratedView.getChildren(group);
      };
      assert.equal((await episodesRated())[0]?.label, 'You have not rated an episode yet');
      assert.equal(await panel.controls.episodes!.rate(1, 2), true);
      assert.deepEqual(server.episodeRatingOf(1399, 1, 2), { value: 8 });
      assert.equal(writes().length, 1, 'TMDB asked once');
      assert.deepEqual([marks().rated, marks().ranges], [[[2, 8]], [[2, 2]]], 'rated, and watched');
      // Rated's Episodes group lists it at once (no refresh), named with its series; its click opens the series on it.
      await until(
        "Rated's Episodes follows",
        async () => (await episodesRated())[0]?.label === 'Game of Thrones · S01E02',
      );
      const [row] = await episodesRated();
      assert.deepEqual(
        [row!.label, row!.description, row!.command?.arguments],
        ['Game of Thrones · S01E02', 'The Kingsroad · ★ 8', [1399, { season: 1, episode: 2, preview: true }]],
      );
      answer = '$(close) Remove Rating';
      assert.equal(await panel.controls.episodes!.rate(1, 2), true);
      assert.equal(server.episodeRatingOf(1399, 1, 2), false);
      await until('the rating gone', () => marks().rated.length === 0);
      assert.deepEqual(marks().ranges, [[2, 2]], 'still watched');
      // TMDB refusing: nothing shown, and why.
      answer = '★ 7';
      server.inject({ path: '/3/tv/1399/season/1/episode/3/rating', method: 'POST', kind: 'status', status: 500 });
      assert.equal(await panel.controls.episodes!.rate(1, 3), false);
      assert.equal(server.episodeRatingOf(1399, 1, 3), false);
      assert.deepEqual(marks().rated, []);
      assert.match(said.at(-1) ?? '', /^TMDB: could not rate Game of Thrones · S1 · E3\./);
      // TMDB out of reach as another season opens: its marks (kept here) show, and each ☆ is disabled.
      server.clearFaults();
      server.inject({ path: '/3/tv/1399/season/2/account_states', kind: 'reset' });
      await panel.openSeason(2);
      await until('the ☆ disabled', () => marks()?.season === 2 && marks()?.ratingsOffline === true);
      assert.equal(marks().state, 'shown');
      assert.equal(await panel.controls.episodes!.rate(2, 1), true, 'the host still answers a rating asked for');
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = picks;
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = errors;
      restore();
    }
  });

  it('a page built again (its tab back in view) is told its content and its watched mark, each as what it is', async () => {
    await resetState({ signedIn: true });
    const panel = await open('tmdb.openMovie', 550);
    await until('the watched mark', () => panel.state.watched.state === 'off');
    assert.equal(await panel.account!.toggleWatched(), true);
    const { posted, restore } = capturePosts(panel);
    try {
      (panel as any).page.replay(); // what the page's `ready` asks for
    } finally {
      restore();
    }
    const types = posted.map((message) => message.type);
    assert.ok(types.includes('render'), `the content, posted again: ${types.join(', ')}`);
    assert.deepEqual(
      posted.find((message) => message.type === 'watched'),
      { type: 'watched', watched: { state: 'on' } },
    );
  });

  it('rolls a favorite back, with a message, when TMDB fails', async () => {
    const { server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openMovie', 550);
    await until('the favorite state', () => panel.state.favorite.state === 'off');
    server.inject({ path: `/3/account/${DEMO_ACCOUNT_ID}/favorite`, method: 'POST', kind: 'status', status: 500 });
    assert.equal(await panel.account!.toggle('favorite'), false);
    assert.equal(panel.state.favorite.state, 'off', 'rolled back');
    assert.match(panel.state.favorite.error ?? '', /favorite/);
    assert.ok(!server.favoritesOf('movie').includes(550));
  });

  it("copies a title's or person's TMDB link, TMDB ID and IMDb ID, from the page in front and from tree rows", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const web = vscode.workspace.getConfiguration('tmdb').get<string>('webBaseUrl');
    const copied = async (command: string, arg?: unknown) => {
      await vscode.env.clipboard.writeText('before');
      const value = await vscode.commands.executeCommand<string | undefined>(command, arg);
      const clipboard = await vscode.env.clipboard.readText();
      assert.equal(clipboard, value ?? 'before', 'what the command says it copied is on the clipboard');
      return value;
    };
    await open('tmdb.openMovie', 550);
    assert.equal(await copied('tmdb.copyLink'), `${web}/movie/550`);
    assert.equal(await copied('tmdb.copyId'), '550');
    const requests = server.requests.length;
    assert.equal(await copied('tmdb.copyImdbId'), 'tt0137523');
    // Of Fight Club's (what else is read meanwhile, say Up Next's schedules behind, is not this command's).
    assert.deepEqual(
      server.requests
        .slice(requests)
        .map((r) => r.path)
        .filter((path) => path.startsWith('/3/movie/550')),
      [],
      'the IMDb ID comes from the answer the page has, not a new request',
    );
    // A series row (Watchlist) and a person row (Trending People): each their own.
    const thrones = (
      await api.watchlistView.getChildren(await api.watchlistView.getChildren().then((groups) => groups[1]!))
    ).find((node: any) => node.summary?.id === 1399);
    assert.ok(thrones, 'Game of Thrones is on the watchlist');
    assert.equal(await copied('tmdb.copyImdbId', thrones), 'tt0944947');
    assert.equal(await copied('tmdb.copyId', thrones), '1399');
    const person = (await api.trending.getChildren())[0] as any;
    assert.equal(await copied('tmdb.copyLink', person), `${web}/person/${person.person.id}`);
    // A series TMDB knows no IMDb ID for: nothing is copied, and the clipboard keeps what it had.
    await open('tmdb.openTvSeries', 2);
    assert.equal(await copied('tmdb.copyImdbId'), undefined);
    // A collection: its link and id; IMDb has no page for it.
    await open('tmdb.openCollection', 10);
    assert.equal(await copied('tmdb.copyLink'), `${web}/collection/10`);
    assert.equal(await copied('tmdb.copyImdbId'), undefined);
    // With no page in front and no row, the command says what to do, and copies nothing.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await copied('tmdb.copyId'), undefined);
  });

  it('rolls the toggle back, with a message, when TMDB fails', async () => {
    const { server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openTvSeries', 1399);
    await until('the watchlist state', () => ['on', 'off'].includes(panel.state.watchlist.state));
    const before = panel.state.watchlist.state;
    const stored = server.watchlistOf('tv').includes(1399);
    server.inject({ path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`, method: 'POST', kind: 'status', status: 500 });
    assert.equal(await panel.account!.toggle('watchlist'), false);
    assert.equal(panel.state.watchlist.state, before, 'rolled back');
    assert.match(panel.state.watchlist.error ?? '', /watchlist/);
    assert.equal(server.watchlistOf('tv').includes(1399), stored);
  });

  it('does not take a 2xx without confirmation (no status_code 1, 12 or 13) as success: it asks TMDB what it holds', async () => {
    const { server } = await resetState({ signedIn: true });
    const panel = await open('tmdb.openMovie', 550);
    await until('the watchlist state', () => ['on', 'off'].includes(panel.state.watchlist.state));
    const before = panel.state.watchlist.state;
    // The stand-in applies the write, then answers without a status_code: the page must follow TMDB's state.
    server.inject({
      path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`,
      method: 'POST',
      kind: 'nullField',
      field: 'status_code',
    });
    const done = await panel.account!.toggle('watchlist');
    const held = server.watchlistOf('movie').includes(550) ? 'on' : 'off';
    assert.equal(panel.state.watchlist.state, held);
    assert.equal(done, held !== before);
    // And when TMDB did not apply it (refused before it was handled), the toggle rolls back with a message.
    server.clearFaults();
    server.inject({
      path: `/3/account/${DEMO_ACCOUNT_ID}/watchlist`,
      method: 'POST',
      kind: 'status',
      status: 400,
      statusCode: 47,
    });
    const current = panel.state.watchlist.state;
    assert.equal(await panel.account!.toggle('watchlist'), false);
    assert.equal(panel.state.watchlist.state, current);
    assert.match(panel.state.watchlist.error ?? '', /watchlist/);
  });

  it('re-fetches open panels when a TMDB setting changes (the language here)', async () => {
    const { server } = await resetState();
    await open('tmdb.openMovie', 550);
    const config = vscode.workspace.getConfiguration('tmdb');
    await config.update('language', 'fr-FR', vscode.ConfigurationTarget.Global);
    try {
      await until('a French request', () =>
        server.requestsTo('/3/movie/550').some((r) => r.query.language === 'fr-FR'),
      );
    } finally {
      await config.update('language', 'en-US', vscode.ConfigurationTarget.Global);
    }
  });

  it('shows titles in the content language (tmdb.language fr-FR: Le Trône de fer)', async () => {
    await resetState();
    const config = vscode.workspace.getConfiguration('tmdb');
    await config.update('language', 'fr-FR', vscode.ConfigurationTarget.Global);
    try {
      assert.equal((await open('tmdb.openTvSeries', 1399)).panel.title, 'Le Trône de fer');
    } finally {
      await config.update('language', 'en-US', vscode.ConfigurationTarget.Global);
    }
  });

  it('offers sign-in instead of the toggle when signed out', async () => {
    await resetState();
    const panel = await open('tmdb.openMovie', 550);
    await until('the signed-out state', () => panel.state.watchlist.state === 'signedOut');
  });

  it('restored without a token, says so calmly and loads once a token arrives', async () => {
    const { api } = await resetState({ token: false });
    const raw = vscode.window.createWebviewPanel('tmdb.detail', 'restoring', vscode.ViewColumn.Active, {});
    await api.panels.deserializeWebviewPanel(raw, { kind: 'tv', id: 1399 });
    const restored = api.panel({ kind: 'tv', id: 1399 })!;
    await api.whenRendered(restored);
    assert.equal(restored.state.needsToken, true);
    assert.equal(restored.panel.title, 'TMDB', 'no "TMDB: error" for a missing token');
    await api.credentials.setApiToken(READ_TOKEN);
    await until('the series once the token is set', () => restored.panel.title === 'Game of Thrones');
  });
});
