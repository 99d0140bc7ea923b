// Portal-grade discovery, items 3 and 5, in a real browser against the built site: favourites (the heart on cards
// and the property page, kept in localStorage across reloads, the count in the navigation, /favourites and a shared
// /favourites?ids= link, server-rendered), and the property page's similar homes (checked against the rule over the
// records API's listings), Share (the link copied), the monthly payment estimate and the calculator it links, and
// 'Schedule a showing' (the inquiry's preferred date and time reach the store).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { baseUrl, brokenImages, hasHorizontalScroll, launchBrowser, newPage, readProperties, readTable, slugOf, staffSignIn, VIEWPORTS } from '../lib.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const STORAGE_KEY = 'gta:favourites';

let browser;
const properties = [];

const norm = (v) =>
  String(v ?? '')
    .trim()
    .toLowerCase();
const forSale = () => properties.filter((r) => norm(r.fields.Status) === 'available');

before(async () => {
  browser = await launchBrowser();
  properties.push(...(await readProperties()));
});
after(async () => {
  await browser?.close();
});

const cardNames = (scope) => scope.locator('[data-testid="property-card"] h3').allTextContents();
const stored = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]'), STORAGE_KEY);

// ---- the similar-homes rule, read here in plain JavaScript (mfe-listings/src/property/similarRule.ts) ----
const TYPE_GROUPS = [
  ['condo', 'condominium', 'apartment', 'loft', 'penthouse'],
  ['town house', 'townhouse', 'row house', 'semi-detached'],
  ['house', 'detached home', 'detached', 'residential', 'single family home', 'bungalow'],
];
const similarTypes = (type) => (norm(type) ? (TYPE_GROUPS.find((g) => g.includes(norm(type))) ?? [norm(type)]) : null);
function isSimilar(home, other) {
  const price = home.fields.Price;
  const p = other.fields.Price;
  if (other.id === home.id || typeof price !== 'number' || typeof p !== 'number' || !norm(home.fields['City/State'])) return false;
  if (norm(other.fields.Status) !== 'available' || norm(other.fields['City/State']) !== norm(home.fields['City/State'])) return false;
  if (p < Math.ceil(price * 0.8 - 1e-6) || p > Math.floor(price * 1.2 + 1e-6)) return false;
  const types = similarTypes(home.fields['Property Type']);
  return types === null || types.includes(norm(other.fields['Property Type']));
}
const similarTo = (home) =>
  properties.filter((o) => isSimilar(home, o)).sort((a, b) => Math.abs(a.fields.Price - home.fields.Price) - Math.abs(b.fields.Price - home.fields.Price));

