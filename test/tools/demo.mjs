// npm run demo: the extension in a real VS Code against the local TMDB stand-in; no TMDB account and no
// internet needed. Builds and packages the extension, starts the stand-in with its sample catalogue and
// demo account, starts VS Code's server with the VSIX installed and the TMDB settings pointing at the
// stand-in, and prints the address to open. Ctrl+C stops everything.
//
//   npm run demo                      the web workbench on 127.0.0.1 (open the printed address)
//   npm run demo -- --port 8080       a fixed port for the workbench
//   npm run demo -- --desktop         a desktop `code` on the PATH instead
//   npm run demo -- --locale de       VS Code and the extension in German (or TMDB_DEMO_LOCALE=de)
//   npm run demo -- --screenshot f.png  also set the token in a headless browser and save a screenshot
//   npm run demo -- --prebuilt        the VSIX and out/ already built (the test suite's): no build, no packaging
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../harness/install.mjs';
import { packageVsix, VSIX } from '../harness/package.mjs';
import { launchBrowser, startVsCode, workbenchUrl } from '../harness/vscode.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    desktop: { type: 'boolean', default: false },
    screenshot: { type: 'string' },
    locale: { type: 'string', default: process.env.TMDB_DEMO_LOCALE },
    'exit-after-screenshot': { type: 'boolean', default: false },
    prebuilt: { type: 'boolean', default: false },
  },
});
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
process.chdir(ROOT);

// Demo credentials for the stand-in only (they mean nothing to the real TMDB).
const DEMO_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJkZW1vIn0.ZGVtby1yZWFkLXRva2Vu';
// The v4 token names its account (`sub`, as TMDB's do), so signing in with it gives v4 lists too.
const DEMO_V4_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0YmM4ODkyYTAxN2EzYzBmOTIwMDAwMDIiLCJzY29wZXMiOlsiYXBpX3JlYWQiLCJhcGlfd3JpdGUiXSwidmVyc2lvbiI6MX0.ZGVtby12NC10b2tlbg';

let vsix = VSIX;
if (!values.prebuilt) {
  console.log('Building and packaging the extension…');
  execFileSync('node', ['esbuild.mjs', '--tests'], { stdio: ['ignore', 'ignore', 'inherit'] });
  vsix = packageVsix({ quiet: true });
}

const { TmdbStandIn } = createRequire(import.meta.url)(join(ROOT, 'out', 'test', 'tmdb-server', 'server.js'));
const standIn = new TmdbStandIn({ readToken: DEMO_TOKEN, v4UserTokens: [DEMO_V4_TOKEN], rateLimit: 40 });
const tmdb = await standIn.start(0);
console.log(`TMDB stand-in listening on ${tmdb}`);
const settings = {
  'tmdb.apiBaseUrl': tmdb,
  'tmdb.webBaseUrl': tmdb,
  'tmdb.imageBaseUrl': `${tmdb}/t/p`,
  'workbench.colorTheme': 'Default Dark Modern',
};

function banner(address) {
  console.log(`
  ┌──────────────────────────────────────────────────────────────────────────────
  │ VS Code with the TMDB extension is ready (${seconds()}).
  │
  │   Open: ${address}
  │
  │ 1. Click the TMDB icon in the activity bar, then "Set API Token", and paste:
  │      ${DEMO_TOKEN}
  │ 2. Run "TMDB: Sign In" and press Approve on the page that opens
  │    (account "demo"), or "TMDB: Sign In with v4 Access Token" with:
  │      ${DEMO_V4_TOKEN}
  │ 3. Run "TMDB: Import from IMDb or Letterboxd…" and pick what-i-watched.json:
  │    Up Next's Continue Watching then has Game of Thrones at S02E05.
  │
  │ Ctrl+C stops everything.
  └──────────────────────────────────────────────────────────────────────────────`);
}

/** What a person watched, as the extension's own export writes it: a series in progress to continue (step 3). */
function writeWatched(folder) {
  const { watchedJson } = createRequire(import.meta.url)(
    join(ROOT, 'out', 'src', 'features', 'transfer', 'exportFiles.js'),
  );
  const day = (date) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  const marks = {
    movies: [{ id: 550, day: day('2024-01-31') }],
    series: [
      {
        id: 1399,
        seasons: [
          { season: 1, episodes: [[1, 10]] },
          { season: 2, episodes: [[1, 4]] },
        ],
      },
    ],
  };
  writeFileSync(join(folder, 'what-i-watched.json'), watchedJson(marks, new Date()));
}

if (values.desktop) {
  const which = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' });
  if (which.status !== 0) {
    console.error('No desktop `code` on the PATH; run `npm run demo` without --desktop for the web workbench.');
    await standIn.stop();
    process.exit(1);
  }
  const dir = mkdtempSync(join(tmpdir(), 'tmdb-demo-'));
  const userDir = join(dir, 'user');
  mkdirSync(join(userDir, 'User'), { recursive: true });
  writeFileSync(join(userDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  const profile = ['--user-data-dir', userDir, '--extensions-dir', join(dir, 'ext')];
  writeWatched(dir);
  execFileSync('code', [...profile, '--install-extension', vsix], { stdio: 'inherit' });
  const child = spawn('code', [...profile, '--new-window', '--wait', join(dir)], { stdio: 'inherit' });
  banner('(the desktop window that just opened)');
  const stop = async () => {
    console.log('\nStopping the TMDB stand-in…');
    child.kill();
    await standIn.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  child.on('exit', stop);
} else {
  const vscode = await startVsCode({
    name: 'demo',
    vsix,
    settings,
    locale: values.locale,
    // Notifications pop up as in any VS Code (the tests' driver option would keep them in the bell).
    smokeTestDriver: false,
    port: values.port ? Number(values.port) : undefined,
  });
  writeFileSync(join(vscode.workspace, 'README.md'), '# TMDB demo\n\nClick the TMDB icon in the activity bar.\n');
  // A film diary to try TMDB in the editor on: links, cards (rest the mouse), `tmdb:` and a title.
  writeFileSync(
    join(vscode.workspace, 'film-diary.md'),
    [
      '# Film diary',
      '',
      'Rewatched [Fight Club](https://www.themoviedb.org/movie/550-fight-club), IMDb tt0137523.',
      'Next up: https://www.imdb.com/title/tt0944947/ and a person, tmdb:person/287.',
      '',
      'Type tmdb: and a few letters of a title here: ',
      '',
    ].join('\n'),
  );
  writeWatched(vscode.workspace);
  const address = workbenchUrl(vscode, vscode.workspace);
  banner(address);

  if (values.screenshot) {
    const browser = await launchBrowser();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(address);
    await page.locator('.part.activitybar [aria-label^="TMDB"]').first().click({ timeout: 60_000 });
    // The first activation opens Get Started, which takes the focus (and would close the palette): wait for it.
    await page
      .locator('.part.editor .gettingStartedContainer')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => undefined);
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>TMDB: Set API Token');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'TMDB: Set API Token' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget input').fill(DEMO_TOKEN);
    await page.keyboard.press('Enter');
    await page.locator('.part.sidebar .monaco-list-row').first().waitFor({ timeout: 30_000 });
    console.log(`Trending People visible in the workbench at ${seconds()}.`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: values.screenshot });
    console.log(`Screenshot: ${values.screenshot}`);
    await browser.close();
    if (values['exit-after-screenshot']) {
      await vscode.stop();
      await standIn.stop();
      process.exit(0);
    }
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping VS Code and the TMDB stand-in…');
    await vscode.stop();
    await standIn.stop();
    console.log('Stopped. Run `npm run demo` again to start afresh.');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
