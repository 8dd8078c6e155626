// Packages the extension as dist-vsix/tmdb-vscode.vsix, offline: `npm run package`, the end-to-end suite
// and the demo all use this. vsce runs `vscode:prepublish` (the production build) first.
//   --no-dependencies               the bundle carries everything; nothing from node_modules ships
//   --no-rewrite-relative-links     README links stay as written (no repository to point them at)
//   --allow-missing-repository      the extension has no public repository to name yet
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './install.mjs';

export const VSIX = join(ROOT, 'dist-vsix', 'tmdb-vscode.vsix');

export function packageVsix(options = { stdio: 'inherit' }) {
  mkdirSync(join(ROOT, 'dist-vsix'), { recursive: true });
  execFileSync('npx', ['vsce', 'package', '--no-dependencies', '--no-rewrite-relative-links', '--allow-missing-repository', '--out', VSIX], {
    cwd: ROOT,
    ...options,
  });
  return VSIX;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) packageVsix();
