// Packages the extension as dist-vsix/tmdb-vscode.vsix, offline: `npm run package`, the end-to-end suite
// and the demo all use this. vsce runs `vscode:prepublish` (the production build) first.
//   --no-dependencies               the bundle carries everything; nothing from node_modules ships
//   --no-rewrite-relative-links     README links stay as written (no repository to point them at)
//   --allow-missing-repository      the extension has no public repository to name yet
//   --readme-path                   the README for users: the repository's, without "For developers"
//                                   (the Extensions view shows it; its pictures are in media/readme/)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './install.mjs';

export const VSIX = join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix');

export const USER_README = join(ROOT, 'dist-vsix', 'README.md');

/** The README without its "For developers" section: what a user reads in the Extensions view. */
export function userReadme(text) {
  return text.replace(/^## For developers\n[\s\S]*?(?=^## )/m, '');
}

export function packageVsix(options = { stdio: 'inherit' }) {
  mkdirSync(join(ROOT, 'dist-vsix'), { recursive: true });
  writeFileSync(USER_README, userReadme(readFileSync(join(ROOT, 'README.md'), 'utf8')));
  const args = ['--no-dependencies', '--no-rewrite-relative-links', '--allow-missing-repository', '--readme-path', 'dist-vsix/README.md'];
  execFileSync('npx', ['vsce', 'package', ...args, '--out', VSIX], {
    cwd: ROOT,
    ...options,
  });
  return VSIX;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) packageVsix();
