// Up Next, its status bar item and its calendar, and Browse with Discover, in the real extension host
// against the stand-in: what the views list, what a row's click opens, what the status bar says as the
// days pass (the stand-in's clock and the extension's), what each costs in requests, and the failures.
import * as assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TmdbTestApi } from '../../src/testApi';
import type { Node } from '../../src/tree/nodes';
import { resetState, until } from './helpers';
import { THRONES_SEASONS } from '../support/fixtures';

const ICAL = require('ical.js');

const DAY = 86_400_000;
/** Whether a status bar item is shown (the API has no getter: the extension host keeps it as `_visible`). */
const visible = (item: vscode.StatusBarItem) => (item as unknown as { _visible?: boolean })._visible;
const label = (node: Node) => String(typeof node.label === 'object' ? node.label?.label : node.label);

/** The Up Next view as a person sees it: each group's name with its rows' names and descriptions. */
async function upNextRows(
  api: TmdbTestApi,
): Promise<Map<string, Array<{ name: string; description: string; node: Node }>>> {
  const groups = new Map<string, Array<{ name: string; description: string; node: Node }>>();
  for (const group of await api.upNextView.getChildren()) {
    if (group.contextValue !== 'upNextGroup') continue;
    const rows = await api.upNextView.getChildren(group);
    groups.set(
      label(group),
      rows.map((node) => ({ name: label(node), description: String(node.description), node })),
    );
  }
  return groups;
}

