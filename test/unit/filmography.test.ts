// A person's page: the filmography (one row per title, every role in it, filters' data), age, the
// biography folded, and the person's pages elsewhere, from TMDB's real answers for Tom Hanks.
import * as assert from 'node:assert/strict';
import * as s from '../../src/tmdb/schemas';
import { departmentsOf, filmographyRows, newestFirst } from '../../src/features/titles/html/filmography';
import type { RenderContext } from '../../src/features/titles/html/markup';
import { renderPerson, yearsBetween } from '../../src/features/titles/html/person';
import { fixture } from '../tmdb-server/catalogue';
import { attr, elements, fragment, text } from '../support/html';
import { pageContext } from '../support/renderContext';

const TODAY = '2026-11-24';
const ctx: RenderContext = pageContext({ today: TODAY });

function hanks(changes: (body: any) => void = () => undefined): s.PersonDetails {
  const body = {
    ...fixture('openapi-examples/person-details.json'),
    combined_credits: fixture('openapi-examples/person-combined-credits.json'),
    external_ids: fixture('openapi-examples/person-external-ids.json'),
  };
  changes(body);
  return s.personDetails().parse(body);
}

describe('person page: filmography', () => {
  it('has one row per title: a person credited twice on one title is one row with every role', () => {
    const person = hanks();
    const rows = filmographyRows(person, TODAY);
    const keys = rows.map((row) => `${row.kind}:${row.id}`);
    assert.equal(new Set(keys).size, keys.length, 'each title once');
    const credits = person.combined_credits!;
    const titles = new Set([...credits.cast, ...credits.crew].map((credit) => `${credit.media_type}:${credit.id}`));
    assert.equal(rows.length, titles.size, 'every title TMDB lists');
    // That Thing You Do! (1996): he wrote it, directed it and played in it.
    const both = credits.cast.find((credit) =>
      credits.crew.some((crew) => crew.id === credit.id && crew.media_type === credit.media_type),
    )!;
    assert.ok(both, 'the fixture has a title with cast and crew credits');
    const row = rows.find((r) => r.id === both.id && r.kind === both.media_type)!;
    assert.ok(row.departments.includes('Acting'));
    assert.ok(row.departments.length >= 2, row.departments.join());
    assert.ok(row.roles.length >= 2, row.roles.join());
  });

  it("is newest first with what is not out yet on top, and counts a series' episodes", () => {
    const rows = filmographyRows(hanks(), TODAY);
    // Undated first, then dates descending (read from the dates, not from the sort's own comparison).
    const dates = rows.map((row) => row.date ?? '9999-99-99');
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.ok(rows[0]!.date === null, 'the fixture has undated credits, listed on top');
    assert.ok(rows.every((row) => row.upcoming === (row.date !== null && row.date > TODAY)));
    assert.equal(newestFirst(rows[0]!, rows[rows.length - 1]!), -1);
    const series = rows.filter((row) => row.kind === 'tv');
    assert.ok(series.length > 0 && series.some((row) => row.episodes > 0));
  });

  it('offers each department the person worked in, Acting first, with how many titles', () => {
    const departments = departmentsOf(filmographyRows(hanks(), TODAY));
    assert.equal(departments[0]![0], 'Acting');
    for (const name of ['Production', 'Directing', 'Writing'])
      assert.ok(
        departments.some(([department]) => department === name),
        name,
      );
  });

  it('renders filters whose counts match the rows, and rows that carry what the filters read', () => {
    const person = hanks();
    const rows = filmographyRows(person, TODAY);
    const html = renderPerson(person, ctx);
    const items = elements(html, (node) => node.tagName === 'li' && attr(node, 'class') === 'film-row');
    assert.equal(items.length, rows.length);
    const movies = items.filter((item) => attr(item, 'data-film-kind') === 'movie').length;
    const buttons = elements(
      html,
      (node) => node.tagName === 'button' && attr(node, 'data-film-show') !== undefined,
    ).map(text);
    assert.deepEqual(buttons, [`All (${rows.length})`, `Movies (${movies})`, `Series (${rows.length - movies})`]);
    const directing = items.filter((item) =>
      attr(item, 'data-film-departments').split('|').includes('Directing'),
    ).length;
    const option = elements(html, (node) => node.tagName === 'option' && attr(node, 'value') === 'Directing').map(
      text,
    )[0];
    assert.equal(option, `Directing (${directing})`);
    // Each row opens its title's page.
    const links = items.map((item) => elements(item, (node) => node.tagName === 'a')[0]);
    assert.ok(
      links.every((link) => link && attr(link, 'data-id') && ['movie', 'tv'].includes(attr(link, 'data-kind'))),
    );
  });

  it('keeps Known for on top, and says what is upcoming', () => {
    const html = renderPerson(
      hanks((body) =>
        body.combined_credits.cast.push({
          ...body.combined_credits.cast[0],
          id: 999_001,
          title: 'Next Year',
          release_date: '2027-05-01',
          character: 'Lead',
        }),
      ),
      ctx,
    );
    assert.ok(html.indexOf('id="known-for"') < html.indexOf('id="filmography"'));
    const row = elements(html, (node) => node.tagName === 'li' && attr(node, 'class') === 'film-row').find((item) =>
      text(item).includes('Next Year'),
    )!;
    assert.match(text(row), /2027Next YearUpcomingLead/);
  });

  it('is left out when TMDB lists no credit', () => {
    const html = renderPerson(
      hanks((body) => (body.combined_credits = { cast: [], crew: [] })),
      ctx,
    );
    assert.ok(!html.includes('id="filmography"'));
  });
});

