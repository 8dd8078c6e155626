// Export, in the extension host against the stand-in: what is written is what TMDB holds (every page of
// it), read back as Letterboxd's importer and a JSON reader would read it. (The pickers and the save
// dialog are used as a person does in test/e2e/entryPoints.test.ts.)
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import * as vscode from 'vscode';
import { resetState } from './helpers';

const fileIn = (name: string) => vscode.Uri.file(join(mkdtempSync(join(tmpdir(), 'tmdb-export-')), name));

describe('export', function () {
  this.timeout(60_000);

  it('the watchlist to a CSV for Letterboxd: every movie on it by TMDB id, its series left out', async () => {
    const { server } = await resetState({ signedIn: true });
    const target = fileIn('watchlist.csv');
    const written = await vscode.commands.executeCommand<vscode.Uri>('tmdb.exportLibrary', undefined, {
      part: { kind: 'watchlist' },
      format: 'letterboxd',
      target,
    });
    assert.equal(written?.fsPath, target.fsPath);
    const rows = Papa.parse<Record<string, string>>(readFileSync(target.fsPath, 'utf8'), {
      header: true,
      skipEmptyLines: true,
      escapeChar: '\\',
    }).data;
    assert.deepEqual(
      rows.map((row) => Number(row.tmdbID)).sort((a, b) => a - b),
      server.watchlistOf('movie').sort((a, b) => a - b),
    );
    assert.ok(server.watchlistOf('tv').length > 0, 'the watchlist has series, which Letterboxd does not take');
    assert.ok(rows.every((row) => row.Title && /^\d{4}$/.test(row.Year ?? '')));
  });

  it('a v4 list to JSON: its movies and series, each comment, every field read', async () => {
    const { api } = await resetState({ signedIn: 'v4' });
    const listId = await api.listService.create('Slow TV', '', false);
    await api.listService.set(listId, { kind: 'tv', id: 1399 }, true);
    await api.listService.set(listId, { kind: 'movie', id: 550 }, true);
    await api.listService.comment(listId, { kind: 'tv', id: 1399 }, 'Winter is coming');
    const list = (await api.listService.ownLists()).find((entry) => entry.id === listId)!;
    const target = fileIn('slow-tv.json');
    await vscode.commands.executeCommand('tmdb.exportLibrary', undefined, {
      part: { kind: 'list', list },
      format: 'json',
      target,
    });
    const json = JSON.parse(readFileSync(target.fsPath, 'utf8'));
    assert.equal(json.what, 'the list "Slow TV"');
    assert.deepEqual(
      json.items.map((item: Record<string, unknown>) => [item.media_type, item.id, item.title, item.comment]),
      [
        ['tv', 1399, 'Game of Thrones', 'Winter is coming'],
        ['movie', 550, 'Fight Club', undefined],
      ],
    );
    assert.equal(json.items[0].first_air_date, '2011-04-17', "TMDB's fields as read");
  });

  it('ratings: the value TMDB holds, as Rating10', async () => {
    const { server } = await resetState({ signedIn: true });
    const target = fileIn('ratings.csv');
    await vscode.commands.executeCommand('tmdb.exportLibrary', undefined, {
      part: { kind: 'rated' },
      format: 'letterboxd',
      target,
    });
    const rows = Papa.parse<Record<string, string>>(readFileSync(target.fsPath, 'utf8'), {
      header: true,
      skipEmptyLines: true,
      escapeChar: '\\',
    }).data;
    const fightClub = rows.find((row) => row.tmdbID === '550');
    assert.equal(fightClub?.Rating10, String(Math.round((server.ratingOf('movie', 550) as { value: number }).value)));
  });
});
