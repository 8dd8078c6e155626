// Files in and out: IMDb's and Letterboxd's exports read as they are written (headers of today and of
// older exports, BOM, CRLF, quoted commas), hostile files refused whole with a reason (too large, not
// UTF-8, other columns, a formula in a cell), and what is written for Letterboxd read back by a CSV
// reader: no cell a spreadsheet would run, every title as it was, series left out and counted.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import Papa from 'papaparse';
import {
  checkBeforeReading,
  CSV_FORMULA,
  dayOfDate,
  csvText,
  IMPORT_SHAPE_LIMITS,
  ImportFileError,
  letterboxdCsv,
  libraryJson,
  MAX_IMPORT_BYTES,
  looksLikeJson,
  readImportFile,
  readWatchedFile,
  watchedCsv,
  watchedJson,
  type ExportItem,
} from '../../src/features/transfer/transferFiles';
import { budget, hostileParts } from '../support/properties';
import { readLibrary } from '../../src/features/transfer/libraryItems';
import type { ListService } from '../../src/account/listService';
import type { TmdbClient } from '../../src/tmdb/client';
import {
  counts,
  newJob,
  runJob,
  storedJob,
  type ImportJob,
  type JobItem,
  type Writer,
} from '../../src/features/transfer/importJob';
import { byTitleAndYear, matchRows, type Candidate, type Lookup } from '../../src/features/transfer/importMatch';

const bytes = (text: string) => new TextEncoder().encode(text);

const IMDB_RATINGS = [
  'Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors',
  'tt0137523,9,2024-05-01,Fight Club,Fight Club,https://www.imdb.com/title/tt0137523/,Movie,8.8,139,1999,Drama,2300000,1999-10-15,David Fincher',
  'tt0944947,10,2024-05-02,Game of Thrones,Game of Thrones,https://www.imdb.com/title/tt0944947/,TV Series,9.2,57,2011,"Action, Adventure",2400000,2011-04-17,',
  'tt1480055,8,2024-05-03,Winter Is Coming,Winter Is Coming,https://www.imdb.com/title/tt1480055/,TV Episode,9.0,62,2011,Drama,50000,2011-04-17,Tim Van Patten',
].join('\r\n');

