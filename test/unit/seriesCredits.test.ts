// A series page's cast and key crew (`aggregate_credits`: each person once, every role with its episode
// count, main cast first) and an episode's director, writers and guest stars, from TMDB's real answers for
// Game of Thrones.
import * as assert from 'node:assert/strict';
import * as s from '../../src/tmdb/schemas';
import type { RenderContext } from '../../src/features/titles/html/markup';
import { renderSeason, renderTv } from '../../src/features/titles/html/series';
import { fixture } from '../tmdb-server/catalogue';
import { attr, elements, text } from '../support/html';
import { pageContext } from '../support/renderContext';

const ctx: RenderContext = pageContext({ today: '2026-11-24' });
const credits = fixture('openapi-examples/tv-aggregate-credits.json');

function gameOfThrones(changes: (body: any) => void = () => undefined): s.TvSeries {
  const body = {
    ...fixture('live-captures/tv-details.json'),
    aggregate_credits: structuredClone(credits),
    external_ids: { id: 1399, imdb_id: 'tt0944947' },
  };
  changes(body);
  return s.tvSeries().parse(body);
}

const section = (html: string, label: string) =>
  elements(html, (node) => node.tagName === 'section' && attr(node, 'aria-label') === label)[0];
/** The people a list links to, in order: [person id, the row's text]. */
const personRows = (node: object) =>
  elements(node, (n) => n.tagName === 'li').flatMap((li) => {
    const link = elements(li, (n) => n.tagName === 'a' && attr(n, 'data-kind') === 'person')[0];
    return link ? [[Number(attr(link, 'data-id')), text(li)] as const] : [];
  });

