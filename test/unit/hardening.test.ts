// The hardening suite: generated hostile inputs, seeded and reproducible (fast-check prints the seed and
// the shrunk counterexample on a failure; test/support/properties.ts says how to replay a run or ask for more). From every real fixture the panels
// and trees read, mutated bodies go through the client's own answer reading; what parses is rendered, and
// the HTML is read back with a real HTML parser (parse5), as the webview would read it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type * as Parse5 from 'parse5' with { 'resolution-mode': 'import' };
import { readAnswer } from '../../src/tmdb/answerBody';
import { TmdbError } from '../../src/tmdb/errors';
import * as s from '../../src/tmdb/schemas';
import { checkHostMessage } from '../../src/webview/hostMessageGuard';
import { renderCollection } from '../../src/features/titles/html/collection';
import { renderCredit } from '../../src/features/titles/html/credit';
import type { RenderContext } from '../../src/features/titles/html/markup';
import { renderMovie } from '../../src/features/titles/html/movie';
import { renderPerson } from '../../src/features/titles/html/person';
import { renderEpisodes, renderSeason, renderTv } from '../../src/features/titles/html/series';
import { hostMessage, parsePageMessage } from '../../src/webview/protocol';
import { budget, describeRun, runs } from '../support/properties';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';
import { pageContext } from '../support/renderContext';
import { MAX_PAGE_HTML, MAX_RENDER_MS, renderBound, RenderCost } from '../support/renderCost';
import { cases as worstAnswers } from '../tools/bench/hostile';

// parse5 is an ES module; Node 20.19+ loads it with require().
const { parseFragment }: typeof Parse5 = require('parse5');

const ctx: RenderContext = pageContext();
/** Regions and display languages a page is rendered for: real ones, and what a setting could hold. */
const REGIONS = [
  'US',
  'DE',
  'FR',
  'JP',
  'BR',
  'AQ',
  'XX',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
];
const LOCALES = ['en-US', 'de', 'fr-FR', 'ja', 'pt-BR', 'qps-ploc', 'zz-ZZ', 'not a locale', ''];
/** Where an outside link may go, by what it says: TMDB's page goes to TMDB, IMDb to IMDb, a video to YouTube or Vimeo. */
const LINK_HOSTS: Array<[label: RegExp, hosts: RegExp]> = [
  [/TMDB/, /^www\.themoviedb\.org$/],
  [/^IMDb$/, /^www\.imdb\.com$/],
  [/^Homepage$/, /./], // the title's own site, wherever it is
  // A person's pages elsewhere (external_ids): each only ever to its own site.
  [/^Wikidata$/, /^www\.wikidata\.org$/],
  [/^Facebook$/, /^www\.facebook\.com$/],
  [/^Instagram$/, /^www\.instagram\.com$/],
  [/^TikTok$/, /^www\.tiktok\.com$/],
  [/^X$/, /^x\.com$/],
  [/^YouTube$/, /^www\.youtube\.com$/],
];
const VIDEO_HOSTS = /^(www\.youtube\.com|vimeo\.com)$/;

/** The largest and slowest render of each page kind (asserted after the suite's inputs). */
const cost = new RenderCost();
/** Totals for the closing figures (printed after the suite). */
const tally = { inputs: 0, parsed: 0, refused: 0, rendered: 0, crashes: 0, unsafe: 0, messages: 0 };

const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'command:tmdb.signOut',
  '[Run](command:tmdb.signOut)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '<style>*{display:none}</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '\u202Eevil\u202C',
  '\uD800',
  'x'.repeat(100_000),
  '2020-13-45',
  '/../../../etc/passwd.jpg',
  'https://evil.example/x.jpg',
  '${alert(1)}',
  '',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -1,
  1e308,
  true,
  {},
  [],
  'not a number',
  42,
];

type Path = Array<string | number>;

/** Every path into a JSON value (objects and arrays), the root excluded; long arrays sampled. */
function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    value.slice(0, 8).forEach((item, i) => {
      out.push([...at, i]);
      pathsOf(item, [...at, i], out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      out.push([...at, key]);
      pathsOf(inner, [...at, key], out);
    }
  }
  return out;
}

type Mutation = { path: Path; op: 'delete' | 'value' | 'string' | 'huge'; value: unknown };