describe('reading an IMDb or Letterboxd export', () => {
  it("reads IMDb's ratings export (CRLF, a BOM, quoted commas): ids, years and ratings; an episode skipped with its reason", () => {
    const file = readImportFile(bytes(`\uFEFF${IMDB_RATINGS}\r\n`));
    assert.equal(file.format, 'imdbRatings');
    assert.deepEqual(file.rows, [
      { line: 2, title: 'Fight Club', imdbId: 'tt0137523', year: 1999, rating: 9 },
      { line: 3, title: 'Game of Thrones', imdbId: 'tt0944947', year: 2011, rating: 10 },
    ]);
    assert.equal(file.skipped.length, 1);
    assert.equal(file.skipped[0]!.line, 4);
    assert.match(file.skipped[0]!.reason, /TV Episode/);
  });

  it("reads IMDb's watchlist export and an older lowercase ratings export (`const`, `You rated`)", () => {
    const watchlist = readImportFile(
      bytes(
        'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated\n' +
          '1,tt0137523,2024-01-01,2024-01-01,,Fight Club,Fight Club,https://www.imdb.com/title/tt0137523/,Movie,8.8,139,1999,Drama,1,1999-10-15,,,\n',
      ),
    );
    assert.equal(watchlist.format, 'imdbWatchlist');
    assert.deepEqual(watchlist.rows, [{ line: 2, title: 'Fight Club', imdbId: 'tt0137523', year: 1999 }]);
    const old = readImportFile(
      bytes(
        '"position","const","created","modified","description","Title","Title type","Directors","You rated","IMDb Rating","Runtime (mins)","Year"\n' +
          '"1","tt0137523","Mon Jan  1 00:00:00 2015","","","Fight Club","Feature Film","David Fincher","8","8.8","139","1999"\n',
      ),
    );
    assert.equal(old.format, 'imdbWatchlist');
    assert.equal(old.skipped.length + old.rows.length, 1);
  });

  it("reads Letterboxd's ratings.csv (0.5 to 5 stars: TMDB's 1 to 10) and watchlist.csv", () => {
    const ratings = readImportFile(
      bytes(
        'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Fight Club,1999,https://boxd.it/2a9q,4.5\n2024-01-02,"Crouching Tiger, Hidden Dragon",2000,https://boxd.it/1,3\n',
      ),
    );
    assert.equal(ratings.format, 'letterboxdRatings');
    assert.deepEqual(ratings.rows, [
      { line: 2, title: 'Fight Club', year: 1999, rating: 9 },
      { line: 3, title: 'Crouching Tiger, Hidden Dragon', year: 2000, rating: 6 },
    ]);
    const watchlist = readImportFile(
      bytes('Date,Name,Year,Letterboxd URI\n2024-01-01,Arrival,2016,https://boxd.it/x\n'),
    );
    assert.equal(watchlist.format, 'letterboxdWatchlist');
    assert.deepEqual(watchlist.rows, [{ line: 2, title: 'Arrival', year: 2016 }]);
  });

  it("reads Letterboxd's diary.csv (each watch on its Watched Date) and watched.csv (the Date marked), told from watchlist.csv by its name", () => {
    const diary = readImportFile(
      bytes(
        [
          'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
          '2024-02-01,Fight Club,1999,https://boxd.it/a,4.5,,,2024-01-31',
          '2024-03-01,Fight Club,1999,https://boxd.it/b,,Yes,,2024-02-29',
          // Not a day: February has no 30th; a date in the future; another form.
          '2024-03-02,Arrival,2016,https://boxd.it/c,,,,2023-02-30',
          '2024-03-03,Arrival,2016,https://boxd.it/d,,,,2999-01-01',
          '2024-03-04,Arrival,2016,https://boxd.it/e,,,,31/01/2024',
          // Before 1970: watched, its day unknown (the marks count days from 1970).
          '2024-03-05,Psycho,1960,https://boxd.it/f,,,,1965-05-01',
        ].join('\n'),
      ),
      'diary.csv',
    );
    assert.equal(diary.format, 'letterboxdDiary');
    assert.deepEqual(diary.rows, [
      { line: 2, title: 'Fight Club', year: 1999, rating: 9, watchedDay: dayOfDate('2024-01-31') },
      { line: 3, title: 'Fight Club', year: 1999, watchedDay: dayOfDate('2024-02-29') },
      { line: 4, title: 'Arrival', year: 2016 },
      { line: 5, title: 'Arrival', year: 2016 },
      { line: 6, title: 'Arrival', year: 2016 },
      { line: 7, title: 'Psycho', year: 1960 },
    ]);
    assert.equal(dayOfDate('2024-01-31'), Date.UTC(2024, 0, 31) / 86_400_000);
    const text = bytes('Date,Name,Year,Letterboxd URI\n2024-01-05,Arrival,2016,https://boxd.it/x\n');
    const watched = readImportFile(text, '/home/me/letterboxd-export/watched.csv');
    assert.equal(watched.format, 'letterboxdWatched');
    assert.deepEqual(watched.rows, [{ line: 2, title: 'Arrival', year: 2016, watchedDay: dayOfDate('2024-01-05') }]);
    // The same columns under another name: a watchlist, whose Date is the day it was added, not watched.
    assert.equal(readImportFile(text, 'watchlist.csv').format, 'letterboxdWatchlist');
    assert.equal(readImportFile(text, 'watched (1).csv').format, 'letterboxdWatched', 'saved twice by a browser');
    assert.equal(readImportFile(text, 'watched-later.csv').format, 'letterboxdWatchlist', 'only its own name');
    assert.equal(readImportFile(text, 'watchlist.csv').rows[0]!.watchedDay, undefined);
  });

  describe('hostile files: refused whole, with a reason, before anything is asked of TMDB', () => {
    const refused = (file: Uint8Array, reason: RegExp) =>
      assert.throws(
        () => readImportFile(file),
        (error: unknown) => error instanceof ImportFileError && reason.test(error.message),
      );

    it('too large', () => refused(new Uint8Array(MAX_IMPORT_BYTES + 1), /MB/));
    it('not a file, or past the size, from what the file system says before any read (a device says 0 bytes)', () => {
      const said = (file: { size: number; isFile: boolean }) =>
        assert.throws(() => checkBeforeReading(file), ImportFileError);
      said({ size: 0, isFile: false });
      said({ size: 2 * 1024 ** 3, isFile: true });
      assert.doesNotThrow(() => checkBeforeReading({ size: MAX_IMPORT_BYTES, isFile: true }));
    });
    it('not UTF-8 (an old Latin-1 export)', () =>
      refused(new Uint8Array([...bytes('Const,Title\ntt0137523,Caf'), 0xe9, 0x0a]), /not UTF-8/));
    it('other columns', () => refused(bytes('Film,When\nFight Club,1999\n'), /not an IMDb or Letterboxd export/));
    it('a formula in a cell, anywhere', () => {
      for (const cell of [
        '=HYPERLINK("https://evil.example","x")',
        '@SUM(1)',
        '+cmd|calc',
        "-cmd|' /C calc'!A0",
        '=1+1',
      ])
        refused(bytes(`Date,Name,Year,Letterboxd URI\n2024-01-01,"${cell.replace(/"/g, '""')}",1999,x\n`), /formula/);
    });
    it('a title that is a number is no formula ("+1", "-273")', () => {
      const file = readImportFile(
        bytes('Date,Name,Year,Letterboxd URI\n2024-01-01,+1,2013,x\n2024-01-01,-273,2020,x\n'),
      );
      assert.deepEqual(
        file.rows.map((row) => row.title),
        ['+1', '-273'],
      );
    });
    it('shaped like no export: past the lines, quotes, commas or line length an export of 10,000 titles has, refused before it is parsed', () => {
      // Parsed before: 4.9 MB of blank lines took 1.4 s and 282 MB, of quotes 1.9 s and 230 MB.
      const size = MAX_IMPORT_BYTES - 64;
      refused(bytes(`Const,Title\n${'\n'.repeat(size)}`), /lines; an export of 10,000 titles has under/);
      refused(bytes(`Const,Title\n${'"'.repeat(size)}`), /quotation marks/);
      refused(bytes(`Const,Title\n${','.repeat(size)}`), /commas/);
      refused(bytes(`Const,Title\ntt0137523,${'x'.repeat(IMPORT_SHAPE_LIMITS.lineChars)}\n`), /A line of the file has/);
      // papaparse takes a lone CR for a line break: 4.8 MB of them took 3.6 s and 300 MB, past a count of LFs.
      refused(bytes(`Const,Title\r${`${'\r'.repeat(59_999)}\n`.repeat(80)}`), /lines; an export/);
      // A header of repeated names (papaparse renames each past all the others: 6.4 s for 64 KB).
      refused(bytes(`Const,${','.repeat(32_000)}\ntt0137523\n`), /names 32002 columns/);
      // Within the limits, an export with quoted commas and quotes is read.
      const rows = Array.from({ length: 10 }, (_, i) => `tt${1000000 + i},"a, ""b"" c"`);
      assert.equal(readImportFile(bytes(`Const,Title\n${rows.join('\n')}\n`)).rows[0]!.title, 'a, "b" c');
    });
    it("quotes at most 40 characters of the file in its reason, on one line (a header of 60,000 '[' was shown whole)", () => {
      const header = `${'['.repeat(60_000)}\nx`;
      assert.throws(
        () => readImportFile(bytes(`"${header}",Const\n=1,tt0137523\n`)),
        (error: unknown) =>
          error instanceof ImportFileError &&
          /formula in its "\[{40}…" column \(=1\)/.test(error.message) &&
          error.message.length < 300,
      );
    });
    it('a broken quote', () =>
      refused(bytes('Date,Name,Year,Letterboxd URI\n2024-01-01,"Fight Club,1999,x\n'), /cannot be read/));
  });

  it('reads 2,000 rows in well under a second', () => {
    const lines = Array.from(
      { length: 2000 },
      (_, i) => `tt${String(1000000 + i)},7,2024-01-01,Title ${i},,,Movie,7,90,2000,,1,,`,
    );
    const text = `${IMDB_RATINGS.split('\r\n')[0]}\n${lines.join('\n')}\n`;
    const started = performance.now();
    const file = readImportFile(bytes(text));
    assert.equal(file.rows.length, 2000);
    assert.ok(performance.now() - started < 1000, `${performance.now() - started} ms`);
  });
});

