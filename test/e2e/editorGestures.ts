// The gestures of a person writing in the editor, shared by the suites that use TMDB there (the shared
// workbench's, German, the web host): a file opened by name, its text as drawn, a link of ours, its card.
import type { Page } from 'playwright-core';
import { awayFromHovers, scaled } from './workbench';

export const DIARY = [
  '# Film diary',
  '',
  'Rewatched [Fight Club](https://www.themoviedb.org/movie/550-fight-club), IMDb tt0137523.',
  'Next up: https://www.imdb.com/title/tt0944947/ and a person, tmdb:person/287.',
  '',
].join('\n');

/** Opens a file of the workspace by name through Go to File (Ctrl+P), as a person would. */
export async function openFile(page: Page, name: string): Promise<void> {
  await awayFromHovers(page);
  const tab = page.locator('.part.editor .tab', { hasText: name });
  if (await tab.count()) {
    await tab.first().click();
    await page.locator('.part.editor .tab.active', { hasText: name }).waitFor();
    return;
  }
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.part.editor .tab.active', { hasText: name }).waitFor();
  await page.locator('.monaco-editor .view-lines').first().waitFor();
}

/**
 * The editor's text as drawn, line after line from the top (Monaco draws spaces as no-break spaces). A line
 * the editor wrapped is one line again: its drawn rows beyond the first (no line number beside them) lose
 * the wrap's indent, which Markdown's list items have (a link's address wrapped inside read "https://www.
 *   themoviedb.org" otherwise).
 */
export async function editorText(page: Page): Promise<string> {
  const text = await page
    .locator('.part.editor .monaco-editor')
    .first()
    .evaluate((editor) => {
      const top = (row: Element) => parseFloat((row as HTMLElement).style.top) || 0;
      const numbers = new Map<number, string>();
      for (const row of Array.from(editor.querySelectorAll('.margin-view-overlays > div')))
        numbers.set(top(row), row.querySelector('.line-numbers')?.textContent?.trim() ?? '');
      const rows = Array.from(editor.querySelectorAll('.view-lines .view-line')).sort((a, b) => top(a) - top(b));
      let joined = '';
      for (const row of rows) {
        const words = (row as HTMLElement).innerText;
        joined += joined && numbers.get(top(row)) === '' ? words.replace(/^[\s\u00a0]+/, '') : words;
      }
      return joined;
    });
  return text.replace(/\u00a0/g, ' ');
}

/** A link of ours in the text, by its words. */
export function linkIn(page: Page, text: string) {
  return page.locator('.monaco-editor .view-lines span.detected-link', { hasText: text }).first();
}

/** The hover card that shows when the mouse rests on `text`. */
export async function hoverOver(page: Page, text: string) {
  await awayFromHovers(page);
  const link = linkIn(page, text);
  await link.waitFor({ timeout: scaled(20_000) });
  const card = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content').first();
  // The card shows once the mouse rests (editor.hover.delay): moved onto the words, then a little within them.
  for (let attempt = 1; ; attempt++) {
    // The link is drawn again when its decorations are (a word's span replaced): its place is read afresh.
    await link.waitFor({ timeout: scaled(20_000) });
    const box = await link.boundingBox();
    if (!box) continue;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 3 });
    try {
      await card.waitFor({ timeout: scaled(10_000) });
      return card;
    } catch (error) {
      // A hover that did not start (the mouse came while the editor was still busy): moved away and back.
      if (attempt === 3) throw error;
      await awayFromHovers(page);
    }
  }
}

/**
 * Ctrl+Click on a link of ours, as a person does it: the mouse onto the words, Ctrl held, a click. (Holding
 * Ctrl over a link makes VS Code draw it again, so a click that waits for a still element could wait on.)
 */
export async function ctrlClick(page: Page, text: string): Promise<void> {
  const link = linkIn(page, text);
  await link.waitFor({ timeout: scaled(20_000) });
  const box = (await link.boundingBox())!;
  await page.mouse.move(box.x + Math.min(20, box.width / 2), box.y + box.height / 2);
  await page.keyboard.down('Control');
  try {
    await page.mouse.down();
    await page.mouse.up();
  } finally {
    await page.keyboard.up('Control');
  }
}
