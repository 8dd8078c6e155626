// npm run bench, issue 21's and 44's size rows: the worst answers that pass the caps (5 MB; a season's
// 32 MB), most with every shown text made of `<` (escaping makes it five times longer), and seasons with
// hundreds of guest stars and crew an episode, read and rendered, interleaved with Fight Club; and
// answers over the cap (12 MB with a Content-Length, 200 MB chunked), refused by a client against the
// stand-in in its own process, with the time to the refusal and what the process's memory did.
import '../../../src/deferredEntry';
import { performance } from 'node:perf_hooks';
import { TmdbClient } from '../../../src/tmdb/client';
import * as s from '../../../src/tmdb/schemas';
import { renderCollection } from '../../../src/features/titles/html/collection';
import type { RenderContext } from '../../../src/features/titles/html/markup';
import { renderMovie } from '../../../src/features/titles/html/movie';
import { renderPerson } from '../../../src/features/titles/html/person';
import { renderEpisodes, renderSeason, renderTv } from '../../../src/features/titles/html/series';
import { READ_TOKEN } from '../../support/fixtures';
import { fightClubAnswer, fixture } from '../../tmdb-server/catalogue';
import { row, startStandInProcess } from './http';
import { median } from './stats';

const CAP = 5 * 1024 * 1024;
const ctx: RenderContext = {
  imageBaseUrl: 'https://image.tmdb.org/t/p',
  webBaseUrl: 'https://www.themoviedb.org',
  region: 'US',
  locale: 'en-US',
};
type Json = Record<string, any>;

/** `count` copies of `make(i)`, as many as fit in what is left of the cap once `base` is counted. */
function fill(base: Json, set: (answer: Json, items: unknown[]) => void, make: (i: number) => unknown): string {
  const one = JSON.stringify(make(0)).length + 1;
  const room = CAP - 64 * 1024 - JSON.stringify(base).length;
  const answer = structuredClone(base);
  set(
    answer,
    Array.from({ length: Math.max(1, Math.floor(room / one)) }, (_, i) => make(i)),
  );
  return JSON.stringify(answer);
}

const lt = (n: number) => '<'.repeat(n);

interface Case {
  name: string;
  text: string;
  read: (value: unknown) => unknown;
  render: (value: any) => string;
  /** The figures before a fix, printed beside this run's. */
  before?: string;
}

/**
 * A season of `episodes` episodes, each with `people` guest stars and as many crew, their names and
 * characters `nameLength` long (issue 44's row 1: every one of them was drawn).
 */
function seasonWithCredits(base: Json, episodes: number, people: number, nameLength: number): string {
  const person = (n: number, job: string) => ({
    id: n + 1,
    name: `${'N'.repeat(nameLength)}${n}`,
    character: `${'C'.repeat(nameLength)}${n}`,
    job,
    department: job === 'Guest' ? 'Acting' : 'Directing',
    credit_id: 'x',
    order: n,
    profile_path: `/p${n}.jpg`,
  });
  const crew = Array.from({ length: people }, (_, n) => person(n, n % 2 ? 'Director' : 'Writer'));
  const guests = Array.from({ length: people }, (_, n) => person(1000 + n, 'Guest'));
  return JSON.stringify({
    ...base,
    episodes: Array.from({ length: episodes }, (_, e) => ({
      ...base.episodes[0],
      id: e + 1,
      episode_number: e + 1,
      crew,
      guest_stars: guests,
    })),
  });
}