describe('writing for Letterboxd, and JSON', () => {
  const item = (title: string, extra: Partial<ExportItem> = {}): ExportItem => ({
    media_type: 'movie',
    id: 550,
    title,
    year: '1999',
    fields: { id: 550, title },
    ...extra,
  });
  /** What a spreadsheet makes of the file: RFC 4180, a quote in a quoted cell written `""` (papaparse's defaults). */
  const readBack = (csv: string) =>
    Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  /** What a reader that takes `\"` for a quote makes of it (Letterboxd's importing page asks for that form). */
  const readBackslashed = (csv: string) =>
    Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true, escapeChar: '\\' }).data;

  it('writes the columns Letterboxd reads, a rating as Rating10, and leaves series out, counted', () => {
    const { csv, seriesLeftOut, roundedUp } = letterboxdCsv([
      item('Fight Club', { rating: 8.5, comment: 'Twice' }),
      item('Game of Thrones', { media_type: 'tv', id: 1399, rating: 7.5 }),
    ]);
    assert.equal(seriesLeftOut, 1);
    assert.equal(roundedUp, 1, "the half point rounded up is counted (the series' is not written)");
    // The comment is not written: Letterboxd would publish it as a review (the JSON has it).
    assert.deepEqual(readBack(csv), [{ tmdbID: '550', Title: 'Fight Club', Year: '1999', Rating10: '9' }]);
  });

  it('writes what a person watched: for Letterboxd each movie by id with its WatchedDate, series left out; in JSON movies with their day and series by season', () => {
    const snapshot = {
      movies: [{ id: 13 }, { id: 550, day: Date.UTC(2024, 0, 31) / 86_400_000 }],
      series: [
        {
          id: 1399,
          seasons: [
            {
              season: 1,
              episodes: [
                [1, 10],
                [12, 12],
              ] as const,
            },
          ],
        },
      ],
    };
    assert.deepEqual(readBack(watchedCsv(snapshot)), [
      { tmdbID: '13', WatchedDate: '' },
      { tmdbID: '550', WatchedDate: '2024-01-31' },
    ]);
    const json = JSON.parse(watchedJson(snapshot, new Date('2026-11-30T12:00:00Z')));
    assert.equal(json.what, 'watched');
    assert.equal(json.exportedAt, '2026-11-30T12:00:00.000Z');
    assert.deepEqual(json.movies, [
      { id: 13, url: 'https://www.themoviedb.org/movie/13' },
      { id: 550, watched: '2024-01-31', url: 'https://www.themoviedb.org/movie/550' },
    ]);
    assert.deepEqual(json.series, [
      {
        id: 1399,
        url: 'https://www.themoviedb.org/tv/1399',
        episodesWatched: 11,
        seasons: [{ season: 1, episodes: '1-10,12' }],
      },
    ]);
  });

  it('reads back the JSON of what a person watched as it was written; leaves out, one by one, entries that are not marks; refuses JSON that is not such an export', () => {
    const snapshot = {
      movies: [{ id: 13 }, { id: 550, day: Date.UTC(2024, 0, 31) / 86_400_000 }],
      series: [
        {
          id: 1399,
          seasons: [
            { season: 0, episodes: [[1, 1]] as const },
            {
              season: 1,
              episodes: [
                [1, 10],
                [12, 12],
              ] as const,
            },
          ],
        },
      ],
    };
    const written = watchedJson(snapshot, new Date());
    assert.equal(looksLikeJson('tmdb-watched.json', bytes('')), true);
    assert.equal(looksLikeJson('export', bytes(`\uFEFF \n${written}`)), true);
    assert.equal(looksLikeJson('watched.csv', bytes('Date,Name,Year\n')), false);
    assert.deepEqual(readWatchedFile(bytes(written)), { snapshot, skipped: 0 });
    const edited = JSON.parse(written);
    edited.movies.push({ id: 0 }, { id: 'tt0137523' }, { id: 680, watched: 'yesterday' }, null);
    edited.series.push({
      id: 1396,
      seasons: [
        { season: 1, episodes: '3-1' },
        { season: 2, episodes: '1-3,2' },
      ],
    });
    edited.series.push({
      id: 66732,
      seasons: [
        { season: 1, episodes: '1-99999999' },
        { season: 2, episodes: '1-8' },
      ],
    });
    assert.deepEqual(readWatchedFile(bytes(JSON.stringify(edited))), {
      snapshot: {
        movies: [...snapshot.movies, { id: 680 }],
        series: [...snapshot.series, { id: 66732, seasons: [{ season: 2, episodes: [[1, 8]] }] }],
      },
      skipped: 6,
    });
    for (const text of [
      '{"what":"watched"',
      '{"what":"watchlist","exportedFrom":"TMDB for VS Code","movies":[],"series":[]}',
      '[]',
      '{"a":[[[[[[[[[1]]]]]]]]]}',
    ])
      assert.throws(() => readWatchedFile(bytes(text)), ImportFileError, text);
    const tooMany = { ...edited, movies: Array.from({ length: 20_001 }, (_, i) => ({ id: i + 1 })) };
    assert.throws(
      () => readWatchedFile(bytes(JSON.stringify(tooMany))),
      ImportFileError,
      'more movies than marks keep',
    );
  });

  it("every reader reads the same cells: a title with quotes and commas stays in its cell, and no cell is a formula (the review's titles, then generated ones)", () => {
    // Written `\"` before, a spreadsheet read the first as cells `B\` and `=cmd|' /C calc'!A0`: a formula.
    for (const title of [`B",=cmd|' /C calc'!A0,"`, 'C",-2+3,"', 'Foo",=HYPERLINK("https://evil.example","x")']) {
      const { csv } = letterboxdCsv([item(title)]);
      for (const read of [readBack, readBackslashed]) {
        const rows = read(csv);
        assert.equal(rows.length, 1, csv);
        assert.deepEqual(Object.keys(rows[0]!), ['tmdbID', 'Title', 'Year', 'Rating10'], `no cell of its own: ${csv}`);
        assert.equal(rows[0]!.Title, csvText(title));
      }
    }
    assert.equal(csvText('B",=cmd'), 'B\u201D,=cmd');
    assert.equal(csvText('say "hi" \\o/'), 'say \u201Chi\u201D \uFF3Co/');
    // A spreadsheet whose list separator is ';' (German, French) reads the same cells too.
    const { csv } = letterboxdCsv([item(`B;-2+3;+cmd|' /C calc'!A0`, { year: '1;=1' })]);
    const semicolons = Papa.parse<string[]>(csv, { delimiter: ';', skipEmptyLines: true }).data;
    assert.ok(
      semicolons.every((cells) => cells.length === 1),
      csv,
    );
    assert.ok(!semicolons.flat().some((cell) => CSV_FORMULA.test(cell)), csv);
  });

  it('no cell starts a formula, however a spreadsheet trims it, and both readings give every title as written for it (generated titles)', () => {
    const title = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      hostileParts(
        [
          '=HYPERLINK("x")',
          '+1',
          '-1',
          '@cmd',
          ' =1+1',
          '\uFF1D1+1',
          '"',
          '""',
          '\\"',
          '\\',
          ',',
          '"quoted", with comma',
          'B",=cmd|\' /C calc\'!A0,"',
          'a\nb',
          'a\n=1+1',
          '\r\n',
          '\t',
        ],
        4,
        6,
      ).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(fc.array(title, { minLength: 1, maxLength: 5 }), (titles) => {
        const { csv } = letterboxdCsv(titles.map((t) => item(t)));
        const spreadsheet = readBack(csv);
        assert.deepEqual(readBackslashed(csv), spreadsheet, 'both readings agree');
        assert.equal(spreadsheet.length, titles.length);
        spreadsheet.forEach((row, i) => {
          assert.deepEqual(Object.keys(row), ['tmdbID', 'Title', 'Year', 'Rating10']);
          for (const cell of Object.values(row))
            assert.ok(!CSV_FORMULA.test(cell), `a cell starts a formula: ${JSON.stringify(cell)}`);
          // A title a spreadsheet would run is written with a ' before it (papaparse's escapeFormulae).
          const written = csvText(titles[i]!);
          assert.equal(row.Title, CSV_FORMULA.test(written) ? `'${written}` : written);
          assert.ok(!/["\\]/.test(row.Title!), 'no quote or backslash for a reader to take as syntax');
        });
      }),
      budget(300),
    );
  });

  it('JSON keeps every field read, with the rating and the comment', () => {
    const json = JSON.parse(
      libraryJson('your ratings', [item('Fight Club', { rating: 9, comment: 'Yes' })], new Date(0)),
    );
    assert.equal(json.count, 1);
    assert.equal(json.exportedAt, '1970-01-01T00:00:00.000Z');
    assert.deepEqual(json.items[0], {
      id: 550,
      title: 'Fight Club',
      media_type: 'movie',
      year: '1999',
      rating: 9,
      comment: 'Yes',
    });
  });
});

