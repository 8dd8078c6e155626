// Up Next, the calendar and Discover, in plain Node: the groups against a calendar day, the stand-in's
// clock moving a series from "This week" to "Today" (real HTTP, the real client), the .ics file as a
// parser reads it (ical.js, Mozilla's), Discover's query and the stand-in applying it.
import * as l10n from '@vscode/l10n';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as assert from 'node:assert/strict';
import { upcomingCalendar } from '../../src/features/upNext/upNextCalendar';
import { daysBetween, episodeCode, upNext, type UpNextGroup } from '../../src/features/upNext/upNextSchedule';
import { discoverQuery } from '../../src/tmdb/discovery';
import { continueEntry, continueWatching, type SeasonMarks } from '../../src/features/upNext/continueWatching';
import { rangesOf } from '../../src/model/episodeRanges';
import { parseRange, readFilters, readSaved } from '../../src/features/discover/model';
import * as s from '../../src/tmdb/schemas';
import { budget, hostileParts, runs } from '../support/properties';
import { fixture } from '../tmdb-server/catalogue';

const ICAL = require('ical.js');

const base = s.seriesSchedule().parse(fixture('live-captures/tv-details.json'));
const episode = (season: number, number: number, air_date: string | null, name = `Episode ${number}`) => ({
  ...base.last_episode_to_air!,
  season_number: season,
  episode_number: number,
  air_date,
  name,
});
const series = (id: number, name: string, status: string, next: ReturnType<typeof episode> | null) => ({
  ...base,
  id,
  name,
  status,
  next_episode_to_air: next,
});

describe('Up Next', () => {
  const today = '2026-11-24';

  it('puts each series in its group by the next episode and the status, the soonest first', () => {
    const entries = upNext(
      [
        series(1, 'Later one', 'Returning Series', episode(2, 1, '2026-12-08')),
        series(2, 'Thursday', 'Returning Series', episode(3, 5, '2026-11-26')),
        series(3, 'Tonight', 'Returning Series', episode(1, 9, '2026-11-24', 'The Finale')),
        series(4, 'Monday', 'Returning Series', episode(3, 5, '2026-11-30')),
        series(5, 'Next week', 'Returning Series', episode(3, 5, '2026-12-01')),
        series(6, 'No date', 'Returning Series', episode(4, 1, null)),
        series(7, 'Resting', 'Returning Series', null),
        series(8, 'Done', 'Ended', null),
        series(9, 'Axed', 'Canceled', null),
        series(10, 'Planned', 'Planned', null),
        series(11, 'Stale', 'Returning Series', episode(1, 2, '2026-11-20')),
      ],
      today,
    );
    const groups = (group: UpNextGroup) => entries.filter((e) => e.group === group).map((e) => e.series.name);
    assert.deepEqual(groups('today'), ['Tonight']);
    assert.deepEqual(groups('thisWeek'), ['Thursday', 'Monday'], 'within six days, the soonest first');
    assert.deepEqual(groups('later'), ['Next week', 'Later one']);
    assert.deepEqual(groups('notAnnounced'), ['No date', 'Planned']);
    assert.deepEqual(
      groups('returning'),
      ['Resting', 'Stale'],
      'a next episode whose day has passed: nothing known to come',
    );
    assert.deepEqual(groups('ended'), ['Done']);
    assert.deepEqual(groups('canceled'), ['Axed']);
    assert.deepEqual(
      entries.map((e) => e.group).filter((g, i, all) => all.indexOf(g) === i),
      ['today', 'thisWeek', 'later', 'notAnnounced', 'returning', 'ended', 'canceled'],
    );
    assert.equal(entries.find((e) => e.series.id === 2)!.daysAway, 2);
  });

  it('counts days by the calendar, across a change of clocks and a year', () => {
    assert.equal(daysBetween('2026-03-28', '2026-03-30'), 2);
    assert.equal(daysBetween('2026-10-24', '2026-10-26'), 2);
    assert.equal(daysBetween('2026-12-31', '2027-01-01'), 1);
    assert.equal(daysBetween('2026-11-24', 'not a day'), undefined);
    assert.equal(episodeCode({ season_number: 0, episode_number: 3 }), 'S00E03');
    assert.equal(episodeCode({ season_number: 12, episode_number: 105 }), 'S12E105');
  });

  it('names an episode in German as the pages do: F for Folge (S02 F05, where a page says F5)', () => {
    const german = JSON.parse(readFileSync(join(__dirname, '../../../l10n/bundle.l10n.de.json'), 'utf8')) as Record<
      string,
      string
    >;
    l10n.config({ contents: german });
    try {
      assert.equal(episodeCode({ season_number: 2, episode_number: 5 }), 'S02 F05');
      assert.match(german['E{0}: {1}']!, /^F\{0\}/, "the page's episode: F too");
    } finally {
      l10n.config({ contents: {} });
    }
  });
});

