// The map a newcomer reads (CONTRIBUTING.md's Layout) says where everything is: each folder of src/ is named
// there with its job, and a path named in a comment, the README or CONTRIBUTING is a path that exists. A
// folder added without a word in the map, or a file moved under a comment that still names its old place,
// fails here, named.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const CONTRIBUTING = join(ROOT, 'CONTRIBUTING.md');

/** Every folder under src/ that holds a file, relative to src/ ('tmdb', 'features/titles/html'). */
function sourceFolders(): string[] {
  return readdirSync(join(ROOT, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(join(ROOT, 'src'), entry.parentPath))
    .filter((folder, index, all) => folder !== '' && all.indexOf(folder) === index)
    .sort();
}

/** The map's bullet about `src/<folder>/`, if it has one (from its line to the next bullet). */
function bulletOf(map: string, folder: string): string | undefined {
  const start = map.indexOf(`- \`src/${folder}/\``);
  if (start < 0) return undefined;
  const next = map.indexOf('\n- ', start + 1);
  return map.slice(start, next < 0 ? undefined : next);
}

/** A folder is named by its own bullet, or (a folder inside another) as `name/` in its parent's bullet. */
function named(map: string, folder: string): boolean {
  if (bulletOf(map, folder)) return true;
  const parts = folder.split('/');
  const name = parts.pop()!;
  const parent = bulletOf(map, parts.join('/'));
  return parent !== undefined && parent.includes(`\`${name}/\``);
}

/** The files whose comments, or whose whole text (Markdown), may name paths of the project. */
function documents(): Array<{ file: string; text: string }> {
  const code = ['src', 'test', '.ci']
    .flatMap((dir) =>
      readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && /\.(ts|mts|mjs|js|sh)$|^run$/.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name)),
    )
    .filter((file) => !file.includes(`${join('test', 'fixtures')}/`))
    .concat(['esbuild.mjs', 'eslint.config.mjs'].map((name) => join(ROOT, name)));
  const comments = (text: string) =>
    text
      .split('\n')
      .filter((line) => /^\s*(\/\/|\/?\*|#)/.test(line))
      .join('\n');
  return [
    ...code.map((file) => ({ file, text: comments(readFileSync(file, 'utf8')) })),
    ...['README.md', 'CONTRIBUTING.md'].map((name) => ({
      file: join(ROOT, name),
      text: readFileSync(join(ROOT, name), 'utf8'),
    })),
  ];
}

/** `src/…` and `test/…` paths in a text: whole words, not a pattern (`*`, `<name>`) or a part of an address. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w./@:-])(?:src|test)\/[\w./-]*[\w/]/g)]
    .map((match) => match[0])
    .filter((path) => !/[*<>{}$…]/.test(path));
}

const exists = (path: string) =>
  [path, `${path}.ts`, `${path}.test.ts`, `${path}.mjs`].some((candidate) => existsSync(join(ROOT, candidate)));

describe("the contributors' map", () => {
  it('names every folder of src/ with its job (CONTRIBUTING.md, Layout)', () => {
    const map = readFileSync(CONTRIBUTING, 'utf8');
    const folders = sourceFolders();
    assert.ok(folders.includes('features/titles'), 'the scan sees the folders');
    assert.deepEqual(
      folders.filter((folder) => !named(map, folder)),
      [],
    );
  });

  it('names only paths that exist: in comments, the README and CONTRIBUTING', () => {
    const named = documents().flatMap(({ file, text }) =>
      pathsIn(text).map((path) => ({ where: relative(ROOT, file), path })),
    );
    assert.ok(named.length > 50, `the scan sees the paths named (${named.length})`);
    const missing = named.filter(({ path }) => !exists(path)).map(({ where, path }) => `${where}: ${path}`);
    assert.deepEqual([...new Set(missing)], []);
  });
});