describe('person page: facts and pages elsewhere', () => {
  it('gives the age, or the age at death', () => {
    assert.equal(yearsBetween('1956-07-09', '2026-07-08'), 69);
    assert.equal(yearsBetween('1956-07-09', '2026-07-09'), 70);
    assert.equal(yearsBetween('1956-02-29', '2025-02-28'), 68);
    for (const bad of [null, '', '1956', 'not a date', '2030-01-01'])
      assert.equal(yearsBetween(bad, TODAY), undefined, String(bad));
    assert.match(renderPerson(hanks(), ctx), /Jul 9, 1956 \(age 70\)/);
    const died = renderPerson(
      hanks((body) => (body.deathday = '2020-01-01')),
      ctx,
    );
    assert.match(died, /Jan 1, 2020 \(aged 63\)/);
    assert.doesNotMatch(died, /\(age \d+\)/);
  });

  it("links each id only to its own site, and no id that is not of that site's shape", () => {
    const links = (person: s.PersonDetails) =>
      elements(renderPerson(person, ctx), (node) => node.tagName === 'a' && attr(node, 'data-external') === 'true').map(
        (a) => [text(a), attr(a, 'href')],
      );
    assert.deepEqual(
      links(hanks()).filter(([label]) =>
        ['Wikidata', 'Facebook', 'Instagram', 'TikTok', 'X', 'YouTube'].includes(label!),
      ),
      [
        ['Wikidata', 'https://www.wikidata.org/wiki/Q2263'],
        ['Facebook', 'https://www.facebook.com/TomHanks'],
        ['Instagram', 'https://www.instagram.com/tomhanks/'],
        ['TikTok', 'https://www.tiktok.com/@tomhanks'],
        ['X', 'https://x.com/tomhanks'],
      ],
    );
    const channel = hanks((body) => (body.external_ids.youtube_id = 'UCvQGR3vm9IXtgD-bZeVnTFQ'));
    assert.deepEqual(
      links(channel).find(([label]) => label === 'YouTube'),
      ['YouTube', 'https://www.youtube.com/channel/UCvQGR3vm9IXtgD-bZeVnTFQ'],
    );
    const hostile = hanks((body) => {
      body.external_ids = {
        imdb_id: 'nm1"><script>',
        wikidata_id: 'Q1/../../evil',
        facebook_id: 'evil.example/x',
        instagram_id: '../x',
        tiktok_id: '@x?y',
        twitter_id: 'a_very_long_handle_too_long',
        youtube_id: 'https://evil.example',
      };
      body.imdb_id = null;
    });
    assert.deepEqual(
      links(hostile).map(([label]) => label),
      ['Open on TMDB'],
    );
  });

  it('folds a long biography after its first paragraphs, the rest behind "Read more"', () => {
    const long = Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1}. ${'Words in a sentence. '.repeat(12)}`).join(
      '\n\n',
    );
    const html = renderPerson(
      hanks((body) => (body.biography = long)),
      ctx,
    );
    const details = elements(html, (node) => node.tagName === 'details' && /biography-more/.test(attr(node, 'class')));
    assert.equal(details.length, 1);
    assert.match(text(details[0]), /^Read more/);
    assert.doesNotMatch(text(details[0]), /Paragraph 1\./);
    assert.match(text(details[0]), /Paragraph 6\./);
    // Nothing dropped, nothing twice.
    for (let i = 1; i <= 6; i++)
      assert.equal(text(fragment(html)).split(`Paragraph ${i}.`).length, 2, `paragraph ${i} once`);
    const short = renderPerson(
      hanks((body) => (body.biography = 'A short life.')),
      ctx,
    );
    assert.ok(!short.includes('biography-more'));
  });

  it('shows the pictures TMDB has of the person, each once, twelve and the rest behind "Show all"; none when there is only the one on top', () => {
    // The shape of `images` (TMDB's documentation): profiles with file_path, width, height, votes.
    const profiles = Array.from({ length: 15 }, (_, i) => ({
      aspect_ratio: 0.667,
      file_path: `/picture${i}.jpg`,
      height: 1500,
      iso_639_1: null,
      vote_average: 5,
      vote_count: 2,
      width: 1000,
    }));
    const html = renderPerson(
      hanks((body) => (body.images = { profiles: [...profiles, profiles[0]] })),
      ctx,
    );
    const strip = elements(html, (node) => node.tagName === 'section' && attr(node, 'id') === 'pictures')[0];
    const srcs = elements(strip, (node) => node.tagName === 'img').map((img) => attr(img, 'data-src'));
    assert.deepEqual(
      srcs,
      profiles.map((profile) => `${ctx.imageBaseUrl}/w185${profile.file_path}`),
      'each once, in TMDB’s order',
    );
    assert.match(text(elements(strip, (node) => node.tagName === 'summary')[0]), /Show all 15 pictures/);
    assert.equal(attr(elements(strip, (node) => node.tagName === 'img')[0], 'alt'), 'Picture 1 of Tom Hanks');
    for (const few of [undefined, { profiles: [] }, { profiles: [profiles[0]] }, { profiles: 'x' }]) {
      const page = renderPerson(
        hanks((body) => (body.images = few)),
        ctx,
      );
      assert.equal(elements(page, (node) => attr(node, 'id') === 'pictures').length, 0, JSON.stringify(few));
    }
  });
});