describe('matching by title and year', () => {
  const candidate = (title: string, year: string, id = 1): Candidate => ({
    kind: 'movie',
    id,
    title,
    year,
    posterPath: null,
  });
  const row = (title: string, year?: number) => ({ line: 2, title, ...(year ? { year } : {}) });

  it('one title of that name and year: a match to check, whatever the case, accents and "The"', () => {
    const matched = byTitleAndYear(row('the amelie', 2001), [
      candidate('Amélie', '2001', 194),
      candidate('Amélie', '1995', 2),
    ]);
    assert.equal(matched.how, 'title');
    assert.equal(matched.how === 'title' && matched.target.id, 194);
  });

  it("matches whatever the display language: the file's English title, TMDB's German and original ones, one of that year", () => {
    // What TMDB's search answers "Spirited Away" with in German: its German title, its original one.
    const spirited = { ...candidate('Chihiros Reise ins Zauberland', '2001', 129), originalTitle: '千と千尋の神隠し' };
    const matched = byTitleAndYear(row('Spirited Away', 2001), [
      spirited,
      candidate('Das Schloss im Himmel', '1986', 10515),
    ]);
    assert.equal(matched.how === 'title' && matched.target.id, 129);
    // Two of that year, neither named so: still a choice.
    assert.equal(
      byTitleAndYear(row('Spirited Away', 2001), [spirited, candidate('Ein anderer Film', '2001', 7)]).how,
      'ambiguous',
    );
  });

  it('several of that name and year, or only other years: a choice; nothing: not matched', () => {
    assert.equal(
      byTitleAndYear(row('Crash', 2004), [candidate('Crash', '2004', 1), candidate('Crash', '2004', 2)]).how,
      'ambiguous',
    );
    const other = byTitleAndYear(row('Crash', 1996), [candidate('Crash', '2004', 1)]);
    assert.equal(other.how, 'ambiguous');
    assert.equal(byTitleAndYear(row('Nothing Here', 1999), []).how, 'none');
  });

  it('asks the lookups a few at a time, every row once, in the file order', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const lookup: Lookup = {
      byImdb: async (id) => {
        asked.push(id);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
        return id === 'tt0000000' ? undefined : candidate(id, '2000');
      },
      byTitle: async () => [],
    };
    const rows = Array.from({ length: 40 }, (_, i) => ({
      line: i + 2,
      title: `t${i}`,
      imdbId: `tt${String(i).padStart(7, '0')}`,
    }));
    const matched = await matchRows(rows, lookup);
    assert.deepEqual(
      matched.map((m) => m.row.line),
      rows.map((r) => r.line),
    );
    assert.equal(asked.length, 40);
    assert.ok(most > 1 && most <= 6, `${most} at once`);
    assert.equal(matched[0]!.how, 'none');
  });
});

