// npm run readme-images: the README's pictures, small (the repository's README shows them; a packaged
// README points at them where the repository is published, see test/harness/package.mjs). Each picture the
// README names as media/readme/<name>.jpg is made from the screenshot media/screenshots/<name>.png (which
// the end-to-end suite takes with TMDB_SCREENSHOTS=1), 960 pixels wide, as a JPEG, by Debian's Chromium:
// no image tool to install.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../harness/install.mjs';
import { launchBrowser } from '../harness/vscode.mjs';

const WIDTH = 960;
const QUALITY = 62;

const names = [
  ...new Set(
    [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/media\/readme\/([\w-]+)\.jpg/g)].map((m) => m[1]),
  ),
];
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: 600 } });
  for (const name of names) {
    const png = readFileSync(join(ROOT, 'media', 'screenshots', `${name}.png`)).toString('base64');
    await page.setContent(
      `<style>html,body{margin:0}img{display:block;width:${WIDTH}px}</style><img src="data:image/png;base64,${png}">`,
    );
    const img = page.locator('img');
    await img.evaluate((el) => el.decode());
    const jpeg = await img.screenshot({ type: 'jpeg', quality: QUALITY });
    writeFileSync(join(ROOT, 'media', 'readme', `${name}.jpg`), jpeg);
    console.log(`media/readme/${name}.jpg  ${(jpeg.length / 1024).toFixed(0)} KB`);
  }
  // TMDB's logo for the attribution, as a picture (the README's copy must be a raster image: see package.mjs).
  const svg = readFileSync(join(ROOT, 'media', 'tmdb-logo.svg')).toString('base64');
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}img{display:block;width:280px}</style><img src="data:image/svg+xml;base64,${svg}">`,
  );
  const logo = await page.locator('img').screenshot({ type: 'png', omitBackground: true });
  writeFileSync(join(ROOT, 'media', 'readme', 'tmdb-logo.png'), logo);
  console.log(`media/readme/tmdb-logo.png  ${(logo.length / 1024).toFixed(0)} KB`);
} finally {
  await browser.close();
}
