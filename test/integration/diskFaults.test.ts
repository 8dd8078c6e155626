// The kept answers on disk, in the real extension host: what other windows do to the folder (write into
// it at once, clear it) and what a file there may hold (anything: it is input) never break this window,
// and an answer TMDB gives is what a page shows. "Other windows" are real processes writing the same
// folder with the extension's own store.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { TmdbTestApi } from '../../src/testApi';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { resetState, until } from './helpers';

const STORE_MODULE = join(__dirname, '..', '..', 'src', 'tmdb', 'diskStore.js');

async function open(api: TmdbTestApi, id: number): Promise<DetailPanel> {
  const panel = await vscode.commands.executeCommand<DetailPanel>('tmdb.openMovie', id);
  await api.whenRendered(panel);
  return panel;
}

function answersDir(api: TmdbTestApi): string {
  return join(api.diagnostics.globalStorageUri.fsPath, 'answers');
}

function keptFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
}

/** The kept file whose key asks for `path`, once the store has written it. */
async function fileFor(dir: string, path: string): Promise<string> {
  let found: string | undefined;
  await until(`a kept file for ${path}`, () => {
    found = keptFiles(dir).find((name) => {
      try {
        return (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { key: string }).key.includes(` ${path}?`);
      } catch {
        return false;
      }
    });
    return found !== undefined;
  });
  return join(dir, found!);
}

/** Another window: a process with the extension's own store, writing `count` answers into `dir`, or clearing it. */
function otherWindow(dir: string, job: 'write' | 'clear', count = 40): Promise<number | null> {
  const script = `
    const { DiskStore } = require(${JSON.stringify(STORE_MODULE)});
    const store = new DiskStore(process.argv[1]);
    (async () => {
      if (process.argv[2] === 'clear') return store.clear();
      for (let i = 0; i < ${count}; i++) await store.set({ key: 'other-window ' + process.pid + ':' + i, body: { i }, storedAt: Date.now(), freshUntil: Date.now() + 60000, scope: 'public', size: 8 });
    })().then(() => process.exit(0), () => process.exit(1));`;
  const child = spawn(process.execPath, ['-e', script, dir, job], { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('kept answers on disk, with other windows and hostile files', function () {
  this.timeout(60_000);

  it('two other windows write the folder while this one opens pages, then one clears it: this window goes on keeping answers', async () => {
    const { api } = await resetState();
    const dir = answersDir(api);
    await open(api, 550);
    await fileFor(dir, '/3/movie/550');
    const writers = [otherWindow(dir, 'write'), otherWindow(dir, 'write')];
    for (const id of [238, 240, 111]) assert.ok((await open(api, id)).state.phase === 'shown');
    assert.deepEqual(await Promise.all(writers), [0, 0], 'the other windows wrote without an error');
    assert.ok(keptFiles(dir).length >= 4, 'answers from both sides are there');
    // "TMDB: Clear Cache" in the other window, while this one opens one more page.
    const [cleared, panel] = await Promise.all([otherWindow(dir, 'clear'), open(api, 335984)]);
    assert.equal(cleared, 0);
    assert.equal(panel.state.phase, 'shown');
    await open(api, 546554);
    await fileFor(dir, '/3/movie/546554'); // kept after the other window emptied the folder
  });

  it('a kept file with hostile content is not shown: the page asks TMDB, and offline says it has nothing', async () => {
    const { api, server } = await resetState();
    const dir = answersDir(api);
    await open(api, 238);
    const file = await fileFor(dir, '/3/movie/238');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { key: string; storedAt: number };
    // The same title in another language: this window has it in no memory, so it reads the folder.
    const language = vscode.workspace.getConfiguration('tmdb');
    const key = kept.key.replace('language=en-US', 'language=de-DE');
    assert.notEqual(key, kept.key);
    const now = Date.now();
    const hostile = { id: '<script>alert(1)</script>', title: '<img src=x onerror=alert(1)>' };
    const script = `
      const { DiskStore } = require(${JSON.stringify(STORE_MODULE)});
      new DiskStore(process.argv[1]).set(JSON.parse(process.argv[2])).then(() => process.exit(0), () => process.exit(1));`;
    const entry = {
      key,
      body: hostile,
      storedAt: now,
      freshUntil: now + 3600_000,
      scope: 'public',
      size: JSON.stringify(hostile).length,
    };
    const child = spawn(process.execPath, ['-e', script, dir, JSON.stringify(entry)], { stdio: 'ignore' });
    assert.equal(await new Promise((resolve) => child.on('exit', resolve)), 0);
    // And a file that is not JSON at all, beside it.
    writeFileSync(join(dir, `${'0'.repeat(40)}.json`), '\u0000{not json');
    await language.update('language', 'de-DE', vscode.ConfigurationTarget.Global);
    try {
      server.requests.length = 0;
      const panel = await open(api, 238);
      assert.equal(panel.state.phase, 'shown');
      assert.equal(panel.panel.title, 'Der Pate', "TMDB's German answer, not the file's");
      assert.equal(server.requestsTo('/3/movie/238').length, 1, 'asked TMDB: the file was not taken as fresh');
      // Offline with only a hostile file for a title: an error with Retry, never the file's content.
      vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await language.update('language', 'fr-FR', vscode.ConfigurationTarget.Global);
      const frenchKey = kept.key.replace('language=en-US', 'language=fr-FR');
      const french = spawn(
        process.execPath,
        ['-e', script, dir, JSON.stringify({ ...entry, key: frenchKey, freshUntil: now - 1 })],
        { stdio: 'ignore' },
      );
      assert.equal(await new Promise((resolve) => french.on('exit', resolve)), 0);
      server.inject({ path: '/3/movie/238', kind: 'reset' });
      const offline = await vscode.commands.executeCommand<DetailPanel>('tmdb.openMovie', 238);
      await until('the page to fail', () => offline.state.phase === 'error');
      await api.whenRendered(offline);
      assert.equal(offline.panel.title, 'Movie 238 · could not load');
    } finally {
      server.clearFaults();
      await language.update('language', undefined, vscode.ConfigurationTarget.Global);
      // The views reload for the setting: let that finish before the next test injects its faults.
      await api.trending.getChildren();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
