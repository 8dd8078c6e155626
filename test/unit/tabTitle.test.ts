// A panel's tab title waits for its page to boot and to paint what it was given (src/pageHost/tabTitle.ts): a
// fake panel with a title, a visibility and its view-state event.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { TabTitle } from '../../src/pageHost/tabTitle';
import { until } from '../support/until';

function fakePanel(visible: boolean) {
  const listeners: Array<() => void> = [];
  const closing: Array<() => void> = [];
  let closed = false;
  const panel = {
    _title: 'TMDB',
    _visible: visible,
    // As VS Code's: a closed panel's title and visibility throw ("Webview is disposed").
    get title() {
      if (closed) throw new Error('Webview is disposed');
      return this._title;
    },
    set title(value: string) {
      if (closed) throw new Error('Webview is disposed');
      this._title = value;
    },
    get visible() {
      if (closed) throw new Error('Webview is disposed');
      return this._visible;
    },
    onDidChangeViewState: (listener: () => void) => (
      listeners.push(listener),
      { dispose: () => listeners.splice(listeners.indexOf(listener), 1) }
    ),
    onDidDispose: (listener: () => void) => (
      closing.push(listener),
      { dispose: () => closing.splice(closing.indexOf(listener), 1) }
    ),
  };
  const setVisible = (value: boolean) => {
    panel._visible = value;
    for (const listener of [...listeners]) listener();
  };
  const close = () => {
    closed = true;
    for (const listener of [...closing]) listener();
  };
  return { panel, webviewPanel: panel as unknown as vscode.WebviewPanel, setVisible, listeners, close };
}

/** Waits (up to 15 s, by the clock) for the fallback to retitle the tab. */
async function titled(panel: { title: string }, title: string): Promise<void> {
  await until(`the tab titled "${title}" (it is "${panel.title}")`, () => panel.title === title, { timeoutMs: 15_000 });
}

describe("a panel's tab title", () => {
  it("marks the preview tab (· Preview) and takes the mark off; a closed panel's is let go untouched", () => {
    const { panel, webviewPanel, close } = fakePanel(true);
    const title = new TabTitle(webviewPanel, () => undefined);
    title.release();
    title.set('Fight Club');
    title.markPreview((name) => `${name} · Preview`);
    assert.equal(panel.title, 'Fight Club · Preview');
    assert.equal(title.value, 'Fight Club', 'the name, without the mark');
    title.set('Se7en');
    assert.equal(panel.title, 'Se7en · Preview', 'the next title in the preview tab, marked');
    title.markPreview(undefined);
    assert.equal(panel.title, 'Se7en', 'kept: the mark goes');
    title.markPreview((name) => `${name} · Preview`);
    close();
    // The preview tab lets a closed panel go (it unmarks it): nothing of it is read or set.
    assert.doesNotThrow(() => title.markPreview(undefined));
    assert.doesNotThrow(() => title.set('Heat'));
    title.dispose();
  });

  it('waits for the page to boot when the panel is in view, then follows at once', () => {
    const { panel, webviewPanel } = fakePanel(true);
    const title = new TabTitle(webviewPanel, () => undefined);
    title.set('Fight Club');
    assert.equal(panel.title, 'TMDB', 'not retitled while VS Code builds the webview');
    assert.equal(title.value, 'Fight Club', 'what it is about to be');
    title.set('Movie 550 · not found');
    title.release();
    assert.equal(panel.title, 'Movie 550 · not found', 'the last title set, once the page said ready');
    title.set('Se7en');
    assert.equal(panel.title, 'Se7en');
    title.dispose();
  });

  it('is set at once on a panel out of view, and when one goes out of view before its page said ready', () => {
    const hidden = fakePanel(false);
    new TabTitle(hidden.webviewPanel, () => undefined).set('Game of Thrones');
    assert.equal(hidden.panel.title, 'Game of Thrones');

    const { panel, webviewPanel, setVisible, listeners } = fakePanel(true);
    const title = new TabTitle(webviewPanel, () => undefined);
    title.set('Fight Club');
    setVisible(false);
    assert.equal(panel.title, 'Fight Club', 'its page is thrown away: it would never say ready');
    setVisible(true);
    title.set('Se7en');
    assert.equal(panel.title, 'Fight Club', 'shown again, the rebuilt page boots first');
    title.release();
    assert.equal(panel.title, 'Se7en');
    title.dispose();
    assert.equal(listeners.length, 0, 'disposed, it stops listening');
  });

  it('does not wait for ever for a page that never says ready', async () => {
    const { panel, webviewPanel } = fakePanel(true);
    const title = new TabTitle(webviewPanel, () => undefined);
    title.set('Fight Club');
    await titled(panel, 'Fight Club');
    title.dispose();
  }).timeout(20_000);

  it('waits for the page to paint the content it was given, the last given, and says when it has settled', () => {
    const { panel, webviewPanel } = fakePanel(true);
    const settled: boolean[] = [];
    const title = new TabTitle(webviewPanel, (value) => settled.push(value));
    title.release(); // booted, showing "Loading…"
    title.hold(3);
    title.set('Fight Club');
    assert.equal(panel.title, 'TMDB', 'not retitled while the page paints content 3');
    title.hold(5);
    title.painted(3);
    assert.equal(panel.title, 'TMDB', 'content 3 painted, but 5 came after it');
    title.painted(5);
    assert.equal(panel.title, 'Fight Club', 'retitled once the last content is painted');
    assert.deepEqual(settled, [true, false, false, true]);
    title.set('Se7en');
    assert.equal(panel.title, 'Se7en', 'at once while nothing is being painted');
    title.dispose();
  });

  it('a later content painted ends the wait too; going out of view settles nothing till the rebuilt page paints', () => {
    const { panel, webviewPanel, setVisible } = fakePanel(true);
    const settled: boolean[] = [];
    const title = new TabTitle(webviewPanel, (value) => settled.push(value));
    title.hold(2);
    title.set('Fight Club');
    title.painted(4);
    assert.equal(panel.title, 'Fight Club');
    setVisible(false);
    assert.deepEqual(settled, [false, true, false], 'out of view: not settled');
    setVisible(true);
    title.hold(4); // the rebuilt page said `ready`, given content 4 again
    title.set('Se7en');
    assert.equal(panel.title, 'Fight Club', 'waits for the rebuilt page');
    title.painted(4);
    assert.equal(panel.title, 'Se7en');
    assert.deepEqual(settled, [false, true, false, false, true]);
    title.dispose();
  });

  it('does not hold for ever content a page never paints', async () => {
    const { panel, webviewPanel } = fakePanel(true);
    const settled: boolean[] = [];
    const title = new TabTitle(webviewPanel, (value) => settled.push(value));
    title.release();
    title.hold(1);
    title.set('Fight Club');
    await titled(panel, 'Fight Club');
    assert.equal(settled.at(-1), true);
    title.dispose();
  }).timeout(20_000);

  it('holds nothing on a panel out of view (its page is not there to paint)', () => {
    const { panel, webviewPanel } = fakePanel(false);
    const settled: boolean[] = [];
    const title = new TabTitle(webviewPanel, (value) => settled.push(value));
    title.hold(1);
    title.set('Fight Club');
    assert.equal(panel.title, 'Fight Club');
    assert.deepEqual(settled, []);
    title.dispose();
  });
});
