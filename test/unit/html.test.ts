import * as assert from 'node:assert/strict';
import type * as Parse5 from 'parse5' with { 'resolution-mode': 'import' };
import * as s from '../../src/tmdb/schemas';
import { MAX_PROSE } from '../../src/tmdb/schemas/fields';
import { renderCredit } from '../../src/features/titles/html/credit';
import { escapeHtml } from '../../src/common/escapeHtml';
import { safeUrl, type RenderContext } from '../../src/features/titles/html/markup';
import { groupReleaseDates, renderMovie } from '../../src/features/titles/html/movie';
import { renderPerson } from '../../src/features/titles/html/person';
import { renderEpisodes, renderSeason, renderTv } from '../../src/features/titles/html/series';
import { contentSecurityPolicy, shellHtml } from '../../src/pageHost/shell';
import { renderError } from '../../src/features/titles/html/notices';
import { scoreGauge, videosSection, whereToWatch } from '../../src/features/titles/html/titleParts';
import { videoUrl } from '../../src/model/videos';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';
import { pageContext } from '../support/renderContext';

// parse5 is an ES module; Node 20.19+ loads it with require().

const { parse }: typeof Parse5 = require('parse5');
interface Parse5Node {
  nodeName: string;
  value?: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Parse5Node[];
}

/** A parsed document's nodes, in document order. */
function* nodesOf(node: Parse5Node): Generator<Parse5Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* nodesOf(child);
}

const ctx: RenderContext = pageContext();

/** Fight Club with its appended keywords, release dates, recommendations and credits, as one request returns it. */
function fightClub(era: 'live' | 'openapi' = 'live') {
  const base =
    era === 'live' ? fixture('live-captures/movie-details.json') : fixture('openapi-examples/movie-details-550.json');
  const dir = era === 'live' ? 'live-captures' : 'openapi-examples';
  return s.movieDetails().parse({
    ...base,
    keywords: { keywords: fixture(`${dir}/movie-keywords${era === 'live' ? '' : '-550'}.json`).keywords },
    release_dates: { results: fixture(`${dir}/movie-release-dates${era === 'live' ? '' : '-550'}.json`).results },
    recommendations: fixture('live-captures/movie-recommendations.json'),
    credits: fixture('live-captures/movie-credits.json'),
  });
}

/** Markup that must come out as text: the rendered HTML holds no element or attribute from it. */
const EVIL = `<img src=x onerror=alert(1)>"'&</script><script>alert(2)</script>\u202Eعربي`;

function assertInert(html: string) {
  assert.ok(!html.includes('<script'), 'a script element');
  // Attribute values are quoted and quotes in text are escaped, so dropping values leaves only real markup.
  const markup = html.replace(/"[^"]*"/g, '""');
  assert.ok(!/<[^>]*\son\w+\s*=/i.test(markup), 'an event handler attribute');
  assert.ok(!/<(iframe|object|embed|form|base|meta http-equiv="refresh")/i.test(markup), 'an embedding element');
  assert.ok(!html.includes('</script>'), 'a script end tag');
  assert.ok(!/\sstyle=/.test(html), 'an inline style attribute (the CSP forbids it)');
  assert.ok(!/javascript:/i.test(html), 'a javascript: URL');
}

