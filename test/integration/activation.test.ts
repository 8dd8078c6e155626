import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, Views } from '../../src/ids';
import { extensionApi, resetState } from './helpers';

describe('activation', () => {
  it('runs in the real VS Code extension host', () => {
    assert.match(vscode.version, /^\d+\.\d+\.\d+/);
    console.log(`[integration] VS Code ${vscode.version}, ${vscode.env.appName}`);
  });

  it('activates without error and returns its services', async () => {
    const api = await extensionApi();
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    assert.ok(api.client && api.panels && api.trending);
  });

  it('registers every command it contributes', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const manifest = JSON.parse(readFileSync(join(extension.extensionPath, 'package.json'), 'utf8'));
    const contributed: string[] = manifest.contributes.commands.map((c: { command: string }) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(contributed.length >= 15);
    assert.deepEqual(contributed.filter((id) => !registered.has(id)), []);
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'TMDB', command.command);
  });

  it('shows the TMDB container with its three views', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('workbench.view.extension.tmdb');
    await vscode.commands.executeCommand(`${Views.trendingPeople}.focus`);
    assert.equal(api.treeViews.trending.visible, true);
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    assert.deepEqual(
      manifest.contributes.views.tmdb.map((v: { id: string }) => v.id),
      [Views.trendingPeople, Views.lists, Views.watchlist],
    );
  });

  it('shows welcome content (no rows) while no token is set', async () => {
    const { api, server } = await resetState({ token: false });
    assert.deepEqual(await api.trending.getChildren(), []);
    assert.deepEqual(await api.lists.getChildren(), []);
    assert.deepEqual(await api.watchlistView.getChildren(), []);
    assert.equal(server.requests.length, 0, 'no request without a token');
    const welcome = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.viewsWelcome;
    assert.ok(welcome.some((w: { view: string; when: string; contents: string }) => w.view === Views.trendingPeople && w.when === '!tmdb.hasToken' && w.contents.includes('command:tmdb.setApiToken')));
  });
});
