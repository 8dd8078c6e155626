// Browsing from page to page as a reader does (issue 43): every picture that stands for a title or a person
// is its link, one link per card; a cast member opens the person, the credit one click away; a series page
// has its seasons near the top; and the place a page keeps of each title (src/page/place.ts) reads a kept
// state strictly and stays bounded.
import * as assert from 'node:assert/strict';
import * as s from '../../src/tmdb/schemas';
import type { RenderContext } from '../../src/features/titles/html/markup';
import { renderMovie } from '../../src/features/titles/html/movie';
import { renderPerson } from '../../src/features/titles/html/person';
import { renderCollection } from '../../src/features/titles/html/collection';
import { renderSeason, renderTv } from '../../src/features/titles/html/series';
import { keep, readPlaces } from '../../src/page/place';
import { checkHostMessage } from '../../src/webview/hostMessageGuard';
import { attr, elements, text } from '../support/html';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';
import { pageContext } from '../support/renderContext';

const ctx: RenderContext = pageContext({ today: '2026-11-24' });

const hasClass = (node: any, name: string) => (attr(node, 'class') ?? '').split(' ').includes(name);
const isLink = (node: any) => node.tagName === 'a' && attr(node, 'data-kind') !== undefined;

/** Each card of a grid (`.cards` and `.people` items): its links to panels, and its pictures with the link each is in. */
function cardsOf(html: string) {
  const items = elements(
    html,
    (node) => node.tagName === 'li' && /\b(cards|people)\b/.test(attr(node.parentNode, 'class') ?? ''),
  );
  return items.map((item) => {
    const links = elements(item, isLink);
    const pictures = elements(item, (node) => hasClass(node, 'card-poster') || hasClass(node, 'face'));
    const linkOf = (node: any): any => (node ? (isLink(node) ? node : linkOf(node.parentNode)) : undefined);
    return { item, links, pictures: pictures.map((picture) => ({ picture, link: linkOf(picture.parentNode) })) };
  });
}

/** Every card's picture is inside the card's first link, with its name: one tab stop for picture and name. */
function assertPicturesAreLinks(html: string, where: string): number {
  const cards = cardsOf(html);
  assert.ok(cards.length > 0, `${where}: no cards`);
  for (const { links, pictures, item } of cards) {
    assert.ok(links.length >= 1, `${where}: a card with no link: ${text(item).slice(0, 80)}`);
    assert.equal(pictures.length, 1, `${where}: one picture a card`);
    assert.equal(pictures[0]!.link, links[0], `${where}: the picture is not in the card's link`);
    assert.ok(text(links[0]).trim().length > 0, `${where}: the link has its name`);
    // The picture inside a named link is a decoration: the link's name is said once.
    const picture = pictures[0]!.picture;
    assert.ok(
      attr(picture, 'alt') === '' || attr(picture, 'aria-hidden') === 'true',
      `${where}: the picture adds to the link's name`,
    );
  }
  return cards.length;
}

describe('browsing: pictures are links', () => {
  it("on a movie's page: each cast member's photo and each recommendation's poster open their page", () => {
    const html = renderMovie(s.movieDetails().parse(fightClubAnswer()), ctx);
    const count = assertPicturesAreLinks(html, 'Fight Club');
    assert.ok(count >= 20, `${count} cards`);
    const recommendations = cardsOf(html).filter(({ links }) => attr(links[0], 'data-kind') === 'movie');
    assert.ok(recommendations.length > 0, 'recommendation cards');
  });

  it('a cast member opens the person (by photo or name); the character is a second link, to the credit', () => {
    const movie = s.movieDetails().parse(fightClubAnswer());
    const first = movie.credits!.cast[0]!;
    const html = renderMovie(movie, ctx);
    const card = cardsOf(html).find(({ links }) => attr(links[0], 'data-id') === String(first.id))!;
    assert.ok(card, `${first.name}'s card`);
    assert.equal(attr(card.links[0], 'data-kind'), 'person');
    assert.match(text(card.links[0]), new RegExp(first.name));
    assert.equal(card.links.length, 2, 'the person, then the credit');
    assert.equal(attr(card.links[1], 'data-kind'), 'credit');
    assert.equal(attr(card.links[1], 'data-id'), first.credit_id);
    assert.equal(text(card.links[1]), first.character);
  });

  it("on a series' page (creators, cast), a person's page (known for), a collection's and a season's (guest stars)", () => {
    const series = renderTv(s.tvSeries().parse(fixture('live-captures/tv-details.json')), ctx);
    assertPicturesAreLinks(series, 'Game of Thrones');
    const person = renderPerson(
      s.personDetails().parse({
        ...fixture('openapi-examples/person-details.json'),
        combined_credits: fixture('openapi-examples/person-combined-credits.json'),
      }),
      ctx,
    );
    assertPicturesAreLinks(person, 'Tom Hanks');
    const collection = renderCollection(
      s.collectionDetails().parse(fixture('openapi-examples/collection-details.json')),
      ctx,
    );
    assert.equal(assertPicturesAreLinks(collection, 'Star Wars Collection'), 9);
    const season = renderSeason(s.seasonDetails().parse(fixture('live-captures/tv-season-details.json')), ctx);
    assert.ok(assertPicturesAreLinks(season, 'a season') > 0);
  });

  it('a card without a picture is still one link, with a placeholder inside it', () => {
    const answer = fightClubAnswer();
    answer.recommendations.results[0].poster_path = null;
    const html = renderMovie(s.movieDetails().parse(answer), ctx);
    const card = cardsOf(html).find(
      ({ links }) => attr(links[0], 'data-id') === String(answer.recommendations.results[0].id),
    )!;
    assert.ok(hasClass(card.pictures[0]!.picture, 'placeholder'));
    assert.equal(card.pictures[0]!.link, card.links[0]);
  });
});

