// The manifest's `engines.vscode` is a promise: every VS Code it accepts can run the extension. The API is
// checked by type-checking against `@types/vscode`; this checks the other half, the Node.js inside VS Code's
// extension host, which the types do not see (1.74 type-checks, but its Node 16 has no `fetch`).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

/** The Node.js of VS Code's extension host, from its Electron (VS Code's release notes). */
const EXTENSION_HOST_NODE: Array<[vscode: string, node: string]> = [
  ['1.74', '16.14'], // Electron 19
  ['1.82', '18.15'], // Electron 25
  ['1.86', '18.17'], // Electron 27
  ['1.90', '20.9'], // Electron 29
  ['1.101', '22.15'], // Electron 35
];

/** Runtime APIs the extension host code may call, and the Node.js that first has each. */
const NEEDS: Array<[pattern: RegExp, api: string, node: string]> = [
  [/\bfetch\(/, 'global fetch', '18.0'],
  [/AbortSignal\.timeout\(/, 'AbortSignal.timeout', '17.3'],
  [/AbortSignal\.any\(/, 'AbortSignal.any', '20.3'],
  [/\bstructuredClone\(/, 'structuredClone', '17.0'],
  [/Object\.hasOwn\(/, 'Object.hasOwn', '16.9'],
  [
    /\bcrypto\.(subtle|randomUUID|getRandomValues)\b/,
    'global Web Crypto (crypto.subtle, randomUUID, getRandomValues)',
    '19.0',
  ],
];

const version = (text: string) => text.split('.').map(Number) as [number, number];
const atLeast = (a: string, b: string) => {
  const [x, y] = [version(a), version(b)];
  return x[0] !== y[0] ? x[0] > y[0] : x[1] >= y[1];
};

/** Every .ts file the extension host runs (the page script runs in the webview, the browser). */
function hostSources(): string[] {
  return readdirSync(join(ROOT, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(join('src', 'page') + '/'));
}

describe('engines', () => {
  it("accepts only VS Code versions whose extension host's Node.js has every runtime API the code calls", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { vscode: string } };
    const oldest = /^\^(\d+\.\d+)\.\d+$/.exec(manifest.engines.vscode)?.[1];
    assert.ok(oldest, `engines.vscode "${manifest.engines.vscode}" is ^major.minor.patch`);
    const node = EXTENSION_HOST_NODE.filter(([vscode]) => atLeast(oldest, vscode)).at(-1)?.[1];
    assert.ok(node, `no Node.js known for VS Code ${oldest}`);
    const code = hostSources()
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const used = NEEDS.filter(([pattern]) => pattern.test(code));
    assert.ok(
      used.some(([, api]) => api === 'global fetch'),
      'the scan finds what the client calls',
    );
    const missing = used
      .filter(([, , since]) => !atLeast(node, since))
      .map(([, api, since]) => `${api} (Node ${since})`);
    assert.deepEqual(missing, [], `VS Code ${oldest} runs Node ${node}`);
  });
});
