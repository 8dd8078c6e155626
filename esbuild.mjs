// Builds the extension bundle (dist/extension.js), what it loads on first use (dist/schemasAndPages.js), the
// panels' page script (dist/media/panel.js) and the one-file bundle for VS Code for the Web (dist/web/extension.js);
// with --tests, transpiles src/ and test/ to out/.
//   node esbuild.mjs --production   minified bundle, no source map
//   node esbuild.mjs --watch        rebuild on change
//   node esbuild.mjs --analyze      print what the bundle is made of
//   node esbuild.mjs --tests        out/ for the unit, integration and end-to-end suites
//   node esbuild.mjs --test-api     with the test-mode door (src/testApi.ts) built in: the integration
//                                   suite's build; the VSIX's leaves it out
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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
  entryPoints: ['src/features/titles/pageScript/main.ts'],
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
 * start-up does not pay for it. `src/schemasAndPagesLoader.ts` requires it; the main bundle leaves that require as is.
 */
const schemasAndPagesOptions = {
  ...nodeBundle,
  entryPoints: ['src/schemasAndPages.ts'],
  outfile: 'dist/schemasAndPages.js',
};

const keepSchemasAndPagesApart = {
  name: 'keep-schemas-and-pages-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/schemasAndPages$/ }, () => ({ path: './schemasAndPages.js', external: true }));
  },
};

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
  define: testApi,
  metafile: args.has('--analyze'),
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
 * VS Code for the Web: one file for the browser's extension host (a web worker), which loads no sibling
 * file and has no Node.js. The deferred part is bundled in (a `require` there is resolved by esbuild);
 * the page's script, stylesheet and logo come as text (`webPageAssets`); the two Node-only modules a
 * browser never calls (the disk folder and the page assets' reader, both replaced there) resolve to a stub
 * that says so if it ever is.
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
const webOptions = {
  ...nodeBundle,
  platform: 'browser',
  target: 'es2022',
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/web/extension.js',
  // src/common/host.ts: this bundle is the browser's.
  define: { __WEB__: 'true', ...testApi },
  plugins: [webPageAssets, noNodeInBrowser, oneVscodeNamespace],
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
    define: { __TEST_API__: 'true' },
    sourcemap: true,
    logLevel: 'warning',
  });
} else if (args.has('--watch')) {
  const contexts = await Promise.all([
    esbuild.context(extensionOptions),
    esbuild.context(schemasAndPagesOptions),
    esbuild.context(pageScriptOptions),
  ]);
  await Promise.all(contexts.map((ctx) => ctx.watch()));
  console.log('[esbuild] watching src/ ...');
} else {
  const [result] = await Promise.all([
    esbuild.build(extensionOptions),
    esbuild.build(schemasAndPagesOptions),
    esbuild.build(pageScriptOptions),
  ]);
  // After the page script: the browser's bundle holds its text.
  await esbuild.build(webOptions);
  if (args.has('--analyze')) console.log(await esbuild.analyzeMetafile(result.metafile, { verbose: false }));
}