describe('Up Next', function () {
  this.timeout(60_000);

  it('groups the followed series by their next episode; a row names it and opens the series at its season', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const rows = await upNextRows(api);
    assert.deepEqual(
      [...rows.keys()],
      ['Today', 'This week', 'Later', 'Date not announced', 'Returning', 'Ended', 'Canceled'],
    );
    assert.deepEqual(
      rows.get('Today')!.map((r) => r.name),
      ['The Blacklist'],
    );
    assert.match(rows.get('Today')![0]!.description, /^S\d\dE05 · Episode 5$/);
    assert.deepEqual(
      rows.get('This week')!.map((r) => r.name),
      ['Doctor Who', 'Sherlock'],
    );
    const weekday = new Intl.DateTimeFormat('en', { weekday: 'short' }).format(new Date(Date.now() + 2 * DAY));
    assert.equal(rows.get('This week')![0]!.description, `S04E05 · ${weekday}`);
    assert.deepEqual(
      rows.get('Later')!.map((r) => r.name),
      ['Arrow'],
    );
    assert.ok(rows.get('Ended')!.some((r) => r.name === 'Game of Thrones'));
    assert.deepEqual(
      rows.get('Canceled')!.map((r) => r.name),
      ['Mob City'],
    );
    // Cost: the three lists (the watchlist's 21 series are two pages) and one request a series, nothing else.
    const series = new Set(server.requests.filter((r) => /^\/3\/tv\/\d+$/.test(r.path)).map((r) => r.path));
    assert.equal(
      server.requests.filter((r) => /^\/3\/tv\/\d+$/.test(r.path)).length,
      series.size,
      'each series asked once',
    );
    assert.ok(series.size >= 20);
    const others = server.requests
      .filter((r) => !/^\/3\/tv\/\d+$/.test(r.path))
      .map((r) => r.path.replace(/account\/\d+/, 'account/{id}'))
      .sort();
    assert.deepEqual(
      others,
      [
        '/3/account/{id}/favorite/tv',
        '/3/account/{id}/rated/tv',
        '/3/account/{id}/watchlist/tv',
        '/3/account/{id}/watchlist/tv',
      ],
      others.join(' '),
    );
    // A click opens Doctor Who at season 4.
    server.requests.length = 0;
    const doctorWho = rows.get('This week')![0]!.node;
    await vscode.commands.executeCommand(doctorWho.command!.command, ...(doctorWho.command!.arguments ?? []));
    const panel = await until('the series panel', () => api.panel({ kind: 'tv', id: 57243 }));
    await api.whenRendered(panel);
    await until('season 4 asked for', () => server.requestsTo('/3/tv/57243/season/4').length === 1);
  });

  it('moves a series from "This week" to "Today" as the days pass, and the status bar says so', async () => {
    const { api, server } = await resetState({ signedIn: true });
    await api.upNext.start();
    const item = api.upNextStatus.item;
    assert.equal(item.text, '$(bell-dot) 1 episode today');
    assert.equal(visible(item), true);
    assert.match((item.tooltip as vscode.MarkdownString).value, /The Blacklist/);
    assert.equal(item.command, 'tmdb.upNext.show');
    // Two days on, by the person's clock: Doctor Who's episode is today's (the kept answers still hold).
    const requests = server.requests.length;
    api.upNext.now = () => Date.now() + 2 * DAY;
    api.upNext.regroup();
    let rows = await upNextRows(api);
    assert.deepEqual(
      rows.get('Today')!.map((r) => r.name),
      ['Doctor Who'],
      'Doctor Who airs today',
    );
    assert.equal(item.text, '$(bell-dot) 1 episode today');
    assert.match((item.tooltip as vscode.MarkdownString).value, /Doctor Who/);
    assert.equal(server.requests.length, requests, 'a new day costs no request');
    // Three days on, TMDB has moved on too: the next episode is six days away.
    server.advanceClock(3 * DAY);
    api.upNext.now = () => Date.now() + 3 * DAY;
    await vscode.commands.executeCommand('tmdb.upNext.refresh');
    rows = await upNextRows(api);
    const doctorWho = rows.get('This week')!.find((r) => r.name === 'Doctor Who');
    assert.ok(doctorWho, 'back in "This week"');
    assert.match(doctorWho.description, /^S04E06 · /);
    assert.ok(!rows.has('Today'), 'nothing airs on that day');
    assert.equal(visible(item), false, 'the status bar item is hidden');
  });

  it('hides the status bar item when nothing airs today, and when the setting is off', async () => {
    const { api } = await resetState({ signedIn: true });
    await api.upNext.start();
    const item = api.upNextStatus.item;
    const shown = () => visible(item);
    assert.equal(shown(), true);
    await vscode.workspace
      .getConfiguration('tmdb')
      .update('upNext.statusBar', false, vscode.ConfigurationTarget.Global);
    try {
      await until('the item hidden', () => shown() === false);
    } finally {
      await vscode.workspace
        .getConfiguration('tmdb')
        .update('upNext.statusBar', undefined, vscode.ConfigurationTarget.Global);
    }
    await until('the item shown again', () => shown() === true);
    api.upNext.now = () => Date.now() + 1 * DAY; // tomorrow nothing the demo follows airs
    api.upNext.regroup();
    assert.equal(shown(), false);
  });

  it('follows a series added to the watchlist: one request more', async () => {
    const { api, server } = await resetState({ signedIn: true });
    await api.upNext.start();
    const before = (await upNextRows(api)).get('Ended')!.length;
    const id = [...server.catalogue.tv.keys()].find(
      (tv) => !server.watchlistOf('tv').includes(tv) && !server.favoritesOf('tv').includes(tv) && tv !== 1399,
    )!;
    server.requests.length = 0;
    await api.watchlist.set('tv', id, true);
    await until('the series in Up Next', async () => (await upNextRows(api)).get('Ended')!.length === before + 1);
    assert.equal(
      server.requests.filter((r) => /^\/3\/tv\/\d+$/.test(r.path)).length,
      1,
      'only the new series is asked for',
    );
  });

  it("Continue Watching: a started series first, with its next aired episode and how far along; its row's ✓ and the palette mark it and the row moves on; watched through, it leaves; started and not followed, it shows for one request more", async () => {
    const { api, server } = await resetState({ signedIn: true });
    await api.upNext.start();
    const continuing = async () => (await upNextRows(api)).get('Continue Watching') ?? [];
    const thrones = async () => (await continuing()).find((row) => row.name === 'Game of Thrones');
    assert.equal((await continuing()).length, 0, 'nothing started');
    const schedules = server.requests.filter((r) => /^\/3\/tv\/\d+$/.test(r.path)).length;
    await api.watched.setEpisodes(1399, 1, [[1, 3]], true);
    await until('Game of Thrones to continue', async () => (await thrones())?.description === 'S01E04 · 3 of 73');
    const rows = await upNextRows(api);
    assert.equal([...rows.keys()][0], 'Continue Watching', 'the first group');
    assert.ok(!rows.get('Ended')!.some((row) => row.name === 'Game of Thrones'), 'in one group only');
    const row = (await thrones())!.node;
    assert.equal(row.contextValue?.split('.')[0], 'continueItem', "the row's ✓ and menu");
    assert.deepEqual(row.command?.arguments, [1399, { season: 1, episode: 4, preview: true }], 'opens landed on it');
    // The row's ✓ (inline, and the same from its menu): the episode it names, and the row moves on.
    assert.equal(await vscode.commands.executeCommand('tmdb.markNextEpisodeWatched', row), true);
    await until('the row moves on', async () => (await thrones())?.description === 'S01E05 · 4 of 73');
    // The palette: the series picked (its name as typed), then its next episode marked.
    const original = vscode.window.showQuickPick;
    const offered: string[] = [];
    (vscode.window as { showQuickPick: unknown }).showQuickPick = async (items: vscode.QuickPickItem[]) => {
      offered.push(...items.map((item) => `${item.label} — ${item.description}`));
      return items[0];
    };
    try {
      assert.equal(await vscode.commands.executeCommand('tmdb.markNextEpisodeWatched'), true);
    } finally {
      (vscode.window as { showQuickPick: unknown }).showQuickPick = original;
    }
    assert.deepEqual(offered, ['Game of Thrones — S01E05 · 4 of 73']);
    await until('moved on again', async () => (await thrones())?.description === 'S01E06 · 5 of 73');
    // The status bar says how many to continue, with the setting (its tooltip names them).
    const item = api.upNextStatus.item;
    assert.doesNotMatch(item.text, /to continue/);
    await vscode.workspace.getConfiguration('tmdb').update('upNext.statusBarContinue', true, true);
    try {
      await until('said in the status bar', () => /^\$\(bell-dot\) 1 episode today · 1 to continue$/.test(item.text));
      assert.match((item.tooltip as vscode.MarkdownString).value, /Game of Thrones · S01E06/);
    } finally {
      await vscode.workspace.getConfiguration('tmdb').update('upNext.statusBarContinue', undefined, true);
    }
    await until('not said without it', () => !/to continue/.test(item.text));
    assert.equal(
      server.requests.filter((r) => /^\/3\/tv\/\d+$/.test(r.path)).length,
      schedules,
      'marks cost no request',
    );
    // Every aired episode: it leaves Continue Watching for its usual group.
    for (const [season, count] of THRONES_SEASONS) await api.watched.setEpisodes(1399, season, [[1, count]], true);
    await until('watched through', async () => {
      const now = await upNextRows(api);
      return !now.has('Continue Watching') && now.get('Ended')!.some((r) => r.name === 'Game of Thrones');
    });
    // A series started and followed by no list: having watched is following (its schedule, one request).
    const followed = new Set([...server.watchlistOf('tv'), ...server.favoritesOf('tv')]);
    const id = [...server.catalogue.tv.keys()].find((tv) => !followed.has(tv) && server.ratingOf('tv', tv) === false)!;
    server.requests.length = 0;
    await api.watched.setEpisodes(id, 1, [[1, 1]], true);
    await until('the unfollowed series to continue', async () => (await continuing()).length === 1);
    assert.match((await continuing())[0]!.description, /^S01E02 · 1 of \d+$/);
    assert.deepEqual(
      server.requests.filter((r) => /^\/3\/tv\/\d+$/.test(r.path)).map((r) => r.path),
      [`/3/tv/${id}`],
      'only the new series is asked for',
    );
    assert.equal(server.requests.filter((r) => r.method !== 'GET').length, 0, 'nothing sent to TMDB');
  });

  it('says which series could not be read, with a retry, and shows the rest', async () => {
    const { api, server } = await resetState({ signedIn: true });
    server.inject({ kind: 'status', status: 404, path: '/3/tv/57243', times: 10 });
    const roots = await api.upNextView.getChildren();
    const warning = roots.find((n) => n.contextValue === 'message' && /1 series could not be read/.test(label(n)));
    assert.ok(warning, 'a warning row');
    assert.equal(warning.command?.command, 'tmdb.upNext.refresh');
    assert.ok(!(await upNextRows(api)).get('This week')!.some((r) => r.name === 'Doctor Who'));
    server.clearFaults();
    await vscode.commands.executeCommand(warning.command!.command);
    assert.ok(
      (await upNextRows(api)).get('This week')!.some((r) => r.name === 'Doctor Who'),
      'the retry found it',
    );
  });

  it('shows nothing signed out (the welcome asks to sign in), and its lists failing says why', async () => {
    const { api, server } = await resetState({ signedIn: false });
    assert.deepEqual(await api.upNextView.getChildren(), []);
    const signedIn = await resetState({ signedIn: true });
    signedIn.server.inject({ kind: 'status', status: 500, path: /\/watchlist\/tv$/, times: 10 });
    const [row] = await signedIn.api.upNextView.getChildren();
    assert.match(label(row!), /^Could not load: .* \(click to retry\)$/);
    assert.equal(row!.command?.command, 'tmdb.upNext.refresh');
    void server;
  });

  it('shows nothing of an account signed out of while its schedules were on the way', async () => {
    const { api, server } = await resetState({ signedIn: true });
    // The series' schedules held at TMDB until the sign-out is done.
    server.inject({ path: /^\/3\/tv\/\d+$/, kind: 'hold' });
    let signedOut = false;
    const shownAfter: number[] = [];
    const watching = api.upNext.onDidChange((state) => signedOut && shownAfter.push(state.entries.length));
    try {
      void api.upNext.start();
      await until('the schedules asked of TMDB', () => server.requestsTo(/^\/3\/tv\/\d+$/).length > 0);
      await api.credentials.setSession(undefined);
      signedOut = true;
      server.clearFaults(); // lets the held ones go, and those still to come pass

      await until('the old load answered', () => server.requestsTo(/^\/3\/tv\/\d+$/).every((r) => r.status !== 0));
      await api.upNext.idle();
      assert.ok(shownAfter.length > 0, 'Up Next said something after the sign-out');
      assert.deepEqual(
        shownAfter.filter((count) => count > 0),
        [],
        'no entry of the account signed out of, at any moment',
      );
    } finally {
      watching.dispose();
    }
  });

  it('exports the announced episodes as an .ics file a calendar reads, with no control character from TMDB', async () => {
    const { api, server } = await resetState({ signedIn: true });
    await api.upNext.refresh();
    // An episode named with what RFC 5545 forbids in text (NUL, NEL, the line separator), read fresh.
    const first = api.upNext.state.entries.find((e) => e.airDate)!;
    server.inject({
      kind: 'setField',
      path: `/3/tv/${first.series.id}`,
      field: 'next_episode_to_air.name',
      value: 'Pilot\u0000 \u0085two\u2028three\u001B',
    });
    await api.upNext.refresh();
    const target = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'tmdb-ics-')), 'upcoming.ics'));
    const written = await vscode.commands.executeCommand<vscode.Uri>('tmdb.exportUpcoming', target);
    assert.equal(written?.fsPath, target.fsPath);
    const events = new ICAL.Component(ICAL.parse(readFileSync(target.fsPath, 'utf8')))
      .getAllSubcomponents('vevent')
      .map((v: unknown) => new ICAL.Event(v));
    const dated = api.upNext.state.entries.filter((e) => e.airDate);
    assert.equal(events.length, dated.length);
    assert.deepEqual(
      events.map((e: any) => e.summary.split(' · ')[0]),
      dated.map((e) => e.series.name),
    );
    assert.ok(events.every((e: any) => e.startDate.isDate));
    const text = readFileSync(target.fsPath, 'utf8');
    // eslint-disable-next-line no-control-regex -- finding them is the point
    assert.doesNotMatch(text.replace(/\r\n/g, ''), /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]/);
    const named = events.find((e: any) => e.summary.startsWith(`${first.series.name} · `));
    assert.match(named.summary, / · Pilot \ntwo\nthree$/);
  });
});

