// Bounded reads (issue 34, part 2: no page reads the whole list): with 1,000 listings, a property page opened by its
// URL, a city page and the featured page each send a few records requests, counted at the server (its own render of
// the first screen reaches the records API over loopback, the browser from the page), never the whole table (10
// requests of 100 at 1,000 listings). The site runs in this process (server/dist) with SEED_COUNT=1000, so every
// request it answers can be counted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, mainHeadingHydrated, newPage, slugOf } from '../lib.mjs';
import { repoRoot } from '../server.mjs';

const require = createRequire(import.meta.url);
const { createApp } = require(join(repoRoot, 'server/dist/app.js'));
const { readConfig } = require(join(repoRoot, 'server/dist/config.js'));

const LISTINGS = 1000;
const RECORDS_PATH = '/api/airtable/';

let app;
let site;
let dataDir;
let browser;
/** Every records API request the site answered (its own renders' and the browser's), in order. */
const requests = [];

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gta-e2e-requests-'));
  app = await createApp(readConfig({}, { port: 0, host: '127.0.0.1', dataDir, seedCount: LISTINGS, quiet: true }));
  site = await app.listen();
  app.server.prependListener('request', (req) => {
    if ((req.url ?? '').startsWith(RECORDS_PATH)) requests.push(req.url);
  });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Text as React writes it into HTML. */
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]);

/**
 * A page whose photos are a 1-pixel picture: this file counts records requests, and photos made on demand for 1,000
 * new listings would hold the browser's connections (main.js waits behind them) on a loaded machine.
 */
async function pageWithoutPhotos() {
  const page = await newPage(browser);
  await page.route(/\/media\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' }),
  );
  return page;
}

/**
 * Resolves once no records request has arrived for `quietMs` (the page has read what it reads). Not the browser's
 * 'networkidle': photos from the image pipeline can keep the network busy on a loaded machine.
 */
