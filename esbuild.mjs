// Builds the extension bundle (dist/extension.js), what it loads on first use (dist/schemasAndPages.js: zod,
// the schemas, the page builders; dist/firstUse.js: the host code of a first import, page, chat tool or
// card), the panels' page script (dist/media/panel.js) and the one-file bundle for VS Code for the Web
// (dist/web/extension.js); with --tests, transpiles src/ and test/ to out/.
//   node esbuild.mjs --production   minified bundle, no source map
//   node esbuild.mjs --watch        rebuild on change
//   node esbuild.mjs --analyze      print what the bundle is made of
//   node esbuild.mjs --tests        out/ for the unit, integration and end-to-end suites
//   node esbuild.mjs --test-api     with the test-mode door (src/testApi.ts) built in: the integration
//                                   suite's build; the VSIX's leaves it out
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, watch } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const args = new Set(process.argv.slice(2));
const production = args.has('--production');
/** src/testApi.ts: the integration suite's handle on the services, left out of the bundles that ship. */
const testApi = { __TEST_API__: args.has('--test-api') ? 'true' : 'false' };

/** Every .ts file below a folder. */
function tsFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath ?? e.path, e.name));
}

/** The webview's assets are shipped from dist/, so the VSIX needs nothing from node_modules. */
function copyWebviewAssets() {
  mkdirSync('dist/media', { recursive: true });
  for (const file of ['panel.css', 'tmdb-logo.svg']) cpSync(join('media', file), join('dist/media', file));
}

/** The panel's page script: TypeScript that shares its message types with the host, run in the webview. */
const pageScriptOptions = {
  entryPoints: ['src/page/main.ts'],
  bundle: true,
  outfile: 'dist/media/panel.js',
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  sourcemap: false,
  logLevel: 'warning',
};

/** What the extension host runs: one CommonJS file, `vscode` left to the host. */
const nodeBundle = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node18',
  external: ['vscode'],
  // ofetch's "node" build bundles a fetch polyfill; VS Code's Node has fetch, so take the standard build.
  conditions: ['worker'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
};

/**
 * What the extension loads on first use (zod, every schema, ofetch): its own file beside the bundle, so
 * start-up does not pay for it. `src/deferredEntry.ts` requires it; the main bundle leaves that require as is.
 */
const schemasAndPagesOptions = {
  ...nodeBundle,
  entryPoints: ['src/schemasAndPages.ts'],
  outfile: 'dist/schemasAndPages.js',
};

const keepSchemasAndPagesApart = {
  name: 'keep-schemas-and-pages-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/(schemasAndPages|firstUse)$/ }, (args) => ({
      path: `./${args.path.slice(2)}.js`,
      external: true,
    }));
  },
};

/**
 * The host code a person's first use loads (src/firstUse.ts: the import and export, a title's page, the
 * chat's tools, the editor's card and inserted link): its own file, dist/firstUse.js, which may use
 * `vscode`. What it imports that the start-up bundle holds too (the client, its errors, the tree's rows,
 * @vscode/l10n…) is not copied: it is the start-up bundle's own module, handed over when the file loads
 * (`require('tmdb:main')`, answered by src/deferredEntry.ts from the table `main-modules` below), so a
 * class is one class (instanceof holds) and a module's state is one state. Built between two passes of the
 * start-up bundle: the first says what it holds, the second lists what the first-use file takes of it.
 */