/** The worst answers under the caps, one a page kind (the attack suite renders each too, asserting size and time). */
export function cases(): Case[] {
  const movie = fightClubAnswer() as Json;
  const series = fixture('live-captures/tv-details.json') as Json;
  const person = fixture('openapi-examples/person-details.json') as Json;
  const season = fixture('openapi-examples/tv-season-details.json') as Json;
  const room = CAP - 64 * 1024;
  const seasonText = fill(
    season,
    (a, items) => (a.episodes = items),
    (i) => ({
      id: i,
      name: lt(600),
      overview: lt(2500),
      air_date: '2011-04-17',
      episode_number: i + 1,
      season_number: 1,
      episode_type: 'standard',
      runtime: 60,
      still_path: null,
      vote_average: 8,
      vote_count: 1,
    }),
  );
  const keptSeason = s.seasonDetails().parse(JSON.parse(seasonText));
  return [
    {
      name: 'movie: a 5 MB overview of "<"',
      text: JSON.stringify({ ...movie, overview: lt(room - JSON.stringify(movie).length) }),
      read: (v) => s.movieDetails().parse(v),
      render: (m) => renderMovie(m, ctx),
    },
    {
      name: 'movie: 5 MB of release dates (notes of "<")',
      text: fill(
        movie,
        (a, items) => (a.release_dates = { results: items }),
        (i) => ({
          iso_3166_1: `C${i}`,
          release_dates: Array.from({ length: 40 }, () => ({
            certification: lt(20),
            descriptors: [lt(20)],
            iso_639_1: '',
            note: lt(600),
            release_date: '1999-10-15T00:00:00.000Z',
            type: 3,
          })),
        }),
      ),
      read: (v) => s.movieDetails().parse(v),
      render: (m) => renderMovie(m, ctx),
    },
    {
      name: 'movie: 5 MB of genres, keywords and companies named "<…"',
      // A third of the room each.
      text: fill(
        movie,
        (a, items) => {
          const third = Math.floor(items.length / 3);
          a.genres = items.slice(0, third);
          a.keywords = { keywords: items.slice(third, 2 * third) };
          a.production_companies = items.slice(2 * third);
        },
        (i) => ({ id: i, name: lt(1000), origin_country: 'US', logo_path: null }),
      ),
      read: (v) => s.movieDetails().parse(v),
      render: (m) => renderMovie(m, ctx),
    },
    {
      name: 'series: 5 MB of seasons with "<" overviews',
      text: fill(
        series,
        (a, items) => (a.seasons = items),
        (i) => ({
          id: i,
          name: lt(600),
          overview: lt(3000),
          air_date: '2011-04-17',
          episode_count: 10,
          poster_path: null,
          season_number: i,
          vote_average: 8,
        }),
      ),
      read: (v) => s.tvSeries().parse(v),
      render: (m) => renderTv(m, ctx),
    },
    {
      name: 'series: 5 MB of cast and crew (aggregate_credits) named and cast as "<…", each with roles',
      text: fill(
        series,
        (a, items) =>
          (a.aggregate_credits = {
            cast: items.slice(500),
            crew: items.slice(0, 500).map((item: any) => ({
              ...item,
              department: 'Writing',
              jobs: [{ credit_id: 'x', job: 'Writer', episode_count: 3 }],
            })),
          }),
        (i) => ({
          id: i,
          name: lt(200),
          profile_path: null,
          order: i,
          total_episode_count: 10,
          roles: Array.from({ length: 3 }, () => ({ credit_id: 'x', character: lt(200), episode_count: 3 })),
        }),
      ),
      read: (v) => s.tvSeries().parse(v),
      render: (m) => renderTv(m, ctx),
    },
    {
      name: 'collection: 5 MB of movies titled "<…"',
      text: fill(
        fixture('openapi-examples/collection-details.json'),
        (a, items) => (a.parts = items),
        (i) => ({
          id: i + 1,
          title: lt(500),
          overview: lt(1500),
          release_date: '1999-10-15',
          poster_path: null,
          vote_average: 7,
          vote_count: 10,
        }),
      ),
      read: (v) => s.collectionDetails().parse(v),
      render: (c) => renderCollection(c, ctx),
    },
    {
      name: 'person: a 5 MB biography of "<"',
      text: JSON.stringify({ ...person, biography: lt(room - JSON.stringify(person).length) }),
      read: (v) => s.personDetails().parse(v),
      render: (p) => renderPerson(p, ctx),
    },
    {
      name: 'season: 5 MB of episodes with "<" overviews, opened (the first 50)',
      text: seasonText,
      read: (v) => s.seasonDetails().parse(v),
      render: (d) => renderSeason(d, ctx),
    },
    {
      name: 'season: 300 episodes, 200 guest stars and 200 crew each, names of 30 characters (under the 32 MB season cap)',
      text: seasonWithCredits(season, 300, 200, 30),
      read: (v) => s.seasonDetails().parse(v),
      render: (d) => renderSeason(d, ctx),
      before: 'before (issue 44): 2,646 ms and 98 MB of HTML for 21 MB',
    },
    {
      name: 'season: 4.3 MB of guest stars and crew',
      text: seasonWithCredits(season, 60, 200, 30),
      read: (v) => s.seasonDetails().parse(v),
      render: (d) => renderSeason(d, ctx),
      before: 'before (issue 44): 19.7 MB of HTML for 4.3 MB',
    },
    {
      name: 'season: the same, the next 50 (scrolled to; the answer is kept, so no read)',
      text: seasonText,
      read: () => undefined,
      render: () => renderEpisodes(keptSeason, ctx, 50).html,
    },
  ];
}

