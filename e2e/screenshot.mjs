// node e2e/screenshot.mjs <url> <out.png> [width=1440] [--full]
import { launchBrowser, newPage } from './lib.mjs';

const [url, out, width = '1440', flag] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node e2e/screenshot.mjs <url> <out.png> [width] [--full]');
  process.exit(2);
}
const browser = await launchBrowser();
try {
  const w = Number(width);
  const page = await newPage(browser, { width: w, height: w < 768 ? 844 : 900 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out, fullPage: flag === '--full' });
  if (page.consoleErrors.length) console.log('console errors:', page.consoleErrors.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