describe('the import job: cancelled, crashed or stopped, then resumed', () => {
  const items: JobItem[] = Array.from({ length: 100 }, (_, i) => ({
    kind: 'movie',
    id: i + 1,
    title: `t${i}`,
    line: i + 2,
    rating: 8,
  }));
  const memory = () => {
    let kept: ImportJob | undefined;
    return { get: () => kept, set: async (job: ImportJob | undefined) => void (kept = job && structuredClone(job)) };
  };

  it('a cancel midway keeps what was written; the resume writes only the rest, each title once', async () => {
    const written = new Map<number, number>();
    const writer: Writer = async (batch) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return batch.map((item) => void written.set(item.id, (written.get(item.id) ?? 0) + 1));
    };
    const store = memory();
    const job = newJob(548, 'ratings.csv', { kind: 'rated' }, items, 0);
    const first = await runJob(job, writer, store, { batch: 5, cancelled: () => written.size >= 30 });
    assert.equal(first.outcome, 'cancelled');
    const saved = storedJob(store.get());
    assert.ok(saved, 'saved with titles left');
    assert.equal(counts(saved).done, written.size);
    // As after a reload: the saved copy is what is resumed.
    const second = await runJob(saved, writer, store, { batch: 5 });
    assert.equal(second.outcome, 'finished');
    assert.equal(written.size, 100);
    assert.ok(
      [...written.values()].every((times) => times === 1),
      'nothing written twice',
    );
    assert.equal(storedJob(store.get()), undefined, 'nothing left to resume');
  });

  it('TMDB out of reach: the title is left to do, what succeeded beside it is kept, and the run stops with why', async () => {
    let calls = 0;
    const writer: Writer = async (batch) =>
      batch.map((item) =>
        ++calls > 50 && item.id % 2 === 0 ? { left: new Error('offline') } : item.id === 7 ? 'refused' : undefined,
      );
    const store = memory();
    const job = newJob(548, 'ratings.csv', { kind: 'rated' }, items, 0);
    const run = await runJob(job, writer, store, { batch: 10 });
    assert.equal(run.outcome, 'stopped');
    assert.equal((run.reason as Error).message, 'offline');
    const saved = storedJob(store.get())!;
    const { done, failed, left } = counts(saved);
    assert.equal(failed, 1);
    assert.equal(saved.failures[6], 'refused');
    assert.ok(left > 0 && done > 0 && done + failed + left === 100);
    const again = await runJob(saved, async (batch) => batch.map(() => undefined), store, { batch: 10 });
    assert.equal(again.outcome, 'finished');
    assert.equal(counts(saved).done, 99);
  });
});