describe('series page: cast and crew', () => {
  it('lists the whole cast once each, in TMDB’s order, the first twelve shown and the rest behind "Show all"', () => {
    const html = renderTv(gameOfThrones(), ctx);
    const cast = section(html, 'Cast');
    assert.ok(cast, 'a Cast section');
    const rows = personRows(cast);
    assert.equal(rows.length, credits.cast.length, 'every cast member');
    assert.equal(new Set(rows.map(([id]) => id)).size, rows.length, 'each person once');
    const order = [...credits.cast].sort((a: any, b: any) => a.order - b.order).map((member: any) => member.id);
    assert.deepEqual(
      rows.map(([id]) => id),
      order,
      'main cast first, by TMDB’s order',
    );
    assert.match(rows[0]![1], /Peter Dinklage\s*Tyrion Lannister\s*77 episodes/);
    const more = elements(cast, (n) => n.tagName === 'details')[0];
    assert.match(
      text(elements(more, (n) => n.tagName === 'summary')[0]),
      new RegExp(`Show all ${credits.cast.length} cast members`),
    );
    assert.equal(personRows(more).length, credits.cast.length - 12, 'twelve shown before "Show all"');
  });

  it('names every role of a person who played several, each with its episodes, and says "1 episode" for one', () => {
    const several = credits.cast.find(
      (member: any) => member.roles.length > 1 && member.roles.every((role: any) => role.character),
    );
    const html = renderTv(gameOfThrones(), ctx);
    const row = personRows(section(html, 'Cast')).find(([id]) => id === several.id)!;
    for (const role of several.roles)
      assert.ok(row[1].includes(`${role.character} (${role.episode_count})`), `${role.character} in ${row[1]}`);
    const once = renderTv(
      gameOfThrones((body) => {
        body.aggregate_credits.cast = [
          {
            ...credits.cast[0],
            roles: [{ credit_id: 'x', character: 'Someone', episode_count: 1 }],
            total_episode_count: 1,
          },
        ];
      }),
      ctx,
    );
    assert.match(personRows(section(once, 'Cast'))[0]![1], /Someone\s*1 episode$/);
  });

  it('bounds a long or hostile cast: the first 600 people, four roles each ("+2 more"), names to 80 characters, and a link to the whole on TMDB', () => {
    const many = Array.from({ length: 700 }, (_, i) => ({
      ...credits.cast[0],
      id: 100_000 + i,
      order: i,
      name: i === 0 ? 'N'.repeat(200) : `Person ${i}`,
      roles: Array.from({ length: i === 0 ? 6 : 1 }, (_, r) => ({
        credit_id: 'x',
        character: `Role ${r}`,
        episode_count: 1,
      })),
    }));
    const html = renderTv(
      gameOfThrones((body) => (body.aggregate_credits.cast = many)),
      ctx,
    );
    const cast = section(html, 'Cast');
    const rows = personRows(cast);
    assert.equal(rows.length, 600);
    assert.ok(rows[0]![1].startsWith(`${'N'.repeat(79)}…`), 'the name cut to 80 characters');
    assert.match(rows[0]![1], /Role 0 \(1\), Role 1 \(1\), Role 2 \(1\), Role 3 \(1\), \+2 more/);
    const whole = elements(cast, (n) => n.tagName === 'a' && attr(n, 'data-external') === 'true');
    assert.deepEqual(
      whole.map((a) => [attr(a, 'href'), text(a)]),
      [['https://www.themoviedb.org/tv/1399/cast', 'The whole cast and crew on TMDB (700 people)']],
    );
    assert.equal(
      elements(
        section(renderTv(gameOfThrones(), ctx), 'Cast'),
        (n) => n.tagName === 'a' && attr(n, 'data-external') === 'true',
      ).length,
      0,
      'none when every one is shown',
    );
  });

  it('shows key crew once each, the most episodes first, with every key job and no other', () => {
    const html = renderTv(gameOfThrones(), ctx);
    const rows = personRows(section(html, 'Key crew'));
    assert.ok(rows.length > 10);
    assert.equal(new Set(rows.map(([id]) => id)).size, rows.length, 'each person once');
    // David Benioff is listed twice by TMDB (Directing and Writing); his one row names both.
    const benioff = credits.crew.filter((member: any) => member.name === 'David Benioff');
    assert.ok(benioff.length >= 2, 'the fixture lists him in two departments');
    const row = rows.find(([id]) => id === benioff[0].id)!;
    assert.match(row[1], /Director, Writer · 75 episodes$/);
    assert.doesNotMatch(row[1], /Teleplay|Story/, 'jobs that are not key are left out');
    assert.match(rows[0]![1], /Ramin Djawadi\s*Original Music Composer · 82 episodes/);
    const episodes = rows.map(([, line]) => Number(/(\d+) episodes?$/.exec(line)?.[1] ?? 0));
    assert.deepEqual(
      episodes,
      [...episodes].sort((a, b) => b - a),
      'the most episodes first',
    );
    assert.ok(!rows.some(([, line]) => /Costume Design/.test(line)), 'a costume designer is not key crew');
  });

  it('links the series to IMDb from its external ids', () => {
    const links = elements(renderTv(gameOfThrones(), ctx), (n) => n.tagName === 'a' && text(n) === 'IMDb');
    assert.deepEqual(
      links.map((a) => attr(a, 'href')),
      ['https://www.imdb.com/title/tt0944947/'],
    );
  });

  it('shows no cast or crew section when TMDB gives none, or a broken one', () => {
    for (const broken of [undefined, null, 'x', { cast: 'x', crew: 5 }, { cast: [{ name: 'no id' }], crew: [] }]) {
      const html = renderTv(
        gameOfThrones((body) => (body.aggregate_credits = broken)),
        ctx,
      );
      assert.equal(section(html, 'Cast'), undefined, JSON.stringify(broken));
      assert.equal(section(html, 'Key crew'), undefined, JSON.stringify(broken));
    }
  });
});