const MAIN_MODULES = 'tmdb:main-modules';
const firstUseOptions = (
  mainInputs,
  shared,
  { base = nodeBundle, outfile = 'dist/firstUse.js', plugins = [] } = {},
) => ({
  ...base,
  entryPoints: ['src/firstUse.ts'],
  outfile,
  external: ['vscode', 'tmdb:main'],
  metafile: true,
  plugins: [
    ...plugins,
    {
      name: 'from-main',
      setup(build) {
        build.onResolve({ filter: /.*/ }, async (args) => {
          if (args.pluginData?.fromMain || args.kind === 'entry-point' || args.path === 'vscode') return undefined;
          const found = await build.resolve(args.path, {
            kind: args.kind,
            resolveDir: args.resolveDir,
            importer: args.importer,
            pluginData: { fromMain: true },
          });
          if (found.errors.length || !found.path) return undefined;
          if (found.external || found.namespace !== 'file') return found;
          // As esbuild's metafile names its inputs: relative, with '/' on every system.
          const key = relative(process.cwd(), found.path).split(sep).join('/');
          if (!mainInputs.has(key)) return { path: found.path };
          shared.add(key);
          return { path: key, namespace: 'from-main' };
        });
        // Handed over as the start-up bundle's namespace object of the module: imported by name (as every
        // import in src/ is), not as a default.
        build.onLoad({ filter: /.*/, namespace: 'from-main' }, (args) => ({
          contents: `module.exports = require('tmdb:main')[${JSON.stringify(args.path)}];`,
          loader: 'js',
        }));
      },
    },
    oneVscodeNamespace,
  ],
});

/** The start-up bundle's table of the modules the first-use file takes from it (empty where none is taken). */
const mainModules = (shared) => ({
  name: 'main-modules',
  setup(build) {
    build.onResolve({ filter: /^tmdb:main-modules$/ }, () => ({ path: MAIN_MODULES, namespace: 'main-modules' }));
    build.onLoad({ filter: /.*/, namespace: 'main-modules' }, () => {
      const keys = [...shared].sort();
      return {
        contents: [
          ...keys.map((key, i) => `import * as m${i} from ${JSON.stringify(resolve(key))};`),
          `export const modules = {${keys.map((key, i) => `${JSON.stringify(key)}: m${i}`).join(', ')}};`,
        ].join('\n'),
        loader: 'js',
        resolveDir: process.cwd(),
      };
    });
  },
});

/**
 * One namespace object for the `vscode` API in a bundle. Without it, each module's `import * as vscode
 * from 'vscode'` has esbuild build that module a namespace of its own at load (its __toESM: a getter
 * defined for every name the API exports), one copy of the API's names per module before `activate` runs.
 * Here `vscode` resolves to one module that re-exports it, copied once (test/unit/bundle.test.ts).
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-namespace'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-namespace' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({
      contents: "export * from 'vscode';",
      loader: 'js',
    }));
  },
};

const extensionOptions = {
  ...nodeBundle,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  define: { ...testApi, __MAIN_BUNDLE__: 'true' },
  metafile: true,
  plugins: [
    keepSchemasAndPagesApart,
    oneVscodeNamespace,
    {
      name: 'assets',
      setup(build) {
        build.onEnd((result) => {
          if (result.errors.length === 0) copyWebviewAssets();
          else console.error(`[esbuild] ${result.errors.length} error(s)`);
        });
      },
    },
  ],
};

/**
 * VS Code for the Web: the browser's extension host (a web worker) has no Node.js and no `require` of a
 * file. Its start-up bundle (dist/web/extension.js) reads the two deferred parts beside it on their first
 * use, as text through the workbench, and runs them (src/deferredEntry.ts); they are built as the Node ones
 * are, for a browser. The page's script, stylesheet and logo come as text (`webPageAssets`), in the
 * first-use part; the Node-only modules a browser never calls (the disk folder, the page assets' reader,
 * the code cache: each replaced or skipped there) resolve to a stub that says so if it ever is.
 */