test(
  'a heart on a card keeps the home in this browser: it is saved after a reload, listed on /favourites, and counted in the navigation',
  { timeout: 120_000 },
  async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/active-listings`);
    const firstCard = page.getByTestId('property-card').first();
    await firstCard.waitFor();
    const name = (await firstCard.locator('h3').textContent()).trim();
    const heart = firstCard.getByRole('button', { name: `Save ${name} to favourites` });
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await heart.click();
    // the listings may still be hydrating when the shell is ready: the click is held and replayed once they have
    // (hydrateWhenVisible.tsx), so the heart turns pressed a moment later, not lost
    await page.waitForFunction(
      (label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-pressed') === 'true',
      `Save ${name} to favourites`,
      { timeout: 10_000 },
    );
    assert.equal(new URL(page.url()).pathname, '/active-listings', 'the heart does not open the property');
    const id = properties.find((r) => r.fields['Property Name'] === name)?.id;
    assert.deepEqual(await stored(page), [id]);
    await page.getByRole('link', { name: 'Favourites (1)' }).waitFor();

    await page.reload();
    const again = page
      .getByTestId('property-card')
      .first()
      .getByRole('button', { name: `Save ${name} to favourites` });
    await page.waitForFunction(
      (label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('aria-pressed') === 'true',
      `Save ${name} to favourites`,
    );
    assert.equal(await again.getAttribute('aria-pressed'), 'true');

    // a second home from its property page
    const other = forSale().find((r) => r.id !== id);
    await page.goto(`${baseUrl}/property/${slugOf(other.fields['Property Name'])}`);
    await page.getByRole('button', { name: `Save ${other.fields['Property Name']} to favourites` }).click();
    await page.getByText('Saved to your favourites.').waitFor();
    await page.getByRole('link', { name: 'Favourites (2)' }).waitFor();

    await page.goto(`${baseUrl}/favourites`);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="property-card"]').length === 2);
    assert.deepEqual(await cardNames(page), [other.fields['Property Name'], name], 'most recently saved first');
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="property-card"]').length === 2);
    assert.deepEqual(await cardNames(page), [other.fields['Property Name'], name]);
    assert.deepEqual(page.consoleErrors, []);

    // removing one takes its card off at once
    await page.getByRole('button', { name: `Save ${name} to favourites` }).click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="property-card"]').length === 1);
    await page.getByRole('link', { name: 'Favourites (1)' }).waitFor();
    assert.deepEqual(await stored(page), [other.id]);
    await page.context().close();
  },
);

test(
  'a shared link /favourites?ids=… shows its homes (in the server’s HTML too) and saves them to the favourites of another browser',
  { timeout: 120_000 },
  async () => {
    const [a, b, c] = forSale();
    const link = `${baseUrl}/favourites?ids=${a.id},${b.id},${c.id}`;
    // the server's HTML already lists them (no script)
    const html = await (await fetch(link)).text();
    for (const r of [a, b, c])
      assert.ok(html.includes(r.fields['Property Name'].replace(/&/g, '&amp;').replace(/'/g, '&#x27;')), `${r.fields['Property Name']} in the HTML`);

    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const page = await newPage(browser, viewport);
      await page.goto(link);
      // the server's HTML has them when its render finishes within its budget; on a loaded machine the page may come
      // without them and read them in the browser (a flake seen once in CI read the list before they arrived)
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="property-card"] h3').length === 3);
      assert.deepEqual(
        await cardNames(page),
        [a, b, c].map((r) => r.fields['Property Name']),
      );
      assert.ok(await page.getByRole('heading', { name: 'A shortlist of 3 homes' }).isVisible());
      assert.deepEqual(await brokenImages(page), []);
      assert.equal(await hasHorizontalScroll(page), false);
      await page.getByRole('button', { name: 'Save these to my favourites' }).click();
      await page.getByText('Saved to your favourites.').waitFor();
      assert.deepEqual(await stored(page), [a.id, b.id, c.id]);
      await page.getByRole('link', { name: 'View my favourites' }).click();
      await page.waitForURL(`${baseUrl}/favourites`);
      // the shared list's three cards may still be on screen when the URL has changed (the visitor's own list then
      // shows its loading state and reads them again): wait for the visitor's list itself, its status line
      await page.getByText('3 homes saved in this browser').waitFor();
      assert.deepEqual(
        await cardNames(page),
        [a, b, c].map((r) => r.fields['Property Name']),
      );
      // no serious or critical accessibility violation on the page
      await page.evaluate(axeSource);
      const violations = await page.evaluate(async () =>
        (await window.axe.run({ include: [['main']] }, { resultTypes: ['violations'] })).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      );
      assert.deepEqual(violations, []);
      assert.deepEqual(page.consoleErrors, []);
      await page.context().close();
    }
  },
);

test(
  'similar homes on a property page obey the rule: same city, for sale, within 20 % of the price, a similar type, the 3 nearest in price, never the home itself',
  { timeout: 120_000 },
  async () => {
    const candidates = forSale().filter((home) => similarTo(home).length >= 2);
    assert.ok(candidates.length > 0, 'a listing with similar homes in the seed');
    const checked = candidates.slice(0, 2);
    for (const home of checked) {
      const page = await newPage(browser);
      // opened cold: the server renders the page with this listing only, so the browser asks the records API
      await page.goto(`${baseUrl}/property/${slugOf(home.fields['Property Name'])}`);
      const section = page.getByTestId('similar-homes');
      // read as the foot of the page comes near the view: the visitor scrolls down to it
      await page.getByTestId('similar-homes-sentinel').scrollIntoViewIfNeeded({ timeout: 20_000 });
      await section.waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="similar-homes"] [data-testid="property-card"]').length > 0);
      const all = await cardNames(section);
      const expected = similarTo(home);
      // the strict rule's homes come first; wider ones (same city, then near the price) fill the rest (issue 38)
      assert.equal(all.length, Math.min(3, forSale().length - 1));
      const shown = all.slice(0, Math.min(3, expected.length));
      for (const name of shown) {
        const other = properties.find((r) => r.fields['Property Name'] === name);
        assert.ok(other && isSimilar(home, other), `${name} is similar to ${home.fields['Property Name']}`);
      }
      // the nearest in price: no home left out is nearer than the farthest shown
      const distance = (r) => Math.abs(r.fields.Price - home.fields.Price);
      const farthest = Math.max(...shown.map((n) => distance(properties.find((r) => r.fields['Property Name'] === n))));
      for (const r of expected.filter((r) => !shown.includes(r.fields['Property Name'])))
        assert.ok(distance(r) >= farthest, `${r.fields['Property Name']} is not nearer`);
      assert.deepEqual(page.consoleErrors, []);
      await page.context().close();
    }
  },
);

test(
  'property page: Share copies the link, the payment estimate matches the calculator it opens, and Schedule a showing sends a preferred date and time',
  { timeout: 120_000 },
  async () => {
    const home = forSale().find((r) => typeof r.fields.Price === 'number');
    const path = `/property/${slugOf(home.fields['Property Name'])}`;
    const page = await newPage(browser);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}${path}`);
    // Share: Chromium here has no share sheet, so the link is copied
    const hasShareSheet = await page.evaluate(() => typeof navigator.share === 'function');
    if (!hasShareSheet) {
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page.getByText('Link copied').waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${baseUrl}${path}`);
    }

    // the estimate, then the calculator with the price
    const monthly = (await page.getByTestId('monthly-payment').textContent()).trim();
    const link = page.getByRole('link', { name: 'Work out your payment' });
    assert.equal(await link.getAttribute('href'), `/mortgage-calculator?tab=payment&price=${home.fields.Price}`);
    await link.click();
    await page.waitForURL(/\/mortgage-calculator\?tab=payment&price=/);
    const panel = page.getByRole('tabpanel', { name: 'Payment' });
    await panel.getByLabel('Purchase price').waitFor();
    const price = await panel.getByLabel('Purchase price').inputValue();
    assert.equal(price.replace(/\D/g, ''), String(home.fields.Price));
    const exact = (await panel.getByTestId('payment-amount').textContent()).trim(); // '$14,375.85'
    const rounded = `$${Math.round(Number(exact.replace(/[$,]/g, ''))).toLocaleString('en-CA')}`;
    assert.equal(monthly, rounded, 'the estimate is the calculator’s figure, to the dollar');

    // Schedule a showing: the preferred date gets the focus; the inquiry keeps the day and time
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('button', { name: 'Schedule a showing' }).click();
    const date = page.getByLabel('Preferred date');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'preferredDate', null, { timeout: 20_000 });
    // the first day a showing may be asked for is set once the form has hydrated (the server's HTML has none)
    await page.waitForFunction(() => Boolean(document.querySelector('[name="preferredDate"]')?.getAttribute('min')), null, { timeout: 20_000 });
    const min = await date.getAttribute('min');
    assert.match(min ?? '', /^\d{4}-\d{2}-\d{2}$/);
    const day = new Date(Date.parse(`${min}T12:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    const email = `showing-${Date.now()}@example.com`;
    const form = page.getByTestId('property-inquiry-form');
    await date.fill(day);
    // the times of that day within the team's hours (a list: issue 38); 16:30 is within every day's
    await form.locator('[name="preferredTime"]').selectOption('16:30');
    await form.locator('[name="name"]').fill('Ada Lovelace');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="message"]').fill('We would like to see it that afternoon.');
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await form.getByText('Thank you for your inquiry! We will get back to you soon.').waitFor();
    await staffSignIn(page);
    const record = (await readTable(page, 'Property Inquiries')).find((r) => r.fields.email === email);
    assert.ok(record, 'stored');
    assert.equal(record.fields.preferredDate, day);
    assert.equal(record.fields.preferredTime, '16:30');
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  },
);
