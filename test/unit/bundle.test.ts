// What the bundles do as they load, before `activate`: npm test builds them (node esbuild.mjs --production)
// before this suite runs.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const bundle = (path: string) => {
  const file = join(ROOT, 'dist', path);
  assert.ok(existsSync(file), `${file} is not built (node esbuild.mjs --production)`);
  return readFileSync(file, 'utf8');
};
const count = (text: string, needle: string) => text.split(needle).length - 1;

describe('bundles at load', () => {
  for (const path of ['extension.js', join('web', 'extension.js')]) {
    it(`${path} takes the vscode API once, into one namespace (not one copy of its names per module)`, () => {
      assert.equal(count(bundle(path), 'require("vscode")'), 1);
    });
  }

  it('extension.js loads no node:crypto (the global Web Crypto is there when it is needed)', () => {
    const extension = bundle('extension.js');
    assert.equal(count(extension, 'require("node:crypto")') + count(extension, 'require("crypto")'), 0);
  });
});