describe('Browse and Discover', function () {
  this.timeout(60_000);

  it('lists the charts for the region, each paged, asking TMDB only for what is opened', async () => {
    const { api, server } = await resetState();
    api.browse.reset();
    const [movies, series, discover] = await api.browse.getChildren();
    assert.deepEqual(
      [movies, series, discover].map((n) => label(n!)),
      ['Movies', 'TV Series', 'Discover'],
    );
    const charts = await api.browse.getChildren(movies);
    assert.deepEqual(charts.map(label), ['Now Playing', 'Upcoming', 'Popular Movies', 'Top Rated Movies']);
    assert.deepEqual((await api.browse.getChildren(series)).map(label), [
      'Airing Today',
      'On the Air',
      'Popular Series',
      'Top Rated Series',
    ]);
    assert.equal(server.requests.length, 0, 'nothing asked before a list is opened');
    const nowPlaying = await api.browse.getChildren(charts[0]);
    assert.equal(nowPlaying.filter((n) => n.contextValue === 'title.movie').length, 20);
    assert.equal(server.requestsTo('/3/movie/now_playing')[0]!.query.region, 'US');
    const more = nowPlaying.at(-1)!;
    assert.equal(more.contextValue, 'loadMore');
    await vscode.commands.executeCommand(more.command!.command, ...(more.command!.arguments ?? []));
    assert.equal((await api.browse.getChildren(charts[0])).filter((n) => n.contextValue === 'title.movie').length, 40);
    assert.equal(label((await api.browse.getChildren(discover))[0]!), 'Discover…');
  });

  it('shows a discover under Discover, saves it by name, and deletes it', async () => {
    const { api, server } = await resetState();
    api.browse.reset();
    await api.browse.getChildren();
    const node = await api.browse.showDiscover({ kind: 'movie', genres: [28], minScore: 6 });
    assert.equal(label(node), 'Results');
    assert.match(String(node.description), /^Movies · Action · score ≥ 6$/);
    const results = await api.browse.getChildren(node);
    assert.ok(
      results.length > 0 && results.every((n) => n.contextValue === 'title.movie' || n.contextValue === 'loadMore'),
    );
    const asked = server.requestsTo('/3/discover/movie')[0]!.query;
    assert.equal(asked.with_genres, '28');
    assert.equal(asked['vote_average.gte'], '6');
    await api.savedDiscovers.save('Action I like', { kind: 'movie', genres: [28], minScore: 6 });
    try {
      const rows = await api.browse.getChildren((await api.browse.getChildren())[2]);
      const saved = rows.find((n) => label(n) === 'Action I like');
      assert.ok(saved, 'the saved discover is listed');
      assert.equal(saved.contextValue, 'discoverSaved');
      await vscode.commands.executeCommand('tmdb.discover.delete', saved);
      const after = await api.browse.getChildren((await api.browse.getChildren())[2]);
      assert.ok(!after.some((n) => label(n) === 'Action I like'));
    } finally {
      await api.savedDiscovers.delete('Action I like');
    }
  });

  it('reads a synced or hand-edited state of 100,000 saved discovers as at most 50, each name once', async () => {
    const { api } = await resetState();
    const state = api.diagnostics.globalState;
    const entry = (i: number) => ({
      name: `Saved ${i % 60}`,
      filters: { kind: 'movie', genres: [28], minScore: i % 10 },
    });
    const huge = Array.from({ length: 100_000 }, (_, i) => entry(i));
    await state.update('tmdb.savedDiscovers', huge);
    try {
      api.browse.reset();
      const started = performance.now();
      const rows = await api.browse.getChildren((await api.browse.getChildren())[2]);
      const took = performance.now() - started;
      const readStarted = performance.now();
      for (let i = 0; i < 10; i++) api.savedDiscovers.all();
      const read = (performance.now() - readStarted) / 10;
      const saved = rows.filter((n) => n.contextValue === 'discoverSaved').map(label);
      assert.equal(saved.length, 50, 'at most 50 listed');
      assert.equal(new Set(saved).size, saved.length, 'each name once');
      assert.deepEqual(saved.slice(0, 2), ['Saved 0', 'Saved 1']);
      console.log(
        `      100,000 saved discovers in the state: Discover listed ${saved.length} in ${took.toFixed(0)} ms, read again in ${read.toFixed(2)} ms`,
      );
    } finally {
      await state.update('tmdb.savedDiscovers', undefined);
    }
  });
});
