// Reading what the user typed into "Open Movie…" and friends.
import * as assert from 'node:assert/strict';
import { parseRef } from '../../src/model/panelRef';

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
