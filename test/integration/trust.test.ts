// Issue 10's findings where VS Code itself is involved: which settings a workspace can change, which
// addresses are used, and how server text reaches trees and quick picks.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/common/ids';
import { toItem } from '../../src/features/search/search';
import { readSettings, refusedBaseUrls } from '../../src/settings/settings';
import { resetState } from './helpers';

const HOSTILE = '[Run](command:tmdb.signOut) $(alert)';

describe('trust', function () {
  this.timeout(30_000);

  it("lets only the user's own settings name the TMDB addresses, and declares its Accounts provider", () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON;
    const properties = manifest.contributes.configuration.properties;
    for (const key of ['tmdb.apiBaseUrl', 'tmdb.webBaseUrl', 'tmdb.imageBaseUrl'])
      assert.equal(properties[key].scope, 'application', key);
    assert.deepEqual(manifest.contributes.authentication, [{ id: 'tmdb', label: 'TMDB' }]);
  });

  it('refuses an address that is not https (or http on this computer), naming the setting, and uses the default', async () => {
    await resetState();
    const config = vscode.workspace.getConfiguration('tmdb');
    const before = config.get<string>('apiBaseUrl');
    await config.update('apiBaseUrl', 'http://tmdb-proxy.example', vscode.ConfigurationTarget.Global);
    try {
      assert.equal(readSettings().apiBaseUrl, 'https://api.themoviedb.org');
      assert.deepEqual(
        refusedBaseUrls().map((refused) => refused.setting),
        ['apiBaseUrl'],
      );
      assert.match(refusedBaseUrls()[0]!.reason, /https/);
    } finally {
      await config.update('apiBaseUrl', before, vscode.ConfigurationTarget.Global);
    }
    assert.equal(readSettings().apiBaseUrl, before, 'the stand-in on loopback is allowed');
    assert.deepEqual(refusedBaseUrls(), []);
  });

  it('asks once, naming the host, before the token goes to an API address that is not TMDB’s, and sends nothing when refused', async () => {
    const { api } = await resetState();
    const config = vscode.workspace.getConfiguration('tmdb');
    const before = config.get<string>('apiBaseUrl');
    const asked: string[] = [];
    let answer: (buttons: string[]) => string | undefined = () => undefined; // Cancel (or Escape)
    const ask = api.apiHosts.ask;
    api.apiHosts.ask = async (message, detail, ...buttons) => (asked.push(`${message}\n${detail}`), answer(buttons));
    const rows = async () => {
      api.trending.reset();
      return (await api.trending.getChildren()).map((row) => String(row.label));
    };
    try {
      await api.apiHosts.reset();
      await config.update('apiBaseUrl', 'https://tmdb-proxy.invalid', vscode.ConfigurationTarget.Global);
      // Refused: the views loading together asked once, and nothing went out (not "offline": no request).
      const [trending, titles] = await Promise.all([rows(), api.trendingTitles.getChildren()]);
      assert.equal(asked.length, 1, 'asked once');
      assert.match(
        asked[0]!,
        /^Send your TMDB token and session to tmdb-proxy\.invalid\?\n.*instead of api\.themoviedb\.org/,
      );
      assert.match(trending[0]!, /^Could not load: API address not allowed/);
      const [titleRow] = titles;
      assert.match(String(titleRow?.label), /^Could not load: API address not allowed/, 'the other view too');
      assert.match((await rows())[0]!, /API address not allowed/, 'the refusal holds in this window');
      assert.equal(asked.length, 1, 'not asked again');

      // Another address: asked again; allowed, the request goes (and finds no such host), and is not asked again.
      answer = (buttons) => buttons.find((button) => button.startsWith('Send to '));
      await config.update('apiBaseUrl', 'https://tmdb-proxy-2.invalid:8443', vscode.ConfigurationTarget.Global);
      assert.match((await rows())[0]!, /^Could not load: offline/);
      assert.equal(asked.length, 2);
      assert.match(asked[1]!, /tmdb-proxy-2\.invalid:8443/);
      await rows();
      assert.equal(asked.length, 2, 'remembered once allowed');
      assert.deepEqual(api.diagnostics.globalState.get('tmdb.allowedApiHosts'), ['tmdb-proxy-2.invalid:8443']);
    } finally {
      api.apiHosts.ask = ask;
      await config.update('apiBaseUrl', before, vscode.ConfigurationTarget.Global);
      await api.apiHosts.reset();
    }
    // The stand-in, on this computer, is never asked about.
    assert.ok((await rows()).length > 1);
    assert.equal(asked.length, 2);
  });

  it('shows server text in trees exactly as written (trees render no markup), and in the search as typed with its icons inert (quick picks draw icons, no links)', async () => {
    const { api, server } = await resetState();
    server.inject({ path: '/3/trending/person/day', kind: 'setField', field: 'results.0.name', value: HOSTILE });
    api.trending.reset();
    const first = (await api.trending.getChildren())[0]!;
    assert.equal(first.contextValue, 'person');
    assert.equal(first.label, HOSTILE, 'the name as TMDB has it: a tree label is never a link or an icon');
    assert.ok(!(first.tooltip as vscode.MarkdownString).value.includes(']('), 'the Markdown tooltip escapes it');

    server.inject({ path: '/3/search/multi', kind: 'setField', field: 'results.0.title', value: HOSTILE });
    const results = (await api.searcher.search('fight club'))!;
    const item = toItem(results[0]!);
    const shown = item.label.replace('$(device-camera-video) ', '');
    assert.ok(!/\$\(alert/.test(shown), shown);
    assert.equal(shown.replace(/\u200B/g, ''), HOSTILE, 'the words as typed');
  });
});