describe('the import file reader under generated hostile files', () => {
  /** Cells built to attack a CSV reader, a spreadsheet and VS Code's pickers, mixed with anything at all. */
  const cell = fc.oneof(
    fc.constantFrom(
      '=HYPERLINK("https://evil.example","x")',
      '@SUM(A1)',
      '+cmd|calc',
      '"',
      '""',
      '\\"',
      ',',
      '\r\n',
      '\n',
      '\uFEFF',
      '$(alert)',
      '[x](command:y)',
      '\u202e',
      '\0',
    ),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );
  const header = fc.constantFrom(
    'Const,Your Rating,Title,Title Type,Year',
    'Position,Const,Title,Title Type,Year',
    'Date,Name,Year,Letterboxd URI,Rating',
    'Date,Name,Year,Letterboxd URI',
    'Film,When',
    '',
  );
  const file = fc
    .tuple(header, fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 30 }), fc.constantFrom('\n', '\r\n'))
    .map(([head, rows, newline]) => [head, ...rows.map((cells) => cells.join(','))].join(newline));

  it('reads each file, or refuses it with a reason; never anything else, in bounded time; a row read is as the file gave it', () => {
    fc.assert(
      fc.property(file, (text) => {
        const started = performance.now();
        let read;
        try {
          read = readImportFile(bytes(text));
        } catch (error) {
          assert.ok(error instanceof ImportFileError, `not a reasoned refusal: ${String(error)}`);
          assert.ok(error.message.length > 10);
          return;
        } finally {
          assert.ok(performance.now() - started < 200, `${performance.now() - started} ms`);
        }
        for (const row of read.rows) {
          assert.ok(text.includes(row.title.trim()) || row.title === '', 'a title comes from the file');
          assert.ok(!/^\s*[=@]/.test(row.title), 'no formula gets through');
          if (row.imdbId) assert.match(row.imdbId, /^tt\d{7,10}$/);
          if (row.rating !== undefined)
            assert.ok(row.rating >= 1 && row.rating <= 10 && Number.isInteger(row.rating * 2));
        }
      }),
      budget(300),
    );
  });
});

