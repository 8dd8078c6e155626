// TMDB image addresses.
import * as assert from 'node:assert/strict';
import { imageOrigin, imageUrl } from '../../src/tmdb/imageUrls';

describe('images', () => {
  it('builds no URL from a null path', () => {
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', null), undefined);
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', ''), undefined);
    assert.equal(imageUrl('https://image.tmdb.org/t/p/', 'w185', '/a.jpg'), 'https://image.tmdb.org/t/p/w185/a.jpg');
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', '/../../x.jpg'), undefined);
    assert.equal(imageOrigin('https://image.tmdb.org/t/p'), 'https://image.tmdb.org');
  });
});
