// The attack suite's clock: every function that takes outside text (TMDB's answers, a file, a setting) is
// timed at its largest input (an answer or a file at its cap) in the shapes that cost it most (the review's
// quadratic ones: a cell of `+`, spaces and a letter; a header of `[`), and must stay under 100 ms (the best
// of five: one pause of a busy machine is not the function's), scaled as every wait of the suite is by the
// machine's load (`scaled`: a 5 MB file read took 111 ms beside npm test's type-check and lint, 30 ms quiet;
// the quadratic ones took seconds to hours). The sizes and times are printed at the end.
import * as assert from 'node:assert/strict';
import { markdownText, MAX_LINE_CHARS, oneLine, pickText, plainText } from '../../src/common/plainText';
import { confirmationMarkdown } from '../../src/features/chat/confirmText';
import { hoverCard } from '../../src/features/editor/hoverCard';
import { insertText } from '../../src/features/editor/insertForms';
import {
  csvText,
  FORMULA,
  letterboxdCsv,
  MAX_IMPORT_BYTES,
  readImportFile,
  readWatchedFile,
  type ExportItem,
} from '../../src/features/transfer/transferFiles';
import { checkBaseUrl } from '../../src/settings/baseUrls';
import { LIMITS, WatchedMarks } from '../../src/features/watched/marks';
import { continueEntry } from '../../src/features/upNext/continueWatching';
import { NumberWriter } from '../../src/features/watched/numberText';
import { MAX_BODY_BYTES } from '../../src/tmdb/call';
import * as s from '../../src/tmdb/schemas';
import { renderBound } from '../support/renderCost';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';

/** Text of `size` characters made of `unit` again and again. */
const filled = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

/** The shapes that cost a text pass most: what each rule of ours looks for, at every place. */
const SHAPES: Record<string, string> = {
  'open brackets': '[',
  'link ends': '](',
  'links never closed': '[a](',
  links: '[a](b)',
  icons: '$(',
  schemes: 'command: ',
  'line breaks and overrides': '\n\u202e',
  punctuation: '!',
  quotes: '"',
  backslashes: '\\',
  spaces: ' ',
};

const measured: Array<{ what: string; chars: number; ms: number }> = [];

/** Best of five runs of `run`, noted for the table; fails past `limit` (100 ms, scaled to the machine's load now). Its output. */
function timed<T>(what: string, chars: number, run: () => T, limit = renderBound()): T {
  let best = Infinity;
  let output!: T;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    output = run();
    best = Math.min(best, performance.now() - started);
  }
  measured.push({ what, chars, ms: best });
  measured.push({ what, chars, ms: best });
  assert.ok(
    best < limit,
    `${what} at ${chars.toLocaleString('en')} characters: ${best.toFixed(1)} ms (bound ${limit} ms)`,
  );
  return output;
}