describe('Continue Watching', () => {
  /** Marks as kept: each season's episodes as ranges. */
  const marksOf = (bySeason: Record<number, number[]>): SeasonMarks =>
    new Map(Object.entries(bySeason).map(([season, episodes]) => [Number(season), rangesOf(episodes)]));
  const thrones = { ...base, next_episode_to_air: null };

  it("names a started series' next aired episode not marked and how far along, from the series' own answer", () => {
    // Game of Thrones: 73 episodes in seasons 1-8 (the 270 specials count for nothing), the last aired S08E06.
    assert.deepEqual(continueEntry(thrones, marksOf({ 1: [1, 2, 3, 5], 0: [1] })), {
      series: thrones,
      next: { season_number: 1, episode_number: 4 },
      watched: 4,
      aired: 73,
    });
    // Seasons 1-7 and five of season 8: the next is the last aired, named as TMDB names it.
    const seven = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7].map((n) => [n, Array.from({ length: 10 }, (_, i) => i + 1)]),
    );
    const entry = continueEntry(thrones, marksOf({ ...seven, 8: [1, 2, 3, 4, 5] }))!;
    assert.deepEqual(
      [entry.next, entry.watched],
      [
        { season_number: 8, episode_number: 6, name: 'The Iron Throne', air_date: base.last_episode_to_air!.air_date },
        72,
      ],
    );
    assert.equal(episodeCode(entry.next), 'S08E06');
    // Every aired one marked: it leaves Continue Watching; only specials marked: not started.
    assert.equal(continueEntry(thrones, marksOf({ ...seven, 8: [1, 2, 3, 4, 5, 6] })), undefined);
    assert.equal(continueEntry(thrones, marksOf({ 0: [1, 2] })), undefined);
    assert.equal(continueEntry({ ...thrones, last_episode_to_air: null }, marksOf({ 1: [1] })), undefined);
    // TMDB's next episode, its day come (TMDB has not moved on yet): aired.
    const nextOut = {
      ...thrones,
      next_episode_to_air: {
        ...base.last_episode_to_air!,
        season_number: 9,
        episode_number: 1,
        air_date: '2026-11-20',
        name: 'New',
      },
    };
    const eight = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, Array.from({ length: 10 }, (_, i) => i + 1)]),
    );
    assert.equal(continueEntry(nextOut, marksOf(eight), '2026-11-19'), undefined, 'not yet');
    assert.deepEqual(continueEntry(nextOut, marksOf(eight), '2026-11-20')!.next, {
      season_number: 9,
      episode_number: 1,
      name: 'New',
      air_date: '2026-11-20',
    });
    assert.deepEqual(
      continueWatching([thrones, { ...thrones, id: 2, name: 'Andor' }], (id) =>
        id === 2 ? marksOf({ 1: [1] }) : undefined,
      ).map((e) => e.series.name),
      ['Andor'],
    );
  });

  it(`agrees with counting episode by episode, for any seasons, last aired episode and marks (${runs(300)} inputs)`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 14 })), { maxLength: 30 }),
        (counts, lastSeason, lastEpisode, marked) => {
          const seasons = counts.map((count, i) => ({ season_number: i + 1, episode_count: count }));
          const series = {
            ...thrones,
            seasons,
            last_episode_to_air: {
              ...base.last_episode_to_air!,
              season_number: lastSeason,
              episode_number: lastEpisode,
              name: 'Last',
            },
          };
          const bySeason: Record<number, number[]> = {};
          for (const [season, episode] of marked) (bySeason[season] ??= []).push(episode);
          // Episode by episode: every season before the last aired one whole, that one to its episode.
          const aired: Array<[number, number]> = [];
          for (const { season_number: season, episode_count: count } of seasons)
            if (season < lastSeason) for (let e = 1; e <= count; e++) aired.push([season, e]);
          for (let e = 1; e <= lastEpisode; e++) aired.push([lastSeason, e]);
          const isMarked = ([season, e]: [number, number]) => bySeason[season]?.includes(e) ?? false;
          const started = Object.keys(bySeason).some((season) => Number(season) >= 1);
          const next = aired.find((one) => !isMarked(one));
          const entry = continueEntry(series, marksOf(bySeason));
          if (!started || !next) return assert.equal(entry, undefined);
          assert.deepEqual([entry!.next.season_number, entry!.next.episode_number], next);
          assert.equal(entry!.aired, aired.length);
          assert.equal(entry!.watched, aired.filter(isMarked).length);
        },
      ),
      budget(300),
    );
  });
});

