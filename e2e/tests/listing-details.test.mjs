// What portals show on a listing (issue 38, item 4), in a real browser against the built site at 390 and 1440 px:
// three favourites compared side by side on /compare (server-rendered, noindex, not in the sitemap, keyboard and
// axe clean), the price history shown after staff change a price through the records API (with 'Price reduced' and
// days on market), and an open house's 'Add to calendar' file and the tour player loaded on click.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync } from 'node:fs';
import { baseUrl, hasHorizontalScroll, launchBrowser, newPage, readProperties, slugOf, staffSignIn, VIEWPORTS } from '../lib.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-listing-details';
mkdirSync(SHOTS, { recursive: true });

let browser;
const properties = [];
const norm = (v) =>
  String(v ?? '')
    .trim()
    .toLowerCase();
const money = (n) => `$${Math.round(n).toLocaleString('en-CA')}`;

before(async () => {
  browser = await launchBrowser();
  properties.push(...(await readProperties()));
});
after(async () => {
  await browser?.close();
});

async function axeViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () =>
    (await window.axe.run({ include: [['main']] }, { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  );
}

test(
  'three favourites compared side by side at 390 and 1440 px: price, $/sq ft, size and the rest, server-rendered and noindex',
  { timeout: 180_000 },
  async () => {
    // three homes for sale with a number price and size (the table's figures are checked against the records API)
    const homes = properties
      .filter((r) => norm(r.fields.Status) === 'available' && typeof r.fields.Price === 'number' && typeof r.fields['Size (sq ft)'] === 'number')
      .slice(3, 6);
    assert.equal(homes.length, 3);
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      const page = await newPage(browser, viewport);
      // the visitor's favourites, as the hearts keep them (favourites.test.mjs clicks the hearts themselves)
      await page.goto(`${baseUrl}/`);
      await page.evaluate(
        (ids) => localStorage.setItem('gta:favourites', JSON.stringify(ids)),
        homes.map((h) => h.id),
      );
      await page.goto(`${baseUrl}/favourites`);
      await page.getByText('3 homes saved in this browser').waitFor();
      await page.getByRole('link', { name: 'Compare all 3' }).click();
      await page.waitForURL(`${baseUrl}/compare?ids=${homes.map((h) => h.id).join(',')}`);
      const table = page.getByTestId('compare-table');
      await table.waitFor();
      const names = await table.getByTestId('compare-home').evaluateAll((ths) => ths.map((th) => th.querySelector('a')?.textContent?.trim()));
      assert.deepEqual(
        names,
        homes.map((h) => h.fields['Property Name']),
      );
      const row = (label) => table.locator(`td[data-row="${label}"]`).allTextContents();
      assert.deepEqual(
        (await row('Price')).map((t) => t.replace(/best$/, '')),
        homes.map((h) => money(h.fields.Price)),
      );
      assert.deepEqual(
        (await row('Price per sq ft')).map((t) => t.replace(/best$/, '')),
        homes.map((h) => money(h.fields.Price / h.fields['Size (sq ft)'])),
      );
      assert.deepEqual(
        (await row('Living area')).map((t) => t.replace(/best$/, '')),
        homes.map((h) => `${h.fields['Size (sq ft)'].toLocaleString('en-CA')} sq ft`),
      );
      assert.equal((await row('Bedrooms')).length, 3);
      assert.equal((await row('Property taxes')).length, 3);
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow');
      // the table scrolls within its own region on a phone; the page itself never scrolls sideways
      assert.equal(await hasHorizontalScroll(page), false);
      // keyboard: the region is reachable and takes the focus (arrow keys then scroll it)
      await page.getByRole('region', { name: /3 homes side by side/ }).focus();
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'region');
      assert.deepEqual(await axeViolations(page), []);
      await page.screenshot({ path: `${SHOTS}/compare-${label}.png`, fullPage: true });
      // 'Remove' takes a home out
      await page.getByRole('link', { name: `Remove ${homes[1].fields['Property Name']} from the comparison` }).click();
      await page.waitForURL(`${baseUrl}/compare?ids=${homes[0].id},${homes[2].id}`);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="compare-home"]').length === 2);
      assert.deepEqual(page.consoleErrors, []);
      await page.context().close();
    }
    // the server's page carries the table (JavaScript off), and the sitemap leaves /compare out
    const html = await (await fetch(`${baseUrl}/compare?ids=${homes.map((h) => h.id).join(',')}`)).text();
    assert.match(html, /data-testid="compare-table"/);
    for (const h of homes) assert.ok(html.includes(h.fields['Property Name'].replace(/&/g, '&amp;').replace(/'/g, '&#x27;')), h.fields['Property Name']);
    assert.match(html, /<meta name="robots" content="noindex, nofollow"/);
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    assert.doesNotMatch(sitemap, /\/compare/);
  },
);

test("'Compare' on the cards: two picked on /active-listings open /compare with both, at 390 and 1440 px", { timeout: 120_000 }, async () => {
  for (const viewport of Object.values(VIEWPORTS)) {
    const page = await newPage(browser, viewport);
    await page.goto(`${baseUrl}/active-listings`);
    const cards = page.getByTestId('property-card');
    await cards.first().waitFor();
    const names = [];
    for (const i of [0, 1]) {
      const name = (await cards.nth(i).locator('h3').textContent()).trim();
      names.push(name);
      await cards
        .nth(i)
        .getByRole('checkbox', { name: `Compare ${name}` })
        .check();
      assert.equal(new URL(page.url()).pathname, '/active-listings', 'the checkbox does not open the property');
    }
    const bar = page.getByTestId('compare-bar');
    await bar.getByText('2 of 4 homes picked').waitFor();
    await page.screenshot({ path: `${SHOTS}/compare-bar-${viewport.width}.png` });
    await bar.getByRole('link', { name: 'Compare 2 homes' }).click();
    await page.waitForURL(/\/compare\?ids=/);
    await page.getByTestId('compare-table').waitFor();
    assert.deepEqual(await page.getByTestId('compare-home').evaluateAll((ths) => ths.map((th) => th.querySelector('a')?.textContent?.trim())), names);
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  }
});

test(
  'a price cut by staff through the records API shows in the price history, with the badge and days on market, at 390 and 1440 px',
  { timeout: 180_000 },
  async () => {
    // a home for sale that no other test opens: the last one in the table
    const home = properties.filter((r) => norm(r.fields.Status) === 'available' && typeof r.fields.Price === 'number' && !r.fields.Featured).at(-1);
    assert.ok(home, 'a home for sale');
    const before = home.fields.Price;
    const cut = Math.round((before * 0.95) / 1000) * 1000;
    const staff = await newPage(browser);
    await staffSignIn(staff);
    const config = await (await staff.request.get(`${baseUrl}/config.json`)).json();
    const recordUrl = new URL(`${config.airtable.endpointUrl}/v0/${config.airtable.baseId}/Properties/${home.id}`, baseUrl).href;
    const patch = async (Price) => {
      const res = await staff.request.patch(recordUrl, { data: { fields: { Price } } });
      assert.equal(res.status(), 200, await res.text());
    };
    try {
      await patch(cut);
      for (const [label, viewport] of Object.entries(VIEWPORTS)) {
        const page = await newPage(browser, viewport);
        await page.goto(`${baseUrl}/property/${slugOf(home.fields['Property Name'])}`);
        const history = page.getByTestId('price-history');
        await history.waitFor();
        const rows = await history.getByTestId('price-history-row').allTextContents();
        assert.ok(rows.length >= 2, `history rows: ${rows.join(' | ')}`);
        assert.ok(rows[0].includes('Price reduced') && rows[0].includes(money(cut)) && rows[0].includes(`−${money(before - cut)}`), rows[0]);
        assert.ok(rows.at(-1).includes('Listed') && rows.at(-1).includes(money(before)), rows.at(-1));
        assert.match(await page.getByTestId('days-on-market').textContent(), /^\d+ days? on market/);
        assert.equal(await page.getByTestId('price-reduced-badge').first().textContent(), 'Price reduced');
        assert.equal(await page.getByTestId('property-price').textContent(), money(cut));
        await history.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/history-${label}.png` });
        assert.deepEqual(page.consoleErrors, []);
        await page.context().close();
      }
      // the server's page carries the history too
      const html = await (await fetch(`${baseUrl}/property/${slugOf(home.fields['Property Name'])}`)).text();
      assert.match(html, /data-testid="price-history"/);
      assert.match(html, /Price reduced/);
    } finally {
      await patch(before);
      await staff.context().close();
    }
  },
);

test("an open house's 'Add to calendar' gives a VEVENT in Toronto time, and the tour's player loads only on click", { timeout: 120_000 }, async () => {
  const withOpenHouse = properties.find((r) => typeof r.fields['Open House'] === 'string' && norm(r.fields.Status) === 'available');
  const withTour = properties.find((r) => typeof r.fields['Virtual Tour'] === 'string');
  assert.ok(withOpenHouse && withTour, 'the seed has open houses and tours');
  const page = await newPage(browser, VIEWPORTS.mobile, { acceptDownloads: true });
  await page.goto(`${baseUrl}/property/${slugOf(withOpenHouse.fields['Property Name'])}`);
  const houses = page.getByTestId('open-houses');
  await houses.waitFor();
  const add = houses.getByRole('link', { name: /to your calendar/ }).first();
  const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
  assert.match(download.suggestedFilename(), /^open-house-\d{4}-\d{2}-\d{2}\.ics$/);
  const ics = readFileSync(await download.path(), 'utf8');
  assert.match(ics, /^BEGIN:VCALENDAR\r\n/);
  assert.match(ics, /\r\nBEGIN:VEVENT\r\n/);
  assert.match(ics, /\r\nDTSTART;TZID=America\/Toronto:\d{8}T\d{6}\r\n/);
  assert.match(ics, /\r\nTZID:America\/Toronto\r\n/);
  assert.match(ics, /\r\nEND:VCALENDAR\r\n$/);
  await houses.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/open-houses-mobile.png` });

  await page.goto(`${baseUrl}/property/${slugOf(withTour.fields['Property Name'])}`);
  const tour = page.getByTestId('virtual-tour');
  await tour.waitFor();
  assert.equal(await tour.locator('iframe').count(), 0, 'nothing from the provider before the click');
  await tour.getByRole('button', { name: /Play the/ }).click();
  assert.match(await tour.locator('iframe').getAttribute('src'), /^https:\/\/player\.vimeo\.com\/video\/\d+$/);
  // the page's policy lets that player in
  const csp = (await page.request.get(`${baseUrl}/`)).headers()['content-security-policy'];
  assert.match(csp, /frame-src [^;]*https:\/\/player\.vimeo\.com/);
  await page.context().close();
});
