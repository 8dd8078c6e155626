// Packages the extension as dist-vsix/tmdb-vscode.vsix, offline: `npm run package`, the end-to-end suite
// and the demo all use this. vsce runs `vscode:prepublish` (the production build) first.
//   --no-dependencies               the bundle carries everything; nothing from node_modules ships
//   --no-rewrite-relative-links     README links stay as written (no repository to point them at)
//   --allow-missing-repository      the extension has no public repository to name yet
//   --readme-path                   the README for users: the repository's, without "For developers",
//                                   its pictures from TMDB_README_IMAGES_URL (https) or left out
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './install.mjs';

export const VSIX = join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix');

export const USER_README = join(ROOT, 'dist-vsix', 'README.md');

/**
 * The README a user reads in the Extensions view: without its "For developers" section. Its pictures
 * (media/readme/…) point at `imagesBaseUrl` (where the repository's files are published, https), or are
 * left out when there is none: VS Code shows an installed extension's README with pictures from http(s)
 * addresses only (its sanitizer drops relative paths and data: addresses), and a broken picture helps nobody.
 */
export function userReadme(text, imagesBaseUrl = process.env.TMDB_README_IMAGES_URL) {
  const base = imagesBaseUrl?.replace(/\/+$/, '');
  const withoutDevelopers = text.replace(/^## For developers\n[\s\S]*?(?=^## )/m, '');
  if (base) {
    return withoutDevelopers
      .replace(/\]\((media\/readme\/[\w-]+\.(?:jpg|png))\)/g, (_, path) => `](${base}/${path})`)
      .replace(/<img src="(media\/readme\/[\w-]+\.(?:jpg|png))"/g, (_, path) => `<img src="${base}/${path}"`);
  }
  return withoutDevelopers
    .replace(/^!\[[^\]]*\]\(media\/readme\/[^)]+\)\n\n?/gm, '')
    .replace(/^<img src="media\/readme\/[^"]+"[^>]*>\n\n?/gm, '');
}

/** What the last packaging said (vsce's output), kept for the package test to read: the suite packages once. */
export const PACKAGE_LOG = join(ROOT, 'dist-vsix', 'package.log');

/** Packages the VSIX; `quiet`: vsce's output only in PACKAGE_LOG (else printed too). */
export function packageVsix({ quiet = false } = {}) {
  mkdirSync(join(ROOT, 'dist-vsix'), { recursive: true });
  writeFileSync(USER_README, userReadme(readFileSync(join(ROOT, 'README.md'), 'utf8')));
  const args = [
    '--no-dependencies',
    '--no-rewrite-relative-links',
    '--allow-missing-repository',
    '--readme-path',
    'dist-vsix/README.md',
  ];
  rmSync(PACKAGE_LOG, { force: true });
  const run = spawnSync('npx', ['vsce', 'package', ...args, '--out', VSIX], { cwd: ROOT, encoding: 'utf8' });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  writeFileSync(PACKAGE_LOG, output);
  if (!quiet || run.status !== 0) process.stdout.write(output);
  if (run.status !== 0) throw new Error(`vsce package failed (exit ${run.status ?? run.signal})`);
  return VSIX;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) packageVsix();
