// The maps a buyer reads (issue 38, item 3) in a real browser against the built site, at 390 and 1440 px: the map
// page takes the list's filters (a price limit in the URL narrows the markers and the list alike), a property page's
// small location map loads only when it is scrolled near, the map view of /active-listings has 'Search this area',
// and the maps' zoom buttons stay under the fixed site header when the page scrolls them beneath it. Screenshots go
// to E2E_SHOT_DIR (the system's temporary folder by default).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseUrl, hasHorizontalScroll, launchBrowser, newPage, readProperties, slugOf, VIEWPORTS } from '../lib.mjs';
import { startServer } from '../server.mjs';

const shotDir = process.env.E2E_SHOT_DIR ?? tmpdir();
mkdirSync(shotDir, { recursive: true });

let browser;
/** The homes for sale with coordinates: { name, lat, lng, price, location }. */
const forSale = [];

const priceOf = (value) => Number(String(value ?? '').replace(/[^0-9.]/g, ''));

before(async () => {
  browser = await launchBrowser();
  for (const r of await readProperties()) {
    const f = r.fields;
    const lat = Number(f.Latitude);
    const lng = Number(f.Longitude);
    if (
      String(f.Status ?? '')
        .trim()
        .toLowerCase() !== 'available' ||
      f.Latitude === undefined ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng)
    )
      continue;
    forSale.push({ name: f['Property Name'], lat, lng, price: priceOf(f.Price), location: String(f.Location ?? '') });
  }
  assert.ok(forSale.length > 20, `the seed has homes for sale with coordinates (${forSale.length})`);
});

after(async () => {
  await browser?.close();
});

/** The homes the map's markers stand for (a cluster counts its members). */
async function markersShown(page) {
  await page.waitForSelector('.gta-map-marker, .gta-map-cluster', { state: 'attached', timeout: 20_000 });
  return page.evaluate(() => {
    const singles = document.querySelectorAll('.gta-map-marker').length;
    const clustered = [...document.querySelectorAll('.gta-map-cluster [data-cluster-size]')].reduce(
      (n, el) => n + Number(el.getAttribute('data-cluster-size')),
      0,
    );
    return singles + clustered;
  });
}

/** A price between the cheapest and the dearest home, on none of them: the limit keeps some homes and leaves some out. */
function priceLimit() {
  const prices = forSale.map((h) => h.price).sort((a, b) => a - b);
  const middle = prices[Math.floor(prices.length / 2)];
  let limit = middle + 1;
  while (prices.includes(limit)) limit += 1;
  return limit;
}

