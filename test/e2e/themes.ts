// VS Code's themes as a panel's page sees them: what the workbench's webview host gives the page (its colour
// variables on <html>, the theme's class and data on <body>, and the default stylesheet VS Code puts in every
// webview). Read once from the real workbench and kept as fixtures (`npm run fixtures:themes`), so the pages'
// accessibility can be checked in a bare Chromium page (test/pages) with each theme's own colours; the
// workbench's accessibility test checks that the kept colours are still the workbench's.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { paletteWith, webview, scaled } from './workbench';

/** VS Code's themes (as its theme picker names them), the classes the workbench and a
 * webview's page then carry, and the fixture's name. */
export const THEMES = [
  { theme: 'Light Modern', workbenchClass: 'vs', pageClass: 'vscode-light', fixture: 'light-modern' },
  { theme: 'Dark Modern', workbenchClass: 'vs-dark', pageClass: 'vscode-dark', fixture: 'dark-modern' },
  {
    theme: 'Dark High Contrast',
    workbenchClass: 'hc-black',
    pageClass: 'vscode-high-contrast',
    fixture: 'dark-high-contrast',
  },
] as const;

export type ThemeName = (typeof THEMES)[number]['theme'];

/** What a webview's page is given by the workbench for a theme. */
export interface WebviewTheme {
  theme: string;
  /** The custom properties VS Code sets on <html> (`--vscode-*`, and the few of its own), by name. */
  variables: Record<string, string>;
  body: { className: string; attributes: Record<string, string> };
  /** VS Code's default stylesheet for webviews (`<style id="_defaultStyles">`). */
  defaultStyles: string;
}

export const THEME_FIXTURES = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'themes');

/** Chooses a theme as a person does: Preferences: Color Theme, arrow keys to it (each previews), Enter. */
export async function chooseTheme(page: Page, theme: ThemeName): Promise<void> {
  const { workbenchClass } = THEMES.find((t) => t.theme === theme)!;
  // The palette's own row for it (the top row for these words can be "Browse Color Themes in Marketplace").
  await paletteWith(page, '>Preferences: Color Theme', 'Preferences: Color Theme');
  await page.locator('.quick-input-widget .monaco-list-row[aria-label^="Preferences: Color Theme"]').first().click();
  const picker = page.locator('.quick-input-widget');
  await picker
    .locator('.monaco-list-row', { hasText: 'Dark Modern' })
    .first()
    .waitFor({ timeout: scaled(20_000) });
  const focused = picker.locator('.monaco-list-row.focused .label-name');
  for (let step = 0; step < 40 && ((await focused.textContent().catch(() => '')) ?? '').trim() !== theme; step++)
    await page.keyboard.press('ArrowDown');
  assert.equal(((await focused.textContent()) ?? '').trim(), theme, 'the picker reached the theme');
  await page.keyboard.press('Enter');
  await page.locator(`.monaco-workbench.${workbenchClass}`).waitFor({ timeout: scaled(30_000) });
}

/** What the visible webview's page was given for `theme`, once the page has it. */
export async function readWebviewTheme(page: Page, theme: ThemeName): Promise<WebviewTheme> {
  const { pageClass } = THEMES.find((t) => t.theme === theme)!;
  await webview(page)
    .locator(`body.${pageClass}`)
    .waitFor({ timeout: scaled(30_000) });
  const read = await webview(page)
    .locator('html')
    .evaluate((html) => {
      const variables: Record<string, string> = {};
      for (let i = 0; i < html.style.length; i++) {
        const name = html.style.item(i);
        if (name.startsWith('--')) variables[name] = html.style.getPropertyValue(name).trim();
      }
      const attributes: Record<string, string> = {};
      for (const attribute of Array.from(document.body.attributes))
        if (attribute.name.startsWith('data-vscode-')) attributes[attribute.name] = attribute.value;
      const classes = document.body.className
        .split(/\s+/)
        .filter((name) => name.startsWith('vscode-'))
        .join(' ');
      return {
        variables,
        body: { className: classes, attributes },
        defaultStyles: document.getElementById('_defaultStyles')?.textContent ?? '',
      };
    });
  return { theme, ...read };
}

/** The colours among a theme's variables (what contrast depends on), by name. */
export function colours(theme: WebviewTheme): Record<string, string> {
  return Object.fromEntries(
    Object.entries(theme.variables).filter(([, value]) => /^(#[0-9a-f]{3,8}|rgba?\(|transparent$)/i.test(value)),
  );
}
