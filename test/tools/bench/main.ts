// npm run bench: figures measured side by side in one run, printed with their ratios. No assertions:
// these machines are shared and noisy, so the figures are for reading, not for failing a build.
import '../../../src/deferredEntry';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TmdbClient } from '../../../src/tmdb/client';
import { DEFAULT_REQUESTS_PER_SECOND } from '../../../src/tmdb/call';
import * as s from '../../../src/tmdb/schemas';
import { PagedSource } from '../../../src/tree/pagedSource';
import type { RenderContext } from '../../../src/features/titles/html/markup';
import { renderMovie } from '../../../src/features/titles/html/movie';
import { renderTv } from '../../../src/features/titles/html/series';
import { READ_TOKEN } from '../../support/fixtures';
import { hostileAnswers } from './hostile';
import { editorTextCost } from './editorText';
import { clientFloor, clientFloorInHostNode, httpSideBySide, loadAverage, row } from './http';
import { median } from './stats';
import { firstUse, startup } from './startup';
import { upNextCost } from './upNext';
import { importCost } from './importCost';
import { importShapes } from './importShapes';
import { fightClubAnswer, fixture } from '../../tmdb-server/catalogue';
import { TmdbStandIn } from '../../tmdb-server/server';

const ROOT = join(__dirname, '..', '..', '..', '..');

function time(iterations: number, run: () => unknown): number {
  for (let i = 0; i < Math.min(50, iterations); i++) run();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) run();
  return ((performance.now() - start) * 1000) / iterations; // µs per run
}

