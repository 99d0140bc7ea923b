// Search and decide (issue 38) in a real browser against the built site, at 390 and 1440 px: a price range with a
// minimum, the location box finding a street (Chartwell Road) from its suggestions with the keyboard, a showing
// refused at 23:45 and accepted at 14:30 on a weekday (the form's list of slots and the server's same rule), the
// first row of results on a 1440×900 screen without scrolling, and an alert's email with an empty domain label.
// Screenshots of /active-listings go to E2E_SHOT_DIR when it is set.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, hasHorizontalScroll, launchBrowser, mainHeadingHydrated, newPage, readProperties, slugOf, VIEWPORTS } from '../lib.mjs';

let browser;
const properties = [];

before(async () => {
  browser = await launchBrowser();
  properties.push(...(await readProperties()));
});
after(async () => {
  await browser?.close();
});

const SHOTS = process.env.E2E_SHOT_DIR;
const WIDTHS = [
  ['phone', VIEWPORTS.mobile],
  ['desktop', VIEWPORTS.desktop],
];
const forSale = () =>
  properties.filter(
    (r) =>
      String(r.fields.Status ?? '')
        .trim()
        .toLowerCase() === 'available',
  );
const priceOf = (r) => Number(String(r.fields.Price ?? '').replace(/[$,\s]/g, ''));
const countText = (total, shown = Math.min(total, 20)) =>
  shown >= total ? `${total} ${total === 1 ? 'property' : 'properties'}` : `Showing ${shown} of ${total} properties`;
const waitForCount = (page, text) =>
  page.waitForFunction((t) => document.querySelector('[data-testid="result-count"]')?.textContent === t, text, { timeout: 20_000 });
const cardNames = (page) => page.locator('[data-testid="property-card"] h3').allTextContents();

async function openActiveListings(viewport) {
  const page = await newPage(browser, viewport);
  await page.goto(`${baseUrl}/active-listings`);
  await page.waitForFunction(mainHeadingHydrated);
  await page.waitForSelector('[data-testid="property-card"]');
  return page;
}

