// Export, in the extension host against the stand-in: what is written is what TMDB holds (every page of
// it), read back as Letterboxd's importer and a JSON reader would read it. (The pickers and the save
// dialog are used as a person does in test/e2e/entryPoints.test.ts.)
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import * as vscode from 'vscode';
import { resetState, until } from './helpers';
import { imdbRatingsExport } from '../support/exports';

/** The watchlist or the ratings exported for Letterboxd (as the command does without its dialogs), read back. */
async function exportedCsv(kind: 'watchlist' | 'rated'): Promise<Array<Record<string, string>>> {
  const target = fileIn(`${kind}.csv`);
  await vscode.commands.executeCommand('tmdb.exportLibrary', undefined, {
    part: { kind },
    format: 'letterboxd',
    target,
  });
  return Papa.parse<Record<string, string>>(readFileSync(target.fsPath, 'utf8'), {
    header: true,
    skipEmptyLines: true,
    escapeChar: '\\',
  }).data;
}

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

  it("a title written to break out of its cell reads as one cell, the same to a spreadsheet and to Letterboxd's reading, and runs nothing", async () => {
    const { server } = await resetState({ signedIn: true });
    // TMDB's titles are written by anyone: the review's, on the first movie of the watchlist's first page.
    const hostile = `B",=cmd|' /C calc'!A0,"`;
    server.inject({
      path: /^\/3\/account\/\d+\/watchlist\/movies$/,
      kind: 'setField',
      field: 'results.0.title',
      value: hostile,
    });
    const target = fileIn('watchlist.csv');
    await vscode.commands.executeCommand('tmdb.exportLibrary', undefined, {
      part: { kind: 'watchlist' },
      format: 'letterboxd',
      target,
    });
    server.clearFaults();
    const csv = readFileSync(target.fsPath, 'utf8');
    const spreadsheet = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
    const backslashed = Papa.parse<string[]>(csv, { skipEmptyLines: true, escapeChar: '\\' }).data;
    assert.deepEqual(backslashed, spreadsheet, 'both readings give the same cells');
    assert.ok(
      spreadsheet.every((cells) => cells.length === 4),
      `four cells a row: ${csv}`,
    );
    assert.ok(
      spreadsheet.flat().every((cell) => !/^\s*[=+\-@]/.test(cell)),
      'no cell a spreadsheet would run',
    );
    assert.ok(
      spreadsheet.some((cells) => cells[1] === "B\u201D,=cmd|' /C calc'!A0,\u201D"),
      'the title in its own cell',
    );
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
    const rows = await exportedCsv('rated');
    const fightClub = rows.find((row) => row.tmdbID === '550');
    assert.equal(fightClub?.Rating10, String(Math.round((server.ratingOf('movie', 550) as { value: number }).value)));
  });

  it('the watchlist, too, carries the rating of each movie on it that the person rated (the picker promises it)', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const [onList] = server.watchlistOf('movie');
    assert.ok(onList, 'a movie on the watchlist');
    await api.ratings.set('movie', onList, 7.5);
    const rows = await exportedCsv('watchlist');
    assert.equal(rows.find((row) => row.tmdbID === String(onList))?.Rating10, '8', '7.5 as Letterboxd takes it');
    const unrated = rows.filter((row) => server.ratingOf('movie', Number(row.tmdbID)) === false);
    assert.ok(unrated.length > 0 && unrated.every((row) => row.Rating10 === ''), 'no rating where there is none');
  });
});

