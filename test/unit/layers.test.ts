// The layout is a promise too. Each folder under src/ is a layer, lowest first in LAYERS, and a layer
// imports only from the layers below it (and itself): no exception. Each thing a person uses is a folder
// of its own under src/features/ (its views, commands, state and pages), over the layers below; a feature
// imports no other feature: what two need lives below them, and the top (src/*.ts) wires them together.
// The core (common, model, tmdb), the message contract (webview) and the page script (page, a program of its own) know no `vscode`. No file is over 400 lines. Read from the sources, so an
// import against the grain fails here, named.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const SRC = join(ROOT, 'src');

/** Lowest first. The top (extension.ts, services.ts, testApi.ts, the command table, the deferred part's entry) is above them all. */
export const LAYERS = [
  'common',
  'model',
  'tmdb',
  'webview',
  'page',
  'kit',
  'settings',
  'auth',
  'account',
  'tree',
  'pageHost',
  'core',
  'features',
  '(top)',
] as const;
/**
 * The layers that know no `vscode`: the model and the client run anywhere (the page script, a bench in plain
 * Node); the webview's message contract (webview) and the page script (page) run in the browser too.
 */
const CORE = ['common', 'model', 'tmdb', 'webview', 'page'];
/** The page script (its own program, src/page/tsconfig.json) imports the model and the message contract only. */
const PAGE_IMPORTS = ['page', 'model', 'webview'];
const MAX_LINES = 400;
/** A feature may keep rules of its own that know no vscode (Discover's saved filters, say): its model.ts. */
const isFeatureModel = (file: string) => /^features\/[^/]+\/model\.ts$/.test(relative(SRC, file));

function sources(): string[] {
  return readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The layer of a file: its first folder under src/, or the top. */
function layerOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  return parts.length > 1 ? parts[0]! : '(top)';
}

/** The folder a file belongs to as a unit: a feature's own folder (features/upNext), else its layer. */
export function unitOf(file: string): string {
  const parts = relative(SRC, file).split('/');
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : layerOf(file);
}

const rank = (file: string) => LAYERS.indexOf(layerOf(file) as (typeof LAYERS)[number]);

/** The src/ files a file imports (relative specifiers; type-only imports and requires count too). */
function importsOf(file: string, all: readonly string[]): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:from|import|require)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)) {
    const base = resolve(dirname(file), match[1]!);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => all.includes(candidate));
    if (target) found.push(target);
  }
  return found;
}

export interface Edge {
  from: string;
  to: string;
}

/** Every import between two files of src/. */
export function edges(): Edge[] {
  const all = sources();
  return all.flatMap((file) => importsOf(file, all).map((target) => ({ from: file, to: target })));
}

/** Imports that run from a lower layer to a higher one. */
export function upwardImports(): Edge[] {
  return edges().filter((edge) => rank(edge.to) > rank(edge.from));
}

/** Imports from one feature's folder into another's. */
export function featureToFeatureImports(): Edge[] {
  return edges().filter(
    (edge) =>
      layerOf(edge.from) === 'features' && layerOf(edge.to) === 'features' && unitOf(edge.from) !== unitOf(edge.to),
  );
}

/** The layout in figures, printed by the suite: folders (a feature counts as one), their imports of each other, upward imports. */
export function layoutFigures(): { folders: number; folderImports: number; upward: number; featureToFeature: number } {
  const all = edges();
  const pairs = new Set(
    all
      .filter((edge) => unitOf(edge.from) !== unitOf(edge.to))
      .map((edge) => `${unitOf(edge.from)} → ${unitOf(edge.to)}`),
  );
  return {
    folders: new Set(sources().map(unitOf)).size,
    folderImports: pairs.size,
    upward: upwardImports().length,
    featureToFeature: featureToFeatureImports().length,
  };
}

const named = (list: Edge[]) => list.map((edge) => `${relative(SRC, edge.from)} → ${relative(SRC, edge.to)}`);

describe('layers', () => {
  it('every folder under src/ is a known layer, and every feature a folder of its own', () => {
    const unknown = [...new Set(sources().map(layerOf))].filter(
      (layer) => !(LAYERS as readonly string[]).includes(layer),
    );
    assert.deepEqual(unknown, []);
    const loose = sources().filter((file) => layerOf(file) === 'features' && unitOf(file) === 'features');
    assert.deepEqual(
      loose.map((file) => relative(SRC, file)),
      [],
      'a file directly under features/ belongs to no feature',
    );
  });

  it('imports run downward, with no exception', () => {
    const all = edges();
    assert.ok(
      all.some((edge) => rank(edge.to) < rank(edge.from)),
      'the scan sees imports between layers',
    );
    assert.deepEqual(named(upwardImports()), []);
    console.log(`      layout: ${JSON.stringify(layoutFigures())}`);
  });

  it('no feature imports another feature', () => {
    assert.ok(
      edges().some((edge) => layerOf(edge.from) === 'features' && unitOf(edge.from) === unitOf(edge.to)),
      'the scan sees imports within a feature',
    );
    assert.deepEqual(named(featureToFeatureImports()), []);
  });

  it("the core (common, model, tmdb), the webview's contract and the page script, and a feature's own rules (features/<name>/model.ts) import no vscode", () => {
    const rules = sources().filter(isFeatureModel);
    assert.ok(rules.length > 0, 'the scan sees the features’ own rules');
    const withVscode = sources().filter(
      (file) =>
        (CORE.includes(layerOf(file)) || isFeatureModel(file)) &&
        /(?:from|import|require)\s*\(?\s*'vscode'/.test(readFileSync(file, 'utf8')),
    );
    assert.deepEqual(
      withVscode.map((file) => relative(SRC, file)),
      [],
    );
  });

  it('the page script imports only the model and the message contract', () => {
    const fromPage = edges().filter((edge) => layerOf(edge.from) === 'page');
    assert.ok(fromPage.length > 0, 'the scan sees the page script’s imports');
    assert.deepEqual(named(fromPage.filter((edge) => !PAGE_IMPORTS.includes(layerOf(edge.to)))), []);
  });

  it("the account is written in one place: only src/account calls the client's writes (every surface follows its announcements)", () => {
    // The client's writes to the person's account, whatever the client is called there (a class's own
    // method of the same name, `this.setFlag(`, is not one); a call elsewhere would change TMDB with no
    // page, view, card or picker told (an import's ratings did once).
    const write =
      /(?<!this)\.(?:setRating|setFlag|setListItem|createList)\(|\.lists4\.(?:editItems|create|update|clear|delete)\(/;
    const writers = sources().filter((file) => write.test(readFileSync(file, 'utf8')));
    assert.ok(
      writers.some((file) => layerOf(file) === 'account'),
      'the scan sees the account’s writes',
    );
    assert.deepEqual(
      writers.filter((file) => !['account', 'tmdb'].includes(layerOf(file))).map((file) => relative(SRC, file)),
      [],
    );
  });

  it(`no file is over ${MAX_LINES} lines`, () => {
    const long = sources()
      .map((file) => ({ file: relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    assert.deepEqual(long, []);
  });
});
