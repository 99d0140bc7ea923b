// The map page (issue item 1) in a real browser against the built site: every listing for sale as a marker or in a
// cluster, a marker's card, zooming and panning then 'Search this area' filtering the list (area= in the URL, Back
// restores), the list as the keyboard's way in, the server's first screen (list and placeholder, no map code), the
// embedded base map with its attribution and no request off this origin, and the map code kept off other pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { baseUrl, hasHorizontalScroll, launchBrowser, newPage, readProperties, slugOf, VIEWPORTS } from '../lib.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser;
/** The homes for sale with coordinates, as the records API has them: name -> { lat, lng, price }. */
const forSale = new Map();

before(async () => {
  browser = await launchBrowser();
  for (const r of await readProperties()) {
    const lat = Number(r.fields.Latitude);
    const lng = Number(r.fields.Longitude);
    if (
      String(r.fields.Status ?? '')
        .trim()
        .toLowerCase() === 'available' &&
      Number.isFinite(lat) &&
      Number.isFinite(lng)
    )
      forSale.set(r.fields['Property Name'], { lat, lng });
  }
  assert.ok(forSale.size > 20, `the seed has homes for sale with coordinates (${forSale.size})`);
});

after(async () => {
  await browser?.close();
});

/** Waits until the map has drawn its markers; returns the homes they stand for (a cluster counts its members). */
async function markersShown(page) {
  // Leaflet's icon boxes have no size (the pin inside them has): attached, not 'visible'
  await page.waitForSelector('.gta-map-marker, .gta-map-cluster', { state: 'attached', timeout: 20_000 });
  return page.evaluate(() => {
    const singles = document.querySelectorAll('.gta-map-marker').length;
    const clustered = [...document.querySelectorAll('.gta-map-cluster [data-cluster-size]')].reduce(
      (n, el) => n + Number(el.getAttribute('data-cluster-size')),
      0,
    );
    return { singles, clusters: document.querySelectorAll('.gta-map-cluster').length, homes: singles + clustered };
  });
}

const listNames = (page) => page.$$eval('[data-testid="map-list"] h3', (hs) => hs.map((h) => h.textContent.trim()));
const countLine = (page) => page.textContent('[data-testid="map-count"]');
const areaOf = (url) => new URL(url).searchParams.get('area')?.split(',').map(Number);