describe('the upcoming episodes as an .ics file', () => {
  const entries = upNext(
    [
      series(
        1,
        'Tonight, live; at 8\\9',
        'Returning Series',
        episode(1, 9, '2026-11-24', 'END:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:injected'),
      ),
      series(2, 'Thursday', 'Returning Series', episode(3, 5, '2026-11-26')),
      series(3, 'No date', 'Returning Series', episode(4, 1, null)),
      series(4, 'Done', 'Ended', null),
    ],
    '2026-11-24',
  );
  const parse = (text: string) =>
    new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent: unknown) => new ICAL.Event(vevent));

  it('is valid iCalendar with one all-day event an announced episode, and TMDB text stays text', () => {
    const { text, count } = upcomingCalendar(entries, {
      webBaseUrl: 'https://www.themoviedb.org',
      now: new Date('2026-11-24T10:00:00Z'),
    });
    assert.equal(count, 2);
    assert.match(text, /^BEGIN:VCALENDAR\r\n/);
    assert.match(text, /\r\nPRODID:/);
    const events = parse(text);
    assert.equal(events.length, 2, 'the injected lines did not make an event');
    assert.deepEqual(
      events.map((e: any) => e.startDate.toString()),
      ['2026-11-24', '2026-11-26'],
    );
    assert.ok(
      events.every((e: any) => e.startDate.isDate),
      'all-day',
    );
    assert.equal(
      events[0].summary,
      'Tonight, live; at 8\\9 · S01E09 · END:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:injected'.replace(/\r\n/g, '\n'),
    );
    assert.equal(events[1].uid, 'tmdb-tv-2-s03e05@tmdb-vscode');
    assert.equal(
      events[1].component.getFirstPropertyValue('url'),
      'https://www.themoviedb.org/tv/2/season/3/episode/5',
    );
  });

  for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Pacific/Pago_Pago']) {
    it(`names the same days in ${zone}`, () => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        const { text } = upcomingCalendar(entries, { webBaseUrl: 'https://www.themoviedb.org', now: new Date() });
        assert.deepEqual(
          parse(text).map((e: any) => e.startDate.toString()),
          ['2026-11-24', '2026-11-26'],
        );
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    });
  }
});

describe('the calendar attacked: generated episode and series names', () => {
  /** Text with what RFC 5545 forbids, and what a calendar reads as a line's end. */
  const hostile = hostileParts(
    [
      ...['\u0000', '\u0085', '\u2028', '\u2029', '\r', '\n', '\r\n', '\u007F', '\u001B', '\t', ';', ',', '\\'],
      ...['END:VEVENT', 'BEGIN:VEVENT', 'SUMMARY:x', '\uD800', '\uDFFF', '😀'],
    ],
    8,
  );
  // After unfolding, a file line is its CR LF and printable text: no control (TAB aside), no C1, no line separator.
  const FORBIDDEN =
    // eslint-disable-next-line no-control-regex -- finding them is the point
    /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
  /** The name as a calendar holds it, said another way than the code says it: line breaks as newlines, then every code point kept that is whole (no lone surrogate) and not a control (Unicode's Cc), newline and tab aside. */
  const expected = (text: string) =>
    Array.from(text.replace(/\r\n|[\r\u0085\u2028\u2029]/g, '\n'))
      .filter((ch) => ch === '\n' || ch === '\t' || (ch.isWellFormed() && !/^\p{Cc}$/u.test(ch)))
      .join('');

  it(`writes only printable text and the RFC's escapes, and reads back as the names without controls (${runs(500)} inputs)`, () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (seriesName, episodeName, overview) => {
        const [name, title, text] = [seriesName.join(''), episodeName.join(''), overview.join('')];
        const next = { ...episode(1, 2, '2026-11-25', title), overview: text };
        const entry = upNext([series(7, name || 'x', 'Returning Series', next)], '2026-11-24');
        const started = performance.now();
        const { text: ics, count } = upcomingCalendar(entry, {
          webBaseUrl: 'https://www.themoviedb.org',
          now: new Date(),
        });
        const took = performance.now() - started;
        assert.equal(count, 1);
        const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
        assert.equal(lines.at(-1), 'END:VCALENDAR');
        for (const line of lines) assert.doesNotMatch(line, FORBIDDEN, JSON.stringify(line));
        const [event] = new ICAL.Component(ICAL.parse(ics))
          .getAllSubcomponents('vevent')
          .map((vevent: unknown) => new ICAL.Event(vevent));
        const shown = expected(name || 'x') || expected(base.original_name);
        const parts = [shown, 'S01E02', expected(title)].filter(Boolean);
        assert.equal(event.summary, parts.join(' · '));
        assert.equal(event.description ?? '', expected(text));
        assert.ok(ics.length < 4096 && took < 1000, `${ics.length} characters in ${took.toFixed(0)} ms`);
      }),
      budget(500),
    );
  });
});