describe('outside text at its largest input: each function linear and under 100 ms', function () {
  // Each test builds inputs of 5 MB and runs each five times: seconds on a busy machine, whatever the bound.
  this.timeout(30_000); // npm test scales it by the load, as every test's
  after(() => {
    // One row a function: its slowest shape (every shape passed the bound above).
    const worst = new Map<string, { shape: string; chars: number; ms: number }>();
    for (const { what, chars, ms } of measured) {
      const [name = what, shape = ''] = what.split(': ');
      const known = worst.get(name);
      if (!known || ms > known.ms) worst.set(name, { shape, chars, ms });
    }
    const rows = [...worst].map(
      ([name, { shape, chars, ms }]) =>
        `    ${name.padEnd(24)} ${shape.padEnd(40)} ${chars.toLocaleString('en').padStart(10)}  ${ms.toFixed(1).padStart(5)} ms`,
    );
    console.log(
      `\n    ${'function'.padEnd(24)} ${'its slowest shape'.padEnd(40)} ${'characters'.padStart(10)}  best of 5\n${rows.join('\n')}`,
    );
  });

  it('oneLine, plainText, pickText and markdownText (notifications, dialogs, quick picks, cards): a TMDB answer at its cap, each shape', () => {
    for (const [shape, unit] of Object.entries(SHAPES)) {
      const text = filled(unit, MAX_BODY_BYTES);
      for (const [name, fn] of Object.entries({ oneLine, plainText, pickText, markdownText })) {
        timed(`${name}: ${shape}`, text.length, () => fn(text));
        assert.ok(fn(text).length <= 2 * MAX_LINE_CHARS, `${name} shows at most a line's worth`);
      }
    }
  });

  it("the import's formula check: one cell as large as a whole file, its worst shapes (quadratic before: 10 s at 160,000 spaces)", () => {
    for (const [shape, cell] of Object.entries({
      '+, spaces, a letter': `+${filled(' ', MAX_IMPORT_BYTES - 2)}x`,
      '-, spaces, a word, spaces': `-${filled(' ', MAX_IMPORT_BYTES / 2)}a${filled(' ', MAX_IMPORT_BYTES / 2)}`,
      '@, dots and letters': `@${filled('a.', MAX_IMPORT_BYTES - 2)}x`,
      'spaces, then +': `${filled(' ', MAX_IMPORT_BYTES - 2)}+ `,
    })) {
      timed(`formula check: ${shape}`, cell.length, () => FORMULA.test(cell));
      assert.equal(FORMULA.test(cell), false, shape);
    }
    assert.equal(FORMULA.test(`+${' '.repeat(1000)}SUM (1)`), true, 'a call after spaces is still a formula');
  });

  it('the import file reader: a file at its cap in the shapes that cost a CSV reader most, refused or read', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const size = MAX_IMPORT_BYTES - 64;
    const files: Record<string, string> = {
      'blank lines': `Const,Title\n${filled('\n', size)}`,
      quotes: `Const,Title\n${filled('"', size)}`,
      commas: `Const,Title\n${filled(',', size)}`,
      'one cell of +, spaces, x': `Const,Title\ntt0137523,+${filled(' ', size)}x`,
      'a header of [ over a formula': `${filled('[', size)},Const\n=1,tt0137523\n`,
      'lone CRs as line breaks': `Const,Title\r${filled(`${'\r'.repeat(59_999)}\n`, size)}`,
      'a header of repeated names': `const,${filled(',', 64_000)}\n${filled('tt0137523\n', size - 64_000)}`,
      'rows of quoted commas under the limits': `Const,Title,Year\n${filled('tt0137523,"a, ""b"", c",1999\n', size)}`,
      "a diary's rows, each with a Watched Date": `Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n${filled(
        '2024-01-01,Fight Club,1999,https://boxd.it/a,4.5,,,2024-01-31\n',
        size,
      )}`,
      'a Watched Date of spaces and digits': `Name,Year,Watched Date\nA,1999,${filled(' 2024', size)}`,
    };
    for (const [shape, text] of Object.entries(files)) {
      const file = bytes(text);
      timed(`readImportFile: ${shape}`, text.length, () => {
        try {
          readImportFile(file);
        } catch {
          // Refused: the time to say so is what is measured.
        }
      });
    }
  });

  it('watched marks read back (Settings Sync, a hand edit): a text far past its cap, in the shapes that cost its reader most', () => {
    const n = (value: number) => new NumberWriter().write(value).text();
    const size = MAX_BODY_BYTES;
    const texts: Record<string, string> = {
      'movies a step apart': n(1) + n(10_000_000) + filled('hg', size),
      'series of one episode each': n(1) + n(0) + n(10_000_000) + filled('hhhhhg', size),
      'one season of single episodes': n(1) + n(0) + n(1) + 'hhhh' + n(10_000_000) + filled('hg', size),
      'ranges that touch (joined)': n(1) + n(0) + n(1) + 'hhhh' + n(10_000_000) + filled('gh', size),
      'seasons a step apart': n(1) + n(0) + n(1) + 'h' + n(10_000_000) + filled('hhhg', size),
    };
    for (const [shape, text] of Object.entries(texts)) {
      const { marks } = timed(`WatchedMarks.decode: ${shape}`, text.length, () => WatchedMarks.decode(text));
      assert.ok(marks.movieCount <= LIMITS.movies && marks.startedSeries().length <= LIMITS.series, shape);
    }
  });

  it('a JSON of what was watched brought back: a file at its cap in the shapes that cost its reader most, refused or read', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const head = '{"exportedFrom":"TMDB for VS Code","what":"watched","movies":[';
    const size = MAX_IMPORT_BYTES - 200;
    const files: Record<string, string> = {
      'the most movies, each with a day': `${head}${Array.from({ length: 20_000 }, (_, i) => `{"id":${i + 1},"watched":"2024-01-31"}`).join(',')}],"series":[]}`,
      'too many movies (refused)': `${head}${filled('{"id":1},', size).replace(/,$/, '')}],"series":[]}`,
      'a season of single episodes': `${head}],"series":[{"id":1399,"seasons":[{"season":1,"episodes":"${Array.from({ length: 2_000 }, (_, i) => 2 * i + 1).join(',')}"}]}]}`,
      'a season of commas': `${head}],"series":[{"id":1399,"seasons":[{"season":1,"episodes":"${filled(',', 32_000)}"}]}]}`,
      'nested arrays': `${head}${filled('[', size)}`,
      'one long string': `${head}"${filled('a', size)}"],"series":[]}`,
    };
    for (const [shape, text] of Object.entries(files)) {
      const file = bytes(text);
      timed(`readWatchedFile: ${shape}`, text.length, () => {
        try {
          readWatchedFile(file);
        } catch {
          // Refused: the time to say so is what is measured.
        }
      });
    }
  });

  it("a JSON of what was watched, marked: a series' 200 seasons of 2,000 single episodes each, into marks that have them (quadratic before: 31 s)", () => {
    const singles = Array.from({ length: LIMITS.rangesPerSeason }, (_, i) => [2 * i + 1, 2 * i + 1] as const);
    const marks = new WatchedMarks();
    for (let season = 1; season <= LIMITS.seasonsPerSeries; season++) marks.markRanges(1399, season, singles);
    timed('WatchedMarks.markRanges: 200 seasons', LIMITS.seasonsPerSeries * singles.length, () => {
      for (let season = 1; season <= LIMITS.seasonsPerSeries; season++) marks.markRanges(1399, season, singles);
    });
    assert.equal(marks.season(1399, 1).length, LIMITS.rangesPerSeason);
  });

  it("where a started series stands (Continue Watching): a series' answer of 300 seasons against the most marks a series keeps", () => {
    // 300 seasons (what a schedule is read to) of 2,000 ranges each (what a season keeps): every other episode.
    const schedule = s.seriesSchedule().parse(fixture('live-captures/tv-details.json'));
    const seasons = Array.from({ length: 300 }, (_, i) => ({ season_number: i + 1, episode_count: LIMITS.episode }));
    const series = {
      ...schedule,
      seasons,
      last_episode_to_air: { ...schedule.last_episode_to_air!, season_number: 300, episode_number: LIMITS.episode },
    };
    const marks = new Map(
      seasons.map(({ season_number: n }) => [
        n,
        Array.from({ length: 2_000 }, (_, i) => [2 * i + 1, 2 * i + 1] as const),
      ]),
    );
    const entry = timed('continueEntry: 600,000 ranges', 600_000, () => continueEntry(series, marks));
    assert.equal(entry?.next.episode_number, 2);
  });

  it('what is written out: a CSV cell and the inserted link from a title at the cap', () => {
    for (const [shape, unit] of Object.entries(SHAPES)) {
      const title = filled(unit, MAX_BODY_BYTES);
      // Each output stays a line's worth, whatever came: a cut title, its marks escaped at most twice over.
      assert.ok(timed(`csvText: ${shape}`, title.length, () => csvText(title)).length <= MAX_LINE_CHARS);
      const item: ExportItem = { media_type: 'movie', id: 550, title, year: '1999', fields: {} };
      const { csv } = timed(`letterboxdCsv: ${shape}`, title.length, () => letterboxdCsv([item]));
      assert.ok(csv.length <= 2 * MAX_LINE_CHARS + 100, `${csv.length} characters`);
      const link = timed(`insertText (IMDb link): ${shape}`, title.length, () =>
        insertText(
          { ref: { kind: 'movie', id: 550 }, name: title, year: '1999', imdbId: title },
          'imdbLink',
          'https://image.tmdb.org/t/p',
        ),
      );
      assert.ok(link.length <= 2 * MAX_LINE_CHARS + 100, `${link.length} characters`);
    }
  });

  it('an export of the most titles it takes (5,000 movies and 5,000 series, long hostile titles): linear in the titles, each cell bounded', () => {
    const title = filled('"\\;=\n\u202e[a](b)', 200);
    const items: ExportItem[] = Array.from({ length: 10_000 }, (_, i) => ({
      media_type: i % 2 ? 'tv' : 'movie',
      id: i + 1,
      title,
      year: '1999',
      rating: 7.5,
      fields: {},
    }));
    // A file written once, after 500 pages from TMDB (12 s at its rate limit): half a second is its bound.
    const { csv, seriesLeftOut } = timed(
      'letterboxdCsv: 10,000 titles of 200 characters',
      10_000 * 200,
      () => letterboxdCsv(items),
      renderBound() * 5,
    );
    assert.equal(seriesLeftOut, 5_000);
    assert.ok(csv.length <= 5_000 * (2 * title.length + 40) + 100, `${csv.length} characters`);
  });

  it("a chat tool's confirmation and a hover card: a title and an overview at the cap", () => {
    for (const [shape, unit] of Object.entries(SHAPES)) {
      const text = filled(unit, MAX_BODY_BYTES);
      const markdown = timed(`confirmationMarkdown: ${shape}`, text.length, () =>
        confirmationMarkdown('This title will be added to your TMDB watchlist.', [
          ['Title', text],
          ['List', text],
        ]),
      );
      assert.ok(markdown.length <= 2 * 2 * (MAX_LINE_CHARS + 10) + 200, `${markdown.length} characters`);
      const details = s.movieDetails().parse({ ...fightClubAnswer(), title: text, overview: text });
      const card = timed(`hoverCard: ${shape}`, text.length, () =>
        hoverCard(
          { kind: 'movie', details },
          { locale: 'en', region: 'US', imageBaseUrl: 'https://image.tmdb.org/t/p' },
          { watchlist: true, rating: 8 },
        ),
      );
      assert.ok(card.length <= 20_000, `a card of ${card.length} characters`);
    }
  });

  it('an address setting of a megabyte, in the shapes that could end a link', () => {
    for (const unit of [')', '[', '%2', '/']) {
      const value = `https://image.tmdb.org/t/p${filled(unit, 1 << 20)}`;
      timed(`checkBaseUrl: ${JSON.stringify(unit)}`, value.length, () => checkBaseUrl(value));
    }
  });
});
