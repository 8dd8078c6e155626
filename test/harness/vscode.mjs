// Starts the real VS Code (its server and web workbench, run by code-server's own server, which also serves
// /proxy/<port>/ and /mint-key as a person's code-server does) on 127.0.0.1 with a throwaway profile, and
// Debian's Chromium through playwright-core. Every process started here is in
// its own process group and is stopped on stop(), on exit, and on Ctrl+C.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { CACHE, CHROMIUM, ensureAll, ensureOldest } from './install.mjs';

const live = new Set();
let hooked = false;

function hookCleanup() {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const child of live) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    live.clear();
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      // A caller with its own handler (the demo) stops things itself and says so; exit only for the others.
      if (process.listenerCount(signal) > 1) return;
      killAll();
      process.exit(130);
    });
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The user settings every run starts with: no welcome page, no chat, no trust prompt. */
export const BASE_SETTINGS = {
  'workbench.startupEditor': 'none',
  'chat.disableAIFeatures': true,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'security.workspace.trust.enabled': false,
  'workbench.tips.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'telemetry.telemetryLevel': 'off',
  'workbench.enableExperiments': false,
  'git.enabled': false,
  'window.commandCenter': false,
};

/** Settings of VS Code's that a remote window reads from the Machine settings only (scope "machine"). */
const MACHINE_SCOPED = ['workbench.welcomePage.walkthroughs.openOnInstall'];

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${output}`)),
    );
  });
}

/**
 * Starts VS Code's server with a fresh profile under .vscode-test/runs/.
 * options.settings: user settings; options.keybindings: user keybindings; options.vsix: a packaged extension (or several) to install first;
 * options.env: extra environment for the server (and so the extension host); options.workspaceTrust: trust on,
 * the folder untrusted (Restricted Mode), no prompt.
 */
export async function startVsCode(options = {}) {
  // TMDB_VSCODE=oldest: the oldest VS Code the extension is tried on (npm test's step of its own).
  const oldest = process.env.TMDB_VSCODE === 'oldest';
  const paths = oldest ? ensureOldest() : ensureAll();
  hookCleanup();
  mkdirSync(join(CACHE, 'runs'), { recursive: true });
  const dir = mkdtempSync(join(CACHE, 'runs', `${options.name ?? 'run'}-`));
  const userDir = join(dir, 'user');
  const extDir = join(dir, 'ext');
  const workspace = options.workspace ?? join(dir, 'workspace');
  mkdirSync(join(userDir, 'User'), { recursive: true });
  mkdirSync(extDir, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const trust = options.workspaceTrust
    ? {
        'security.workspace.trust.enabled': true,
        'security.workspace.trust.startupPrompt': 'never',
        'security.workspace.trust.emptyWindow': false,
      }
    : {};
  writeFileSync(
    join(userDir, 'User', 'settings.json'),
    JSON.stringify({ ...BASE_SETTINGS, ...trust, ...(options.settings ?? {}) }, null, 2),
  );
  // A remote window (VS Code's server is one) reads a machine-scoped setting from the server's Machine
  // settings only. Only those go there: a Machine setting outranks the user's, which a test may change.
  const machine = Object.fromEntries(
    Object.entries(options.settings ?? {}).filter(([key]) => MACHINE_SCOPED.includes(key)),
  );
  if (Object.keys(machine).length) {
    mkdirSync(join(userDir, 'Machine'), { recursive: true });
    writeFileSync(join(userDir, 'Machine', 'settings.json'), JSON.stringify(machine, null, 2));
  }
  if (options.keybindings)
    writeFileSync(join(userDir, 'User', 'keybindings.json'), JSON.stringify(options.keybindings, null, 2));
  if (options.locale && !options.locale.startsWith('en')) registerLanguage(dir, userDir, options.locale);

  const env = {
    ...process.env,
    ...(options.env ?? {}),
    TMDB_TEST_USER_DATA: userDir,
    HOME: join(dir, 'home'),
    XDG_CONFIG_HOME: join(dir, 'xdg-config'),
    XDG_CACHE_HOME: join(dir, 'xdg-cache'),
    XDG_DATA_HOME: join(dir, 'xdg-data'),
    VSCODE_CLI_DISABLE_KEYCHAIN_ENCRYPT: '1',
    // code-server's extension gallery (open-vsx.org) is off the machine: point it at a closed loopback port.
    EXTENSIONS_GALLERY: JSON.stringify({
      serviceUrl: 'http://127.0.0.1:9/gallery',
      itemUrl: 'http://127.0.0.1:9/item',
      resourceUrlTemplate: 'http://127.0.0.1:9/{publisher}/{name}/{version}/{path}',
    }),
  };
  const common = ['--config', join(dir, 'code-server.yaml'), '--user-data-dir', userDir, '--extensions-dir', extDir];
  for (const vsix of [options.vsix ?? []].flat())
    await run(paths.node, [paths.codeServer, '--install-extension', vsix, ...common], { env });

  const port = options.port ?? (await freePort());
  const args = [
    paths.codeServer,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
    // The tests' driver option (it keeps notifications in the bell instead of popping them up); the
    // demo leaves it out, so a person sees VS Code as it is. code-server 4.96 passes no option to VS Code:
    // the oldest VS Code runs without it, its log level set by code-server's own --log.
    ...(options.smokeTestDriver === false || oldest ? [] : ['--vscode-option', 'enable-smoke-test-driver']),
    // VS Code's server reads `log` as a list; code-server builds one only from a repeated option.
    ...(options.logLevel && oldest ? ['--log', options.logLevel] : []),
    ...(options.logLevel && !oldest
      ? ['--vscode-option', `log=${options.logLevel}`, '--vscode-option', `log=${options.logLevel}`]
      : []),
    ...(options.locale ? ['--locale', options.locale] : []),
    ...common,
  ];
  const child = spawn(paths.node, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`VS Code's server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`VS Code's server did not answer within 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    dir,
    userDir,
    extDir,
    workspace,
    serverLog: () => log,
    /** VS Code's logs: <session>/exthost1/<extension id>/TMDB.log is the extension's own. */
    logsDir: join(userDir, 'logs'),
    async stop() {
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // gone
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // gone
          }
        }, 3000);
        await exited;
        clearTimeout(timer);
      }
      live.delete(child);
      if (!options.keep) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * Makes `locale` a display language the server offers, as installing its language pack from the
 * Extensions view would: a translations file (empty, so VS Code's own words stay English) and the
 * `languagepacks.json` record the server writes after such an install. Without one, `--locale` is ignored.
 */
function registerLanguage(dir, userDir, locale) {
  const translations = join(dir, 'language-pack', 'main.i18n.json');
  mkdirSync(dirname(translations), { recursive: true });
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: locale,
    extensions: [{ extensionIdentifier: { id: `tmdb-tests.language-pack-${locale}` }, version: '1.0.0' }],
    translations: { vscode: translations },
    label: locale,
  };
  writeFileSync(join(userDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(options = {}) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, headless: options.headless ?? true, args: CHROMIUM_ARGS });
}

/** The workbench address that opens `folder`, optionally with a development payload. */
export function workbenchUrl(vscode, folder, payload) {
  const params = new URLSearchParams({ folder });
  if (payload) params.set('payload', JSON.stringify(payload));
  return `${vscode.url}/?${params}`;
}

export function remoteUri(vscode, absolutePath) {
  return `vscode-remote://127.0.0.1:${vscode.port}${absolutePath}`;
}