describe('Discover', () => {
  it("asks TMDB with its filters' names, and the region where they need one", () => {
    const query = discoverQuery(
      {
        kind: 'movie',
        genres: [18, 80],
        yearFrom: 2010,
        yearTo: 2020,
        minScore: 7,
        minVotes: 100,
        runtimeFrom: 90,
        runtimeTo: 150,
        certification: 'PG-13',
        onMyServices: true,
      },
      { region: 'DE', services: [8, 337] },
    );
    assert.deepEqual(query, {
      sort_by: 'popularity.desc',
      with_genres: '18,80',
      'primary_release_date.gte': '2010-01-01',
      'primary_release_date.lte': '2020-12-31',
      'vote_average.gte': 7,
      'vote_count.gte': 100,
      'with_runtime.gte': 90,
      'with_runtime.lte': 150,
      certification_country: 'DE',
      'certification.lte': 'PG-13',
      with_watch_providers: '8|337',
      watch_region: 'DE',
      with_watch_monetization_types: 'flatrate',
    });
    const series = discoverQuery(
      { kind: 'tv', yearFrom: 2000, certification: 'R', onMyServices: true },
      { region: 'US', services: [] },
    );
    assert.deepEqual(
      series,
      { sort_by: 'popularity.desc', 'first_air_date.gte': '2000-01-01' },
      'series have no certification; no services, no filter',
    );
  });

  it('reads ranges as people type them, and nothing else', () => {
    assert.deepEqual(parseRange('2010-2020', 1870, 2100), { from: 2010, to: 2020 });
    assert.deepEqual(parseRange(' 2010 – 2020 ', 1870, 2100), { from: 2010, to: 2020 });
    assert.deepEqual(parseRange('2015-', 1870, 2100), { from: 2015 });
    assert.deepEqual(parseRange('-100', 0, 1000), { to: 100 });
    assert.deepEqual(parseRange('1999', 1870, 2100), { from: 1999, to: 1999 });
    assert.deepEqual(parseRange('', 1870, 2100), {});
    for (const bad of ['2020-2010', 'abc', '-', '1800', '2010-2020-2030', '20 10'])
      assert.equal(parseRange(bad, 1870, 2100), undefined, bad);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        assert.deepEqual(parseRange(`${from}-${to}`, 0, 1000), { from, to });
      }),
      budget(100),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const range = parseRange(text, 0, 1000);
        assert.ok(
          range === undefined ||
            ((range.from ?? 0) <= (range.to ?? 1000) && Object.values(range).every((n) => n >= 0 && n <= 1000)),
        );
      }),
      budget(100),
    );
  });

  it('reads saved discovers as any outside input: 50 at most, names once, the stored array looked at only so far', () => {
    const entry = (name: unknown, kind: unknown = 'movie') => ({ name, filters: { kind, genres: [28, 28, 18] } });
    assert.deepEqual(readSaved('nope'), []);
    assert.deepEqual(
      readSaved([entry(' A '), entry('A'), entry(''), entry(7), entry('B', 'person'), null, entry('B')]),
      [
        { name: 'A', filters: { kind: 'movie', genres: [28, 18] } },
        { name: 'B', filters: { kind: 'movie', genres: [28, 18] } },
      ],
    );
    const many = Array.from({ length: 100_000 }, (_, i) => entry(`N${i}`));
    let looked = 0;
    const watched = new Proxy(many, {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/.test(key)) looked++;
        return Reflect.get(target, key, receiver);
      },
    });
    assert.equal(readSaved(watched).length, 50);
    assert.ok(looked <= 200, `${looked} entries looked at`);
    assert.equal(readSaved(Array.from({ length: 100_000 }, () => entry('same'))).length, 1);
  });

  it('reads saved filters strictly: what is out of shape is left out', () => {
    assert.equal(readFilters({ kind: 'person' }), undefined);
    assert.equal(readFilters('movie'), undefined);
    assert.deepEqual(
      readFilters({
        kind: 'tv',
        genres: [18, '80', -1, 1.5],
        minScore: 11,
        yearFrom: 1999,
        certification: { a: 1 },
        onMyServices: 'yes',
        extra: 1,
      }),
      { kind: 'tv', genres: [18], yearFrom: 1999 },
    );
  });
});