describe("browsing: a series' page", () => {
  it('puts its seasons and its last and next episodes before videos, creators, cast and crew', () => {
    const html = renderTv(s.tvSeries().parse(fixture('live-captures/tv-details.json')), ctx);
    const at = (heading: string) => html.indexOf(`<h2>${heading}</h2>`);
    assert.ok(at('Seasons') > 0, 'a Seasons section');
    for (const later of ['Videos', 'Created by', 'Cast', 'Key crew'])
      if (at(later) !== -1) assert.ok(at('Seasons') < at(later), `Seasons before ${later}`);
    assert.ok(at('Overview') < at('Seasons'), 'the overview first');
  });

  it("numbers each episode's row, for Up Next to land on the one it names", () => {
    const season = s.seasonDetails().parse(fixture('live-captures/tv-season-details.json'));
    const rows = elements(renderSeason(season, ctx), (node) => hasClass(node, 'episode-row'));
    assert.deepEqual(
      rows.map((row) => Number(attr(row, 'data-episode'))),
      season.episodes.map((episode) => episode.episode_number),
    );
  });
});

describe('browsing: the place a page keeps of each title', () => {
  it('reads a kept state strictly: a wrong key, a negative or non-number offset, a fold that is no index are left out', () => {
    const places = readPlaces({
      'movie:550': { y: 1200, open: [0, 3, -1, 'x', 2.5], season: 1, title: 'Fight Club' },
      'tv:1399': { y: 40, open: 'all', title: 'x'.repeat(201) },
      'person:287': { y: -5, open: [] },
      'movie:551': { y: Number.NaN, open: [] },
      'movie:552': { y: '10', open: [] },
      '__proto__:1': { y: 1, open: [] },
      'movie:553': null,
      'script:1': { y: 1, open: [] },
    });
    assert.deepEqual(places, {
      'movie:550': { y: 1200, open: [0, 3], season: 1, title: 'Fight Club' },
      'tv:1399': { y: 40, open: [] },
    });
    for (const junk of [null, 'x', 42, [], undefined]) assert.deepEqual(readPlaces(junk), {});
  });

  it('keeps at most 101 places, the most recent last, and a title kept again moves to the end', () => {
    let places = {};
    for (let id = 1; id <= 150; id++) places = keep(places, `movie:${id}`, { y: id, open: [] });
    assert.equal(Object.keys(places).length, 101);
    assert.equal(Object.keys(places)[0], 'movie:50');
    places = keep(places, 'movie:60', { y: 7, open: [] });
    assert.equal(Object.keys(places).at(-1), 'movie:60');
    assert.equal(Object.keys(places).length, 101);
    assert.deepEqual(readPlaces(places), places, 'what is kept reads back whole');
  });

  it('the page is told how it came to a title and the names Back and Forward lead to, bounded', () => {
    const location = {
      type: 'location',
      ref: { kind: 'movie', id: 155 },
      history: { back: [{ kind: 'movie', id: 550 }], forward: [] },
      how: 'link',
      backTitle: 'Fight Club',
    };
    assert.ok(checkHostMessage(location));
    assert.equal(checkHostMessage({ ...location, how: 'reload' }), undefined);
    assert.equal(checkHostMessage({ ...location, backTitle: 'x'.repeat(201) }), undefined);
    assert.equal(checkHostMessage({ ...location, forwardTitle: 7 }), undefined);
  });
});
