// Listing photos in a real browser against the built site (issue 36): the card and the property page load a photo of
// the image pipeline (AVIF or WebP, at a width that fits the screen), and the page's og:image is a 1200 x 630 JPEG
// that answers 200.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, launchBrowser, newPage, readProperties, slugOf, VIEWPORTS } from '../lib.mjs';

let browser;
let property;

before(async () => {
  browser = await launchBrowser();
  const records = await readProperties();
  const withPhotos = records.find((r) => Array.isArray(r.fields.Photos) && r.fields.Photos.length > 1 && r.fields.Status === 'Available');
  property = `/property/${slugOf(withPhotos.fields['Property Name'])}`;
});
after(async () => {
  await browser?.close();
});

/** The responses of images of the pipeline (`/media/photos/…`), with their type and asked width. */
function watchPhotos(page) {
  const seen = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/media/photos/')) return;
    seen.push({ path: url.pathname, status: response.status(), type: response.headers()['content-type'], width: Number(url.pathname.split('/').pop()) });
  });
  return seen;
}

/** Waits until an image has loaded, and gives what it shows. */
async function shown(locator) {
  await locator.scrollIntoViewIfNeeded();
  await locator.evaluate((img) => (img.complete && img.naturalWidth > 0 ? null : new Promise((r) => img.addEventListener('load', r, { once: true }))));
  return locator.evaluate((img) => ({ src: img.currentSrc, naturalWidth: img.naturalWidth, renderedWidth: img.getBoundingClientRect().width }));
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  test(`${label} (${viewport.width} px): a card and the property page show a modern-format photo of a sensible width`, { timeout: 120_000 }, async () => {
    const page = await newPage(browser, viewport);
    const photos = watchPhotos(page);
    await page.goto(`${baseUrl}/active-listings`);
    const card = await shown(page.locator('[data-testid="property-card"] img').first());
    assert.match(new URL(card.src).pathname, /^\/media\/photos\/rec[A-Za-z0-9]+\/[A-Za-z0-9_-]+\/\d+$/);
    const cardResponse = photos.find((p) => p.path === new URL(card.src).pathname);
    assert.ok(cardResponse, 'the card photo came from the pipeline');
    assert.equal(cardResponse.status, 200);
    assert.match(cardResponse.type, /^image\/(avif|webp)$/);
    // at least the card's width, never the 4500 px original or more than twice the card on a 1x screen
    assert.ok(
      cardResponse.width >= card.renderedWidth && cardResponse.width <= Math.max(1080, card.renderedWidth * 2.5),
      `card ${card.renderedWidth} px got ${cardResponse.width}`,
    );

    await page.goto(`${baseUrl}${property}`);
    const main = await shown(page.locator('[data-testid="gallery-main"] img'));
    const mainResponse = photos.find((p) => p.path === new URL(main.src).pathname);
    assert.ok(mainResponse, 'the gallery photo came from the pipeline');
    assert.match(mainResponse.type, /^image\/(avif|webp)$/);
    assert.ok(mainResponse.width >= main.renderedWidth && mainResponse.width <= 2560, `gallery ${main.renderedWidth} px got ${mainResponse.width}`);
    assert.ok(
      photos.every((p) => p.status === 200),
      JSON.stringify(photos.filter((p) => p.status !== 200)),
    );
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });
}

test('og:image and twitter:image of a property page are a 1200 x 630 JPEG that answers 200; the banner photo is preloaded', { timeout: 60_000 }, async () => {
  const html = await (await fetch(`${baseUrl}${property}`)).text();
  const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  assert.ok(og, 'og:image is in the server HTML');
  assert.match(og, /\/media\/photos\/rec[A-Za-z0-9]+\/[A-Za-z0-9_-]+\/share\.jpg$/);
  assert.equal(/<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1], og);
  assert.match(html, /<meta property="og:image:width" content="1200" \/><meta property="og:image:height" content="630" \/>/);
  // the banner photo (the LCP candidate) is preloaded from the server HTML at the widths of its srcset, high priority
  assert.match(
    html,
    /<link rel="preload" as="image" imageSrcSet="\/media\/photos\/rec[A-Za-z0-9]+\/[A-Za-z0-9_-]+\/480 480w,[^"]*" imageSizes="100vw" fetchPriority="high"\/>/,
  );
  const response = await fetch(new URL(new URL(og).pathname, baseUrl));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'image/jpeg');
  const body = Buffer.from(await response.arrayBuffer());
  // the JPEG's own size, from its start-of-frame marker
  let at = 2;
  let size;
  while (at < body.length) {
    const marker = body[at + 1];
    if (marker >= 0xc0 && marker <= 0xc2) {
      size = { height: body.readUInt16BE(at + 5), width: body.readUInt16BE(at + 7) };
      break;
    }
    at += 2 + body.readUInt16BE(at + 2);
  }
  assert.deepEqual(size, { width: 1200, height: 630 });
});
