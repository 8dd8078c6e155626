// Reading what the user typed into "Open Movie…" and friends.
import * as assert from 'node:assert/strict';
import { asPanelRef, isTmdbId, parseRef, refFromText, type PanelKind } from '../../src/model/panelRef';

describe('open by id or URL', () => {
  it('reads ids and TMDB URLs for the right kind only', () => {
    assert.deepEqual(parseRef('movie', '550'), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('movie', 550), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('movie', ' https://www.themoviedb.org/movie/550-fight-club?language=fr '), {
      kind: 'movie',
      id: 550,
    });
    assert.deepEqual(parseRef('tv', 'https://www.themoviedb.org/tv/1399-game-of-thrones/season/1'), {
      kind: 'tv',
      id: 1399,
    });
    assert.equal(parseRef('tv', 'https://www.themoviedb.org/movie/550'), undefined);
    assert.equal(parseRef('movie', 'fight club'), undefined);
    assert.equal(parseRef('movie', -5), undefined);
    assert.deepEqual(parseRef('credit', 'https://www.themoviedb.org/credit/52542282760EE313280017F9'), {
      kind: 'credit',
      id: '52542282760ee313280017f9',
    });
    assert.equal(parseRef('credit', '1234'), undefined);
    assert.deepEqual(parseRef('collection', 'https://www.themoviedb.org/collection/10-star-wars-collection'), {
      kind: 'collection',
      id: 10,
    });
    assert.equal(parseRef('collection', 'https://www.themoviedb.org/movie/11'), undefined);
    assert.equal(parseRef('movie', 'https://www.themoviedb.org/collection/10'), undefined);
  });
});

describe('the one id check (every reader of a {kind, id})', () => {
  const readers = {
    value: (kind: string, id: unknown) => asPanelRef({ kind, id }),
    text: (kind: string, id: unknown) => (typeof id === 'string' ? refFromText(kind, id) : undefined),
    typed: (kind: string, id: unknown) => parseRef(kind as PanelKind, id),
  };

  it('refuses what is no id, whoever reads it: the page script read "abc" as NaN', () => {
    for (const [name, read] of Object.entries(readers))
      for (const id of ['abc', '12abc', '', ' ', 'NaN', -1, 0, 1.5, Number.NaN, 2 ** 53, '9007199254740993'])
        assert.equal(read('movie', id), undefined, `${name} read ${JSON.stringify(id)}`);
    assert.equal(asPanelRef({ kind: 'movie', id: '550' }), undefined, 'a value keeps its number a number');
    assert.equal(asPanelRef({ kind: 'season', id: 1 }), undefined);
    assert.equal(refFromText('credit', 'zz542282760ee313280017f9'), undefined);
  });

  it('takes an id the same way, whoever reads it', () => {
    assert.deepEqual(readers.value('movie', 550), { kind: 'movie', id: 550 });
    assert.deepEqual(readers.text('movie', '550'), { kind: 'movie', id: 550 });
    assert.deepEqual(readers.typed('movie', '550'), { kind: 'movie', id: 550 });
    assert.deepEqual(asPanelRef({ kind: 'credit', id: '52542282760ee313280017f9', extra: 1 }), {
      kind: 'credit',
      id: '52542282760ee313280017f9',
    });
    assert.ok(isTmdbId(550) && !isTmdbId('550') && !isTmdbId(0));
  });
});