test('every home for sale is on the map, clustered where dense; a marker shows its card; the list is the same homes', { timeout: 90_000 }, async () => {
  const page = await newPage(browser);
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${baseUrl}/interactive-maps`);
  const shown = await markersShown(page);
  assert.equal(shown.homes, forSale.size, 'each home for sale is a marker or inside a cluster');
  assert.ok(shown.clusters > 0, 'the region view clusters the dense towns');
  assert.match(await countLine(page), new RegExp(`^${forSale.size} homes for sale`));
  // the list shows the first 24 and the rest a click away
  assert.equal((await listNames(page)).length, Math.min(24, forSale.size));

  // zoom into a cluster until a single marker is drawn, then select it
  for (let i = 0; i < 6 && (await page.$$('.gta-map-marker')).length === 0; i++) {
    await page.click('.gta-map-cluster span');
    await page.waitForTimeout(500);
  }
  const marker = await page.$('.gta-map-marker .gta-map-pin');
  assert.ok(marker, 'a single marker is drawn after zooming into a cluster');
  const price = (await marker.textContent()).trim();
  assert.match(price, /^\$\d+(\.\d)?[MK]$/, 'the marker shows a short price');
  await marker.click();
  const card = await page.waitForSelector('[data-testid="map-card"]');
  const cardText = await card.textContent();
  const name = await card.$eval('h3', (h) => h.textContent.trim());
  assert.ok(forSale.has(name), `the card is one of the homes for sale: ${name}`);
  assert.match(cardText, /\$[\d,]+/);
  assert.match(cardText, /(\d+ beds? · )?[\d.]+ baths?/);
  assert.ok(await card.$('img'), 'the card has its photo');
  const href = await card.$eval('a', (a) => a.getAttribute('href'));
  assert.match(href, /^\/property\/[a-z0-9-]+$/);
  assert.equal((await page.getAttribute('.gta-map-marker.is-selected .gta-map-pin', 'data-listing-id')) !== null, true, 'the marker is marked as selected');

  // the embedded base map: lakes drawn, its attribution shown, nothing fetched from another origin
  const lakes = await page.$$eval(
    '.leaflet-pane svg path',
    (paths) => paths.map((p) => p.getBoundingClientRect()).filter((b) => b.width > 50 && b.height > 50).length,
  );
  assert.ok(lakes > 0, 'the base map draws its lakes (with a size: the site-wide svg max-width does not squash them)');
  assert.match(await page.textContent('.leaflet-control-attribution'), /OpenStreetMap contributors.*Natural Earth/);
  assert.deepEqual(
    requests.filter((u) => !u.startsWith(baseUrl) && !u.startsWith('data:')),
    [],
    'no request leaves this origin',
  );
  assert.ok(
    requests.some((u) => /\/basemap\.[0-9a-f]+\.json$/.test(u)),
    'the base map file is fetched with the map',
  );

  // the card's link opens the property
  await card.$eval('a', (a) => a.click());
  await page.waitForURL(`${baseUrl}${href}`);
  assert.deepEqual(page.consoleErrors, [], 'no console errors (CSP included)');
  await page.context().close();
});

test("zooming and panning, then 'Search this area', filter the list to the visible bounds; Back restores", { timeout: 90_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/interactive-maps`);
  await markersShown(page);
  assert.equal(await page.$('button:has-text("Search this area")'), null, 'no search button before the map is moved');

  // zoom in twice with the zoom control
  for (let i = 0; i < 2; i++) {
    await page.click('.leaflet-control-zoom-in');
    await page.waitForTimeout(400);
  }
  await page.click('button:has-text("Search this area")');
  await page.waitForURL(/area=/);
  await page.waitForFunction(() => /in this area/.test(document.querySelector('[data-testid="map-count"]')?.textContent ?? ''));
  const first = areaOf(page.url());
  const names = await listNames(page);
  assert.ok(names.length > 0 && names.length < forSale.size, `the list narrows to the visible area (${names.length} of ${forSale.size})`);
  const inside = ([south, west, north, east]) =>
    [...forSale].filter(([, p]) => p.lat >= south && p.lat <= north && p.lng >= west && p.lng <= east).map(([n]) => n);
  const expected = inside(first);
  assert.match(await countLine(page), new RegExp(`^${expected.length} homes? for sale in this area`));
  for (const n of names) assert.ok(expected.includes(n), `${n} is inside the searched area`);
  assert.equal(await page.$('button:has-text("Search this area")'), null, 'the button goes once the area is searched');

  // pan: drag the map to the east, search again
  const box = await (await page.$('[data-testid="map"]')).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 300, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
  await page.click('button:has-text("Search this area")');
  await page.waitForFunction((before) => new URL(location.href).searchParams.get('area') !== before, first.join(','));
  const second = areaOf(page.url());
  assert.ok(second[1] > first[1] + 0.01, 'the searched area moved east with the map');
  await page.waitForFunction(
    (text) => (document.querySelector('[data-testid="map-count"]')?.textContent ?? '').startsWith(text),
    `${inside(second).length} home`,
  );
  assert.match(await countLine(page), new RegExp(`^${inside(second).length} homes? for sale in this area`));

  // Back: the first area's list again
  await page.goBack();
  await page.waitForFunction((area) => new URL(location.href).searchParams.get('area') === area, first.join(','));
  // the URL changes first, the list and its count on the next render
  await page.waitForFunction((text) => (document.querySelector('[data-testid="map-count"]')?.textContent ?? '').startsWith(text), `${expected.length} home`);
  assert.match(await countLine(page), new RegExp(`^${expected.length} homes? for sale in this area`));
  // and 'Show all listings' returns to every home
  await page.click('button:has-text("Show all listings")');
  await page.waitForFunction(() => !location.search.includes('area='));
  await page.waitForFunction(() => !/in this area/.test(document.querySelector('[data-testid="map-count"]')?.textContent ?? ''));
  assert.match(await countLine(page), new RegExp(`^${forSale.size} homes for sale`));
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

test('the keyboard reaches the list, its first stop past the map; Enter shows the home on the map with its card', { timeout: 60_000 }, async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/interactive-maps`);
  await markersShown(page);
  let reached = null;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => {
      const el = document.activeElement;
      return el?.closest('[data-testid="map-list"]') && el.tagName === 'BUTTON' ? el.getAttribute('aria-label') : null;
    });
  }
  assert.ok(reached, 'Tab reaches a home of the list');
  const name = reached.replace(/^Show (.*) on the map$/, '$1');
  await page.keyboard.press('Enter');
  const card = await page.waitForSelector('[data-testid="map-card"]');
  assert.equal(await card.$eval('h3', (h) => h.textContent.trim()), name);
  assert.equal(await page.getAttribute(`[aria-label="Show ${name} on the map"]`, 'aria-pressed'), 'true');
  // the map zooms until that home stands alone, marked as selected
  await page.waitForSelector('.gta-map-marker.is-selected', { state: 'attached', timeout: 10_000 });
  // the markers themselves are hidden from assistive technology: the list is their twin
  assert.equal(
    await page.$$eval('.gta-map-marker, .gta-map-cluster', (els) => els.every((e) => e.getAttribute('aria-hidden') === 'true' && !e.hasAttribute('tabindex'))),
    true,
  );
  // the skip link takes the keyboard past the map
  await page.goto(`${baseUrl}/interactive-maps`);
  await page.focus('a[href="#map-list"]');
  assert.equal(await page.isVisible('a[href="#map-list"]'), true, 'the skip link shows when focused');
  // no serious or critical axe violation in the page's main region
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () =>
    (await window.axe.run({ include: [['main']] }, { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.length}`),
  );
  assert.deepEqual(violations, []);
  await page.context().close();
});

