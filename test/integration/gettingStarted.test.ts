// Getting started: the walkthrough opens once, and an empty search offers what was opened lately.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { recentItems } from '../../src/features/search/search';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { openWalkthroughOnce } from '../../src/features/welcome/walkthrough';
import { resetState, until } from './helpers';

describe('getting started', function () {
  this.timeout(30_000);

  function memory(): vscode.Memento {
    const store = new Map<string, unknown>();
    return {
      get: (key: string) => store.get(key),
      update: async (key: string, value: unknown) => void store.set(key, value),
      keys: () => [...store.keys()],
    } as unknown as vscode.Memento;
  }

  it('opens the walkthrough after the first install only', async () => {
    const memento = memory();
    let opened = 0;
    const open = async () => void opened++;
    await openWalkthroughOnce(memento, open);
    await openWalkthroughOnce(memento, open);
    assert.equal(opened, 1);
  });

  it('leaves it closed when the person turned walkthroughs off (workbench.welcomePage.walkthroughs.openOnInstall)', async () => {
    const setting = vscode.workspace.getConfiguration('workbench.welcomePage');
    await setting.update('walkthroughs.openOnInstall', false, vscode.ConfigurationTarget.Global);
    try {
      let opened = 0;
      await openWalkthroughOnce(memory(), async () => void opened++);
      assert.equal(opened, 0);
    } finally {
      await setting.update('walkthroughs.openOnInstall', undefined, vscode.ConfigurationTarget.Global);
    }
    let opened = 0;
    await openWalkthroughOnce(memory(), async () => void opened++);
    assert.equal(opened, 1, 'on again by default');
  });

  it('offers the titles opened lately in an empty search, newest first, at most 20, and clears them', async () => {
    const { api } = await resetState();
    await api.recent.clear();
    for (const [command, id] of [
      ['tmdb.openMovie', 550],
      ['tmdb.openTvSeries', 1399],
      ['tmdb.openMovie', 550],
    ] as const) {
      await api.whenRendered((await vscode.commands.executeCommand<DetailPanel>(command, id))!);
    }
    // Fight Club brought to the front again is said once its rebuilt page has painted it.
    await until('Fight Club first again', () => api.recent.all[0]?.label === 'Fight Club');
    assert.deepEqual(
      api.recent.all.map((title) => title.label),
      ['Fight Club', 'Game of Thrones'],
      'each once, newest first',
    );
    const items = recentItems(api.recent.all);
    assert.equal(items[0]?.kind, vscode.QuickPickItemKind.Separator);
    assert.match(items[1]!.label, /Fight Club/);
    assert.deepEqual(items[1]!.ref, { kind: 'movie', id: 550 });
    for (let i = 0; i < 25; i++)
      await api.recent.add({ ref: { kind: 'person', id: 1000 + i }, label: `Person ${i}`, detail: 'Person' });
    assert.equal(api.recent.all.length, 20);
    await vscode.commands.executeCommand('tmdb.clearRecentTitles');
    assert.deepEqual(api.recent.all, []);
    assert.deepEqual(recentItems(api.recent.all), []);
  });
});
