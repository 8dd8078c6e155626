// npm run fixtures:themes: reads what the real workbench gives a panel's page in each theme (see
// test/e2e/themes.ts) and keeps it in test/fixtures/themes/<theme>.json, for the pages' accessibility suite
// (test/pages) to check the pages in a bare Chromium page with each theme's colours. Run it after moving
// to another VS Code; the workbench's accessibility test fails when the kept colours drift from its own.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerInput, MOVIE_PROMPT, openWorkbench, palette, signInFromPalette, webview } from '../e2e/workbench';
import { chooseTheme, readWebviewTheme, THEME_FIXTURES, THEMES } from '../e2e/themes';

async function main(): Promise<void> {
  const workbench = await openWorkbench({ name: 'theme-fixtures' });
  try {
    const { page } = workbench;
    await signInFromPalette(page);
    await palette(page, 'TMDB: Open Movie…');
    await answerInput(page, '550', MOVIE_PROMPT);
    await webview(page).locator('h1', { hasText: 'Fight Club' }).waitFor({ timeout: 30_000 });
    mkdirSync(THEME_FIXTURES, { recursive: true });
    for (const { theme, fixture } of THEMES) {
      await chooseTheme(page, theme);
      const read = await readWebviewTheme(page, theme);
      const file = join(THEME_FIXTURES, `${fixture}.json`);
      writeFileSync(file, `${JSON.stringify(read, null, 2)}\n`);
      console.log(`${theme}: ${Object.keys(read.variables).length} variables → ${file}`);
    }
  } finally {
    await workbench.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
