// What a visitor and a crawler see (issue 26): /about-us loads whole every time (50 loads, no React error, no
// redrawn first screen), unknown posts, properties and cities answer 404 with the page, every page carries link
// previews from the server, /admin's own title, no request to instagram.com, the calculators' five tabs at 390 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { baseUrl, launchBrowser, newPage, VIEWPORTS } from '../lib.mjs';

const shotDir = process.env.E2E_SHOT_DIR ?? process.env.E2E_DATA_DIR ?? tmpdir();
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const html = async (path) => {
  const res = await fetch(`${baseUrl}${path}`, { headers: { Accept: 'text/html' } });
  return { status: res.status, text: await res.text() };
};
const metaOf = (text, attr, name) => new RegExp(`<meta ${attr}="${name.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(text)?.[1];

/** A property page's path from the sitemap (the server lists each available listing). */
async function aPropertyPath() {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const loc = /<loc>([^<]*\/property\/[^<]+)<\/loc>/.exec(sitemap)?.[1];
  assert.ok(loc, 'the sitemap lists a property');
  return new URL(loc).pathname;
}

test('/about-us: 50 loads after the home page, never "We couldn\'t load", React error #467/#422/#418 or a redrawn first screen', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  const warnings = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && /first screen|#4\d\d/.test(msg.text())) warnings.push(msg.text());
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  const failures = [];
  for (let n = 1; n <= 50; n++) {
    await page.goto(`${baseUrl}/about-us`, { waitUntil: 'domcontentloaded' });
    // settled: the contact form inside the content page is React's (hydrated), or a region failed
    await page.waitForFunction(
      () => {
        if (document.querySelector('[data-testid="remote-error"]')) return true;
        const button = document.querySelector('main form button[type="submit"]');
        return Boolean(button && Object.keys(button).some((key) => key.startsWith('__reactFiber')));
      },
      undefined,
      { timeout: 15_000 },
    );
    const errorRegions = await page.locator('[data-testid="remote-error"]').count();
    if (errorRegions > 0) failures.push(`load ${n}: ${await page.locator('[data-testid="remote-error"]').first().innerText()}`);
  }
  const reactErrors = page.consoleErrors.filter((e) => /#4(67|22|18)|Minified React error|couldn't load/i.test(e));
  assert.deepEqual(failures, []);
  assert.deepEqual(reactErrors, []);
  assert.deepEqual(warnings, []);
  await page.context().close();
});

test('unknown posts, properties and cities answer 404 with the page; known ones 200', async () => {
  for (const [path, heading] of [
    ['/blog/no-such-post', 'Blog Not Found'],
    ['/property/no-such-property', 'Property Not Found'],
    ['/listings/toronto', 'City Not Found'],
  ]) {
    const { status, text } = await html(path);
    assert.equal(status, 404, path);
    assert.match(text, new RegExp(`<h1[^>]*>${heading}</h1>`), `${path} carries its not-found page`);
    assert.match(text, /<meta name="robots" content="noindex, nofollow"/);
  }
  for (const path of ['/', '/about-us', '/blogs', '/listings/oakville', await aPropertyPath()]) assert.equal((await html(path)).status, 200, path);
  // in the browser: the same page, hydrated without a mismatch
  const page = await newPage(browser, VIEWPORTS.mobile);
  const warnings = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' && /first screen|#4\d\d/.test(msg.text())) warnings.push(msg.text());
  });
  await page.goto(`${baseUrl}/property/no-such-property`, { waitUntil: 'domcontentloaded' });
  await page.locator('h1', { hasText: 'Property Not Found' }).waitFor();
  await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber')));
  await page.waitForTimeout(300);
  assert.deepEqual(
    page.consoleErrors.filter((e) => /#418|#422|hydrat/i.test(e)),
    [],
  );
  assert.deepEqual(warnings, []);
  await page.context().close();
});

test('link previews from the server: og:title/description/image/url and twitter:card on every page; a property shows its photo and price', async () => {
  for (const path of ['/', '/about-us', '/mortgage-calculator', '/blogs', '/active-listings']) {
    const { text } = await html(path);
    for (const name of ['og:title', 'og:description', 'og:image', 'og:url']) assert.ok(metaOf(text, 'property', name), `${path} has ${name}`);
    assert.ok(metaOf(text, 'name', 'twitter:card'), `${path} has twitter:card`);
    assert.equal(metaOf(text, 'property', 'og:url'), new URL(path, baseUrl).href);
  }
  const share = await fetch(new URL(metaOf((await html('/')).text, 'property', 'og:image')));
  assert.equal(share.status, 200);
  assert.match(share.headers.get('content-type') ?? '', /^image\/jpeg/);

  const path = await aPropertyPath();
  const { text } = await html(path);
  const image = metaOf(text, 'property', 'og:image');
  // the listing's first photo as a 1200x630 JPEG from the photo pipeline (docs/photos.md), not the site image
  assert.match(image, /\/media\/photos\/rec[A-Za-z0-9]+\/[^/]+\/share\.jpg$/, 'the property photo, not the site image');
  const photo = await fetch(image);
  assert.equal(photo.status, 200);
  assert.match(photo.headers.get('content-type') ?? '', /^image\/jpeg/);
  assert.match(metaOf(text, 'property', 'og:description'), /\$[\d,]+/, 'the price');
  const ld = JSON.parse(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(text)[1]);
  assert.equal(ld.offers.seller.url, `${new URL(baseUrl).origin}/`);
  assert.doesNotMatch(JSON.stringify(ld), /example\.com/);
  const address = ld.contentLocation.address;
  assert.ok(address.streetAddress, 'a street address');
  assert.match(address.streetAddress, /^\d+ /, 'a street address starts with its number');
  assert.notEqual(address.streetAddress, ld.contentLocation.name, 'not the neighbourhood');
});

test("/admin's server HTML has its own title and noindex", async () => {
  const { text } = await html('/admin');
  assert.match(text, /<title>Admin \| [^<]+<\/title>/);
  assert.match(text, /<meta name="robots" content="noindex, nofollow"/);
});

test('the home page asks nothing of instagram.com (embeds are off until configured), scrolled to the end', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  const asked = [];
  page.on('request', (request) => {
    if (/instagram\.com/.test(request.url())) asked.push(request.url());
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('media-posts').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  assert.equal(await page.getByTestId('media-posts').getAttribute('data-embed-status'), 'off');
  assert.deepEqual(asked, []);
  assert.deepEqual(
    page.consoleErrors.filter((e) => /instagram|ERR_NAME_NOT_RESOLVED/i.test(e)),
    [],
  );
  await page.context().close();
});

test('at 390 px the five calculator tabs are all on screen; at 1440 px on one row', async () => {
  for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
    const page = await newPage(browser, viewport);
    await page.goto(`${baseUrl}/mortgage-calculator`, { waitUntil: 'domcontentloaded' });
    const tabs = page.getByRole('tablist', { name: 'Mortgage calculators' }).getByRole('tab');
    assert.equal(await tabs.count(), 5);
    const boxes = await tabs.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
    for (const box of boxes) assert.ok(box.left >= 0 && box.right <= viewport.width + 0.5, `tab inside the viewport: ${JSON.stringify(box)}`);
    if (viewport.width >= 1024) assert.equal(new Set(boxes.map((b) => Math.round(b.top))).size, 1, 'one row');
    await page.getByRole('tablist', { name: 'Mortgage calculators' }).screenshot({ path: join(shotDir, `calculator-tabs-${viewport.width}.png`) });
    await page.context().close();
  }
});
