// Reading a page's HTML back as the webview would (parse5), for the page tests.
import type * as Parse5 from 'parse5' with { 'resolution-mode': 'import' };

// parse5 is an ES module; Node 20.19+ loads it with require().
const { parseFragment }: typeof Parse5 = require('parse5');

/** The elements that match, in the page's HTML as parse5 reads it, or in a node of it. */
export function elements(html: string | object, match: (node: any) => boolean): any[] {
  const found: any[] = [];
  const visit = (node: any) => {
    if (node.tagName && match(node)) found.push(node);
    for (const child of node.childNodes ?? []) visit(child);
  };
  visit(typeof html === 'string' ? parseFragment(html) : html);
  return found;
}

export const attr = (node: any, name: string): any => node.attrs?.find((a: { name: string }) => a.name === name)?.value;
export const text = (node: any): string => (node.value ?? '') + (node.childNodes ?? []).map(text).join('');
/** The page's HTML as parse5 reads it. */
export const fragment = (html: string): object => parseFragment(html);