function valueAt(body: unknown, path: Path): unknown {
  let value: any = body;
  for (const key of path) value = value?.[key];
  return value;
}

/**
 * The body with the changes made. A 'huge' change turns the value (or the array) at its path into 10,000
 * items, made last and sharing one modest element: a body that could not arrive anyway (the client
 * refuses answers over 5 MB) is not worth generating.
 */
function mutate(body: unknown, changes: Mutation[]): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const ordered = [...changes.filter((m) => m.op !== 'huge'), ...changes.filter((m) => m.op === 'huge')];
  for (const { path, op, value } of ordered) {
    let parent: any = copy;
    for (const key of path.slice(0, -1)) {
      parent = parent?.[key];
      if (parent === null || typeof parent !== 'object') break;
    }
    if (parent === null || typeof parent !== 'object') continue;
    const last = path[path.length - 1]!;
    if (op === 'delete') delete parent[last];
    // A copy: the hostile `{}` and `[]` are shared by every input, and a later change inside one (a path
    // through it) wrote into the shared one; every body after it carried what had piled up there, till a
    // body of many GB made V8 abort the process stringifying it (seed 301351176).
    else if (op !== 'huge') parent[last] = structuredClone(value);
    else {
      const current = parent[last];
      const original = valueAt(body, path);
      const fallback = Array.isArray(original) ? original : [original];
      // Each distinct element once: an element too large to repeat is swapped for the original's.
      const items = (Array.isArray(current) ? current : [current]).map((item, i) =>
        jsonLength(item) > 20_000 ? (fallback[i % Math.max(1, fallback.length)] ?? null) : item,
      );
      // At most 10,000 items and about 6 MB of JSON: what is larger could not arrive (the cap is 5 MB), and
      // V8 aborts the whole process (not a RangeError) stringifying some shapes of a few hundred MB.
      const each = Math.max(1, ...items.map((item) => jsonLength(item)));
      const count = Math.max(1, Math.min(10_000, Math.floor(6_000_000 / each)));
      parent[last] = Array.from({ length: count }, (_, i) => items[i % Math.max(1, items.length)] ?? null);
    }
  }
  // What reaches the client is always JSON text: a mutation that made a cycle (a value set inside itself)
  // could never arrive, so the answer is read as JSON would deliver it, or left unmutated.
  try {
    return JSON.parse(JSON.stringify(copy));
  } catch {
    return structuredClone(body);
  }
}

/** The length of a value as JSON; a value JSON cannot hold (a cycle) counts as too large. */
function jsonLength(value: unknown): number {
  try {
    return (JSON.stringify(value) ?? '').length;
  } catch {
    return Infinity;
  }
}

function mutations(paths: Path[]): fc.Arbitrary<Mutation[]> {
  const mutation = fc.record({
    path: fc.constantFrom(...paths),
    op: fc.constantFrom<Mutation['op']>('delete', 'value', 'string', 'string', 'huge'),
    value: fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.constantFrom(...HOSTILE_VALUES)),
  });
  // 'huge' is costly: at most one per body.
  return fc.array(mutation, { minLength: 1, maxLength: 6 }).map((list) => {
    const firstHuge = list.findIndex((m) => m.op === 'huge');
    return list.map((m, i) => (m.op === 'huge' && i !== firstHuge ? { ...m, op: 'string' as const } : m));
  });
}

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'form',
  'base',
  'meta',
  'style',
  'link',
  'frame',
  'frameset',
]);