function once(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

export async function hostileAnswers(only?: RegExp): Promise<void> {
  console.log(
    '\nHostile answers under the caps (5 MB; a season 32 MB): JSON.parse + validate, then render; medians of 7, interleaved with Fight Club (target: each ≤ 100 ms in all)',
  );
  const fightClubText = JSON.stringify(fightClubAnswer());
  const fightClub = s.movieDetails().parse(JSON.parse(fightClubText));
  for (const c of cases().filter((c) => !only || only.test(c.name))) {
    const value = c.read(JSON.parse(c.text));
    const html = c.render(value);
    const read: number[] = [];
    const render: number[] = [];
    const fcRead: number[] = [];
    const fcRender: number[] = [];
    for (let i = 0; i < 7; i++) {
      read.push(once(() => c.read(JSON.parse(c.text))));
      fcRead.push(once(() => s.movieDetails().parse(JSON.parse(fightClubText))));
      render.push(once(() => c.render(value)));
      fcRender.push(once(() => renderMovie(fightClub, ctx)));
    }
    const total = median(read) + median(render);
    row(
      `  ${c.name}`,
      `${total.toFixed(1)} ms`,
      `read ${median(read).toFixed(1)} + render ${median(render).toFixed(1)} ms, ${(c.text.length / 1024 / 1024).toFixed(1)} MB in, ${(html.length / 1024).toFixed(0)} KB of HTML; Fight Club ${(median(fcRead) + median(fcRender)).toFixed(1)} ms${c.before ? `; ${c.before}` : ''}`,
    );
  }

  console.log(
    '\nAnswers over the cap, against the stand-in in its own process: time to the refusal, and the RSS it cost (3 runs each, interleaved)',
  );
  const server = await startStandInProcess();
  try {
    const client = new TmdbClient({
      settings: () => ({ apiBaseUrl: server.url, language: 'en-US', region: 'US', includeAdult: false }),
      apiToken: async () => READ_TOKEN,
      session: async () => undefined,
      maxRetries: 0,
    });
    await client.movie(550); // zod and ofetch loaded, the connection warm
    const variants = {
      '12 MB with a Content-Length': { kind: 'huge', bytes: 12 * 1024 * 1024, contentLength: true },
      '200 MB chunked': { kind: 'huge', bytes: 200 * 1024 * 1024 },
    } as const;
    const figures: Record<string, { ms: number[]; rss: number[] }> = {};
    for (let round = 0; round < 3; round++) {
      for (const [name, fault] of Object.entries(variants)) {
        server.clearFaults();
        server.inject({ path: '/3/movie/', ...fault });
        client.expire();
        global.gc?.();
        const rssBefore = process.memoryUsage().rss;
        let peak = rssBefore;
        const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
        const start = performance.now();
        const outcome = await client.movie(603 + round).then(
          () => 'answered',
          (error: { kind?: string }) => error.kind ?? 'failed',
        );
        const ms = performance.now() - start;
        clearInterval(watch);
        peak = Math.max(peak, process.memoryUsage().rss);
        if (outcome !== 'invalidResponse') console.log(`    (${name}: ${outcome})`);
        (figures[name] ??= { ms: [], rss: [] }).ms.push(ms);
        figures[name]!.rss.push((peak - rssBefore) / 1024 / 1024);
      }
    }
    for (const [name, { ms, rss }] of Object.entries(figures))
      row(
        `  ${name}`,
        `${median(ms).toFixed(0)} ms`,
        `RSS +${median(rss).toFixed(1)} MB (max +${Math.max(...rss).toFixed(1)})`,
      );
  } finally {
    await server.stop();
  }
}
