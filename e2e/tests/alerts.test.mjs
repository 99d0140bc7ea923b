// Listing alerts end to end (its own server, since it needs n8n and the server token): a visitor saves a search
// with 'Alert me' in the browser, the confirm email's webhook reaches a fake n8n, the confirm link turns the alert on,
// a listing created through the records API with the server token brings exactly one listing-alert delivery, and
// the alert's unsubscribe link works in one click with JavaScript off. Staff see the saved search in 'Listing Alerts'.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launchBrowser, newPage, VIEWPORTS } from '../lib.mjs';
import { startServer } from '../server.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TOKEN = 'e2e-records-token';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fake n8n Webhook node (production URL, respond immediately): keeps every accepted call. */
async function startFakeN8n() {
  const calls = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/webhook\//, '');
      calls.push({ path, headers: req.headers, body: raw ? JSON.parse(raw) : {} });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"message":"Workflow was started"}');
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${server.address().port}/webhook`, calls, close: () => new Promise((r) => server.close(r)) };
}

async function until(check, what, ms = 20_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

let browser;
let n8n;
let site;
before(async () => {
  n8n = await startFakeN8n();
  site = await startServer({ env: { N8N_WEBHOOK_BASE: n8n.base, RECORDS_API_TOKEN: TOKEN, ALERTS_INTERVAL_MS: '0' } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  site?.stop();
  await n8n?.close();
});

test('Alert me: subscribe in the browser, confirm by the link, one alert for a new listing, unsubscribe in one click', { timeout: 120_000 }, async () => {
  const url = site.baseUrl;
  const page = await newPage(browser, VIEWPORTS.desktop);
  const missing = [];
  page.on('response', (r) => {
    if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`);
  });
  await page.goto(`${url}/active-listings?location=Oakville&beds=3`);
  // (newPage waits for the app only on the suite's own server: this one is the test's)
  await page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 15_000 });
  await page.getByRole('button', { name: 'Alert me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert me about new listings' });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), /In “Oakville”, 3\+ beds \(for sale\)/);
  // the keyboard: focus starts on the email, Escape closes and gives focus back to the button
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('type')), 'email');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Alert me');
  await page.keyboard.press('Enter');
  await dialog.waitFor();

  await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await dialog.getByText('Please enter a valid email address.').waitFor();
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () =>
    (await window.axe.run({ include: [['[role="dialog"]']] }, { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
  );
  assert.deepEqual(violations, []);

  await dialog.getByRole('textbox', { name: 'Email' }).fill('ada.alerts@example.com');
  await dialog.getByRole('radio', { name: /Instant/ }).check();
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await dialog.getByText('Check your inbox to confirm').waitFor();

  // the confirm email goes through n8n: its link turns the alert on
  const confirm = await until(() => n8n.calls.find((c) => c.path === 'listing-alert-confirm'), 'the confirm webhook');
  assert.equal(confirm.body.visitor.email, 'ada.alerts@example.com');
  assert.equal(confirm.body.search.summary, 'In “Oakville”, 3+ beds (for sale)');
  assert.ok(confirm.body.confirmUrl.startsWith(`${url}/api/alerts/confirm?token=`));
  await page.goto(confirm.body.confirmUrl);
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Your listing alert is on');

  // a new listing through the records API with the server's token: one alert, carrying it
  const created = await fetch(`${url}/api/airtable/v0/appLocalBase/Properties/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fields: {
        'Property Name': 'Alert Test Lakehouse',
        Location: 'Oakville',
        'City/State': 'Oakville, ON',
        Bedrooms: 4,
        Bathrooms: 3,
        Price: 1_875_000,
        Status: 'Available',
      },
    }),
  });
  assert.equal(created.status, 200);
  const alert = await until(() => n8n.calls.find((c) => c.path === 'listing-alert'), 'the listing-alert webhook');
  assert.equal(alert.body.visitor.email, 'ada.alerts@example.com');
  assert.deepEqual(
    alert.body.listings.map((l) => [l.name, l.reason, l.url]),
    [['Alert Test Lakehouse', 'new', `${url}/property/alert-test-lakehouse`]],
  );
  assert.equal(alert.headers['x-submission-id'], alert.body.alertId);
  await sleep(1500);
  assert.equal(n8n.calls.filter((c) => c.path === 'listing-alert').length, 1, 'one alert, not two');

  // one click, without JavaScript
  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await plain.newPage();
  const answer = await noJs.goto(alert.body.unsubscribeUrl);
  assert.equal(answer.status(), 200);
  assert.equal(await noJs.getByRole('heading', { level: 1 }).textContent(), 'You are unsubscribed');
  await plain.close();

  // staff see it, confirmed and unsubscribed
  const staff = await browser.newContext();
  const login = await staff.request.post(`${url}/api/auth/login`, { data: { password: site.staffPassword } });
  assert.equal(login.status(), 200);
  const rows = (await (await staff.request.get(`${url}/api/airtable/v0/appLocalBase/Listing%20Alerts`)).json()).records;
  assert.equal(rows.length, 1);
  assert.equal(rows[0].fields.Email, 'ada.alerts@example.com');
  assert.equal(rows[0].fields.Frequency, 'Instant');
  assert.ok(rows[0].fields.Confirmed && rows[0].fields.Unsubscribed);
  await staff.close();

  // unsubscribed: another new listing brings nothing
  await fetch(`${url}/api/airtable/v0/appLocalBase/Properties/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ fields: { 'Property Name': 'Alert Test Second House', Location: 'Oakville', Bedrooms: 5, Price: 2_100_000, Status: 'Available' } }),
  });
  await sleep(1500);
  assert.equal(n8n.calls.filter((c) => c.path === 'listing-alert').length, 1);
  assert.deepEqual(page.consoleErrors, [], missing.join(', '));
  await page.context().close();
});