/** What the webview would find unsafe in the HTML: a list of reasons, empty when there are none. */
function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: any) => {
    if (node.tagName) {
      if (FORBIDDEN_ELEMENTS.has(node.tagName)) problems.push(`<${node.tagName}>`);
      for (const { name, value } of node.attrs ?? []) {
        if (/^on/i.test(name)) problems.push(`${name}= on <${node.tagName}>`);
        if (name === 'style' || name === 'srcset' || name === 'formaction')
          problems.push(`${name}= on <${node.tagName}>`);
        if (name === 'href' && value !== '#' && !/^https?:\/\/[^\s]+$/i.test(value))
          problems.push(`href=${value.slice(0, 60)}`);
        if ((name === 'src' || name === 'data-src') && !value.startsWith(`${ctx.imageBaseUrl}/`))
          problems.push(`src=${value.slice(0, 60)}`);
      }
      const external = (node.attrs ?? []).some((attr: { name: string }) => attr.name === 'data-external');
      const href = (node.attrs ?? []).find((attr: { name: string }) => attr.name === 'href')?.value;
      if (node.tagName === 'a' && external && href) {
        const label = textOf(node).trim();
        const host = new URL(href).hostname;
        const className = (node.attrs ?? []).find((attr: { name: string }) => attr.name === 'class')?.value;
        // The poster's link: a larger picture, from the image host only.
        const rule = LINK_HOSTS.find(([pattern]) => pattern.test(label));
        if (className === 'poster-link') {
          if (!href.startsWith(`${ctx.imageBaseUrl}/`)) problems.push(`the poster's link goes to ${host}`);
        }
        // Any other outside link is a video's (its label is the video's name, from TMDB).
        else if (!(rule ? rule[1] : VIDEO_HOSTS).test(host)) problems.push(`"${label.slice(0, 40)}" goes to ${host}`);
      }
    }
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parseFragment(html));
  return problems;
}

function textOf(node: any): string {
  return node.nodeName === '#text' ? node.value : (node.childNodes ?? []).map(textOf).join('');
}

interface Target {
  name: string;
  schema: Parameters<typeof readAnswer>[0];
  body: unknown;
  render?: (value: any, context: RenderContext) => string;
  runs: number;
}

const withAppends = (body: object, kind: 'movie' | 'tv') => ({
  ...body,
  videos: fixture(`openapi-examples/${kind}-videos.json`),
  'watch/providers': fixture(`openapi-examples/${kind}-watch-providers.json`),
});

// At least 5,000 TMDB answers a run, besides the page messages.
const TARGETS: Target[] = [
  {
    name: 'movie (Fight Club: keywords, release dates, recommendations, credits)',
    schema: s.movieDetails(),
    body: fightClubAnswer(),
    render: renderMovie,
    runs: 600,
  },
  {
    name: 'movie (Fight Club: videos and where to watch too)',
    schema: s.movieDetails(),
    body: withAppends(fightClubAnswer(), 'movie'),
    render: renderMovie,
    runs: 700,
  },
  {
    name: 'series (Game of Thrones, videos and where to watch)',
    schema: s.tvSeries(),
    body: withAppends(fixture('live-captures/tv-details.json'), 'tv'),
    render: renderTv,
    runs: 500,
  },
  {
    name: 'series (Game of Thrones: cast and crew from aggregate credits, IMDb id from external ids)',
    schema: s.tvSeries(),
    body: {
      ...fixture('live-captures/tv-details.json'),
      aggregate_credits: fixture('openapi-examples/tv-aggregate-credits.json'),
      external_ids: { id: 1399, imdb_id: 'tt0944947' },
    },
    render: renderTv,
    runs: 300,
  },
  {
    name: 'series (complex)',
    schema: s.tvSeries(),
    body: fixture('live-captures/tv-details-complex.json'),
    render: renderTv,
    runs: 300,
  },
  {
    name: 'season (episodes, each with its guest stars and crew)',
    schema: s.seasonDetails(),
    body: fixture('openapi-examples/tv-season-details.json'),
    render: (season, context) => everyEpisode(season, context),
    runs: 500,
  },
  {
    name: 'person',
    schema: s.personDetails(),
    body: fixture('live-captures/person-details.json'),
    render: renderPerson,
    runs: 400,
  },
  {
    name: 'person (filmography from combined credits, pages elsewhere from external ids, pictures from images)',
    schema: s.personDetails(),
    body: {
      ...fixture('openapi-examples/person-details.json'),
      combined_credits: fixture('openapi-examples/person-combined-credits.json'),
      external_ids: fixture('openapi-examples/person-external-ids.json'),
      images: {
        profiles: [
          {
            aspect_ratio: 0.667,
            file_path: '/xndWFsBlClOJFRdhSt4NBwiPq2o.jpg',
            height: 3000,
            iso_639_1: null,
            vote_average: 5.3,
            vote_count: 3,
            width: 2000,
          },
          {
            aspect_ratio: 0.667,
            file_path: '/eKF1sGJRrZJbfBG1KirPt1cfNd3.jpg',
            height: 1500,
            iso_639_1: null,
            vote_average: 5.1,
            vote_count: 2,
            width: 1000,
          },
        ],
      },
    },
    render: renderPerson,
    runs: 400,
  },
  {
    name: 'collection (Star Wars: its movies in release order)',
    schema: s.collectionDetails(),
    body: fixture('openapi-examples/collection-details.json'),
    render: renderCollection,
    runs: 300,
  },
  {
    name: 'movie in a collection (belongs_to_collection)',
    schema: s.movieDetails(),
    body: {
      ...fightClubAnswer(),
      belongs_to_collection: {
        id: 10,
        name: 'Star Wars Collection',
        poster_path: '/22dj38IckjzEEUZwN1tPU5VJ1qq.jpg',
        backdrop_path: null,
      },
    },
    render: renderMovie,
    runs: 200,
  },
  {
    name: 'credit',
    schema: s.creditDetails(),
    body: fixture('live-captures/credit-details.json'),
    render: renderCredit,
    runs: 400,
  },
  {
    name: 'trending people',
    schema: s.trendingPeople(),
    body: fixture('openapi-examples/trending-person-day.json'),
    runs: 300,
  },
  {
    name: 'trending movies and series',
    schema: s.trendingAll(),
    body: fixture('openapi-examples/trending-all-day.json'),
    runs: 300,
  },
  { name: 'search', schema: s.searchMulti(), body: fixture('live-captures/search-movie.json'), runs: 200 },
  { name: 'list', schema: s.listDetails(), body: fixture('openapi-examples/list-details.json'), runs: 200 },
  { name: 'account lists', schema: s.accountLists(), body: fixture('openapi-examples/account-lists.json'), runs: 100 },
  {
    name: 'v4 account lists (public flags as 0/1, sorts as numbers)',
    schema: s.v4AccountLists(),
    body: fixture('openapi-examples-v4/v4-account-lists.json'),
    runs: 100,
  },
  { name: 'v4 list (movies and series, a comment each)', schema: s.v4ListDetails(), body: v4ListBody(), runs: 200 },
  {
    name: 'v4 items answer (one result a row)',
    schema: s.v4ItemResults(),
    body: {
      success: true,
      status_code: 1,
      status_message: 'Success.',
      results: [
        { media_type: 'movie', media_id: 550, success: true },
        { media_type: 'tv', media_id: 1399, success: false, error: ['Media has already been taken'] },
      ],
    },
    runs: 100,
  },
  {
    name: 'watchlist answer',
    schema: s.statusResponse(),
    body: fixture('openapi-examples/account-watchlist-add.json'),
    runs: 100,
  },
];