const webPageAssets = {
  name: 'web-page-assets',
  setup(build) {
    build.onResolve({ filter: /^\.\/pageAssets$/ }, () => ({ path: 'page-assets', namespace: 'web-page-assets' }));
    build.onLoad({ filter: /.*/, namespace: 'web-page-assets' }, () => {
      const read = (path) => readFileSync(path, 'utf8');
      const assets = {
        script: read('dist/media/panel.js'),
        style: read('media/panel.css'),
        logo: read('media/tmdb-logo.svg'),
      };
      return { contents: `export function pageAssets() { return ${JSON.stringify(assets)}; }`, loader: 'js' };
    });
  },
};
const noNodeInBrowser = {
  name: 'no-node-in-browser',
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: 'no-node' }));
    build.onLoad({ filter: /.*/, namespace: 'no-node' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get: (_, name) => () => { throw new Error(${JSON.stringify(args.path)} + '.' + String(name) + ' is not in a browser'); } });`,
      loader: 'js',
    }));
  },
};
const webBundle = {
  ...nodeBundle,
  platform: 'browser',
  target: 'es2022',
  // src/common/host.ts: these bundles are the browser's.
  define: { __WEB__: 'true', __MAIN_BUNDLE__: 'false', ...testApi },
};
const webOptions = {
  ...webBundle,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/web/extension.js',
  metafile: true,
  plugins: [keepSchemasAndPagesApart, webPageAssets, noNodeInBrowser, oneVscodeNamespace],
};
const webSchemasAndPagesOptions = {
  ...webBundle,
  entryPoints: ['src/schemasAndPages.ts'],
  outfile: 'dist/web/schemasAndPages.js',
  plugins: [noNodeInBrowser],
};

if (args.has('--tests')) {
  // Afresh: a test moved or removed in test/ leaves no stale copy in out/ to run.
  rmSync('out', { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [...tsFiles('src'), ...tsFiles('test')],
    outdir: 'out',
    outbase: '.',
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    define: { __TEST_API__: 'true', __MAIN_BUNDLE__: 'false' },
    sourcemap: true,
    logLevel: 'warning',
  });
} else if (args.has('--watch')) {
  // Every bundle again on a change in src/ or media/ (the start-up bundle's passes depend on each other),
  // one build at a time: a change during a build asks for one more after it.
  let building;
  let again = false;
  const rebuild = async () => {
    if (building) return void (again = true);
    do {
      again = false;
      building = buildAll().then(
        () => console.log('[esbuild] built'),
        (error) => console.error(error.message),
      );
      await building;
    } while (again);
    building = undefined;
  };
  await rebuild();
  let timer;
  for (const dir of ['src', 'media'])
    watch(dir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void rebuild(), 100);
    });
  console.log('[esbuild] watching src/ and media/ ...');
} else {
  const result = await buildAll();
  if (args.has('--analyze')) console.log(await esbuild.analyzeMetafile(result.metafile, { verbose: false }));
}

/** Every bundle; resolves to the start-up bundle's result. */
async function buildAll() {
  const [result] = await Promise.all([
    buildStartAndFirstUse(),
    esbuild.build(schemasAndPagesOptions),
    esbuild.build(pageScriptOptions),
  ]);
  // After the page script: the browser's first-use part holds its text.
  await Promise.all([
    buildStartAndFirstUse(webOptions, {
      base: webBundle,
      outfile: 'dist/web/firstUse.js',
      plugins: [webPageAssets, noNodeInBrowser],
    }),
    esbuild.build(webSchemasAndPagesOptions),
  ]);
  return result;
}

/**
 * The start-up bundle in two passes around the first-use file (see firstUseOptions). Fails when a module of
 * the start-up bundle was copied into the first-use file (two classes, two states) rather than taken.
 */
async function buildStartAndFirstUse(start = extensionOptions, firstUse = {}) {
  const shared = new Set();
  const options = { ...start, plugins: [mainModules(shared), ...start.plugins] };
  const first = await esbuild.build({ ...options, write: false });
  const mainInputs = new Set(Object.keys(first.metafile.inputs));
  const built = await esbuild.build(firstUseOptions(mainInputs, shared, firstUse));
  const copied = Object.keys(built.metafile.inputs).filter((input) => mainInputs.has(input) && !input.includes(':'));
  if (copied.length)
    throw new Error(
      `${firstUse.outfile ?? 'dist/firstUse.js'} copies what ${start.outfile} holds: ${copied.join(', ')}`,
    );
  return esbuild.build(options);
}