for (const [label, viewport] of [
  ['390', VIEWPORTS.mobile],
  ['1440', VIEWPORTS.desktop],
]) {
  test(`at ${label} px: the map page filtered by price shows only the homes within it, on the map and in the list`, { timeout: 90_000 }, async () => {
    const limit = priceLimit();
    const expected = forSale.filter((h) => h.price > 0 && h.price <= limit);
    assert.ok(expected.length > 0 && expected.length < forSale.length, `the limit leaves some homes out (${expected.length} of ${forSale.length})`);
    const page = await newPage(browser, viewport);
    await page.goto(`${baseUrl}/interactive-maps?price=${limit}`);
    assert.equal(await markersShown(page), expected.length, 'each home within the price is a marker or in a cluster, and no other');
    assert.match(await page.textContent('[data-testid="map-count"]'), new RegExp(`^${expected.length} homes? for sale matching the search`));
    const listed = await page.$$eval('[data-testid="map-list"] h3', (hs) => hs.map((h) => h.textContent.trim()));
    for (const name of listed)
      assert.ok(
        expected.some((h) => h.name === name),
        `${name} is within the price`,
      );
    // the list's own search form, as /active-listings has it, with the filter shown
    const form = page.getByRole('search', { name: 'Search the homes on the map' });
    assert.equal(await form.count(), 1);
    assert.equal(await hasHorizontalScroll(page), false);
    await page.waitForTimeout(800); // the embedded base map's labels
    await page.screenshot({ path: join(shotDir, `map-price-${label}.png`) });
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });

  test(`at ${label} px: a property page's location map loads when scrolled near, with the home's pin and its neighbourhood`, { timeout: 90_000 }, async () => {
    const home = forSale.find((h) => /^[A-Za-z .'-]+$/.test(h.location)) ?? forSale[0];
    const page = await newPage(browser, viewport);
    const scripts = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js') || r.url().endsWith('.json')) scripts.push(r.url());
    });
    await page.goto(`${baseUrl}/property/${slugOf(home.name)}`);
    await page.waitForSelector('[data-testid="property-location"]', { state: 'attached' });
    await page.waitForTimeout(1500);
    const before = [...scripts];
    for (const url of before) {
      const text = await (await fetch(url)).text();
      assert.ok(
        !text.includes('Map container is already initialized') && !/basemap\.[0-9a-f]+\.json$/.test(url),
        `the page's first load fetches no map code (${url})`,
      );
    }
    assert.equal(await page.$('.leaflet-container'), null, 'no map before it is scrolled near');

    await page.locator('[data-testid="property-location"]').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid="location-map"] .gta-map-pin--home', { state: 'attached', timeout: 20_000 });
    let leaflet = false;
    for (const url of scripts.slice(before.length)) if ((await (await fetch(url)).text()).includes('Map container is already initialized')) leaflet = true;
    assert.ok(leaflet, 'Leaflet came when the map was scrolled near');
    await page.waitForSelector('[data-testid="location-map"] .gta-map-place--hood', { state: 'attached', timeout: 10_000 });
    assert.equal((await page.textContent('[data-testid="location-map"] .gta-map-place--hood')).trim(), home.location.trim());
    assert.match(await page.textContent('[data-testid="location-map"] .leaflet-control-attribution'), /OpenStreetMap/);
    // the home's pin is in the middle of the map
    const map = await page.locator('[data-testid="location-map"]').boundingBox();
    const pin = await page.locator('[data-testid="location-map"] .gta-map-pin--home').boundingBox();
    assert.ok(Math.abs(pin.x + pin.width / 2 - (map.x + map.width / 2)) < 30, 'the pin is at the centre');
    // the link to the homes around it on the map page
    const nearby = await page.getAttribute('[data-testid="property-location"] a[href^="/interactive-maps?area="]', 'href');
    assert.ok(nearby, 'a link to the homes nearby');
    assert.equal(await hasHorizontalScroll(page), false);
    await page.waitForTimeout(500);
    await page.locator('[data-testid="property-location"]').screenshot({ path: join(shotDir, `property-map-${label}.png`) });
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });
}