describe('import', function () {
  this.timeout(120_000);

  it('an IMDb ratings export into your ratings: each known title rated as in the file, once; the rest not written (the 300-row file: e2e)', async () => {
    const { server } = await resetState({ signedIn: true });
    const file = fileIn('ratings.csv');
    writeFileSync(file.fsPath, imdbRatingsExport(server.catalogue.imdbIndex, { known: 50, unknown: 10, episodes: 5 }));
    const job = await vscode.commands.executeCommand<{
      state: string;
      items: Array<{ id: number; kind: string; rating: number }>;
    }>('tmdb.importLibrary', { file, target: { kind: 'rated' }, acceptPreview: true });
    assert.ok(job, 'the import ran');
    assert.equal(job.items.length, 50, 'the 50 titles TMDB knows; 10 unknown ids and 5 episodes are not written');
    assert.equal(job.state, '+'.repeat(50));
    for (const item of job.items.slice(0, 30))
      assert.deepEqual(server.ratingOf(item.kind as 'movie' | 'tv', item.id), { value: item.rating });
    const writes = server.requests.filter((r) => r.method === 'POST' && /^\/3\/(movie|tv)\/\d+\/rating$/.test(r.path));
    assert.equal(writes.length, 50, 'each title written once');
    assert.equal(server.requestsTo(/^\/3\/find\//).length, 60, 'each row looked up once; the 5 episodes not at all');
  });

  it('TMDB out of reach midway: the import stops with titles left, and Resume writes only those', async () => {
    const { api, server } = await resetState({ signedIn: true });
    const file = fileIn('ratings.csv');
    writeFileSync(file.fsPath, imdbRatingsExport(server.catalogue.imdbIndex, { known: 60, unknown: 0, episodes: 0 }));
    // After 20 of them, TMDB cannot be reached.
    server.inject({ path: /^\/3\/account\/\d+\/watchlist$/, method: 'POST', kind: 'reset', after: 20 });
    const stopped = await vscode.commands.executeCommand<{ state: string }>('tmdb.importLibrary', {
      file,
      target: { kind: 'watchlist' },
      acceptPreview: true,
    });
    assert.ok(stopped?.state.includes('.'), 'titles left to do');
    const written = (stopped?.state.match(/\+/g) ?? []).length;
    assert.ok(written >= 20 && written < 60, `${written} written before TMDB went`);
    assert.equal(
      await api.diagnostics.globalState.get<{ state: string }>('tmdb.importJob')?.state,
      stopped?.state,
      'kept for a resume',
    );
    server.clearFaults();
    const resumed = await vscode.commands.executeCommand<{ state: string }>('tmdb.resumeImport');
    assert.equal(resumed?.state, '+'.repeat(60));
    const landed = server.requests
      .filter((r) => r.method === 'POST' && r.path.endsWith('/watchlist') && r.status === 200)
      .map((r) => `${(r.body as { media_type: string }).media_type}:${(r.body as { media_id: number }).media_id}`);
    assert.equal(landed.length, 60, 'each title written once: none of those written before the stop again');
    assert.equal(new Set(landed).size, 60);
    assert.equal(api.diagnostics.globalState.get('tmdb.importJob'), undefined, 'nothing left to resume');
  });

  it("a Letterboxd watchlist into a new private v4 list: matched by title and year, series and movies' list as TMDB has it", async () => {
    const { api, server } = await resetState({ signedIn: 'v4' });
    const listId = await api.listService.create('From Letterboxd', '', false);
    const file = fileIn('watchlist.csv');
    writeFileSync(
      file.fsPath,
      'Date,Name,Year,Letterboxd URI\n2024-01-01,Fight Club,1999,https://boxd.it/2a9q\n2024-01-02,No Such Film At All,1999,https://boxd.it/x\n',
    );
    const job = await vscode.commands.executeCommand<{ state: string }>('tmdb.importLibrary', {
      file,
      target: { kind: 'list', listId, listName: 'From Letterboxd' },
      acceptPreview: true,
    });
    assert.equal(job?.state, '+');
    assert.deepEqual(server.v4List(listId)?.items, ['movie:550']);
  });

  it("a Letterboxd diary into what you watched: each film marked on its first Watched Date, nothing sent to TMDB; an IMDb file's series left out; exported back as CSV and JSON", async () => {
    const { api, server } = await resetState({ signedIn: true });
    const diary = fileIn('diary.csv');
    writeFileSync(
      diary.fsPath,
      [
        'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
        '2024-03-01,Fight Club,1999,https://boxd.it/b,5,Yes,,2024-02-29',
        '2024-02-01,Fight Club,1999,https://boxd.it/a,4.5,,,2024-01-31',
        '2024-02-02,No Such Film At All,1999,https://boxd.it/x,,,,2024-02-01',
        '',
      ].join('\n'),
    );
    const sent = () => server.requests.filter((r) => r.method !== 'GET').length;
    const sentBefore = sent();
    const job = await vscode.commands.executeCommand<{ state: string }>('tmdb.importLibrary', {
      file: diary,
      target: { kind: 'watched' },
      acceptPreview: true,
    });
    assert.equal(job?.state, '++', 'both of its rows of Fight Club');
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    assert.deepEqual((await api.watched.snapshot())?.movies, [{ id: 550, day: day('2024-01-31') }], 'its first watch');
    assert.equal(sent(), sentBefore, 'nothing written at TMDB: the marks are kept here');
    assert.equal(api.diagnostics.globalState.get('tmdb.importJob'), undefined, 'no job to resume');
    // The same diary again: nothing new, and the summary says so.
    const said: string[] = [];
    const shown = vscode.window.showInformationMessage;
    (vscode.window as { showInformationMessage: unknown }).showInformationMessage = async (message: string) => (
      said.push(message),
      undefined
    );
    try {
      await vscode.commands.executeCommand('tmdb.importLibrary', {
        file: diary,
        target: { kind: 'watched' },
        acceptPreview: true,
      });
      await until('the summary', () => said.length > 0);
    } finally {
      (vscode.window as { showInformationMessage: unknown }).showInformationMessage = shown;
    }
    assert.match(said[0]!, /^TMDB: 1 movie from diary\.csv marked watched\. 1 of them was marked already\./);
    assert.deepEqual((await api.watched.snapshot())?.movies, [{ id: 550, day: day('2024-01-31') }], 'as it was');

    // An IMDb ratings file names a series too: into what was watched, it is left out (its episodes are marked on its page).
    const ratings = fileIn('ratings.csv');
    writeFileSync(ratings.fsPath, imdbRatingsExport(server.catalogue.imdbIndex, { known: 6, unknown: 0, episodes: 0 }));
    const imdb = await vscode.commands.executeCommand<{ items: Array<{ kind: string; id: number }> }>(
      'tmdb.importLibrary',
      { file: ratings, target: { kind: 'watched' }, acceptPreview: true },
    );
    assert.ok(imdb && imdb.items.length > 0 && imdb.items.every((item) => item.kind === 'movie'), 'movies only');
    const movies = (await api.watched.snapshot())!.movies;
    assert.deepEqual(
      movies.map((movie) => movie.id).sort((a, b) => a - b),
      [...new Set([550, ...imdb.items.map((item) => item.id)])].sort((a, b) => a - b),
    );
    assert.equal(movies.find((movie) => movie.id === 550)?.day, day('2024-01-31'), 'its day kept');

    await api.watched.setEpisodes(1399, 1, [[1, 3]], true);
    const json = fileIn('tmdb-watched.json');
    await vscode.commands.executeCommand('tmdb.exportLibrary', undefined, {
      part: { kind: 'watched' },
      format: 'json',
      target: json,
    });
    const written = JSON.parse(readFileSync(json.fsPath, 'utf8'));
    assert.equal(written.movies.length, movies.length);
    assert.equal(written.movies.find((movie: { id: number }) => movie.id === 550).watched, '2024-01-31');
    assert.deepEqual(written.series, [
      {
        id: 1399,
        url: 'https://www.themoviedb.org/tv/1399',
        episodesWatched: 3,
        seasons: [{ season: 1, episodes: '1-3' }],
      },
    ]);
    const csv = fileIn('tmdb-watched.csv');
    await vscode.commands.executeCommand('tmdb.exportLibrary', undefined, {
      part: { kind: 'watched' },
      format: 'letterboxd',
      target: csv,
    });
    const rows = Papa.parse<Record<string, string>>(readFileSync(csv.fsPath, 'utf8'), { header: true }).data;
    assert.deepEqual(
      rows.find((row) => row.tmdbID === '550'),
      { tmdbID: '550', WatchedDate: '2024-01-31' },
      'the diary read back by Letterboxd',
    );
  });

  it('a file of 2 GB is refused by its size, unread: the person is told it is not the right file', async () => {
    await resetState({ signedIn: true });
    const file = fileIn('huge.csv');
    // Sparse: 2 GB as the file system says, no disk used. Read whole before, it failed as Node's buffer limit.
    writeFileSync(file.fsPath, '');
    truncateSync(file.fsPath, 2 * 1024 ** 3);
    const said: string[] = [];
    const shown = vscode.window.showErrorMessage;
    (vscode.window as { showErrorMessage: unknown }).showErrorMessage = (message: string) => (
      said.push(message),
      Promise.resolve(undefined)
    );
    try {
      const job = await vscode.commands.executeCommand('tmdb.importLibrary', {
        file,
        target: { kind: 'rated' },
        acceptPreview: true,
      });
      assert.equal(job, undefined);
    } finally {
      (vscode.window as { showErrorMessage: unknown }).showErrorMessage = shown;
    }
    assert.deepEqual(said, [
      'TMDB: huge.csv was not imported. The file is 2048.0 MB; an export of 10,000 titles is under 5 MB. Is it the right file?',
    ]);
  });

  it('a file that is not an export writes nothing and asks TMDB nothing', async () => {
    const { server } = await resetState({ signedIn: true });
    const file = fileIn('evil.csv');
    writeFileSync(
      file.fsPath,
      'Date,Name,Year,Letterboxd URI\n2024-01-01,"=HYPERLINK(""https://evil.example"",""x"")",1999,x\n',
    );
    const job = await vscode.commands.executeCommand('tmdb.importLibrary', {
      file,
      target: { kind: 'rated' },
      acceptPreview: true,
    });
    assert.equal(job, undefined);
    // (The views may read their own answers meanwhile: only what an import would ask counts.)
    assert.deepEqual(
      server.requests.filter((r) => /^\/3\/(find|search)\//.test(r.path) || r.method !== 'GET').map((r) => r.path),
      [],
    );
  });
});
