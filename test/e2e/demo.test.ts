// `npm run demo` as a newcomer runs it: it builds, starts the stand-in and VS Code, prints the address,
// serves the workbench there, shows a series in progress once its steps are followed (the token, the v4
// sign-in, the import of what-i-watched.json), and on Ctrl+C says it is stopping and stops.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  answerInput,
  harness,
  openInDialog,
  openTmdbContainer,
  palette,
  paneOf,
  scaled,
  setPane,
  signInWithV4Token,
} from './workbench';

const ROOT = join(__dirname, '..', '..', '..');

describe('npm run demo', function () {
  this.timeout(180_000);

  it('prints the workbench address, serves it, shows a series in progress as its steps say, and stops cleanly on Ctrl+C', async () => {
    // The suite packaged the VSIX already: the demo uses it (its own build and packaging are packageVsix's, tested there).
    const demo = spawn(process.execPath, [join(ROOT, 'test', 'tools', 'demo.mjs'), '--prebuilt'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    demo.stdout.on('data', (chunk) => (output += chunk));
    demo.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => demo.on('exit', resolve));
    try {
      const deadline = Date.now() + 150_000;
      while (!/Open: (http:\S+)/.test(output)) {
        assert.ok(demo.exitCode === null, `the demo ended early:\n${output}`);
        assert.ok(Date.now() < deadline, `no address after 150 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const address = /Open: (http:\S+)/.exec(output)![1]!;
      const page = await fetch(address);
      assert.equal(page.status, 200, 'the printed address serves the workbench');
      assert.match(await page.text(), /workbench/i);
      // A person using the demo sees notifications pop up (not only in the bell): set the printed token.
      const token = /paste:[\s│]+(eyJ\S+)/.exec(output)![1]!;
      const browser = await (await harness()).launchBrowser();
      try {
        const tab = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await tab.goto(address);
        await openTmdbContainer(tab, { firstTime: true });
        await palette(tab, 'TMDB: Set API Token');
        await answerInput(tab, token, 'Paste your TMDB API Read Access Token');
        await tab
          .locator('.notifications-toasts .notification-toast', { hasText: 'API token saved' })
          .waitFor({ timeout: scaled(30_000) });
        // Step 2 and 3: signed in with the printed v4 token, the printed file imported (its modal question
        // answered), and Up Next's Continue Watching has the series where the file leaves it.
        const v4Token = /v4 Access Token" with:[\s│]+(eyJ\S+)/.exec(output)![1]!;
        await signInWithV4Token(tab, v4Token);
        const folder = new URL(address).searchParams.get('folder')!;
        await palette(tab, 'TMDB: Import from IMDb or Letterboxd…');
        await openInDialog(tab, join(folder, 'what-i-watched.json'));
        await tab
          .locator('.monaco-dialog-box', { hasText: 'Mark what what-i-watched.json says you watched?' })
          .locator('.monaco-button', { hasText: 'Mark Watched' })
          .click({ timeout: scaled(20_000) });
        await setPane(tab, 'Up Next', true);
        await paneOf(tab, 'Up Next')
          .locator('.monaco-list-row', { hasText: 'Game of Thrones' })
          .filter({ hasText: 'S02E05' })
          .first()
          .waitFor({ timeout: scaled(30_000) });
      } finally {
        await browser.close();
      }
      demo.kill('SIGINT');
      assert.equal(await exited, 0, output);
      assert.match(output, /Stopping VS Code and the TMDB stand-in…/);
      assert.match(output, /Stopped\./);
      await assert.rejects(fetch(address, { signal: AbortSignal.timeout(3000) }), 'nothing answers there any more');
    } finally {
      if (demo.exitCode === null) demo.kill('SIGKILL');
    }
  });
});