/**
 * `GET /4/list/{list_id}` as TMDB answers it (facts §11): the list's fields, mixed results, and `comments`
 * keyed "<media_type>:<id>" (null where none). Made from the trending fixture's movies and series.
 */
function v4ListBody(): unknown {
  const results = fixture('openapi-examples/trending-all-day.json').results.slice(0, 6);
  const comments = Object.fromEntries(
    results.map((item: { media_type: string; id: number }, i: number) => [
      `${item.media_type}:${item.id}`,
      i % 2 ? null : `Comment ${i}`,
    ]),
  );
  return {
    id: 8_221_116,
    name: 'Test List',
    description: 'Movies and series',
    public: 0,
    sort_by: 'original_order.asc',
    item_count: results.length,
    comments,
    results,
    page: 1,
    total_pages: 1,
    total_results: results.length,
  };
}

/** A season as the page shows it, and every further 50 as scrolling brings them. */
function everyEpisode(season: s.SeasonDetails, context: RenderContext): string {
  let html = renderSeason(season, context, '2026-11-23');
  for (let from: number | null = 50; from !== null && from < season.episodes.length;) {
    const more = renderEpisodes(season, context, from, '2026-11-23');
    html += more.html;
    from = more.next;
  }
  return html;
}

describe('hardening: generated hostile TMDB answers', function () {
  this.timeout(120_000);
  before(() => console.log(`      ${describeRun()}`));

  for (const target of TARGETS) {
    it(`${target.name}: reading never throws but a TmdbError, rendering never throws, the HTML stays inert (${runs(target.runs)} inputs)`, () => {
      const paths = pathsOf(target.body);
      // The body as TMDB sends it reads: otherwise every mutation would be refused, and prove nothing.
      const unchanged = readAnswer(target.schema, target.body, `GET ${target.name}`, 200);
      assert.ok(unchanged.ok, `the unchanged body reads: ${unchanged.ok ? '' : String(unchanged.error)}`);
      fc.assert(
        fc.property(
          mutations(paths),
          fc.constantFrom(...REGIONS),
          fc.constantFrom(...LOCALES),
          (changes, region, locale) => {
            tally.inputs++;
            const body = mutate(target.body, changes);
            let answer: ReturnType<typeof readAnswer>;
            try {
              answer = readAnswer(target.schema, body, `GET ${target.name}`, 200);
            } catch (error) {
              tally.crashes++;
              throw error;
            }
            if (!answer.ok) {
              tally.refused++;
              assert.ok(answer.error instanceof TmdbError && answer.error.kind === 'invalidResponse');
              return;
            }
            tally.parsed++;
            if (!target.render) return;
            let html: string;
            const started = performance.now();
            try {
              html = target.render(answer.value, { ...ctx, region, locale });
            } catch (error) {
              tally.crashes++;
              throw error;
            }
            const took = performance.now() - started;
            tally.rendered++;
            cost.note(target.name, html.length, took, () => target.render!(answer.value, { ...ctx, region, locale }));
            assert.ok(html.length <= MAX_PAGE_HTML, `${(html.length / 1e6).toFixed(2)} MB of HTML`);
            const problems = unsafeParts(html);
            if (problems.length) tally.unsafe++;
            assert.deepEqual(problems, []);
          },
        ),
        budget(target.runs),
      );
    });
  }

  it(`every page kind, its slowest generated input timed again, renders in ≤ ${MAX_RENDER_MS} ms and ≤ ${MAX_PAGE_HTML / 1e6} MB of HTML`, () => {
    const figures = cost.retime();
    assert.ok(figures.length >= 5, 'the page kinds were rendered above');
    console.log(
      figures
        .map(
          ({ kind, bytes, ms }) =>
            `      ${kind.slice(0, 70)}: ${(bytes / 1e3).toFixed(0)} KB at most, ${ms.toFixed(1)} ms`,
        )
        .join('\n'),
    );
    const slow = figures.filter(({ ms }) => ms > renderBound()).map(({ kind, ms }) => `${kind}: ${ms.toFixed(0)} ms`);
    assert.deepEqual(slow, []);
  });

  it(`the worst answers under the size caps, one a page kind, render in ≤ ${MAX_RENDER_MS} ms and ≤ ${MAX_PAGE_HTML / 1e6} MB of HTML`, () => {
    const figures: string[] = [];
    for (const worst of worstAnswers()) {
      const value = worst.read(JSON.parse(worst.text));
      let html = '';
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        html = worst.render(value);
        best = Math.min(best, performance.now() - started);
      }
      figures.push(`      ${worst.name.slice(0, 70)}: ${(html.length / 1e3).toFixed(0)} KB in ${best.toFixed(1)} ms`);
      assert.ok(html.length <= MAX_PAGE_HTML, `${worst.name}: ${(html.length / 1e6).toFixed(2)} MB of HTML`);
      assert.ok(best <= renderBound(), `${worst.name}: ${best.toFixed(0)} ms (bound ${renderBound()} ms)`);
      assert.deepEqual(unsafeParts(html).slice(0, 3), [], worst.name);
    }
    console.log(figures.join('\n'));
  });

  it('reads a body that is not JSON, or JSON of the wrong shape, as invalidResponse', () => {
    for (const body of [undefined, null, 42, 'text', [], { success: 'yes' }]) {
      const answer = readAnswer(s.movieDetails(), body, 'GET /3/movie/1', 200);
      assert.equal(answer.ok, false);
    }
  });
});

