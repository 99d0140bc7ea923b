// 'Recently viewed' on the home page (issue 27, item 6) in a real browser against the built site: a first visit shows
// nothing and nothing moves (no layout shift while the page is scrolled through); after opening two properties the
// home page shows them, newest first, below the featured properties.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, launchBrowser, newPage, readProperties, slugOf, VIEWPORTS } from '../lib.mjs';

let browser;
let names = [];

before(async () => {
  browser = await launchBrowser();
  names = (await readProperties()).map((r) => r.fields['Property Name']).filter(Boolean);
});
after(async () => {
  await browser?.close();
});

/** Scrolls the home page to its end in steps, as a visitor would; resolves with the layout shifts seen meanwhile. */
async function scrollThrough(page) {
  await page.evaluate(() => {
    window.__shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: false });
  });
  for (let i = 0; i < 60; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (done) break;
  }
  await page.waitForTimeout(1000);
  return page.evaluate(() => window.__shifts);
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`home page at ${viewport.width} px: nothing for a first visit (no shift); the homes opened since, newest first`, { timeout: 120_000 }, async () => {
    const page = await newPage(browser, viewport);
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('main h1');
    const shifts = await scrollThrough(page);
    assert.equal(await page.getByTestId('recently-viewed').count(), 0, 'nothing on a first visit');
    assert.ok(shifts < 0.02, `a first visit: no layout shift while scrolling (${shifts.toFixed(4)}, ${label})`);

    const [first, second] = names.slice(3, 5);
    for (const name of [first, second]) {
      await page.goto(`${baseUrl}/property/${slugOf(name)}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    }
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector('main h1');
    await scrollThrough(page);
    const row = page.getByRole('region', { name: 'Recently viewed' });
    await row.waitFor({ timeout: 15_000 });
    const tiles = await row.getByTestId('recent-listing').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    assert.deepEqual(tiles, [`/property/${slugOf(second)}`, `/property/${slugOf(first)}`]);
    // below the featured properties, above the next section
    const featured = await page
      .locator('#featured-properties, [data-testid="featured-properties"], section:has(h2:has-text("Featured"))')
      .first()
      .boundingBox();
    const rowBox = await row.boundingBox();
    if (featured) assert.ok(rowBox.y >= featured.y + featured.height - 1, 'the row comes after the featured properties');
    await row.getByTestId('recent-listing').first().click();
    await page.waitForURL(`${baseUrl}/property/${slugOf(second)}`);
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });
}
