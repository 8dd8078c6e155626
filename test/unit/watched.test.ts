// Watched marks as they are kept, in plain Node: the compact text (numbers with no separator, JSON-safe),
// the marks against a plain set of episodes for any run of marks and unmarks, the text read back as outside
// input (spoiled, hand-edited, a million marks, another account's), and the size Settings Sync carries for
// a large history, printed.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { KeptMarks, MAX_KEPT_CHARS, WATCHED_STATE_KEY, type KeptState } from '../../src/features/watched/keptMarks';
import { LIMITS, WatchedMarks, dayOf } from '../../src/features/watched/marks';
import { MAX_NUMBER, NumberReader, NumberWriter } from '../../src/features/watched/numberText';
import { inRanges, rangesOf } from '../../src/model/episodeRanges';
import { budget } from '../support/properties';

const readAll = (text: string): number[] => {
  const reader = new NumberReader(text);
  const numbers: number[] = [];
  for (let n = reader.next(); n !== undefined; n = reader.next()) numbers.push(n);
  return numbers;
};

/** A global state in memory, as the Memento is to the extension. */
function memoryState(initial?: unknown): KeptState & { value: () => unknown } {
  let value = initial;
  return {
    get: (key) => (key === WATCHED_STATE_KEY ? value : undefined),
    update: async (key, next) => {
      if (key === WATCHED_STATE_KEY) value = next === undefined ? undefined : JSON.parse(JSON.stringify(next));
    },
    value: () => value,
  };
}

