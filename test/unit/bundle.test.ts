// What the bundles do as they load, before `activate`: npm test builds them (node esbuild.mjs --production)
// before this suite runs.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stub, vscodeStub } from '../tools/bench/vscodeStub';

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

  it('extension.js activates without reading either deferred part (dist/schemasAndPages.js, dist/firstUse.js)', () => {
    // In a fresh Node process, vscode stubbed (the bench's loadChild: every setting and kept value is a stub),
    // each file the process reads recorded: the first use of a door loads its part, the start does not.
    const dir = mkdtempSync(join(tmpdir(), 'tmdb-reads-'));
    const tracer = join(dir, 'trace.js');
    writeFileSync(
      tracer,
      `const fs = require('fs'); const read = fs.readFileSync; const seen = [];
fs.readFileSync = function (path, ...rest) { if (typeof path === 'string' && /(schemasAndPages|firstUse)\\.js$/.test(path)) seen.push(path); return read.call(this, path, ...rest); };
process.on('exit', () => process.stdout.write('\\nREAD ' + JSON.stringify(seen) + '\\n'));`,
    );
    try {
      const child = join(ROOT, 'out', 'test', 'tools', 'bench', 'loadChild.js');
      const out = execFileSync(process.execPath, ['--require', tracer, child, join(ROOT, 'dist', 'extension.js')], {
        encoding: 'utf8',
      });
      assert.match(out, /"activateMs":/, 'activate ran');
      assert.deepEqual(JSON.parse(/READ (.*)/.exec(out)![1]!), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('web/extension.js activates without reading either deferred part; the first use of a door reads its own', async () => {
    const { reads, command } = activateWebBundle();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(reads, [], 'activation read a deferred part');

    // TMDB: Search… shows the recent titles, read with the deferred part's schema: it loads that part first.
    await command('tmdb.search');
    await until(() => reads.length > 0);
    assert.deepEqual(reads, ['dist/web/schemasAndPages.js']);
    // Export: its host code is the first-use part, which takes the start-up bundle's modules (tmdb:main).
    await command('tmdb.exportLibrary');
    assert.deepEqual(reads, ['dist/web/schemasAndPages.js', 'dist/web/firstUse.js']);
  });

  it('web/extension.js says a part it could not read, and reads it again on the next use', async () => {
    let failures = 1;
    const { reads, command } = activateWebBundle(() => {
      if (failures-- > 0) throw new Error('EIO: the workbench lost the file');
    });
    await assert.rejects(
      command('tmdb.exportLibrary'),
      /Part of the TMDB extension \(schemasAndPages\.js\) could not be read: EIO: the workbench lost the file\. Try again/,
    );
    await command('tmdb.exportLibrary');
    assert.deepEqual(reads, ['dist/web/schemasAndPages.js', 'dist/web/schemasAndPages.js', 'dist/web/firstUse.js']);
  });
});

/**
 * dist/web/extension.js run as VS Code for the Web runs it: its text in a function with `module`, `exports`
 * and `require` (only `vscode` is there), activated; the extension's own files read through
 * `vscode.workspace.fs` (each read recorded, `before` may fail it), its commands run by id.
 */
function activateWebBundle(before: (path: string) => void = () => undefined) {
  const reads: string[] = [];
  const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  const vscode = vscodeStub({
    Uri: { joinPath: (_base: unknown, ...parts: string[]) => parts.join('/') },
    // English: no translation bundle (a stub's would translate every text to '').
    l10n: { bundle: undefined },
    workspace: {
      fs: {
        readFile: async (path: string) => {
          reads.push(path);
          before(path);
          return readFileSync(join(ROOT, path));
        },
      },
    },
    commands: {
      registerCommand: (id: string, handler: (...args: unknown[]) => Promise<unknown>) => {
        handlers.set(id, handler);
        return stub();
      },
    },
  });
  const module = { exports: {} as { activate(context: unknown): unknown } };
  const requireInWorker = (id: string) => {
    if (id === 'vscode') return vscode;
    throw new Error(`the web bundle required ${id}`);
  };
  new Function('module', 'exports', 'require', bundle('web/extension.js'))(module, module.exports, requireInWorker);
  module.exports.activate(stub());
  const command = (id: string) => {
    const handler = handlers.get(id);
    assert.ok(handler, `${id} is registered`);
    return handler();
  };
  return { reads, command };
}

async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}