test("the maps' zoom buttons stay under the fixed header when the page scrolls them beneath it (390 px)", { timeout: 60_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/interactive-maps`);
  await markersShown(page);
  const header = await page.locator('[data-testid="site-nav"]').boundingBox();
  // scroll until the zoom-in button sits in the middle of the header's height
  const button = await page.locator('.leaflet-control-zoom-in').boundingBox();
  await page.evaluate((dy) => window.scrollBy(0, dy), button.y + button.height / 2 - (header.y + header.height / 2));
  await page.waitForTimeout(300);
  const topmost = () =>
    page.evaluate(() => {
      const box = document.querySelector('.leaflet-control-zoom-in').getBoundingClientRect();
      const el = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return el?.closest('[data-testid="site-nav"]') ? 'header' : el?.closest('.leaflet-control') ? 'map control' : (el?.tagName ?? 'nothing');
    });
  const inView = await page.locator('.leaflet-control-zoom-in').boundingBox();
  assert.ok(inView.y + inView.height / 2 > header.y && inView.y + inView.height / 2 < header.y + header.height, 'the button is behind the header now');
  assert.equal(await topmost(), 'header', 'the header draws over the map’s zoom button');
  await page.screenshot({ path: join(shotDir, 'map-under-header-390.png') });
  // the check itself: without the map's own stacking context the button would draw over the header
  await page.addStyleTag({ content: '[data-testid="map"], :has(> [data-testid="map"]) { isolation: auto !important; z-index: auto !important; }' });
  assert.equal(await topmost(), 'map control', 'without the stacking context the zoom button would be on top (the check can fail)');
  await page.context().close();
});

test("the map view of /active-listings: zooming in, then 'Search this area', filters the list beside the map", { timeout: 90_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/active-listings?view=map`);
  await markersShown(page);
  assert.equal(await page.$('button:has-text("Search this area")'), null, 'no search button before the map is moved');
  for (let i = 0; i < 2; i++) {
    await page.click('[data-testid="results-map"] .leaflet-control-zoom-in');
    await page.waitForTimeout(400);
  }
  await page.click('button:has-text("Search this area")');
  await page.waitForURL(/area=/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('view'), 'map', 'the view stays');
  const [south, west, north, east] = url.searchParams.get('area').split(',').map(Number);
  const inside = forSale.filter((h) => h.lat >= south && h.lat <= north && h.lng >= west && h.lng <= east);
  await page.waitForFunction(() => /in this area/.test(document.querySelector('[data-testid="map-count"]')?.textContent ?? ''));
  assert.match(await page.textContent('[data-testid="map-count"]'), new RegExp(`^${inside.length} homes? in this area`));
  assert.ok(inside.length < forSale.length, 'the area holds fewer homes than the whole list');
  await page.click('button:has-text("Show all listings")');
  await page.waitForFunction(() => !location.search.includes('area='));
  await page.waitForFunction(() => /on the map/.test(document.querySelector('[data-testid="map-count"]')?.textContent ?? ''));
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

/** A stand-in tile host on another origin: every request recorded; tiles are a 1x1 PNG, the archive answers 404. */
async function tileHost() {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url, range: req.headers.range ?? null });
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Range, If-Match');
    if (req.method === 'OPTIONS') return res.end();
    if (req.url.endsWith('.png')) {
      res.setHeader('Content-Type', 'image/png');
      return res.end(png);
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

test(
  'a configured base map is the one drawn: a raster provider (MAP_STYLE_URL with MAP_TILE_KEY) and a PMTiles file, their origin allowed by the CSP',
  { timeout: 120_000 },
  async () => {
    const host = await tileHost();
    const raster = await startServer({
      env: { MAP_STYLE_URL: `${host.origin}/tiles/{z}/{x}/{y}.png?key={key}`, MAP_TILE_KEY: 'e2e-key', MAP_ATTRIBUTION: '© E2E Tiles' },
    });
    const vector = await startServer({ env: { MAP_PMTILES_URL: `${host.origin}/maps/gta.pmtiles` } });
    try {
      const page = await newPage(browser);
      const csp = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
      });
      await page.goto(`${raster.baseUrl}/interactive-maps`);
      await page.waitForSelector('[data-testid="map"][data-base-map]', { state: 'attached', timeout: 20_000 });
      assert.equal(await page.getAttribute('[data-testid="map"]', 'data-base-map'), 'raster', `the provider's map (${JSON.stringify(page.consoleErrors)})`);
      const until = Date.now() + 15_000;
      while (!host.requests.some((r) => r.url.startsWith('/tiles/')) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      assert.ok(
        host.requests.some((r) => /^\/tiles\/\d+\/\d+\/\d+\.png\?key=e2e-key$/.test(r.url)),
        `the tiles come from the provider, with the key (${JSON.stringify(host.requests.slice(0, 3))}; ${JSON.stringify(page.consoleErrors)})`,
      );
      assert.match(await page.textContent('.leaflet-control-attribution'), /© E2E Tiles/);
      assert.equal(await page.$('[data-testid="map"].gta-map--embedded'), null, 'not the embedded map');
      assert.deepEqual(csp, [], 'the CSP lets the tiles in');
      await page.context().close();

      const second = await newPage(browser);
      const secondCsp = [];
      second.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) secondCsp.push(m.text());
      });
      const before = host.requests.length;
      await second.goto(`${vector.baseUrl}/interactive-maps`);
      await second.waitForSelector('[data-testid="map"][data-base-map="vector"]', { state: 'attached', timeout: 20_000 });
      // the archive is read with range requests (this stand-in has none: 404, and the map says so in the console)
      const end = Date.now() + 15_000;
      while (!host.requests.slice(before).some((r) => r.url === '/maps/gta.pmtiles' && r.range) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 100));
      assert.ok(
        host.requests.slice(before).some((r) => r.url === '/maps/gta.pmtiles' && /^bytes=/.test(r.range ?? '')),
        'the archive is read with a range request',
      );
      assert.deepEqual(secondCsp, [], 'the CSP lets the archive be read');
      await second.context().close();
    } finally {
      raster.stop();
      vector.stop();
      await host.close();
    }
  },
);