/** A repeatable stream of numbers (mulberry32), for the large histories. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('watched marks: the compact text', () => {
  it('reads back every run of whole numbers it wrote, with no separator, in characters JSON keeps as they are', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: MAX_NUMBER }), { maxLength: 60 }), (numbers) => {
        const writer = new NumberWriter();
        for (const n of numbers) writer.write(n);
        const text = writer.text();
        assert.deepEqual(readAll(text), numbers);
        assert.equal(JSON.stringify(text), `"${text}"`);
        assert.match(text, /^[A-Za-z0-9_-]*$/);
      }),
      budget(500),
    );
  });

  it('writes small numbers in one character and 2³¹ − 1 in seven; refuses what is not a whole number in range', () => {
    assert.equal(new NumberWriter().write(0).write(31).text().length, 2);
    assert.equal(new NumberWriter().write(32).text().length, 2);
    assert.equal(new NumberWriter().write(MAX_NUMBER).text().length, 7);
    for (const bad of [-1, 1.5, MAX_NUMBER + 1, Number.NaN])
      assert.throws(() => new NumberWriter().write(bad), RangeError);
  });

  it('stops at the first character that is not its own, or a number too long to be one, keeping what came before', () => {
    const text = new NumberWriter().write(7).write(1000).text();
    const spoiled = new NumberReader(`${text}"${new NumberWriter().write(5).text()}`);
    assert.deepEqual([spoiled.next(), spoiled.next(), spoiled.next(), spoiled.next()], [7, 1000, undefined, undefined]);
    assert.equal(spoiled.stoppedEarly, true);
    const tooLong = new NumberReader(`${text}${'A'.repeat(20)}g`);
    assert.deepEqual([tooLong.next(), tooLong.next(), tooLong.next()], [7, 1000, undefined]);
    assert.equal(tooLong.stoppedEarly, true);
    const whole = new NumberReader(text);
    whole.next();
    whole.next();
    assert.equal(whole.next(), undefined);
    assert.equal(whole.stoppedEarly, false, 'the end of the text is not a spoiled character');
  });
});

describe('watched marks: episodes and movies', () => {
  type Op = { mark: boolean; season: number; first: number; length: number };
  const op = fc.record({
    mark: fc.boolean(),
    season: fc.integer({ min: 0, max: 3 }),
    first: fc.integer({ min: 1, max: 40 }),
    length: fc.integer({ min: 0, max: 8 }),
  });

  it('agrees with a plain set of episodes after any run of marks and unmarks, keeps its ranges in order and apart, and reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops: Op[]) => {
        const marks = new WatchedMarks();
        const expected = new Set<string>();
        for (const { mark, season, first, length } of ops) {
          if (mark) marks.markEpisodes(1399, season, first, first + length);
          else marks.unmarkEpisodes(1399, season, first, first + length);
          for (let e = first; e <= first + length; e++)
            if (mark) expected.add(`${season}:${e}`);
            else expected.delete(`${season}:${e}`);
        }
        const back = WatchedMarks.decode(marks.encode());
        assert.equal(back.skipped, 0);
        for (let season = 0; season <= 3; season++) {
          const ranges = marks.season(1399, season);
          for (let i = 1; i < ranges.length; i++)
            assert.ok(ranges[i]![0] > ranges[i - 1]![1] + 1, `ranges apart and in order: ${JSON.stringify(ranges)}`);
          assert.deepEqual(back.marks.season(1399, season), ranges);
          for (let e = 0; e <= 50; e++) assert.equal(marks.isWatched(1399, season, e), expected.has(`${season}:${e}`));
        }
        assert.equal(marks.episodeCount, expected.size);
        assert.deepEqual(marks.startedSeries(), expected.size > 0 ? [1399] : []);
        const numbers = Array.from({ length: 50 }, (_, i) => i);
        assert.equal(marks.countWatched(1399, 2, numbers), [...expected].filter((key) => key.startsWith('2:')).length);
      }),
      budget(300),
    );
  });

  it('marks a whole list of ranges at once as marking them one by one does, in any order, over any marks there', () => {
    const range = fc.tuple(fc.nat(40), fc.nat(6)).map(([first, length]) => [first, first + length] as const);
    fc.assert(
      fc.property(fc.array(range, { maxLength: 12 }), fc.array(range, { maxLength: 30 }), (before, added) => {
        const one = new WatchedMarks();
        const all = new WatchedMarks();
        for (const [first, last] of before) {
          one.markEpisodes(1399, 1, first, last);
          all.markEpisodes(1399, 1, first, last);
        }
        for (const [first, last] of added) one.markEpisodes(1399, 1, first, last);
        all.markRanges(1399, 1, added);
        assert.deepEqual(all.season(1399, 1), one.season(1399, 1));
        assert.deepEqual(all.startedSeries(), one.startedSeries());
      }),
      budget(300),
    );
    assert.throws(() => new WatchedMarks().markRanges(1399, 1, [[3, 2]]), RangeError);
  });

  it('keeps a movie with the day it was watched, or with none, and takes a mark off', () => {
    const marks = new WatchedMarks();
    marks.markMovie(550, dayOf(new Date('2026-11-29T22:30:00Z')));
    marks.markMovie(13);
    marks.markMovie(680, LIMITS.day + 5); // not a day: kept as watched, day unknown
    const back = WatchedMarks.decode(marks.encode()).marks;
    assert.deepEqual(back.movie(550), { day: dayOf(new Date('2026-11-29')) });
    assert.deepEqual(back.movie(13), { day: undefined });
    assert.deepEqual(back.movie(680), { day: undefined });
    assert.equal(back.movie(551), undefined);
    assert.equal(back.unmarkMovie(550), true);
    assert.equal(back.unmarkMovie(550), false);
    assert.equal(back.movieCount, 2);
    assert.throws(() => marks.markMovie(0), RangeError);
    assert.throws(() => marks.markEpisodes(1399, 1, 5, 4), RangeError);
    assert.throws(() => marks.markEpisodes(1399, LIMITS.season + 1, 1), RangeError);
  });

  it("an import's day: a movie keeps the earlier of two known days (a rewatch), a day where it had none; the whole written out in id order, as files carry it", () => {
    const marks = new WatchedMarks();
    marks.markMovieOn(550, 19_800);
    marks.markMovieOn(550, 19_900);
    marks.markMovieOn(13, undefined);
    marks.markMovieOn(13, 19_000);
    marks.markMovieOn(680, 19_500);
    marks.markMovieOn(680, undefined);
    marks.markMovieOn(680, 19_400);
    marks.markMovieOn(680, -365); // not a day the marks keep (before 1970): the day known stays
    marks.markEpisodes(1399, 2, 1, 3);
    marks.markEpisodes(1399, 1, 1, 10);
    marks.markEpisodes(1399, 1, 12);
    marks.markEpisodes(94605, 1, 1);
    assert.deepEqual(marks.snapshot(), {
      movies: [
        { id: 13, day: 19_000 },
        { id: 550, day: 19_800 },
        { id: 680, day: 19_400 },
      ],
      series: [
        {
          id: 1399,
          seasons: [
            {
              season: 1,
              episodes: [
                [1, 10],
                [12, 12],
              ],
            },
            { season: 2, episodes: [[1, 3]] },
          ],
        },
        { id: 94605, seasons: [{ season: 1, episodes: [[1, 1]] }] },
      ],
    });
    assert.deepEqual(WatchedMarks.decode(marks.encode()).marks.snapshot(), marks.snapshot());
  });
});

describe('episodes as ranges (what a page asks to mark)', () => {
  it('makes the fewest ranges of any numbers, in order, each number in one; finds a number in them as a set does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }),
        fc.integer({ min: -1, max: 61 }),
        (numbers, probe) => {
          const ranges = rangesOf(numbers);
          const set = new Set(numbers);
          const spelled = ranges.flatMap(([first, last]) =>
            Array.from({ length: last - first + 1 }, (_, i) => first + i),
          );
          assert.deepEqual(
            spelled,
            [...set].sort((a, b) => a - b),
            'each number once, in order',
          );
          for (let i = 1; i < ranges.length; i++)
            assert.ok(ranges[i]![0] > ranges[i - 1]![1] + 1, 'apart: touching ranges would be one');
          assert.equal(inRanges(ranges, probe), set.has(probe));
        },
      ),
      budget(300),
    );
    assert.deepEqual(rangesOf([5, 1, 2, 3, 9, 10, 2]), [
      [1, 3],
      [5, 5],
      [9, 10],
    ]);
  });
});

describe('watched marks read as outside input', () => {
  it('reads nothing from what is not its text: another type, another version, an empty text', () => {
    for (const raw of [undefined, null, 42, ['g'], { a: 1 }, '', 'zzz', new NumberWriter().write(2).text()])
      assert.equal(WatchedMarks.decode(raw).marks.encode(), new WatchedMarks().encode(), String(raw));
  });

  it('skips, one by one, marks that are not marks: a step of 0 (an id or a season twice), an episode out of range', () => {
    const w = new NumberWriter().write(1); // version
    w.write(3).write(550).write(0).write(0).write(0).write(130).write(0); // movies 550, 550 again (a step of 0), 680
    w.write(3); // three series
    w.write(1399).write(2); // Game of Thrones, two seasons
    w.write(1).write(1).write(1).write(9); // season 1: 1-10
    w.write(0).write(1).write(1).write(2); // season 1 again (a step of 0), 1-3: skipped
    w.write(0).write(1); // a series at the same id again (a step of 0), one season
    w.write(2).write(1).write(1).write(0); // its season 2, episode 1: skipped with its series
    w.write(1).write(1); // series 1400, one season
    w.write(1).write(2).write(1).write(0).write(LIMITS.episode).write(0); // season 1: episode 1, then one past the range
    const { marks, skipped } = WatchedMarks.decode(w.text());
    assert.deepEqual(
      [marks.movie(550), marks.movie(680), marks.movieCount],
      [{ day: undefined }, { day: undefined }, 2],
    );
    assert.deepEqual(marks.season(1399, 1), [[1, 10]], 'the season read first stands');
    assert.deepEqual([...marks.seasons(1399).keys()], [1]);
    assert.deepEqual(marks.season(1400, 1), [[1, 1]]);
    assert.deepEqual(marks.startedSeries(), [1399, 1400]);
    // The movie, the season twice, the series twice, the episode out of range.
    assert.equal(skipped, 4);
  });

  it("reads another version's text as nothing, and says when it is a newer one (never to be written over)", () => {
    const newer = WatchedMarks.decode(new NumberWriter().write(2).write(0).write(0).text());
    assert.deepEqual([newer.marks.movieCount, newer.skipped, newer.newer], [0, 1, true]);
    const older = WatchedMarks.decode(new NumberWriter().write(0).text());
    assert.equal(older.newer, undefined);
  });

  it('writes nothing a reading would leave out: past the limits a mark is refused', () => {
    const marks = new WatchedMarks();
    for (let id = 1; id <= LIMITS.movies; id++) marks.markMovie(id);
    assert.throws(() => marks.markMovie(LIMITS.movies + 1), RangeError);
    marks.markMovie(1, 20_000); // a movie already marked: its day changes
    for (let id = 1; id <= LIMITS.series; id++) marks.markEpisodes(id, 1, 1);
    assert.throws(() => marks.markEpisodes(LIMITS.series + 1, 1, 1), RangeError);
    assert.equal(WatchedMarks.decode(marks.encode()).skipped, 0, 'everything written reads back');
  });

  it('keeps what came before a spoiled character, and a text cut short', () => {
    const marks = new WatchedMarks();
    marks.markMovie(550);
    marks.markMovie(13);
    marks.markEpisodes(1399, 1, 1, 5);
    const text = marks.encode();
    const cut = WatchedMarks.decode(text.slice(0, text.length - 2));
    assert.equal(cut.marks.movieCount, 2);
    assert.ok(cut.skipped > 0);
    const spoiled = WatchedMarks.decode(`${text.slice(0, 6)}"${text.slice(6)}`);
    assert.ok(spoiled.marks.movieCount <= 2 && spoiled.skipped > 0);
  });

  it('reads a state of a million marks in part: no more than its limits kept, at once (printed)', () => {
    // A million movies, each one step after the one before ("h" is 1, "g" is 0: a day unknown).
    const text = new NumberWriter().write(1).write(1_000_000).text() + 'hg'.repeat(1_000_000);
    assert.ok(text.length > 1_900_000);
    const started = performance.now();
    const { marks, skipped } = WatchedMarks.decode(text);
    const ms = performance.now() - started;
    assert.equal(marks.movieCount, LIMITS.movies);
    assert.ok(skipped > 0);
    console.log(`      a text of ${text.length.toLocaleString('en')} characters read in ${ms.toFixed(1)} ms`);
  });
});

describe('watched marks as kept: by account, within what Settings Sync carries', () => {
  it('shows an account only its own marks, keeps the others beside them, and takes out an account left with none', async () => {
    const state = memoryState();
    const kept = new KeptMarks(state);
    const mine = new WatchedMarks();
    mine.markEpisodes(95396, 1, 1, 9);
    const theirs = new WatchedMarks();
    theirs.markMovie(550);
    assert.deepEqual(await kept.save(7, mine), { saved: true, chars: JSON.stringify(state.value()).length });
    await kept.save(8, theirs);
    assert.deepEqual(kept.read(7).marks.season(95396, 1), [[1, 9]]);
    assert.equal(kept.read(7).marks.movie(550), undefined, "another account's movie is not shown");
    assert.equal(kept.read(8).marks.isWatched(95396, 1, 1), false);
    assert.equal(kept.read(9).marks.encode(), new WatchedMarks().encode());
    await kept.save(7, new WatchedMarks());
    assert.deepEqual(Object.keys(state.value() as object), ['8']);
    await kept.save(8, new WatchedMarks());
    assert.equal(state.value(), undefined);
  });

  it('reads the kept text again only when it changes: looking twice reads it once; a change, a synced text or another account reads anew', async () => {
    const state = memoryState();
    const kept = new KeptMarks(state);
    const mine = new WatchedMarks();
    mine.markMovie(550);
    await kept.save(7, mine);
    const first = kept.view(7);
    assert.equal(kept.view(7), first, 'the same reading');
    assert.notEqual(kept.read(7), first, 'a copy to change is always read anew');
    mine.markMovie(13);
    await kept.save(7, mine);
    const second = kept.view(7);
    assert.notEqual(second, first);
    assert.deepEqual(second.marks.movieIds().sort(), [13, 550]);
    // Settings Sync brings another text: read anew.
    const synced = new WatchedMarks();
    synced.markMovie(680);
    await state.update(WATCHED_STATE_KEY, { 7: synced.encode() });
    assert.deepEqual(kept.view(7).marks.movieIds(), [680]);
    assert.deepEqual(kept.view(8).marks.movieIds(), [], "another account's: none");
  });

  it('reads a hand-edited or spoiled state as nothing, entry by entry: no account keys, no texts, a text too long', () => {
    const good = new WatchedMarks();
    good.markMovie(550);
    const kept = new KeptMarks(
      memoryState({ abc: good.encode(), 7: 12, 8: 'A'.repeat(MAX_KEPT_CHARS + 1), 9: good.encode(), '-1': 'x' }),
    );
    assert.equal(kept.read(7).marks.movieCount, 0);
    assert.equal(kept.read(8).marks.movieCount, 0);
    assert.equal(kept.read(9).marks.movieCount, 1);
    for (const raw of [[good.encode()], 'text', 5, null])
      assert.equal(new KeptMarks(memoryState(raw)).read(0).marks.movieCount, 0);
  });

  it('keeps a change that takes marks off even while the whole value is past the limit (the way back under it)', async () => {
    const big = (from: number) => {
      const marks = new WatchedMarks();
      for (let id = from; id < from + 8_000; id++) marks.markMovie(id * 101, 20_000);
      return marks.encode();
    };
    const state = memoryState({ 1: big(1), 2: big(100_000) });
    assert.ok(JSON.stringify(state.value()).length > MAX_KEPT_CHARS);
    const kept = new KeptMarks(state);
    const { marks } = kept.read(1);
    marks.unmarkMovie(101);
    assert.equal((await kept.save(1, marks)).saved, true);
    marks.markMovie(101, 20_000);
    assert.equal((await kept.save(1, marks)).saved, false, 'a change that grows it is refused');
  });

  it('refuses a change past what Settings Sync can carry, and keeps what was there', async () => {
    const state = memoryState();
    const kept = new KeptMarks(state);
    const marks = new WatchedMarks();
    for (let id = 1; id <= 5_000; id++) marks.markMovie(id * 997, 20_000 + (id % 3_000));
    const first = await kept.save(1, marks);
    assert.equal(first.saved, true);
    const before = JSON.stringify(state.value());
    // Every other episode of 400 series: each one a range of its own.
    for (let id = 1; id <= 400; id++) for (let e = 1; e <= 200; e += 2) marks.markEpisodes(id, 1, e);
    const refused = await kept.save(1, marks);
    assert.equal(refused.saved, false);
    assert.ok(refused.chars > MAX_KEPT_CHARS);
    assert.equal(JSON.stringify(state.value()), before);
  });

  it('keeps 10,000 titles and 50,000 episodes well under 100 KB (printed)', async () => {
    const random = seeded(58);
    const marks = new WatchedMarks();
    // 8,000 movies over TMDB's ids, each with a day in the last ten years; 2,000 series of 25 episodes
    // each, watched in order over two or three seasons, some with a gap (a skipped episode).
    while (marks.movieCount < 8_000)
      marks.markMovie(1 + Math.floor(random() * 1_300_000), 17_000 + Math.floor(random() * 3_650));
    const series = new Set<number>();
    while (series.size < 2_000) series.add(1 + Math.floor(random() * 280_000));
    for (const id of series) {
      marks.markEpisodes(id, 1, 1, 10);
      marks.markEpisodes(id, 2, 1, random() < 0.3 ? 6 : 10);
      if (random() < 0.3) marks.markEpisodes(id, 2, 8, 10);
      marks.markEpisodes(id, 3, 1, 25 - marks.countWatched(id, 1, range(10)) - marks.countWatched(id, 2, range(10)));
    }
    assert.equal(marks.episodeCount, 50_000);
    const state = memoryState();
    const outcome = await new KeptMarks(state).save(12345, marks);
    const bytes = Buffer.byteLength(JSON.stringify({ [WATCHED_STATE_KEY]: state.value() }));
    console.log(
      `      10,000 titles (8,000 movies with their days, 2,000 series) and 50,000 episodes: ${bytes.toLocaleString('en')} bytes synced (refused past ${MAX_KEPT_CHARS.toLocaleString('en')})`,
    );
    assert.equal(outcome.saved, true);
    assert.ok(bytes < 80_000, `${bytes} bytes`);
  });
});

/** Episode numbers 1 to n. */
function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}