/** Opens the fields beside the location on a phone ('Filters'); from 640 px they are in the bar. */
async function openFilters(page) {
  const toggle = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ });
  if ((await toggle.count()) > 0 && (await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

for (const [name, viewport] of WIDTHS) {
  test(`${name}: a price range with a minimum finds the homes for sale between the two prices`, async () => {
    const min = 2_000_000;
    const max = 5_000_000;
    const expected = forSale().filter((r) => priceOf(r) >= min && priceOf(r) <= max);
    assert.ok(expected.length > 0 && expected.length < forSale().length, `${expected.length} of ${forSale().length} between $2M and $5M`);
    const page = await openActiveListings(viewport);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/active-listings-${viewport.width}.png` });
    await openFilters(page);
    await page.getByLabel('Min price', { exact: true }).selectOption(String(min));
    await page.getByLabel('Max price', { exact: true }).selectOption(String(max));
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('minPrice') === String(min) && url.searchParams.get('price') === String(max));
    await page.getByRole('heading', { name: 'Properties matching your search' }).waitFor();
    await waitForCount(page, countText(expected.length));
    for (const shown of await cardNames(page))
      assert.ok(
        expected.some((r) => r.fields['Property Name'] === shown),
        `${shown} is priced between $2M and $5M`,
      );
    // the choices say how many homes they leave once the form has read the homes on offer
    const option = page.getByLabel('Min price', { exact: true }).locator(`option[value="${min}"]`);
    await page.waitForFunction((value) => /\(\d+\)$/.test(document.querySelector(`select option[value="${value}"]`)?.textContent ?? ''), String(min), {
      timeout: 20_000,
    });
    const withMax = forSale().filter((r) => priceOf(r) >= min && priceOf(r) <= max).length;
    assert.equal(await option.textContent(), `$2M+ (${withMax})`);
    assert.equal(await hasHorizontalScroll(page), false);
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });

  test(`${name}: 'Chartwell Road' finds its homes, from a suggestion chosen with the keyboard`, async () => {
    const onChartwell = forSale().filter((r) => String(r.fields.Address ?? '').includes('Chartwell Road'));
    assert.ok(onChartwell.length >= 1, 'homes for sale on Chartwell Road in the seed');
    const page = await openActiveListings(viewport);
    const box = page.getByRole('combobox', { name: 'Location' });
    await box.click();
    await box.pressSequentially('Chartwell', { delay: 20 });
    const suggestion = page.getByRole('option', { name: /^Chartwell Road, Oakville/ });
    await suggestion.waitFor({ timeout: 20_000 });
    assert.match(await suggestion.textContent(), new RegExp(`Street · ${onChartwell.length} home`));
    // Down to it (the first: the street comes before its addresses), then Enter runs the search
    await box.press('ArrowDown');
    assert.equal(await box.getAttribute('aria-activedescendant'), await suggestion.getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('location') === 'Chartwell Road, Oakville');
    await waitForCount(page, countText(onChartwell.length));
    assert.deepEqual((await cardNames(page)).sort(), onChartwell.map((r) => r.fields['Property Name']).sort());
    // typed whole and searched with the button: the same homes
    await box.fill('Chartwell Road');
    await box.press('Escape');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('location') === 'Chartwell Road');
    await waitForCount(page, countText(onChartwell.length));
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });

  test(`${name}: a showing is offered within office hours: 14:30 on a weekday accepted, 23:45 refused (the form and the server)`, async () => {
    const home = forSale()[0];
    const page = await newPage(browser, viewport);
    await page.goto(`${baseUrl}/property/${slugOf(home.fields['Property Name'])}`);
    await page.getByRole('button', { name: 'Schedule a showing' }).click();
    await page.waitForFunction(() => Boolean(document.querySelector('[name="preferredDate"]')?.getAttribute('min')), null, { timeout: 20_000 });
    const form = page.getByTestId('property-inquiry-form');
    const min = await form.locator('[name="preferredDate"]').getAttribute('min');
    // the next weekday after today (Toronto)
    let day = min;
    do day = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay()));
    await form.locator('[name="preferredDate"]').fill(day);
    const time = form.locator('[name="preferredTime"]');
    await time.locator('option[value="14:30"]').waitFor({ state: 'attached' });
    const offered = await time.locator('option').evaluateAll((els) => els.map((e) => e.value).filter(Boolean));
    assert.equal(offered[0], '09:00');
    assert.equal(offered.at(-1), '18:30');
    assert.ok(!offered.includes('23:45') && !offered.includes('03:00'), 'never at night');
    assert.ok(
      offered.every((t) => /^\d\d:(00|30)$/.test(t)),
      'on the half hour',
    );
    await time.selectOption('14:30');
    const email = `showing-ranges-${viewport.width}-${Date.now()}@example.com`;
    await form.locator('[name="name"]').fill('Ada Lovelace');
    await form.locator('[name="email"]').fill(email);
    await form.locator('[name="message"]').fill('A showing that afternoon, please.');
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await form.getByText('Thank you for your inquiry! We will get back to you soon.').waitFor({ timeout: 20_000 });

    // the server applies the same rule to what is posted
    const config = await (await page.request.get(`${baseUrl}/config.json`)).json();
    const post = (data) =>
      page.request.post(`${new URL(config.webhookBase, baseUrl).href.replace(/\/+$/, '')}/property-inquiry`, {
        data: { name: 'Ada', email: 'ada@example.com', message: 'A showing', ...data },
        headers: { Origin: baseUrl },
      });
    const late = await post({ preferredDate: day, preferredTime: '23:45' });
    assert.equal(late.status(), 400);
    assert.match((await late.json()).errors.preferredTime, /^Showings on \w+days are from 9:00 am to 7:00 pm\.$/);
    let sunday = min;
    while (new Date(`${sunday}T12:00:00Z`).getUTCDay() !== 0) sunday = new Date(Date.parse(`${sunday}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const night = await post({ preferredDate: sunday, preferredTime: '03:00' });
    assert.equal(night.status(), 400);
    assert.equal((await post({ preferredDate: day, preferredTime: '14:30' })).status(), 200);
    assert.deepEqual(page.consoleErrors, []);
    await page.context().close();
  });
}

test('desktop 1440×900: the first row of results shows without scrolling; recently viewed is in the results heading', async () => {
  const page = await openActiveListings(VIEWPORTS.desktop);
  const cards = page.locator('[data-testid="property-card"]');
  // the first row: three cards side by side, their photo, name and price above the fold
  const row = await Promise.all([0, 1, 2].map(async (i) => cards.nth(i).boundingBox()));
  assert.ok(
    row.every((box) => box && Math.abs(box.y - row[0].y) < 1),
    'three cards in the first row',
  );
  const price = await cards.first().getByTestId('card-price').boundingBox();
  assert.ok(price && price.y + price.height <= VIEWPORTS.desktop.height, `the first card's price at ${price && Math.round(price.y + price.height)} px`);
  // a returning visitor finds the homes they opened at the top of the results
  await page.goto(`${baseUrl}/property/${slugOf(forSale()[1].fields['Property Name'])}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(`${baseUrl}/active-listings`);
  const toggle = page.getByRole('button', { name: 'Recently viewed (1)' });
  await toggle.waitFor({ timeout: 15_000 });
  const box = await toggle.boundingBox();
  assert.ok(box && box.y + box.height <= VIEWPORTS.desktop.height, `Recently viewed at ${box && Math.round(box.y)} px`);
  await toggle.click();
  await page.getByRole('region', { name: 'Recently viewed' }).getByTestId('recent-listing').first().waitFor();
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

test('an alert refuses ada@example..com (the forms’ email rule)', async () => {
  const res = await fetch(`${baseUrl}/api/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'ada@example..com', frequency: 'weekly', criteria: { minPrice: '2000000' } }),
  });
  assert.equal(res.status, 400);
  assert.equal((await res.json()).errors.email, 'Please enter a valid email address.');
});
