// Reading what the user typed into "Open Movie…" and friends.
import * as assert from 'node:assert/strict';
import { parseRef } from '../../src/webview/panelRef';
import type * as vscode from 'vscode';
import { TabTitle } from '../../src/webview/tabTitle';

describe('open by id or URL', () => {
  it('reads ids and TMDB URLs for the right kind only', () => {
    assert.deepEqual(parseRef('movie', '550'), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('movie', 550), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('movie', ' https://www.themoviedb.org/movie/550-fight-club?language=fr '), { kind: 'movie', id: 550 });
    assert.deepEqual(parseRef('tv', 'https://www.themoviedb.org/tv/1399-game-of-thrones/season/1'), { kind: 'tv', id: 1399 });
    assert.equal(parseRef('tv', 'https://www.themoviedb.org/movie/550'), undefined);
    assert.equal(parseRef('movie', 'fight club'), undefined);
    assert.equal(parseRef('movie', -5), undefined);
    assert.deepEqual(parseRef('credit', 'https://www.themoviedb.org/credit/52542282760EE313280017F9'), { kind: 'credit', id: '52542282760ee313280017f9' });
    assert.equal(parseRef('credit', '1234'), undefined);
    assert.deepEqual(parseRef('collection', 'https://www.themoviedb.org/collection/10-star-wars-collection'), { kind: 'collection', id: 10 });
    assert.equal(parseRef('collection', 'https://www.themoviedb.org/movie/11'), undefined);
    assert.equal(parseRef('movie', 'https://www.themoviedb.org/collection/10'), undefined);
  });
});

describe("a panel's tab title", () => {
  const panelOf = (visible: boolean) => ({ title: 'TMDB', visible }) as unknown as vscode.WebviewPanel;

  it('waits for the page to boot when the panel is in view, then follows at once', () => {
    const panel = panelOf(true);
    const title = new TabTitle(panel);
    title.set('Fight Club');
    assert.equal(panel.title, 'TMDB', 'not retitled while VS Code builds the webview');
    assert.equal(title.value, 'Fight Club', 'what it is about to be');
    title.set('Movie 550 · not found');
    title.booted();
    assert.equal(panel.title, 'Movie 550 · not found', 'the last title set, once the page said ready');
    title.set('Se7en');
    assert.equal(panel.title, 'Se7en');
  });

  it('is set at once on a panel out of view (its page boots only when shown)', () => {
    const panel = panelOf(false);
    new TabTitle(panel).set('Game of Thrones');
    assert.equal(panel.title, 'Game of Thrones');
  });
});
