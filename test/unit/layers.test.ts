// The layout is a promise too: each folder under src/ is a layer, and a layer imports only from the
// layers below it. The one exception is the lazy-load seam (`schemasAndPagesLoader`, at the root), which
// the lower layers call to load zod, the schemas, ofetch and the page builders on first use. No file is
// over 400 lines. Read from the sources, so a new import against the grain fails here, named.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

/** Lowest first. The root (extension.ts, services.ts, testApi.ts, the seam) is above them all. */
export const LAYERS = ['common', 'tmdb', 'settings', 'auth', 'account', 'views', 'webview', 'search', 'commands', 'lm', '(root)'] as const;
/** The import every layer may make upward: the lazy-load seam. */
const SEAM = 'schemasAndPagesLoader.ts';
const MAX_LINES = 400;

function sources(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The layer of a file: its first folder under src/, or the root. */
function layerOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  return parts.length > 1 ? parts[0]! : '(root)';
}

/** The src/ files a file imports (relative specifiers; type-only imports count too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import|require)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)) {
    const base = resolve(dirname(file), match[1]!);
    const candidates = [`${base}.ts`, join(base, 'index.ts')];
    const target = candidates.find((candidate) => sources().includes(candidate));
    if (target) found.push(target);
  }
  return found;
}

export interface Edge {
  from: string;
  to: string;
}

/** Imports that run from a lower layer to a higher one. */
export function upwardImports(): Edge[] {
  const rank = (file: string) => LAYERS.indexOf(layerOf(file) as (typeof LAYERS)[number]);
  return sources().flatMap((file) =>
    importsOf(file)
      .filter((target) => rank(target) > rank(file))
      .map((target) => ({ from: relative(SRC, file), to: relative(SRC, target) })),
  );
}

describe('layers', () => {
  it('every folder under src/ is a known layer', () => {
    const unknown = [...new Set(sources().map(layerOf))].filter((layer) => !(LAYERS as readonly string[]).includes(layer));
    assert.deepEqual(unknown, []);
  });

  it('imports run downward, but for the lazy-load seam', () => {
    const upward = upwardImports();
    assert.ok(upward.some((edge) => edge.to === SEAM), 'the scan sees the seam (it would see any other upward import)');
    const others = upward.filter((edge) => edge.to !== SEAM).map((edge) => `${edge.from} → ${edge.to}`);
    assert.deepEqual(others, []);
  });

  it(`no file is over ${MAX_LINES} lines`, () => {
    const long = sources()
      .map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    assert.deepEqual(long, []);
  });
});