describe('series page: an episode’s guest stars and crew', () => {
  const season = s.seasonDetails().parse(fixture('openapi-examples/tv-season-details.json'));

  it('folds each episode’s director, writers and guest stars behind "Guest stars and crew", each linking to their page', () => {
    const html = renderSeason(season, ctx, '2026-11-24');
    const folds = elements(html, (n) => n.tagName === 'details' && attr(n, 'class') === 'episode-credits');
    assert.equal(folds.length, season.episodes.length, 'one a episode');
    const first = season.episodes[0]!;
    const fold = folds[0];
    assert.match(text(elements(fold, (n) => n.tagName === 'summary')[0]), /Guest stars and crew/);
    const directors = first.crew.filter((member) => member.job === 'Director').map((member) => member.name);
    const writers = [...new Set(first.crew.filter((member) => member.job === 'Writer').map((member) => member.name))];
    assert.ok(directors.length > 0 && writers.length > 0, 'the fixture names them');
    const lines = elements(fold, (n) => n.tagName === 'p').map(text);
    assert.equal(lines[0], `Directed by ${directors.join(', ')}`);
    assert.equal(lines[1], `Written by ${writers.join(', ')}`);
    const guests = personRows(fold);
    assert.deepEqual(
      guests.map(([id]) => id),
      [...new Set(first.guest_stars.map((guest) => guest.id))].slice(0, 12),
    );
    assert.ok(guests[0]![1].includes(first.guest_stars[0]!.character));
    assert.ok(!lines.some((line) => /Editor|Oral Norrie Ottey/.test(line)), 'an editor is not shown');
  });

  it('shows at most 12 guest stars and 6 people a job, the rest on TMDB: a 300-episode season of 200 guests and 200 crew each stays small', () => {
    const long = (n: number) => `${'Name'.repeat(60)} ${n}`;
    const person = (n: number, job: string) => ({
      id: n + 1,
      name: long(n),
      character: long(n),
      job,
      department: 'Directing',
      credit_id: 'x',
      profile_path: `/p${n}.jpg`,
    });
    const base = fixture('openapi-examples/tv-season-details.json');
    const huge = s.seasonDetails().parse({
      ...base,
      episodes: Array.from({ length: 300 }, (_, e) => ({
        ...base.episodes[0],
        id: e + 1,
        episode_number: e + 1,
        show_id: 1399,
        crew: Array.from({ length: 200 }, (_, n) => person(n, n % 2 ? 'Director' : 'Writer')),
        guest_stars: Array.from({ length: 200 }, (_, n) => person(1000 + n, 'Guest')),
      })),
    });
    const started = performance.now();
    const html = renderSeason(huge, ctx, '2026-11-24');
    const took = performance.now() - started;
    const fold = elements(html, (n) => n.tagName === 'details' && attr(n, 'class') === 'episode-credits')[0];
    assert.equal(personRows(fold).length, 12, 'guest stars shown');
    const lines = elements(fold, (n) => n.tagName === 'p').map(text);
    assert.match(lines[0]!, /^Directed by .*\+94 more$/);
    assert.equal(elements(fold, (n) => n.tagName === 'a' && attr(n, 'data-kind') === 'person').length, 12 + 6 + 6);
    const whole = elements(fold, (n) => n.tagName === 'a' && attr(n, 'data-external') === 'true')[0];
    assert.equal(attr(whole, 'href'), 'https://www.themoviedb.org/tv/1399/season/1/episode/1/cast');
    assert.equal(text(whole), 'All 200 guest stars on TMDB');
    // The figures were 19.7 MB of HTML for a 4.3 MB season, 98 MB for a 21 MB one.
    assert.ok(html.length < 2_000_000, `${(html.length / 1e6).toFixed(2)} MB of HTML`);
    console.log(
      `      a 300-episode season, 200 guests and 200 crew each: ${(html.length / 1e3).toFixed(0)} KB of HTML in ${took.toFixed(0)} ms`,
    );
  });

  it('shows no fold for an episode with no credits', () => {
    const bare = s.seasonDetails().parse({
      ...fixture('openapi-examples/tv-season-details.json'),
      episodes: [{ ...fixture('openapi-examples/tv-season-details.json').episodes[0], crew: [], guest_stars: [] }],
    });
    assert.equal(elements(renderSeason(bare, ctx), (n) => n.tagName === 'details').length, 0);
  });
});