describe('panel HTML', () => {
  describe('from every real fixture', () => {
    for (const name of [
      'live-captures/tv-details.json',
      'live-captures/tv-details-complex.json',
      'openapi-examples/tv-details-1399.json',
    ]) {
      it(`renders the series in ${name}`, () => {
        const series = s.tvSeries().parse(fixture(name));
        const html = renderTv(series, ctx);
        assert.ok(html.includes(escapeHtml(series.name)));
        for (const season of series.seasons) {
          assert.ok(
            html.includes(escapeHtml(season.season_number === 0 ? 'Specials' : season.name)),
            `season ${season.season_number}`,
          );
        }
        for (const network of series.networks) assert.ok(html.includes(escapeHtml(network.name)));
        assertInert(html);
      });
    }

    it('renders every field of Game of Thrones a reader wants', () => {
      const html = renderTv(s.tvSeries().parse(fixture('live-captures/tv-details.json')), ctx);
      for (const text of [
        'Game of Thrones',
        'Specials',
        'Season 1',
        'HBO',
        'Ended',
        'Scripted',
        'Last episode',
        'User score',
        'Open on TMDB',
        'David Benioff',
      ]) {
        assert.ok(html.includes(text), text);
      }
      assert.ok(html.includes('https://image.tmdb.org/t/p/w342/'), 'poster at a panel size');
      assert.ok(!html.includes('/original/'), 'never the original size');
      assert.match(html, /<dt>Countries<\/dt><dd>United Kingdom, United States<\/dd>/, 'each country once');
    });

    for (const era of ['live', 'openapi'] as const) {
      it(`renders the ${era} movie with keywords, release dates and recommendations`, () => {
        const movie = fightClub(era);
        const html = renderMovie(movie, ctx);
        assert.ok(html.includes('Fight Club'));
        for (const keyword of movie.keywords!.keywords)
          assert.ok(html.includes(escapeHtml(keyword.name)), keyword.name);
        assert.ok(html.includes('id="release-dates"'));
        assert.ok(html.includes(escapeHtml(movie.recommendations!.results[0]!.title)));
        assert.ok(html.includes('data-action="more-recommendations" data-page="2"'));
        assertInert(html);
      });
    }

    it("puts the user's region first in release dates, with type names and dates in their locale", () => {
      const movie = fightClub();
      const groups = groupReleaseDates(movie.release_dates!.results, 'DE', 'en-US');
      assert.equal(groups[0]!.code, 'DE');
      const names = groups.slice(1).map((g) => g.name);
      assert.deepEqual(
        names,
        [...names].sort((a, b) => a.localeCompare(b, 'en-US')),
      );
      const html = renderMovie(movie, { ...ctx, region: 'DE' });
      assert.match(html, /Germany <span class="badge">your region<\/span>/);
      assert.ok(html.includes('Theatrical'));
      const french = renderMovie(movie, { ...ctx, locale: 'fr-FR' });
      assert.match(french, /nov\. 1999|oct\. 1999/, 'dates in the French locale');
    });

    it('renders a page whatever the region setting holds: no prototype key reaches a lookup', () => {
      const movie = s
        .movieDetails()
        .parse({ ...fightClubAnswer(), 'watch/providers': fixture('openapi-examples/movie-watch-providers.json') });
      for (const region of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
        const html = renderMovie(movie, { ...ctx, region });
        assert.ok(html.includes('Fight Club'), region);
      }
    });

    it('renders both credit fixtures and a movie credit', () => {
      for (const name of ['openapi-examples/credit-details.json', 'live-captures/credit-details.json']) {
        const credit = s.creditDetails().parse(fixture(name));
        const html = renderCredit(credit, ctx);
        assert.ok(html.includes(escapeHtml(credit.person.name)));
        assert.ok(html.includes(`data-kind="tv" data-id="${credit.media.id}"`), 'links to the series');
        assert.ok(html.includes(`data-kind="person" data-id="${credit.person.id}"`), 'links to the person');
        assertInert(html);
      }
    });

    it('renders both person fixtures', () => {
      for (const name of ['openapi-examples/person-details.json', 'live-captures/person-details.json']) {
        const person = s.personDetails().parse(fixture(name));
        const html = renderPerson(person, ctx);
        assert.ok(html.includes(escapeHtml(person.name)));
        assertInert(html);
      }
    });
  });

  describe('adversarial strings', () => {
    it('renders markup, quotes, </script>, right-to-left and very long text inert', () => {
      const series = s.tvSeries().parse({
        ...fixture('live-captures/tv-details.json'),
        name: EVIL,
        tagline: EVIL,
        overview: EVIL.repeat(2000),
        homepage: 'javascript:alert(1)',
        genres: [{ id: 1, name: EVIL }],
        networks: [{ id: 1, name: EVIL, logo_path: '/x"onerror="alert(1).png', origin_country: 'US' }],
      });
      const html = renderTv(series, ctx);
      assertInert(html);
      assert.ok(html.includes('&#60;img src=x onerror=alert(1)&#62;&#34;&#39;&#38;&#60;/script&#62;'));
      assert.ok(!html.includes('Homepage'), 'a javascript: homepage is not linked');
      // Long text is cut where it is read (at MAX_PROSE characters, with "…"), its whole on TMDB's page.
      assert.ok(series.overview.length === MAX_PROSE && series.overview.endsWith('…'), 'cut with "…"');
      assert.ok(html.includes(escapeHtml(series.overview)), 'and shown as cut');
    });

    it('escapes a movie whose every text is hostile', () => {
      const movie = s.movieDetails().parse({
        ...fixture('live-captures/movie-details.json'),
        title: EVIL,
        overview: EVIL,
        keywords: { keywords: [{ id: 1, name: EVIL }] },
        release_dates: {
          results: [
            {
              iso_3166_1: 'US',
              release_dates: [
                {
                  certification: EVIL,
                  note: EVIL,
                  release_date: '1999-10-15T00:00:00.000Z',
                  type: 3,
                  descriptors: [EVIL],
                },
              ],
            },
          ],
        },
      });
      assertInert(renderMovie(movie, ctx));
    });

    it('escapes error messages', () => {
      assertInert(renderError(EVIL, true));
    });

    it('allows only http(s) links', () => {
      assert.equal(safeUrl('javascript:alert(1)'), undefined);
      assert.equal(safeUrl('data:text/html,x'), undefined);
      assert.equal(safeUrl('/relative'), undefined);
      assert.equal(safeUrl('https://www.hbo.com/game-of-thrones'), 'https://www.hbo.com/game-of-thrones');
    });
  });

  describe('videos', () => {
    const video = (over: Partial<s.Video>): s.Video => ({
      key: 'abc',
      site: 'YouTube',
      type: 'Clip',
      name: 'A clip',
      official: false,
      published_at: null,
      ...over,
    });

    it("puts Fight Club's official trailer first, each a YouTube link opened in the browser", () => {
      const movie = s
        .movieDetails()
        .parse({ ...fightClubAnswer(), videos: fixture('openapi-examples/movie-videos.json') });
      const html = videosSection(movie.videos?.results);
      const links = [...html.matchAll(/<a href="([^"]+)" data-external="true">([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
      assert.deepEqual(links[0], ['https://www.youtube.com/watch?v=BdJKm16Co6M', '#TBT Trailer']);
      assert.equal(links.length, 2);
      assert.match(renderMovie(movie, ctx), /<section id="videos"/);
    });

    it('orders official trailers, trailers, teasers, clips, then the rest, and the series page has them', () => {
      const series = s
        .tvSeries()
        .parse({ ...fixture('live-captures/tv-details.json'), videos: fixture('openapi-examples/tv-videos.json') });
      const html = renderTv(series, ctx);
      const types = [...html.matchAll(/<span class="muted">([^<]+) · YouTube<\/span>/g)].map((m) => m[1]);
      assert.equal(types[0], 'Trailer');
      assert.ok(types.length === 5 || html.includes('Show all 5 videos'));
      const order = videosSection([
        video({ type: 'Clip', key: 'c' }),
        video({ type: 'Teaser', key: 't' }),
        video({ type: 'Trailer', key: 'u' }),
        video({ type: 'Trailer', key: 'o', official: true }),
      ]);
      assert.deepEqual(
        [...order.matchAll(/watch\?v=(\w)/g)].map((m) => m[1]),
        ['o', 'u', 't', 'c'],
      );
    });

    it('links only YouTube and Vimeo, by site and key, and nothing when there is nothing to play', () => {
      assert.equal(videoUrl({ site: 'Vimeo', key: '76979871' }), 'https://vimeo.com/76979871');
      assert.equal(videoUrl({ site: 'YouTube', key: 'abc"><script>' }), undefined);
      assert.equal(videoUrl({ site: 'Vimeo', key: 'not-a-number' }), undefined);
      assert.equal(videoUrl({ site: 'Dailymotion', key: 'x7tgad0' }), undefined);
      assert.equal(videosSection([video({ site: 'Dailymotion' })]), '');
      assert.equal(videosSection(undefined), '');
      assertInert(videosSection([video({ name: EVIL })]));
    });
  });

  describe('a season opened in place', () => {
    const season = () => s.seasonDetails().parse(fixture('openapi-examples/tv-season-details.json'));

    it("lists Game of Thrones' first season: number, name, date, runtime, score, still; the last aired marked", () => {
      const html = renderSeason(season(), ctx, '2026-11-22');
      assert.match(html, /Season 1 · 10 episodes/);
      assert.match(html, /<h3>E1: Winter Is Coming<\/h3>/);
      assert.match(html, /Apr 17, 2011 · 62 min · Score \d\.\d/);
      assert.match(html, /E10: Fire and Blood <span class="badge">Last aired<\/span>/);
      assert.ok(html.includes('https://image.tmdb.org/t/p/w300/'), 'stills');
      // Each row's watched checkbox, named for its episode, and the season's marks above them (drawn by the page).
      assert.match(
        html,
        /<label class="episode-mark unread"><input type="checkbox" data-action="mark-episode" data-season="1" data-episode="3" aria-label="Watched: E3: Lord Snow"> Watched<\/label>/,
      );
      assert.match(html, /<p id="season-marks" class="season-marks unread" data-season="1">/);
    });

    it('shows an episode not aired yet by its date, never a score, and marks the next one', () => {
      const html = renderSeason(season(), ctx, '2011-04-20');
      assert.match(html, /E1: Winter Is Coming <span class="badge">Last aired<\/span>/);
      assert.match(
        html,
        /E2: The Kingsroad <span class="badge">Next<\/span><\/h3><p class="episode-marks">.*?<\/p><p class="muted">Apr 24, 2011 · 56 min<\/p>/,
      );
      assert.ok(
        !/E3: [^<]*<\/h3><p class="episode-marks">[^]*?<\/p><p class="muted">[^<]*Score/.test(html),
        'no score before it airs',
      );
    });

    it('shows a thousand-episode season 50 at a time, and the series page opens seasons with one click', () => {
      const long = s.seasonDetails().parse({
        id: 1,
        name: '',
        season_number: 3,
        episodes: Array.from({ length: 1000 }, (_, i) => ({
          id: i + 1,
          name: `Day ${i + 1}`,
          episode_number: i + 1,
          air_date: '2001-01-01',
        })),
      });
      const html = renderSeason(long, ctx);
      assert.equal(html.split('class="episode-row').length - 1, 50, 'the first 50 only');
      assert.match(html, /Season 3 · 1,000 episodes/);
      assert.match(
        html,
        /<p class="more-episodes"><button type="button" class="secondary" data-action="more-episodes" data-season="3" data-from="50">More episodes \(950 left\)<\/button><\/p>/,
      );
      const next = renderEpisodes(long, ctx, 50);
      assert.equal(next.next, 100);
      assert.match(next.html, /^<li class="episode-row" data-episode="51"><[^]*E51: Day 51/);
      assert.equal(next.html.split('class="episode-row').length - 1, 50);
      const last = renderEpisodes(long, ctx, 950, '2026-01-01');
      assert.equal(last.next, null, 'none left');
      assert.match(
        last.html,
        /E1000: Day 1000 <span class="badge">Last aired<\/span>/,
        'marks come from the whole season',
      );
      const short = renderSeason(s.seasonDetails().parse(fixture('openapi-examples/tv-season-details.json')), ctx);
      assert.match(short, /<p class="more-episodes" hidden>/, 'a season of 10 has no More button to press');
      const page = renderTv(s.tvSeries().parse(fixture('live-captures/tv-details.json')), ctx);
      assert.match(
        page,
        /<button type="button" class="season-open" data-action="open-season" data-season="1" aria-expanded="false" aria-controls="season-episodes">/,
      );
      assert.ok(page.includes('id="season-episodes"'));
      assertInert(
        renderSeason(
          s.seasonDetails().parse({
            id: 1,
            name: EVIL,
            season_number: 1,
            episodes: [{ id: 1, name: EVIL, overview: EVIL, episode_number: 1 }],
          }),
          ctx,
        ),
      );
    });
  });

  describe('where to watch', () => {
    const providers = () => s.watchProviders().parse(fixture('openapi-examples/movie-watch-providers.json'));

    it("shows the region's offers with logos and names, TMDB's watch page for it, and credits JustWatch", () => {
      const html = whereToWatch(ctx, providers());
      assert.match(html, /<section id="where-to-watch"/);
      assert.match(
        html,
        /<h3>Rent<\/h3><ul class="providers"><li><img class="provider-logo" data-src="https:\/\/image.tmdb.org\/t\/p\/w92\/5NyLm42TmCqCMOZFvH4fcoSNKEW.jpg" alt="Amazon Video"[^>]*><span>Amazon Video<\/span>/,
      );
      assert.ok(
        html.includes('href="https://www.themoviedb.org/movie/550-fight-club/watch?locale=US"'),
        "TMDB's page for the country",
      );
      assert.ok(html.includes('Data from JustWatch.'));
      const movie = s
        .movieDetails()
        .parse({ ...fightClubAnswer(), 'watch/providers': fixture('openapi-examples/movie-watch-providers.json') });
      assert.ok(renderMovie(movie, ctx).includes('id="where-to-watch"'));
    });

    it('says when the region has no data and names the countries that have some', () => {
      const html = whereToWatch({ ...ctx, region: 'AQ' }, providers());
      assert.match(html, /No data for Antarctica/);
      assert.ok(html.includes('<li>Germany</li>') || html.includes('Show all'), 'the countries with data');
      assert.ok(html.includes('Data from JustWatch.'));
      assert.equal(whereToWatch(ctx, undefined), '');
      assert.equal(whereToWatch(ctx, { results: {} }), '');
    });

    it("links TMDB's watch page only when it is on TMDB's site, as its label says", () => {
      for (const link of [
        'https://evil.example/phish',
        'https://www.themoviedb.org.evil.example/x',
        'http://www.themoviedb.org/movie/550/watch',
        'https://user@evil.example/',
      ]) {
        const html = whereToWatch(
          ctx,
          s.watchProviders().parse({
            results: { US: { link, flatrate: [{ provider_id: 8, provider_name: 'Netflix', logo_path: null }] } },
          }),
        );
        assert.ok(html.includes('Netflix'), 'the offers still show');
        assert.ok(!html.includes('All offers in'), `no link for ${link}`);
      }
    });

    it('reads a country whose entry is broken as absent, not the whole answer', () => {
      const parsed = s
        .watchProviders()
        .parse({ results: { US: { link: 'x', rent: 'nope' }, DE: 42, xx: {}, FR: { link: 'https://example.org' } } });
      assert.deepEqual(Object.keys(parsed.results).sort(), ['FR', 'US']);
      assert.deepEqual(parsed.results.US?.rent, []);
      assertInert(
        whereToWatch(
          ctx,
          s.watchProviders().parse({
            results: {
              US: { link: 'javascript:alert(1)', buy: [{ provider_id: 1, provider_name: EVIL, logo_path: null }] },
            },
          }),
        ),
      );
    });
  });

  describe('the shell', () => {
    const shell = shellHtml({
      ref: { kind: 'movie', id: 550 },
      nonce: 'abc123',
      script: 'const page = "</script><script>alert(1)</script>";',
      style: 'main { color: red } /* </style><script>alert(2)</script> */',
      logo: '<svg role="img" aria-label="TMDB"></svg>',
      imageOrigin: 'https://image.tmdb.org',
      title: EVIL,
      language: 'de-CH',
    });

    it('has a strict Content-Security-Policy', () => {
      const csp = contentSecurityPolicy({ nonce: 'abc123', imageOrigin: 'https://image.tmdb.org' });
      assert.match(csp, /^default-src 'none'/);
      assert.match(csp, /img-src https:\/\/image.tmdb.org;/);
      assert.match(csp, /script-src 'nonce-abc123'/);
      assert.match(csp, /style-src 'nonce-abc123'/);
      assert.ok(!csp.includes('unsafe'));
      assert.ok(shell.includes(escapeHtml(csp)));
    });

    it('inlines its one script and its stylesheet by nonce (no request while it boots), shows a loading state and the TMDB attribution', () => {
      // Read as the webview reads it: one script and one style element, each holding all of its text.
      const elements: Array<{ tag: string; nonce?: string; text: string }> = [];
      const fetched: string[] = [];
      for (const node of nodesOf(parse(shell) as unknown as Parse5Node)) {
        for (const attr of node.attrs ?? [])
          if (attr.name === 'src' || attr.name === 'href') fetched.push(`${node.nodeName} ${attr.value}`);
        if (node.nodeName === 'script' || node.nodeName === 'style') {
          const text = (node.childNodes ?? []).map((child) => child.value ?? '').join('');
          elements.push({ tag: node.nodeName, nonce: node.attrs?.find((attr) => attr.name === 'nonce')?.value, text });
        }
      }
      assert.deepEqual(fetched, [], 'nothing to fetch while the page boots (not even the logo)');
      assert.deepEqual(
        elements.map(({ tag, nonce }) => [tag, nonce]),
        [
          ['style', 'abc123'],
          ['script', 'abc123'],
        ],
      );
      assert.equal(elements[0]!.text, 'main { color: red } /* <\\/style><script>alert(2)</script> */');
      assert.equal(elements[1]!.text, 'const page = "<\\/script><script>alert(1)<\\/script>";');
      assert.ok(shell.includes('Loading from TMDB'));
      assert.ok(shell.includes('This product uses the TMDB API but is not endorsed or certified by TMDB.'));
      assertInert(
        shell.replace(/<script nonce="abc123">[^]*?<\/script>/, '').replace(/<style nonce="abc123">[^]*?<\/style>/, ''),
      );
    });

    it('starts with the content instead of "Loading…" when it is in hand, numbered like the message it stands for', () => {
      const html = renderMovie(fightClub(), ctx);
      const withContent = shellHtml({
        ref: { kind: 'movie', id: 550 },
        nonce: 'n',
        script: '',
        style: '',
        logo: '',
        imageOrigin: undefined,
        title: 'TMDB',
        language: 'en',
        content: { type: 'render', seq: 3, title: 'Fight Club', html },
      });
      const main = [...nodesOf(parse(withContent) as unknown as Parse5Node)].find((node) => node.nodeName === 'main');
      const attrs = Object.fromEntries((main?.attrs ?? []).map((attr) => [attr.name, attr.value]));
      assert.deepEqual([attrs['data-shown'], attrs['data-seq'], attrs['aria-busy']], ['render', '3', 'false']);
      assert.ok(withContent.includes(html));
      assert.ok(
        !withContent.includes('class="state loading"') && shell.includes('class="state loading"'),
        'no loading state',
      );
    });
  });

  it('draws the score as a gauge and says when there are no votes', () => {
    assert.match(scoreGauge(8.4, 21000, 'en-US'), /84%/);
    assert.match(scoreGauge(8.4, 21000, 'en-US'), /21,000 votes/);
    assert.match(scoreGauge(0, 0, 'en-US'), /Not rated yet/);
  });

  describe('as a reader meets it', () => {
    it('names the original language in the display language, not as a code', () => {
      const movie = renderMovie(fightClub(), ctx);
      assert.match(movie, /<dt>Original language<\/dt><dd>English<\/dd>/);
      const german = renderMovie(fightClub(), { ...ctx, locale: 'de' });
      assert.match(german, /<dd>Englisch<\/dd>/);
    });

    it('puts overview, cast and recommendations before keywords and the (complete) release dates', () => {
      const html = renderMovie(fightClub(), ctx);
      const at = (text: string) => html.indexOf(text);
      assert.ok(at('<h2>Overview') < at('<h2>Cast') && at('<h2>Cast') < at('<h2>Recommendations'));
      assert.ok(at('<h2>Recommendations') < at('<h2>Keywords') && at('<h2>Keywords') < at('<h2>Release dates'));
      assert.ok(html.includes('<td class="date">'), 'dates do not wrap');
    });

    it('says who made the movie near the top: the key crew, each a link to the person, each person once', () => {
      const html = renderMovie(fightClub(), ctx);
      const crew = /<section id="crew"[^>]*><h2>Key crew<\/h2>(.*?)<\/section>/s.exec(html)?.[1] ?? '';
      // As TMDB's page: the director first, then the writing, the music, the camera, the cutting, the producers.
      const rows = [...crew.matchAll(/data-id="(\d+)"[^>]*>([^<]+)<\/a> <span class="muted">([^<]+)<\/span>/g)].map(
        ([, id, name, jobs]) => `${name} (${id}): ${jobs}`,
      );
      assert.deepEqual(rows.slice(0, 4), [
        'David Fincher (7467): Director',
        'Jim Uhls (7469): Screenplay',
        'Chuck Palahniuk (7468): Novel',
        'John King (7477): Original Music Composer',
      ]);
      for (const job of ['Director of Photography', 'Editor', 'Producer'])
        assert.ok(
          rows.some((row) => row.endsWith(`: ${job}`)),
          job,
        );
      assert.equal(new Set(rows.map((row) => row.split(':')[0])).size, rows.length, 'each person once');
      assert.ok(html.indexOf('<h2>Key crew') < html.indexOf('<h2>Cast'), 'before the cast');
      // In German, the jobs are named in German.
      const german = renderMovie(fightClub(), { ...ctx, locale: 'de' });
      assert.match(german, /David Fincher<\/a> <span class="muted">[^<]+<\/span>/);
    });

    it('keeps the whole crew behind a fold, department by department, each person once a department', () => {
      const movie = fightClub();
      const html = renderMovie(movie, ctx);
      const whole = /<details class="more whole-crew"><summary>([^<]+)<\/summary>(.*?)<\/details>/s.exec(html);
      assert.ok(whole, 'the fold');
      const people = new Set(movie.credits!.crew.map((member) => member.id)).size;
      assert.equal(whole[1], `The whole crew (${people} people)`);
      const departments = [...whole[2]!.matchAll(/<h3>([^<]+)<\/h3>/g)].map((match) => match[1]!.replace('&#38;', '&'));
      assert.deepEqual(departments.slice(0, 3), ['Directing', 'Writing', 'Production']);
      assert.equal(new Set(departments).size, departments.length, 'each department once');
      assert.deepEqual(
        new Set(departments),
        new Set(movie.credits!.crew.map((member) => member.department)),
        'every department',
      );
    });

    it('shows a credit without raw values: no "cast" code, no credit id, and its poster captioned', () => {
      const credit = s.creditDetails().parse(fixture('live-captures/credit-details.json'));
      const html = renderCredit(credit, ctx);
      assert.ok(!html.includes(credit.id), 'the 24-character credit id');
      assert.ok(!/Credit type|Credit · cast/.test(html));
      assert.match(
        html,
        /<figure class="media-figure"><img[^>]+class="media-poster"|<figure class="media-figure"><div class="media-poster/,
      );
      assert.match(html, /<figcaption><a [^>]*data-kind="tv"/);
    });

    it('lines companies up whether or not they have a logo', () => {
      const series = s.tvSeries().parse(fixture('live-captures/tv-details.json'));
      const html = renderTv(
        {
          ...series,
          production_companies: [
            { id: 1, name: 'With', logo_path: '/a.png', origin_country: '' },
            { id: 2, name: 'Without', logo_path: null, origin_country: '' },
          ],
        } as never,
        ctx,
      );
      const companies = html.slice(html.indexOf('Production companies'));
      assert.equal(companies.match(/<li><span class="logo-box">/g)?.length, 2);
    });
  });

  describe('your rating and your lists', () => {
    const accountBox = (html: string) =>
      /<p class="actions account" id="rating" hidden>(.*?)<\/p>/s.exec(html)?.[1] ?? '';

    it('a movie offers a rating menu (not rated, then 10 down to 0.5 in half steps) and Add to List…, hidden until signed in', () => {
      const box = accountBox(renderMovie(fightClub(), ctx));
      const values = [...box.matchAll(/<option value="([^"]*)">([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
      assert.equal(values.length, 21);
      assert.deepEqual(values[0], ['', 'Not rated']);
      assert.deepEqual(
        values.slice(1).map(([value]) => Number(value)),
        Array.from({ length: 20 }, (_, i) => 10 - i / 2),
      );
      assert.deepEqual(values[2], ['9.5', '9.5']);
      assert.match(box, /<label>Your rating <select data-action="rate">/, 'the menu has its label');
      assert.match(
        box,
        /<button type="button" class="secondary" data-action="add-to-list" hidden>Add to List…<\/button>/,
      );
    });

    it("a series offers the rating and Add to List… (TMDB's v4 lists take series)", () => {
      const box = accountBox(renderTv(s.tvSeries().parse(fixture('openapi-examples/tv-details-1399.json')), ctx));
      assert.match(box, /data-action="rate"/);
      assert.match(box, /data-action="add-to-list"/);
    });

    it('writes the ratings as the display language writes numbers', () => {
      const box = accountBox(renderMovie(fightClub(), { ...ctx, locale: 'de' }));
      assert.match(box, /<option value="9.5">9,5<\/option>/);
    });
  });
});
