// The first page of a kind, built ahead while the id box is read (PanelManager.warmUp → warmUpPage).
import * as assert from 'node:assert/strict';
import { PANEL_KINDS, renderContext, warmUpPage } from '../../src/features/titles/panelKinds';
import type { PanelKind } from '../../src/model/panelRef';

describe('panel kinds: the first page built ahead', () => {
  const ctx = renderContext(
    { imageBaseUrl: 'https://image.tmdb.org/t/p', webBaseUrl: 'https://www.themoviedb.org', region: 'US' },
    'en-US',
  );

  /** How many pages of `kind` warmUpPage built (its row's render, counted and passed through). */
  function pagesBuiltBy(kind: PanelKind): number {
    const spec = PANEL_KINDS[kind];
    const render = spec.render;
    let built = 0;
    spec.render = (data, context) => {
      built++;
      return render(data, context);
    };
    try {
      warmUpPage(kind, ctx);
    } finally {
      spec.render = render;
    }
    return built;
  }

  it('builds one page of each kind whose answer can be read from an id alone', () => {
    for (const kind of ['movie', 'tv', 'collection', 'person'] as const) assert.equal(pagesBuiltBy(kind), 1, kind);
  });

  it('leaves a credit as it is (its answer needs more than an id), without throwing', () => {
    assert.equal(pagesBuiltBy('credit'), 0);
  });
});
