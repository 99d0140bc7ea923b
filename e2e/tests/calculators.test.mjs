// The mortgage calculators (issue 6): /mortgage-calculator shows the five tabs, the payment calculator computes a
// Canadian (semi-annually compounded) payment as the visitor types, the tabs work from the keyboard, nothing shows
// NaN, the page does not scroll sideways at 390 px, and the property page's Calculators tab receives the price.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, launchBrowser, newPage, hasHorizontalScroll, mainHeadingHydrated, VIEWPORTS } from '../lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { propertyPath } = await import(join(root, 'shared/dist/core/slug.js')).then((m) => m.default ?? m);

const TABS = ['Rate Comparison', 'Affordability', 'Payment', 'CMHC Calculator', 'Land Transfer Tax'];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function openCalculators(page) {
  await page.goto(`${baseUrl}/mortgage-calculator`);
  await page.waitForSelector('[role="tablist"][aria-label="Mortgage calculators"]', { timeout: 20_000 });
}

test('the five tabs in the spec order, the first selected, and a page title', async () => {
  const page = await newPage(browser);
  await openCalculators(page);
  assert.equal((await page.textContent('main h1')).trim(), 'Mortgage Calculator');
  assert.match(await page.title(), /Mortgage Calculators/);
  const tabs = page.getByRole('tab');
  assert.deepEqual(
    (await tabs.allTextContents()).map((t) => t.trim()),
    TABS,
  );
  assert.equal(await tabs.first().getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByRole('tabpanel', { name: 'Rate Comparison' }).isVisible(), true);
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

test('switches tabs with the keyboard: arrows wrap, Home and End, focus follows', async () => {
  const page = await newPage(browser);
  await openCalculators(page);
  await page.getByRole('tab', { name: 'Rate Comparison' }).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('tab', { name: 'Affordability' }).getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByRole('tabpanel', { name: 'Affordability' }).isVisible(), true);
  await page.keyboard.press('ArrowRight');
  const payment = page.getByRole('tab', { name: 'Payment' });
  assert.equal(await payment.getAttribute('aria-selected'), 'true');
  assert.equal(await payment.evaluate((el) => el === document.activeElement), true, 'focus moves with the selection');
  await page.keyboard.press('End');
  assert.equal(await page.getByRole('tab', { name: 'Land Transfer Tax' }).getAttribute('aria-selected'), 'true');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('tab', { name: 'Rate Comparison' }).getAttribute('aria-selected'), 'true', 'wraps to the first');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getByRole('tab', { name: 'Land Transfer Tax' }).getAttribute('aria-selected'), 'true', 'wraps to the last');
  await page.keyboard.press('Home');
  assert.equal(await page.getByRole('tab', { name: 'Rate Comparison' }).getAttribute('aria-selected'), 'true');
  // Tab leaves the tablist for the panel
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'tabpanel');
  await page.context().close();
});

