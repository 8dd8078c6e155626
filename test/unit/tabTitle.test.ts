// A panel's tab title waits for its page to boot (src/webview/tabTitle.ts): a fake panel with a title,
// a visibility and its view-state event.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { TabTitle } from '../../src/webview/tabTitle';

function fakePanel(visible: boolean) {
  const listeners: Array<() => void> = [];
  const panel = {
    title: 'TMDB',
    visible,
    onDidChangeViewState: (listener: () => void) => (listeners.push(listener), { dispose: () => listeners.splice(listeners.indexOf(listener), 1) }),
  };
  const setVisible = (value: boolean) => {
    panel.visible = value;
    for (const listener of [...listeners]) listener();
  };
  return { panel, webviewPanel: panel as unknown as vscode.WebviewPanel, setVisible, listeners };
}

describe("a panel's tab title", () => {
  it('waits for the page to boot when the panel is in view, then follows at once', () => {
    const { panel, webviewPanel } = fakePanel(true);
    const title = new TabTitle(webviewPanel);
    title.set('Fight Club');
    assert.equal(panel.title, 'TMDB', 'not retitled while VS Code builds the webview');
    assert.equal(title.value, 'Fight Club', 'what it is about to be');
    title.set('Movie 550 · not found');
    title.booted();
    assert.equal(panel.title, 'Movie 550 · not found', 'the last title set, once the page said ready');
    title.set('Se7en');
    assert.equal(panel.title, 'Se7en');
    title.dispose();
  });

  it('is set at once on a panel out of view, and when one goes out of view before its page said ready', () => {
    const hidden = fakePanel(false);
    new TabTitle(hidden.webviewPanel).set('Game of Thrones');
    assert.equal(hidden.panel.title, 'Game of Thrones');

    const { panel, webviewPanel, setVisible, listeners } = fakePanel(true);
    const title = new TabTitle(webviewPanel);
    title.set('Fight Club');
    setVisible(false);
    assert.equal(panel.title, 'Fight Club', 'its page is thrown away: it would never say ready');
    setVisible(true);
    title.set('Se7en');
    assert.equal(panel.title, 'Fight Club', 'shown again, the rebuilt page boots first');
    title.booted();
    assert.equal(panel.title, 'Se7en');
    title.dispose();
    assert.equal(listeners.length, 0, 'disposed, it stops listening');
  });

  it('does not wait for ever for a page that never says ready', async () => {
    const { panel, webviewPanel } = fakePanel(true);
    const title = new TabTitle(webviewPanel);
    title.set('Fight Club');
    const deadline = Date.now() + 15_000;
    while (panel.title !== 'Fight Club' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(panel.title, 'Fight Club');
    title.dispose();
  }).timeout(20_000);
});