async function recordsSettled(quietMs = 1500, timeoutMs = 20_000) {
  const start = Date.now();
  let seen = requests.length;
  let since = Date.now();
  while (Date.now() - start < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (requests.length !== seen) {
      seen = requests.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
  }
}

/** The records requests `action` makes. */
async function counted(action) {
  const from = requests.length;
  await action();
  return requests.slice(from);
}

async function api(path) {
  const config = await (await fetch(`${site}/config.json`)).json();
  const res = await fetch(`${new URL(config.airtable.endpointUrl, site).href.replace(/\/+$/, '')}/v0/${config.airtable.baseId}/${path}`);
  assert.equal(res.status, 200, path);
  return res.json();
}

/** A listing for sale with a price and a city (so its page has similar homes to read), from the middle of the table. */
async function someListing() {
  const { records, count } = await api(
    `Properties?pageSize=100&returnCount=true&sort%5B0%5D%5Bfield%5D=Price&sort%5B0%5D%5Bdirection%5D=asc&filterByFormula=${encodeURIComponent(`LOWER(TRIM({Status}&'')) = "available"`)}`,
  );
  assert.ok(count > 100, `the site holds many listings for sale (${count})`);
  const listing = records.find((r) => typeof r.fields.Price === 'number' && r.fields['City/State'] && r.fields['Property Name']);
  assert.ok(listing, 'a listing with a price and a city');
  return listing;
}

test(`the records API holds ${LISTINGS} listings`, async () => {
  const { count } = await api('Properties?pageSize=1&returnCount=true');
  assert.equal(count, LISTINGS);
});

test('a property page opened by its URL: its server render reads the listing with one request, and the whole visit (similar homes too) stays under 5', async (t) => {
  const listing = await someListing();
  const path = `/property/${slugOf(listing.fields['Property Name'])}`;
  const render = await counted(async () => {
    const res = await fetch(`${site}${path}`, { headers: { Accept: 'text/html' } });
    assert.equal(res.status, 200);
    assert.ok((await res.text()).includes(escapeHtml(listing.fields['Property Name'])), 'the page is rendered with its listing');
  });
  assert.equal(render.length, 1, `the server's render: ${render.join('\n')}`);
  assert.match(decodeURIComponent(render[0]), /SEARCH\(LOWER\("/, 'by the words of the slug');
  assert.match(render[0], /pageSize=100/);

  // a visit in the browser (another URL, so the server renders it afresh), scrolled to the foot for similar homes
  const page = await pageWithoutPhotos();
  const visit = await counted(async () => {
    await page.goto(`${site}${path}?from=e2e`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('heading', { level: 1, name: String(listing.fields['Property Name']) }).waitFor({ timeout: 20_000 });
    await page.waitForFunction(mainHeadingHydrated, undefined, { timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await recordsSettled();
  });
  t.diagnostic(`records requests: the server's render ${render.length}, a visit in the browser ${visit.length}`);
  assert.ok(visit.length <= 4, `the visit sent ${visit.length} records requests:\n${visit.map(decodeURIComponent).join('\n')}`);
  await page.context().close();
});

test('an unknown property slug costs two small requests; a slug no name can have, none', async () => {
  const unknown = await counted(async () => {
    // (404 when the render finishes within its budget; a loaded machine may send the loading state: counted all the same)
    await (await fetch(`${site}/property/no-such-residence-anywhere`, { headers: { Accept: 'text/html' } })).text();
    await recordsSettled(500);
  });
  assert.ok(unknown.length <= 2, unknown.join('\n'));
  const impossible = await counted(async () => {
    const res = await fetch(`${site}/property/Not--A--Slug`, { headers: { Accept: 'text/html' } });
    assert.equal(res.status, 404);
  });
  assert.equal(impossible.length, 0, impossible.join('\n'));
});

test("a city page reads 20 listings and the count in one request; 'Show more properties' is one more", async () => {
  const render = await counted(async () => {
    const res = await fetch(`${site}/listings/oakville`, { headers: { Accept: 'text/html' } });
    assert.equal(res.status, 200);
  });
  assert.equal(render.length, 1, render.join('\n'));
  assert.match(render[0], /returnCount=true/);
  const { count } = await api(
    `Properties?pageSize=1&returnCount=true&filterByFormula=${encodeURIComponent(`AND(LOWER(TRIM({City/State}&'')) = "oakville, on", LOWER(TRIM({Status}&'')) = "available")`)}`,
  );
  assert.ok(count > 20, `Oakville has more than a page of listings (${count})`);

  const page = await pageWithoutPhotos();
  const visit = await counted(async () => {
    await page.goto(`${site}/listings/oakville?from=e2e`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('city-count').waitFor({ timeout: 20_000 });
    await page.waitForFunction(mainHeadingHydrated, undefined, { timeout: 20_000 });
    await recordsSettled(500);
  });
  // the server keeps what it rendered with for a minute (its query cache), and the page carries it: one request at most
  assert.ok(visit.length <= 1, visit.join('\n'));
  assert.equal(await page.getByTestId('city-count').textContent(), `${count.toLocaleString('en-US')} active properties`);
  assert.equal(await page.getByTestId('property-card').count(), 20);
  const more = await counted(async () => {
    await page.getByRole('link', { name: 'Show more properties' }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="property-card"]').length === 40, undefined, { timeout: 20_000 });
    await recordsSettled(500);
  });
  assert.equal(more.length, 1, more.join('\n'));
  assert.match(more[0], /offset=/);
  await page.context().close();
});

test('the featured page reads its list and count in one request; a search from it is one more', async () => {
  const { count } = await api(`Properties?pageSize=1&returnCount=true&filterByFormula=${encodeURIComponent('{Featured} = TRUE()')}`);
  const page = await pageWithoutPhotos();
  const visit = await counted(async () => {
    await page.goto(`${site}/featured-listings`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('featured-count').waitFor({ timeout: 20_000 });
    await page.waitForFunction(mainHeadingHydrated, undefined, { timeout: 20_000 });
    await recordsSettled(500);
  });
  assert.ok(visit.length <= 1, visit.join('\n'));
  assert.equal(await page.getByTestId('featured-count').textContent(), `(${count.toLocaleString('en-US')})`);
  const searched = await counted(async () => {
    await page.getByLabel('Location', { exact: true }).fill('oakville');
    const answered = page.waitForResponse((r) => r.url().includes(RECORDS_PATH) && decodeURIComponent(r.url()).includes('oakville'), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/location=oakville/);
    await answered;
    await page.waitForFunction(() => !/…/.test(document.querySelector('[data-testid="featured-count"]')?.textContent ?? '…'), undefined, { timeout: 20_000 });
    await recordsSettled(500);
  });
  assert.equal(searched.length, 1, searched.join('\n'));
  await page.context().close();
});
