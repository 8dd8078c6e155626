// The VSIX holds only what a user needs: no sources, tests, node_modules or source maps.
import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

describe('the packaged VSIX', () => {
  it('lists only the bundle, its webview assets, the icon and the documents', () => {
    const listing = execFileSync('npx', ['vsce', 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .sort();
    assert.deepEqual(listing, [
      'CHANGELOG.md',
      'LICENSE',
      'README.md',
      'dist/schemasAndPages.js',
      'dist/extension.js',
      'dist/media/panel.css',
      'dist/media/panel.js',
      'dist/media/tmdb-logo.svg',
      'media/icon.png',
      'media/icons/bookmark-dark.svg',
      'media/icons/bookmark-filled-dark.svg',
      'media/icons/bookmark-filled-light.svg',
      'media/icons/bookmark-light.svg',
      'media/tmdb.svg',
      ...['open-movie', 'sign-in', 'token', 'trending', 'watchlist'].flatMap((step) => [`media/walkthrough/${step}.md`, `media/walkthrough/${step}.nls.de.md`]),
      'l10n/bundle.l10n.de.json',
      'l10n/bundle.l10n.json',
      'package.json',
      'package.nls.de.json',
      'package.nls.json',
    ].sort());
    assert.ok(!listing.some((f) => /^(src|test|node_modules)\/|\.map$|\.ts$/.test(f)));
  });

  it('is small', () => {
    const size = statSync(join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix')).size;
    assert.ok(size < 300_000, `${size} bytes`);
  });

  it('packages without a warning', () => {
    const run = spawnSync('node', [join(ROOT, 'test', 'harness', 'package.mjs')], { cwd: ROOT, encoding: 'utf8' });
    const output = `${run.stdout}${run.stderr}`;
    assert.equal(run.status, 0, output);
    assert.match(output, /Packaged: /);
    assert.ok(!/WARNING/i.test(output), output);
  });

  it('has reviewed the install scripts of every dependency (no npm allowScripts warning)', () => {
    const output = execFileSync('npm', ['install-scripts', 'ls'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.match(output, /No packages with unreviewed install scripts/);
  });
});
