// For You, in the real extension host against the stand-in: TMDB's picks for the person (v4), movies and
// series, each row the usual title row (its click opens the page); what the person watched or rated
// marked, or left out with `tmdb.forYou.seen`; a v3 session offered the v4 sign-in; signed out, nothing
// (the welcome asks). What it costs in requests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TmdbTestApi } from '../../src/testApi';
import type { Node } from '../../src/tree/nodes';
import { resetState, until } from './helpers';

const label = (node: Node) => String(typeof node.label === 'object' ? node.label?.label : node.label);

/** The view as a person sees it: each group with its rows' names and descriptions. */
async function forYouRows(
  api: TmdbTestApi,
): Promise<Map<string, Array<{ name: string; description: string; node: Node }>>> {
  const rows = await api.forYou.rows();
  const groups = new Map<string, Array<{ name: string; description: string; node: Node }>>();
  for (const group of await rows.children()) {
    const children = await rows.children(group);
    groups.set(
      label(group),
      children.map((node) => ({ name: label(node), description: String(node.description ?? ''), node })),
    );
  }
  return groups;
}

describe('For You', function () {
  this.timeout(60_000);

  afterEach(() => vscode.workspace.getConfiguration('tmdb').update('forYou.seen', undefined, true));

  it("lists TMDB's picks for the person, movies and series, each row opening its page; a watched or rated pick marked, or left out", async () => {
    const { api, server } = await resetState({ signedIn: 'v4' });
    let groups = await forYouRows(api);
    assert.deepEqual([...groups.keys()], ['Movies', 'Series']);
    const movies = groups.get('Movies')!;
    assert.equal(movies.length, 20, "the first page of TMDB's picks");
    assert.ok(groups.get('Series')!.length > 0);
    const [first, second] = movies;
    assert.match(first!.node.contextValue ?? '', /^title\.movie/, 'the usual row menu');
    const [id] = first!.node.command!.arguments as [number];
    assert.equal(first!.node.command!.command, 'tmdb.openMovie');
    assert.deepEqual(
      server.requests
        .map((r) => r.path.replace(/account\/[0-9a-f]+/, 'account/{id}'))
        .filter((p) => p.startsWith('/4/')),
      ['/4/account/{id}/movie/recommendations', '/4/account/{id}/tv/recommendations'],
      'one request a kind',
    );
    // Watched here, rated at TMDB: each says so.
    await api.watched.setMovie(id, true);
    const [secondId] = second!.node.command!.arguments as [number];
    await api.ratings.set('movie', secondId, 8);
    await until('marked', async () => {
      groups = await forYouRows(api);
      const [a, b] = groups.get('Movies')!;
      return a!.description.startsWith('✓ Watched · ') && b!.description.startsWith('★ 8 · ');
    });
    // Left out, with the setting.
    await vscode.workspace.getConfiguration('tmdb').update('forYou.seen', 'hide', true);
    await until('left out', async () => {
      const names = (await forYouRows(api)).get('Movies')!.map((row) => row.name);
      return !names.includes(first!.name) && !names.includes(second!.name) && names.length === 18;
    });
    assert.equal(server.requests.filter((r) => r.method !== 'GET' && !r.path.includes('/rating')).length, 0);
  });

  it('a v3 session is offered the v4 sign-in; signed out, nothing (the welcome asks to sign in); TMDB failing says why, with a retry; out of reach, the picks kept, said so', async () => {
    const { api } = await resetState({ signedIn: true });
    const rows = await api.forYou.rows();
    const [offer] = await rows.children();
    assert.match(label(offer!), /need TMDB's newer sign-in/);
    assert.equal(offer!.command?.command, 'tmdb.signIn');
    await api.credentials.setSession(undefined);
    assert.deepEqual(await rows.children(), []);
    const v4 = await resetState({ signedIn: 'v4' });
    v4.server.inject({ path: /^\/4\/account\/[0-9a-f]+\/movie\/recommendations$/, kind: 'status', status: 500 });
    const groups = await forYouRows(v4.api);
    const [failed] = groups.get('Movies')!;
    assert.match(failed!.name, /^Could not load: .*\(click to retry\)$/);
    assert.equal(failed!.node.command?.command, 'tmdb.forYou.refresh');
    assert.ok(groups.get('Series')!.length > 1, 'the series are still there');
    // TMDB out of reach: the picks it gave last, said so above them, with a retry (its Refresh).
    v4.server.clearFaults();
    v4.server.inject({ path: /^\/4\//, kind: 'reset' });
    await vscode.commands.executeCommand('tmdb.forYou.refresh');
    const series = (await forYouRows(v4.api)).get('Series')!;
    assert.match(series[0]!.name, /^Offline · as of .* \(click to retry\)$/);
    assert.equal(series[0]!.node.command?.command, 'tmdb.forYou.refresh');
    assert.deepEqual(
      series.slice(1).map((row) => row.name),
      groups.get('Series')!.map((row) => row.name),
      'the picks as TMDB gave them last',
    );
    v4.server.clearFaults();
  });
});
