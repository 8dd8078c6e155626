// The page script, stylesheet and logo a panel's HTML inlines (so the booting page asks for nothing), read
// once from dist/media. The browser's bundle (VS Code for the Web, no file system to read) has this module
// replaced by one holding the same files' text (esbuild.mjs, `webPageAssets`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type PageAssets = { script: string; style: string; logo: string };
let assets: PageAssets | undefined;

export function pageAssets(mediaDir: string): PageAssets {
  const read = (name: string) => readFileSync(join(mediaDir, name), 'utf8');
  assets ??= { script: read('panel.js'), style: read('panel.css'), logo: read('tmdb-logo.svg') };
  return assets;
}
