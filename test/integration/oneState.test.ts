// One account state: a change to a title's rating or watchlist, made from any writer (the page, a card's or
// a row's command, a chat tool, an import), is what every surface then shows: the open page (and with it
// Rate…'s "your rating"), the Rated or Watchlist view, the hover card in a text, and the chat's reading of
// the title. Each writer goes through the account's services (src/account), whose announcements the
// surfaces follow; test/unit/layers.test.ts holds every writer to that.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import type { TmdbTestApi } from '../../src/testApi';
import { IMDB_RATINGS_HEADER } from '../support/exports';
import { invokeTool, openPanel, resetState, until } from './helpers';

const FIGHT_CLUB = 550;

async function hoverOverFightClub(): Promise<string> {
  const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: 'Seen: tt0137523.' });
  await vscode.window.showTextDocument(document, { preview: false, preserveFocus: true });
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    document.uri,
    document.positionAt(document.getText().indexOf('tt0137523') + 1),
  );
  return hovers
    .flatMap((hover) => hover.contents)
    .map((part) => (typeof part === 'string' ? part : part.value))
    .join('\n');
}

/** What every surface says of Fight Club's rating: the same value, or each says which it shows. */
async function everySurfaceRates(api: TmdbTestApi, panel: DetailPanel, value: number | null): Promise<void> {
  assert.equal(panel.state.rating.value, value, "the open page (and Rate…'s marked choice)");
  await until(`the Rated view to say ${value}`, async () => {
    const row = (await api.ratedItems('movie')).find((item) => item.summary.id === FIGHT_CLUB);
    return value === null ? !row : row?.description.startsWith(`★ ${value} ·`);
  });
  // The card's words on one line (its picture left out), for a failure to say what it showed.
  const card = (await hoverOverFightClub()).replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\s+/g, ' ');
  if (value === null) assert.doesNotMatch(card, /Your rating/, `the card: ${card}`);
  // Markdown-escaped as the card writes it: "Your rating\: 8\.5".
  else assert.ok(card.includes(`Your rating\\: ${String(value).replace('.', '\\.')} `), `the card: ${card}`);
  const read = await invokeTool('tmdb_details', { type: 'movie', id: FIGHT_CLUB });
  assert.match(read, value === null ? /not rated\./ : new RegExp(`rated ${value}/10\\.`), 'the chat reads it');
}

async function everySurfaceWatchlists(api: TmdbTestApi, panel: DetailPanel, on: boolean): Promise<void> {
  assert.equal(panel.state.watchlist.state, on ? 'on' : 'off', 'the open page');
  await until(`the Watchlist view ${on ? 'to hold' : 'to drop'} it`, async () =>
    (await api.watchlistItems('movie')).some((item) => item.id === FIGHT_CLUB) === on ? true : undefined,
  );
  assert.match(await hoverOverFightClub(), on ? /On your watchlist/ : /Not on your watchlist/);
  const read = await invokeTool('tmdb_details', { type: 'movie', id: FIGHT_CLUB });
  assert.match(read, on ? /on your watchlist,/ : /not on your watchlist,/, 'the chat reads it');
}

function importFile(name: string, text: string): vscode.Uri {
  const file = vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'tmdb-one-state-')), name));
  writeFileSync(file.fsPath, text);
  return file;
}

describe('one account state: a change from any writer shows on every surface', function () {
  this.timeout(90_000);

  afterEach(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('a rating: from the page, a card, a chat tool and an import; and removed from a row', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await openPanel('tmdb.openMovie', FIGHT_CLUB);
    await until('the rating', () => panel.state.rating.state === 'shown');
    await everySurfaceRates(api, panel, 9);

    assert.equal(await panel.account!.rate(7), true, "the page's rating menu");
    await everySurfaceRates(api, panel, 7);

    // A hover card's Rate… names its title; with the page open, the page shows it too.
    const named = { kind: 'movie', id: FIGHT_CLUB, name: 'Fight Club (1999)' };
    assert.equal(await vscode.commands.executeCommand('tmdb.removeRating', named), true, "a card's Remove Rating");
    await everySurfaceRates(api, panel, null);

    assert.match(await invokeTool('tmdb_rate', { type: 'movie', id: FIGHT_CLUB, rating: 8.5 }), /rated 8\.5\/10/);
    await everySurfaceRates(api, panel, 8.5);

    // The import rates Fight Club 10 while its page is open (the page said 9 until a reload, once).
    const file = importFile(
      'ratings.csv',
      `${IMDB_RATINGS_HEADER}\r\ntt0137523,10,2024-01-01,Fight Club,,,Movie,8.8,139,1999,Drama,1,,David Fincher\r\n`,
    );
    const job = await vscode.commands.executeCommand<{ state: string }>('tmdb.importLibrary', {
      file,
      target: { kind: 'rated' },
      acceptPreview: true,
    });
    assert.equal(job?.state, '+', 'the import wrote it');
    assert.deepEqual(server.ratingOf('movie', FIGHT_CLUB), { value: 10 });
    await everySurfaceRates(api, panel, 10);

    // A row of the Rated view: its inline Remove Rating.
    const [movies] = await api.ratedView.getChildren();
    const row = (await api.ratedView.getChildren(movies)).find(
      (node) => (node as { summary?: { id: number } }).summary?.id === FIGHT_CLUB,
    );
    assert.ok(row, 'a Rated row');
    assert.equal(await vscode.commands.executeCommand('tmdb.removeRating', row), true);
    await everySurfaceRates(api, panel, null);
  });

  it('the watchlist: from the page, a chat tool, an import and a card', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const panel = await openPanel('tmdb.openMovie', FIGHT_CLUB);
    await until('the watchlist state', () => ['on', 'off'].includes(panel.state.watchlist.state));
    const was = server.watchlistOf('movie').includes(FIGHT_CLUB);
    await everySurfaceWatchlists(api, panel, was);

    assert.equal(await panel.account!.toggle('watchlist', !was), true, "the page's button");
    await everySurfaceWatchlists(api, panel, !was);

    const action = was ? 'add' : 'remove';
    assert.match(await invokeTool('tmdb_watchlist', { type: 'movie', id: FIGHT_CLUB, action }), /^Done: /m);
    await everySurfaceWatchlists(api, panel, was);

    if (was) {
      assert.equal(
        await vscode.commands.executeCommand('tmdb.removeFromWatchlist', { kind: 'movie', id: FIGHT_CLUB, name: 'x' }),
        true,
      );
      await everySurfaceWatchlists(api, panel, false);
    }
    // A Letterboxd watchlist puts it back.
    const file = importFile(
      'watchlist.csv',
      'Date,Name,Year,Letterboxd URI\n2024-01-01,Fight Club,1999,https://boxd.it/2a1m\n',
    );
    const job = await vscode.commands.executeCommand<{ state: string }>('tmdb.importLibrary', {
      file,
      target: { kind: 'watchlist' },
      acceptPreview: true,
    });
    assert.equal(job?.state, '+', 'the import wrote it');
    await everySurfaceWatchlists(api, panel, true);
  });
});
