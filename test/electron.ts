// npm run test:electron: the same integration suite under @vscode/test-electron, for desktops and public CI
// where VS Code can be downloaded (it cannot on the offline machines `npm test` is made for).
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  try {
    await runTests({
      extensionDevelopmentPath: root,
      extensionTestsPath: join(root, 'out', 'test', 'integration', 'index'),
      launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
    });
  } catch (error) {
    console.error('The integration suite failed under @vscode/test-electron:', error);
    process.exit(1);
  }
}

void main();
