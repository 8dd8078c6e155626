// Collections: a movie's page names the collection it belongs to; the collection's page lists its movies in
// release order, each opening its page, from TMDB's example (Star Wars, whose parts are named `name`).
import * as assert from 'node:assert/strict';
import type * as Parse5 from 'parse5' with { 'resolution-mode': 'import' };
import * as s from '../../src/tmdb/schemas';
import { partsInOrder, renderCollection } from '../../src/features/titles/html/collection';
import type { RenderContext } from '../../src/features/titles/html/markup';
import { renderMovie } from '../../src/features/titles/html/movie';
import { fightClubAnswer, fixture } from '../tmdb-server/catalogue';
import { pageContext } from '../support/renderContext';

const { parseFragment }: typeof Parse5 = require('parse5');

const ctx: RenderContext = pageContext({ today: '2026-11-24' });
const example = fixture('openapi-examples/collection-details.json');

function links(html: string): Array<{ kind: string; id: string; text: string }> {
  const found: Array<{ kind: string; id: string; text: string }> = [];
  const text = (node: any): string => (node.value ?? '') + (node.childNodes ?? []).map(text).join('');
  const visit = (node: any) => {
    const attr = (name: string) => node.attrs?.find((a: { name: string }) => a.name === name)?.value;
    if (node.tagName === 'a' && attr('data-kind'))
      found.push({ kind: attr('data-kind'), id: attr('data-id'), text: text(node) });
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(parseFragment(html));
  return found;
}

describe('collections', () => {
  it('lists every movie of the collection once, in release order, each opening its page', () => {
    const collection = s.collectionDetails().parse(example);
    assert.equal(collection.parts.length, example.parts.length);
    assert.ok(
      collection.parts.every((part) => part.title),
      'a part named `name` in TMDB’s example has its title',
    );
    const html = renderCollection(collection, ctx);
    const parts = links(html).filter((link) => link.kind === 'movie');
    const byDate = [...example.parts].sort((a: any, b: any) => a.release_date.localeCompare(b.release_date));
    assert.deepEqual(
      parts.map((link) => Number(link.id)),
      byDate.map((part: any) => part.id),
    );
    assert.equal(parts[0]!.text, 'Star Wars');
    assert.match(html, /<h1>Star Wars Collection<\/h1>/);
  });

  it('puts a movie without a release date last, marked upcoming, and says so when there are no movies', () => {
    const collection = s
      .collectionDetails()
      .parse({ ...example, parts: [{ ...example.parts[0], id: 1, release_date: '' }, ...example.parts] });
    assert.equal(partsInOrder(collection).at(-1)!.id, 1);
    assert.match(renderCollection(collection, ctx), /Upcoming<\/span><\/li><\/ol>/);
    assert.match(
      renderCollection(s.collectionDetails().parse({ ...example, parts: [] }), ctx),
      /No movies in this collection yet/,
    );
  });

  it('shows the collection on the page of a movie that belongs to one, and nothing when it belongs to none', () => {
    const inOne = s.movieDetails().parse({
      ...fightClubAnswer(),
      belongs_to_collection: { id: 10, name: 'Star Wars Collection', poster_path: '/x.jpg', backdrop_path: null },
    });
    assert.deepEqual(
      links(renderMovie(inOne, ctx)).filter((link) => link.kind === 'collection'),
      [{ kind: 'collection', id: '10', text: 'Star Wars Collection' }],
    );
    for (const none of [null, undefined, 'x', { name: 'no id' }]) {
      const movie = s.movieDetails().parse({ ...fightClubAnswer(), belongs_to_collection: none });
      assert.equal(
        links(renderMovie(movie, ctx)).filter((link) => link.kind === 'collection').length,
        0,
        JSON.stringify(none),
      );
    }
  });
});