describe('hardening: generated page and host messages', function () {
  this.timeout(60_000);

  const refs = fc.oneof(
    fc.record({
      kind: fc.constantFrom('movie', 'tv', 'person', 'credit', 'collection'),
      id: fc.oneof(
        fc.integer(),
        fc.string(),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }),
      ),
    }),
    fc.anything(),
  );
  /** A season's marks asked for, mostly of the right shape, at and past each bound. */
  const markMessages = fc.oneof(
    fc.record({
      type: fc.constant('markEpisodes'),
      season: fc.integer({ min: -1, max: 3001 }),
      first: fc.integer({ min: -1, max: 20_001 }),
      last: fc.integer({ min: -1, max: 20_001 }),
      watched: fc.oneof(fc.boolean(), fc.constant('yes')),
    }),
    fc.record({
      type: fc.constant('markSeason'),
      season: fc.oneof(fc.integer({ min: -1, max: 3001 }), fc.double()),
      watched: fc.boolean(),
    }),
  );
  const pageMessages = fc.oneof(
    markMessages,
    fc.record({
      type: fc.constantFrom(
        'ready',
        'painted',
        'retry',
        'open',
        'toggleWatchlist',
        'signIn',
        'setToken',
        'loadRecommendations',
        'loadSeason',
        'rate',
        'addToList',
        'markEpisodes',
        'markSeason',
        'rateEpisode',
        'openExternal',
        'eval',
        '__proto__',
      ),
      ref: refs,
      value: fc.oneof(fc.constantFrom(0, 0.5, 7.5, 10, 10.5, 7.25, null), fc.double(), fc.string()),
      page: fc.oneof(fc.integer(), fc.double(), fc.string()),
      season: fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.double(), fc.string()),
      seq: fc.oneof(fc.integer({ min: -3, max: 1e6 }), fc.double(), fc.string()),
      url: fc.constantFrom(...HOSTILE_STRINGS),
      first: fc.oneof(fc.integer({ min: -2, max: 20_002 }), fc.double(), fc.string()),
      last: fc.oneof(fc.integer({ min: -2, max: 20_002 }), fc.double(), fc.string()),
      watched: fc.oneof(fc.boolean(), fc.constant('yes')),
    }),
    fc.anything(),
  );
  /** What a watchlist or favorite toggle may be told. */
  const toggleUi = fc.oneof(
    fc.record(
      {
        state: fc.constantFrom('on', 'off', 'busy', 'signedOut', 'unavailable', 'maybe'),
        pending: fc.constantFrom('on', 'off', 'later'),
        error: fc.oneof(fc.string(), fc.integer()),
      },
      { requiredKeys: ['state'] },
    ),
    fc.anything(),
  );
  /** A season's marks as the host tells them: the right shape, with one field spoiled or not. */
  const episodeMarks = fc
    .tuple(
      fc.record({
        type: fc.constant('episodeMarks'),
        season: fc.integer({ min: 0, max: 3000 }),
        state: fc.constantFrom('shown', 'signedOut', 'unavailable'),
        ranges: fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 })), { maxLength: 5 }),
        count: fc.integer({ min: 0, max: 30 }),
        total: fc.integer({ min: 0, max: 30 }),
        aired: fc.integer({ min: 0, max: 30 }),
        complete: fc.boolean(),
        rated: fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom(0.5, 7, 10)), { maxLength: 4 }),
      }),
      fc.option(
        fc.tuple(
          fc.constantFrom('season', 'state', 'ranges', 'count', 'total', 'aired', 'complete', 'rated'),
          fc.oneof(
            fc.constant(undefined),
            fc.constant(-1),
            fc.double(),
            fc.string(),
            fc.constant([[1]]),
            fc.constant([[1, 11]]),
            fc.constant([[1, 0.25]]),
            fc.constant(null),
          ),
        ),
      ),
    )
    .map(([message, spoil]) => (spoil ? { ...message, [spoil[0]]: spoil[1] } : message));
  const hostMessages = fc.oneof(
    episodeMarks,
    fc.record(
      {
        type: fc.constantFrom(
          'loading',
          'render',
          'error',
          'watchlist',
          'favorite',
          'rating',
          'recommendations',
          'season',
          'location',
          'watched',
          'episodeMarks',
          'eval',
        ),
        title: fc.oneof(fc.string(), fc.integer()),
        // A season's episode to bring into view, and where a panel is and how it came there.
        episode: fc.oneof(fc.integer({ min: -2, max: 5000 }), fc.double(), fc.string()),
        ref: fc.oneof(
          fc.record({ kind: fc.constantFrom('movie', 'tv', 'person', 'box'), id: fc.integer({ min: -1, max: 1e6 }) }),
          fc.anything(),
        ),
        history: fc.oneof(
          fc.record({
            back: fc.array(fc.record({ kind: fc.constantFrom('movie', 'tv'), id: fc.integer({ min: 0, max: 9 }) }), {
              maxLength: 3,
            }),
            forward: fc.oneof(fc.constant([]), fc.anything()),
          }),
          fc.anything(),
        ),
        how: fc.constantFrom('link', 'back', 'forward', 'reload', 3),
        backTitle: fc.oneof(fc.string({ maxLength: 210 }), fc.integer()),
        forwardTitle: fc.oneof(fc.string({ maxLength: 210 }), fc.integer()),
        seq: fc.oneof(fc.integer({ min: -3, max: 1e6 }), fc.double(), fc.string()),
        season: fc.oneof(fc.integer(), fc.double(), fc.string()),
        html: fc.oneof(fc.string(), fc.constant(null)),
        page: fc.oneof(fc.integer(), fc.double(), fc.string()),
        hasMore: fc.oneof(fc.boolean(), fc.constant('yes')),
        watchlist: toggleUi,
        favorite: toggleUi,
        watched: toggleUi,
        // A season's watched marks.
        state: fc.constantFrom('shown', 'signedOut', 'unavailable', 'on'),
        ranges: fc.oneof(
          fc.array(fc.tuple(fc.integer({ min: -1, max: 30 }), fc.integer({ min: 0, max: 30 })), { maxLength: 4 }),
          fc.array(fc.oneof(fc.tuple(fc.integer(), fc.double()), fc.array(fc.integer())), { maxLength: 3 }),
          fc.anything(),
        ),
        count: fc.oneof(fc.integer({ min: -1, max: 50 }), fc.double(), fc.string()),
        total: fc.oneof(fc.integer({ min: -1, max: 50 }), fc.double()),
        complete: fc.oneof(fc.boolean(), fc.constant(1)),
        rating: fc.oneof(
          fc.record(
            {
              state: fc.constantFrom('shown', 'signedOut', 'unavailable', 'on'),
              value: fc.oneof(
                fc.constantFrom(null, 0, 0.5, 8.5, 10, 11, Number.NaN, Number.POSITIVE_INFINITY),
                fc.double(),
                fc.string(),
              ),
              pending: fc.oneof(fc.boolean(), fc.constant('yes')),
              error: fc.oneof(fc.string(), fc.integer()),
            },
            { requiredKeys: ['state'] },
          ),
          fc.anything(),
        ),
      },
      { requiredKeys: ['type'] },
    ),
    fc.anything(),
  );

  it(`the host reads only the page's known messages, and never throws (${runs(1000)} inputs)`, () => {
    fc.assert(
      fc.property(pageMessages, (raw) => {
        tally.messages++;
        const message = parsePageMessage(raw);
        if (message?.type === 'open')
          assert.ok(['movie', 'tv', 'person', 'credit', 'collection'].includes(message.ref.kind));
        if (message?.type === 'painted')
          assert.ok(Number.isSafeInteger(message.seq) && message.seq >= 0, `${message.seq}`);
        if (message?.type === 'rate' && message.value !== null)
          assert.ok(
            message.value >= 0.5 && message.value <= 10 && Number.isInteger(message.value * 2),
            `${message.value}`,
          );
        if (message?.type === 'markEpisodes')
          assert.ok(
            message.first <= message.last && message.first >= 0 && message.last <= 20_000,
            `${message.first}–${message.last}`,
          );
        assert.notEqual((message as { type?: string } | undefined)?.type, 'openExternal', 'no such message any more');
      }),
      budget(1000),
    );
  });

  it(`the page's own check agrees with the host's schema on every message (${runs(1000)} inputs)`, () => {
    fc.assert(
      fc.property(hostMessages, (raw) => {
        tally.messages++;
        assert.equal(
          checkHostMessage(raw) !== undefined,
          hostMessage().safeParse(raw).success,
          JSON.stringify(raw)?.slice(0, 300),
        );
      }),
      budget(1000),
    );
  });

  after(() => {
    console.log(
      `      hardening figures: ${tally.inputs} TMDB answers tried (${tally.parsed} read, ${tally.refused} refused as invalidResponse, ` +
        `${tally.rendered} rendered), ${tally.messages} messages; ${tally.crashes} crashes, ${tally.unsafe} unsafe outputs`,
    );
  });
});
