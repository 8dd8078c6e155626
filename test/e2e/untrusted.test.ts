// End-to-end in an untrusted folder: workspace trust on, as VS Code ships it, and the folder not trusted
// (Restricted Mode). TMDB reads nothing from the workspace, so it declares that it works there
// (`capabilities.untrustedWorkspaces`): the sidebar and a page work as in any window. Without that
// declaration VS Code disables the extension in Restricted Mode and nothing here would show.
import type { Page } from 'playwright-core';
import { READ_TOKEN } from '../support/fixtures';
import {
  keepEvidenceOfFailure,
  answerInput,
  openTmdbContainer,
  openWorkbench,
  palette,
  webview,
  type Workbench,
  scaled,
} from './workbench';

describe('the workbench in an untrusted folder (Restricted Mode)', function () {
  this.timeout(90_000);
  let workbench: Workbench;
  let page: Page;

  before(async function () {
    // Starting VS Code takes longer on a busy machine: the hook's deadline scales with the load.
    this.timeout(scaled(180_000));
    workbench = await openWorkbench({ name: 'e2e-untrusted', workspaceTrust: true });
    page = workbench.page;
  });

  afterEach(keepEvidenceOfFailure(() => workbench));

  after(async () => {
    await workbench?.stop();
  });

  it('is in Restricted Mode, and TMDB is there all the same', async () => {
    // VS Code's own word for it, in the status bar and the banner.
    await page
      .locator('.part.statusbar .statusbar-item', { hasText: 'Restricted Mode' })
      .first()
      .waitFor({ timeout: scaled(30_000) });
    await openTmdbContainer(page, { firstTime: true });
    await page
      .locator('.part.sidebar .pane-header[aria-label^="Trending People"]')
      .waitFor({ timeout: scaled(30_000) });
  });

  it("takes the token, fills Trending People and opens a person's page from a row", async () => {
    await palette(page, 'TMDB: Set API Token');
    await answerInput(page, READ_TOKEN, 'Paste your TMDB API Read Access Token');
    const person = workbench.server.catalogue.people[0];
    const row = page.locator('.part.sidebar .monaco-list-row', { hasText: person.name as string }).first();
    await row.waitFor({ timeout: scaled(20_000) });
    await row.locator('.label-name').click();
    await webview(page)
      .locator('h1', { hasText: person.name as string })
      .waitFor({ timeout: scaled(20_000) });
  });
});
