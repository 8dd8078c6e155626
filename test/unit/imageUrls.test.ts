// TMDB image addresses.
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { imageOrigin, imageUrl } from '../../src/tmdb/imageUrls';
import { budget } from '../support/properties';

describe('images', () => {
  it('builds no URL from a null path', () => {
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', null), undefined);
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', ''), undefined);
    assert.equal(imageUrl('https://image.tmdb.org/t/p/', 'w185', '/a.jpg'), 'https://image.tmdb.org/t/p/w185/a.jpg');
    assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', '/../../x.jpg'), undefined);
    assert.equal(imageOrigin('https://image.tmdb.org/t/p'), 'https://image.tmdb.org');
  });

  it('builds none from a path that could leave the image folder, encoded or not', () => {
    for (const path of [
      '/%2e%2e/%2e%2e/x.jpg',
      '/%2E%2E/x.jpg',
      '//evil.example/x.jpg',
      '/a.jpg?x=1',
      '/a/../b.jpg',
      '/a%2fb.jpg',
      '/a\\b.jpg',
      '/.jpg',
      'a.jpg',
    ]) {
      assert.equal(imageUrl('https://image.tmdb.org/t/p', 'w185', path), undefined, path);
    }
  });

  it('never leaves the image folder, whatever the path (fast-check, read back as a browser reads it)', () => {
    const pieces = fc.constantFrom('/', '..', '%2e', '%2E', '.', '%2f', '\\', '?', '#', 'a', '.jpg', '.png', '@', ':');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 12 }), (parts) => {
        const url = imageUrl('https://image.tmdb.org/t/p', 'w185', parts.join(''));
        if (url === undefined) return;
        const read = new URL(url);
        assert.equal(read.origin, 'https://image.tmdb.org');
        assert.match(read.pathname, /^\/t\/p\/w185\/[^/]+$/, url);
        assert.equal(read.search + read.hash, '');
      }),
      budget(3000),
    );
  });
});