test('the payment calculator: $400,000 at 5 % over 25 years is $2,326.42 a month; errors sit next to the field', async () => {
  const page = await newPage(browser);
  await openCalculators(page);
  await page.getByRole('tab', { name: 'Payment' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payment' });
  const price = panel.getByLabel('Purchase price', { exact: true });
  await price.fill('');
  await price.pressSequentially('500,000');
  await panel.getByLabel('Down payment (% of price)').fill('20');
  await panel.getByLabel('Interest rate', { exact: true }).fill('5');
  await panel.getByLabel('Amortization', { exact: true }).selectOption('25');
  await panel.getByLabel('Payment frequency').selectOption('monthly');
  assert.equal((await panel.getByTestId('payment-amount').textContent()).trim(), '$2,326.42');
  assert.match(await panel.getByTestId('amortization-summary').textContent(), /Over 25 years you repay \$400,000 of principal/);
  assert.equal(await panel.getByRole('table', { name: 'Year by year' }).locator('tbody tr').count(), 25);

  // accelerated bi-weekly: half the monthly payment
  await panel.getByLabel('Payment frequency').selectOption('accelerated-bi-weekly');
  assert.equal((await panel.getByTestId('payment-amount').textContent()).trim(), '$1,163.21');

  // a bad value: message tied to the field, no figure, never NaN
  await price.fill('abc');
  const error = panel.getByRole('alert');
  assert.match(await error.textContent(), /Purchase price must be a number/);
  assert.equal(await price.getAttribute('aria-invalid'), 'true');
  assert.match(await price.getAttribute('aria-describedby'), new RegExp(await error.getAttribute('id')));
  assert.equal(await panel.getByTestId('payment-amount').count(), 0);
  assert.doesNotMatch(await page.textContent('main'), /NaN|Infinity/);
  await page.context().close();
});

test('a mortgage amount typed before the scripts arrive is the one worked out once the page is ready, and stays', async () => {
  // a plain page: newPage's navigations wait for the app to be ready, and this test must act before that
  const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/main.js', async (route) => {
    await held; // a slow phone: the shell's script arrives after the visitor has typed
    await route.continue();
  });
  await page.goto(`${baseUrl}/mortgage-calculator`, { waitUntil: 'domcontentloaded' });
  const panel = page.getByRole('tabpanel', { name: 'Rate Comparison' });
  const amount = panel.getByLabel('Mortgage amount');
  const payment = panel.getByTestId('offer-1-payment');
  const startPayment = (await payment.textContent()).trim();
  await amount.fill('2,000,000');
  assert.equal(await page.evaluate(mainHeadingHydrated), false, 'typed before hydration');
  release();
  await page.waitForFunction(mainHeadingHydrated, null, { timeout: 20_000 });
  // the payments are worked out for the typed amount: twice the starting $1,000,000, so twice the payment
  const cents = (text) => Number(text.replace(/[$,.]/g, ''));
  // the calculator hydrates in its own turn after the heading
  await page
    .waitForFunction((start) => document.querySelector('[data-testid="offer-1-payment"]')?.textContent.trim() !== start, startPayment, { timeout: 10_000 })
    .catch(() => undefined); // the assertion below says what was shown
  assert.ok(
    Math.abs(cents((await payment.textContent()).trim()) - 2 * cents(startPayment)) <= 2,
    `${startPayment} for $1,000,000, then ${await payment.textContent()}`,
  );
  // the next keystroke elsewhere does not put the old amount back
  await panel.getByLabel('Interest rate').first().fill('5');
  assert.equal(await amount.inputValue(), '2,000,000');
  await page.context().close();
});

test('land transfer tax on $500,000: $6,475 in Ontario, $12,950 with Toronto', async () => {
  const page = await newPage(browser);
  await openCalculators(page);
  await page.getByRole('tab', { name: 'Land Transfer Tax' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Land Transfer Tax' });
  await panel.getByLabel('Purchase price', { exact: true }).fill('500000');
  assert.equal((await panel.getByTestId('ltt-total').textContent()).trim(), '$6,475');
  await panel.getByLabel('The property is in the City of Toronto').check();
  assert.equal((await panel.getByTestId('ltt-total').textContent()).trim(), '$12,950');
  await page.context().close();
});

test('at 390 px every tab fits the screen (tables scroll inside their own box)', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await openCalculators(page);
  for (const name of TABS) {
    await page.getByRole('tab', { name }).click();
    assert.equal(await hasHorizontalScroll(page), false, `${name} does not scroll the page sideways`);
  }
  assert.doesNotMatch(await page.textContent('main'), /NaN|Infinity/);
  assert.deepEqual(page.consoleErrors, []);
  await page.context().close();
});

test("the property page's Calculators tab loads the panel with the property's price", async () => {
  const page = await newPage(browser);
  const config = await (await page.request.get(`${baseUrl}/config.json`)).json();
  const res = await page.request.get(`${config.airtable.endpointUrl}/v0/${config.airtable.baseId}/Properties?maxRecords=1`);
  const record = (await res.json()).records?.[0];
  assert.ok(record, 'the store has a property');
  const price = record.fields.Price;
  await page.goto(`${baseUrl}${propertyPath(record.fields['Property Name'])}`);
  await page.getByRole('tab', { name: 'Calculators' }).click({ timeout: 20_000 });
  await page.waitForSelector('[role="tablist"][aria-label="Mortgage calculators"]', { timeout: 20_000 });
  await page.getByRole('tab', { name: 'Payment' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payment' });
  assert.equal(await panel.getByLabel('Purchase price', { exact: true }).inputValue(), new Intl.NumberFormat('en-CA').format(price));
  await page.context().close();
});