test('the server renders the list and a placeholder, without the map code; without script the list still reads', { timeout: 60_000 }, async () => {
  const html = await (await fetch(`${baseUrl}/interactive-maps?area=43.38,-79.8,43.6,-79.55`)).text();
  assert.match(html, /data-testid="map-placeholder"/);
  assert.match(html, /data-testid="map-list"/);
  assert.match(html, /homes? for sale in this area/, 'the searched area is applied on the server too');
  assert.doesNotMatch(html, /leaflet/, 'no map element, style or script in the HTML: the map is drawn in the browser');
  const noScript = await newPage(browser, VIEWPORTS.mobile, { javaScriptEnabled: false });
  await noScript.goto(`${baseUrl}/interactive-maps`);
  const names = await listNames(noScript);
  assert.equal(names.length, Math.min(24, forSale.size));
  assert.ok(await noScript.$('[data-testid="map-list"] a[href^="/property/"]'), 'each home links to its page');
  await noScript.context().close();
});

test(
  'the map code loads only on the map page: /active-listings, the home page and a property page (not scrolled to its map) fetch none of it',
  { timeout: 120_000 },
  async () => {
    const scriptsOf = async (path, wait) => {
      const page = await newPage(browser);
      const urls = [];
      page.on('response', (r) => urls.push(r.url()));
      await page.goto(`${baseUrl}${path}`);
      await wait(page);
      await page.waitForTimeout(1500);
      await page.context().close();
      return urls;
    };
    const onMap = await scriptsOf('/interactive-maps', markersShown);
    // the files that carry the map: Leaflet (a message only its source has) and the base map
    const mapFiles = [];
    for (const url of onMap.filter((u) => u.endsWith('.js') || u.endsWith('.json'))) {
      const text = await (await fetch(url)).text();
      if (text.includes('Map container is already initialized') || /\/map\.[0-9a-f]+\.js$/.test(url) || /basemap\.[0-9a-f]+\.json$/.test(url))
        mapFiles.push(url);
    }
    assert.ok(mapFiles.length >= 3, `the map page fetched Leaflet, the map module and the base map (${mapFiles.join(', ')})`);
    // a property page's location map comes only when it is scrolled near (map-readable.test.mjs scrolls there)
    for (const path of ['/active-listings', '/', `/property/${slugOf([...forSale.keys()][0])}`]) {
      const urls = await scriptsOf(path, (p) => p.waitForSelector('main h1'));
      assert.deepEqual(
        urls.filter((u) => mapFiles.includes(u)),
        [],
        `${path} fetches no map code`,
      );
    }
  },
);

test('at 390 px: the map then the list, no sideways scroll; a tap on a marker shows its card', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/interactive-maps`);
  await markersShown(page);
  assert.equal(await hasHorizontalScroll(page), false);
  const mapBox = await (await page.$('[data-testid="map"]')).boundingBox();
  const listBox = await (await page.$('[data-testid="map-list"]')).boundingBox();
  assert.ok(mapBox.height >= 300 && mapBox.width >= 360, 'the map takes the width of the phone');
  assert.ok(listBox.y > mapBox.y + mapBox.height - 1, 'the list comes after the map');
  // the search form comes first (the list's filters): the visitor scrolls the map into view, under the header
  await page.evaluate(() => document.querySelector('[data-testid="map"]').closest('section').scrollIntoView({ block: 'start' }));
  for (let i = 0; i < 6 && (await page.$$('.gta-map-marker')).length === 0; i++) {
    await page.tap('.gta-map-cluster span');
    await page.waitForTimeout(500);
  }
  await page.tap('.gta-map-marker .gta-map-pin');
  const card = await page.waitForSelector('[data-testid="map-card"]');
  const box = await card.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the card fits the screen');
  assert.ok(box.y >= 0 && box.y + box.height <= 844, 'the card is on the screen with the map');
  // a home chosen in the list, below the map: the map comes back into view with its card
  await page.tap('[data-testid="map-list"] li:nth-child(3) button');
  await page.waitForFunction(() => {
    const map = document.querySelector('[data-testid="map"]').getBoundingClientRect();
    return map.top >= 0 && map.top < innerHeight / 2;
  });
  const name = await page.textContent('[data-testid="map-list"] li:nth-child(3) h3');
  assert.equal((await page.textContent('[data-testid="map-card"] h3')).trim(), name.trim());
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});