async function main(): Promise<void> {
  console.log(`node ${process.version}, ${new Date().toISOString()}, ${loadAverage()}\n`);

  console.log('Validation cost: JSON.parse alone vs JSON.parse + the zod schema');
  const cases: Array<[string, string, { parse(v: unknown): unknown }]> = [
    ['trending people page (60 KB, 20 people)', 'openapi-examples/trending-person-day.json', s.trendingPeople()],
    ['list details (72 KB, 59 items)', 'openapi-examples/list-details.json', s.listDetails()],
    ['TV series (8 KB)', 'live-captures/tv-details.json', s.tvSeries()],
    ['release dates (18 KB)', 'live-captures/movie-release-dates.json', s.releaseDates()],
  ];
  for (const [name, file, schema] of cases) {
    const text = JSON.stringify(fixture(file));
    const plain = time(500, () => JSON.parse(text));
    const validated = time(500, () => schema.parse(JSON.parse(text)));
    row(
      `  ${name}`,
      `${validated.toFixed(0)} µs`,
      `JSON.parse ${plain.toFixed(0)} µs, ratio ${(validated / plain).toFixed(2)}x`,
    );
  }

  console.log('\nRendering panel HTML');
  const ctx: RenderContext = {
    imageBaseUrl: 'https://image.tmdb.org/t/p',
    webBaseUrl: 'https://www.themoviedb.org',
    region: 'US',
    locale: 'en-US',
  };
  const movie = s.movieDetails().parse(fightClubAnswer());
  const series = s.tvSeries().parse(fixture('live-captures/tv-details.json'));
  row(
    '  movie panel (Fight Club, all sections)',
    `${time(300, () => renderMovie(movie, ctx)).toFixed(0)} µs`,
    `${(renderMovie(movie, ctx).length / 1024).toFixed(0)} KB of HTML`,
  );
  row(
    '  series panel (Game of Thrones)',
    `${time(300, () => renderTv(series, ctx)).toFixed(0)} µs`,
    `${(renderTv(series, ctx).length / 1024).toFixed(0)} KB of HTML`,
  );

  console.log(
    '\nWorst case (issue 10): 300 keywords, 10,000 sparse credits, 60 countries; medians of 15, interleaved with Fight Club',
  );
  const fightClubText = JSON.stringify(fightClubAnswer());
  const worst = JSON.parse(fightClubText);
  worst.keywords.keywords = Array.from({ length: 300 }, (_, i) => ({ id: i, name: `keyword number ${i}` }));
  worst.credits = {
    cast: Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      name: `Cast ${i}`,
      character: `Role ${i}`,
      credit_id: (i + 1e23).toString(16).padStart(24, '0').slice(-24),
    })),
    crew: Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      name: `Crew ${i}`,
      job: 'Grip',
      department: 'Crew',
      credit_id: 'c'.repeat(24),
    })),
  };
  const codes = [
    'US',
    'GB',
    'FR',
    'DE',
    'IT',
    'ES',
    'JP',
    'KR',
    'CN',
    'IN',
    'BR',
    'MX',
    'AR',
    'CA',
    'AU',
    'NZ',
    'SE',
    'NO',
    'DK',
    'FI',
    'NL',
    'BE',
    'AT',
    'CH',
    'PL',
    'CZ',
    'HU',
    'RO',
    'BG',
    'GR',
    'TR',
    'IL',
    'EG',
    'ZA',
    'NG',
    'KE',
    'SA',
    'AE',
    'RU',
    'UA',
    'PT',
    'IE',
    'IS',
    'LT',
    'LV',
    'EE',
    'SK',
    'SI',
    'HR',
    'RS',
    'TH',
    'VN',
    'PH',
    'ID',
    'MY',
    'SG',
    'TW',
    'HK',
    'CL',
    'CO',
  ];
  worst.release_dates.results = codes.map((code) => ({
    iso_3166_1: code,
    release_dates: [1, 3, 4].map((type) => ({
      certification: '12',
      descriptors: [],
      iso_639_1: '',
      note: 'Festival',
      release_date: '1999-10-15T00:00:00.000Z',
      type,
    })),
  }));
  const worstText = JSON.stringify(worst);
  const samples = {
    worstValidate: [] as number[],
    worstRender: [] as number[],
    fcValidate: [] as number[],
    fcRender: [] as number[],
  };
  const once = (run: () => unknown) => {
    const start = performance.now();
    run();
    return performance.now() - start;
  };
  const worstMovie = s.movieDetails().parse(JSON.parse(worstText));
  for (let i = 0; i < 15; i++) {
    samples.worstValidate.push(once(() => s.movieDetails().parse(JSON.parse(worstText))));
    samples.fcValidate.push(once(() => s.movieDetails().parse(JSON.parse(fightClubText))));
    samples.worstRender.push(once(() => renderMovie(worstMovie, ctx)));
    samples.fcRender.push(once(() => renderMovie(movie, ctx)));
  }
  row(
    `  worst page: JSON.parse + validate (${(worstText.length / 1024 / 1024).toFixed(1)} MB)`,
    `${median(samples.worstValidate).toFixed(1)} ms`,
    `target < 100 ms; Fight Club ${median(samples.fcValidate).toFixed(1)} ms`,
  );
  row(
    `  worst page: render (${(renderMovie(worstMovie, ctx).length / 1024).toFixed(0)} KB of HTML)`,
    `${median(samples.worstRender).toFixed(1)} ms`,
    `target < 50 ms; Fight Club ${median(samples.fcRender).toFixed(1)} ms`,
  );

  await hostileAnswers();
  editorTextCost();
  await httpSideBySide();
  await clientFloor();
  await clientFloorInHostNode();
  await upNextCost();
  await importCost();
  importShapes();
  startup();
  firstUse();

  const server = new TmdbStandIn({ readToken: READ_TOKEN, rateLimit: 0 });
  const url = await server.start(0);
  console.log(
    `\nSelf-throttling (${DEFAULT_REQUESTS_PER_SECOND}/s) against a stand-in limited to 40 requests/s (TMDB's ceiling), 120 different pages asked at once`,
  );
  server.setRateLimit(40);
  const throttled = new TmdbClient({
    settings: () => ({ apiBaseUrl: url, language: 'en-US', region: 'US', includeAdult: false }),
    apiToken: async () => READ_TOKEN,
    session: async () => undefined,
    memoryBudgetBytes: 0, // keeps nothing: every call is a request
  });
  server.requests.length = 0;
  const burstStart = performance.now();
  await Promise.all(Array.from({ length: 120 }, (_, i) => throttled.trendingPeople('day', i + 1)));
  const burst = (performance.now() - burstStart) / 1000;
  const refused = server.requests.filter((r) => r.status === 429).length;
  row(
    '  all 120 answered in',
    `${burst.toFixed(2)} s`,
    `${refused} answered 429 (want 0), ${(120 / burst).toFixed(1)} requests/s`,
  );
  await server.stop();

  console.log('\nMemory: Trending People paged to 500 people (25 pages) in a PagedSource');
  const page = s.trendingPeople().parse(fixture('openapi-examples/trending-person-day.json'));
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const source = new PagedSource(async (n) => ({ ...page, page: n, results: structuredClone(page.results) }));
  for (let i = 0; i < 25; i++) await source.loadMore();
  global.gc?.();
  const grown = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
  row(
    '  heap growth',
    `${grown.toFixed(1)} MB`,
    `${source.items.length} people, ${((grown * 1024) / source.items.length).toFixed(1)} KB each${global.gc ? '' : ' (run with --expose-gc for steadier figures)'}`,
  );

  console.log('\nWhat ships');
  const size = (file: string) => `${(statSync(join(ROOT, 'dist', file)).size / 1024).toFixed(0)} KB`;
  row('  dist/extension.js (minified; loaded at start-up)', size('extension.js'));
  row('  dist/schemasAndPages.js (zod, schemas, ofetch, page builders; on first use)', size('schemasAndPages.js'));
  row('  dist/firstUse.js (host code of the first import, page, chat tool, card; on first use)', size('firstUse.js'));
  row('  dist/web/extension.js (VS Code for the Web: one file, loaded at start-up)', size(join('web', 'extension.js')));
  try {
    row('  the VSIX', `${(statSync(join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix')).size / 1024).toFixed(0)} KB`);
  } catch {
    row('  the VSIX', 'not built', '(npm run package)');
  }
  console.log(`\n${loadAverage()} at the end`);
}

void main();
