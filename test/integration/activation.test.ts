import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { asRegistered } from '../../src/core/feature';
import type { DetailPanel } from '../../src/features/titles/detailPanel';
import { EXTENSION_ID, Views } from '../../src/common/ids';
import { exportsFor } from '../../src/testApi';
import { extensionApi, READ_TOKEN, resetState, V4_USER_TOKEN } from './helpers';

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
    assert.deepEqual(
      contributed.filter((id) => !registered.has(id)),
      [],
    );
    for (const command of manifest.contributes.commands) assert.equal(command.category, 'TMDB', command.command);
  });

  it('shows the TMDB container with its nine views', async () => {
    const api = await extensionApi();
    await vscode.commands.executeCommand('workbench.view.extension.tmdb');
    await vscode.commands.executeCommand(`${Views.trendingPeople}.focus`);
    assert.equal(api.treeViews.trending.visible, true);
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    assert.deepEqual(
      manifest.contributes.views.tmdb.map((v: { id: string }) => v.id),
      [
        Views.trendingPeople,
        Views.trendingTitles,
        Views.browse,
        Views.lists,
        Views.watchlist,
        Views.favorites,
        Views.rated,
        Views.upNext,
        Views.forYou,
      ],
    );
  });

  it('shows welcome content (no rows) while no token is set', async () => {
    const { api, server } = await resetState({ token: false });
    assert.deepEqual(await api.trending.getChildren(), []);
    assert.deepEqual(await api.lists.getChildren(), []);
    assert.deepEqual(await api.watchlistView.getChildren(), []);
    assert.deepEqual(await api.upNextView.getChildren(), []);
    assert.deepEqual(await api.browse.getChildren(), []);
    assert.equal(server.requests.length, 0, 'no request without a token');
    const welcome = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.viewsWelcome;
    assert.ok(
      welcome.some(
        (w: { view: string; when: string; contents: string }) =>
          w.view === Views.trendingPeople &&
          w.when === 'tmdb.credentialsRead && !tmdb.hasToken' &&
          w.contents.includes('command:tmdb.setApiToken'),
      ),
    );
  });

  describe('the test-mode door', () => {
    it("hands its services only to VS Code's test mode, never to another extension", async () => {
      const api = await extensionApi();
      const context = api.diagnostics;
      for (const mode of [vscode.ExtensionMode.Production, vscode.ExtensionMode.Development]) {
        assert.equal(exportsFor(mode, api, context, []), undefined, `mode ${vscode.ExtensionMode[mode]}`);
      }
      assert.equal(exportsFor(vscode.ExtensionMode.Test, api, context, [])?.credentials, api.credentials);
    });

    it('outside test mode, ignores a token passed to a command and asks for one instead', async () => {
      const { api, server } = await resetState({ token: false });
      const handlers = api.commandHandlers({ credentialArguments: false, returnResults: false });
      const closed = (promise: Promise<unknown>) =>
        Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 500))]);

      const setting = Promise.resolve(handlers['tmdb.setApiToken'](READ_TOKEN));
      assert.equal(await closed(setting), false, 'it waits for the user to type a token');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await setting, false);
      assert.equal(await api.credentials.apiToken(), undefined);
      assert.equal(server.requestsTo('/3/authentication').length, 0, 'the argument never reached TMDB');

      await api.credentials.setApiToken(READ_TOKEN);
      const converting = Promise.resolve(handlers['tmdb.signInWithV4Token'](V4_USER_TOKEN));
      assert.equal(await closed(converting), false, 'it waits for the user to paste a v4 token');
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      assert.equal(await converting, undefined);
      assert.equal(server.requestsTo('/3/authentication/session/convert/4').length, 0);
      assert.equal(await api.credentials.currentSession(), undefined);
    });

    it('outside test mode, a command gives back nothing (VS Code sends it to the workbench as JSON); a panel as JSON is what it shows, never what it holds', async () => {
      const { api } = await resetState();
      const options = { credentialArguments: false, returnResults: false };
      const open = asRegistered(api.commandHandlers(options)['tmdb.openMovie']!, options);
      assert.equal(await open(550), undefined);
      assert.ok(api.panels.showing({ kind: 'movie', id: 550 }), 'the panel opened all the same');
      // The tests' own handle (test mode) written out as the workbench would get it.
      const panel = await vscode.commands.executeCommand<DetailPanel>('tmdb.openMovie', 550);
      const json = JSON.stringify(panel);
      assert.deepEqual(JSON.parse(json), { kind: 'movie', id: 550 });
      assert.ok(!json.includes(READ_TOKEN));
    });
  });
});
