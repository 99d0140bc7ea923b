// /active-listings' List/Map toggle (issue 27, item 1) in a real browser against the built site: the map view shows
// the search's homes as markers and keeps the filters in the URL, the toggle says which view is on (aria-pressed),
// Back returns to the list, and the map's code (Leaflet) is fetched only when the map is chosen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, hasHorizontalScroll, launchBrowser, mainHeadingHydrated, newPage, readProperties, VIEWPORTS } from '../lib.mjs';

let browser;
/** Homes for sale in Oakville (the search 'location=Oakville' reads Location, City/State, Postal Code, Property ID). */
let oakville = 0;
let oakvilleOnMap = 0;

before(async () => {
  browser = await launchBrowser();
  for (const r of await readProperties()) {
    const f = r.fields;
    const forSale =
      String(f.Status ?? '')
        .trim()
        .toLowerCase() === 'available';
    const inOakville = ['Location', 'City/State', 'Postal Code', 'Property ID'].some((k) =>
      String(f[k] ?? '')
        .toLowerCase()
        .includes('oakville'),
    );
    if (!forSale || !inOakville) continue;
    oakville += 1;
    if (Number.isFinite(Number(f.Latitude)) && Number.isFinite(Number(f.Longitude)) && f.Latitude !== undefined) oakvilleOnMap += 1;
  }
  assert.ok(oakvilleOnMap > 1, `the seed has homes for sale in Oakville on the map (${oakvilleOnMap})`);
});

after(async () => {
  await browser?.close();
});

/** Waits until a toggle button says it is (or is not) pressed: the view renders a moment after the URL changes. */
async function pressed(button, value) {
  const end = Date.now() + 10_000;
  let now = await button.getAttribute('aria-pressed');
  while (now !== value && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    now = await button.getAttribute('aria-pressed');
  }
  return now;
}

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

test('List/Map: the map shows the search’s homes and keeps the filters; Back returns to the list; Leaflet only with the map', { timeout: 90_000 }, async () => {
  const page = await newPage(browser);
  const scripts = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto(`${baseUrl}/active-listings?location=Oakville`);
  await page.waitForSelector('[data-testid="property-card"]');
  const toggle = page.getByRole('group', { name: 'Show the results as' });
  const listButton = toggle.getByRole('button', { name: 'List' });
  const mapButton = toggle.getByRole('button', { name: 'Map' });
  // the buttons work once the page has hydrated
  await page.waitForFunction(mainHeadingHydrated);
  assert.equal(await listButton.getAttribute('aria-pressed'), 'true');
  assert.equal(await mapButton.getAttribute('aria-pressed'), 'false');
  await page.waitForTimeout(1000);
  const listScripts = [...scripts];

  await mapButton.click();
  await page.waitForURL(/view=map/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('location'), 'Oakville', 'the filters stay in the URL');
  assert.equal(await pressed(mapButton, 'true'), 'true');
  assert.equal(await pressed(listButton, 'false'), 'false');
  const homes = await markersShown(page);
  assert.equal(homes, oakvilleOnMap, `every Oakville home for sale with coordinates is on the map (${homes})`);
  await page.waitForFunction(() => /on the map/.test(document.querySelector('[data-testid="map-count"]')?.textContent ?? ''));
  assert.match(await page.textContent('[data-testid="map-count"]'), new RegExp(`^${oakvilleOnMap} homes? on the map`));
  assert.equal(await page.getByLabel('Location', { exact: true }).inputValue(), 'Oakville', 'the search form keeps its filters');
  assert.equal(await page.locator('[data-testid="property-card"]').count(), 0, 'the grid gives way to the map');
  // a marker's card
  for (let i = 0; i < 6 && (await page.$$('.gta-map-marker')).length === 0; i++) {
    await page.click('.gta-map-cluster span');
    await page.waitForTimeout(500);
  }
  await page.click('.gta-map-marker span');
  await page.waitForSelector('[data-testid="map-card"]');
  // the map's code came with the map, not with the list
  const mapScripts = scripts.slice(listScripts.length);
  let leaflet = false;
  for (const u of mapScripts) if ((await (await fetch(u)).text()).includes('Map container is already initialized')) leaflet = true;
  assert.ok(leaflet, 'Leaflet was fetched when the map was chosen');
  for (const u of listScripts)
    assert.ok(!(await (await fetch(u)).text()).includes('Map container is already initialized'), `the list view fetched no Leaflet (${u})`);

  await page.goBack();
  await page.waitForURL((u) => !u.searchParams.has('view'));
  assert.equal(new URL(page.url()).searchParams.get('location'), 'Oakville');
  await page.waitForSelector('[data-testid="property-card"]');
  assert.equal(await page.locator('[data-testid="results-map"]').count(), 0);
  assert.equal(await pressed(listButton, 'true'), 'true');
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

test(
  'a shared link with view=map opens the map; at 390 px the map then its list, no sideways scroll; the keyboard reaches the toggle',
  { timeout: 60_000 },
  async () => {
    const page = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${baseUrl}/active-listings?location=Oakville&view=map`);
    assert.equal(await markersShown(page), oakvilleOnMap);
    assert.equal(await hasHorizontalScroll(page), false);
    const mapBox = await (await page.$('[data-testid="map"]')).boundingBox();
    const listBox = await (await page.$('[data-testid="map-list"]')).boundingBox();
    assert.ok(mapBox.width >= 340, 'the map takes the width of the phone');
    assert.ok(listBox.y > mapBox.y + mapBox.height - 1, 'the list comes after the map');
    const listButton = page.getByRole('group', { name: 'Show the results as' }).getByRole('button', { name: 'List' });
    await page.waitForFunction(mainHeadingHydrated);
    await listButton.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => !u.searchParams.has('view'));
    await page.waitForSelector('[data-testid="property-card"]');
    assert.equal(oakville >= oakvilleOnMap, true);
    await page.context().close();
  },
);