describe('export: a library past what TMDB pages out', () => {
  it('reads the first 5,000 titles of each kind (250 pages of 20) and counts those left out', async () => {
    const asked: Array<[string, number]> = [];
    const pageOf = (kind: string, page: number, total: number) => ({
      page,
      total_pages: Math.ceil(total / 20),
      total_results: total,
      results: Array.from({ length: Math.min(20, total - (page - 1) * 20) }, (_, i) => ({
        id: page * 100 + i,
        ...(kind === 'movie' ? { title: `Movie ${page}.${i}` } : { name: `Series ${page}.${i}` }),
      })),
    });
    const expired: string[] = [];
    const client = {
      flagged: async (_flag: string, kind: string, page: number) => {
        asked.push([kind, page]);
        return pageOf(kind, page, kind === 'movie' ? 5_130 : 40);
      },
      // The person rated the first movie 7.5: the watchlist's export carries it.
      rated: async (kind: string, page: number) => ({
        page,
        total_pages: 1,
        total_results: kind === 'movie' ? 1 : 0,
        results: kind === 'movie' ? [{ id: 100, title: 'Movie 1.0', rating: 7.5 }] : [],
      }),
      expire: (path: string) => void expired.push(path),
    };
    const library = await readLibrary(client as unknown as TmdbClient, {} as ListService, { kind: 'watchlist' });
    assert.ok(expired.includes('/3/account/'), 'what TMDB holds now, not what was kept');
    assert.equal(library.items.find((item) => item.id === 100)?.rating, 7.5, 'the rating beside the watchlist');
    assert.equal(library.items.find((item) => item.id === 101)?.rating, undefined);
    assert.equal(library.items.filter((item) => item.media_type === 'movie').length, 5_000);
    assert.equal(library.items.filter((item) => item.media_type === 'tv').length, 40);
    assert.equal(library.leftOut, 130, 'the movies past page 250, counted');
    assert.deepEqual(
      asked
        .filter(([kind]) => kind === 'movie')
        .map(([, page]) => page)
        .sort((a, b) => a - b),
      Array.from({ length: 250 }, (_, i) => i + 1),
      'each page asked once, none past 250',
    );
  });
});
