// The staff admin (issue 9): a form sent on the public site shows up in the right admin tab after signing in
// through the UI, under the form's labels; a chat lead shows in Chat Leads with its conversation readable; without a
// session no table can be read and the page shows the sign-in (that no public page fetches the admin remote is checked
// on every route by quality.test.mjs). Only one wrong password is tried here: the server's lock-out is per address and
// other test files sign in from the same one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, staffPassword, launchBrowser, newPage, hasHorizontalScroll, VIEWPORTS } from '../lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const axeSource = readFileSync(createRequire(join(root, 'e2e', 'lib.mjs')).resolve('axe-core/axe.min.js'), 'utf8');
const { STAFF_TABLE_NAMES } = await import(join(root, 'shared/dist/core/staffTables.js')).then((m) => m.default ?? m);

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function recordsUrl(page, table) {
  const config = await (await page.request.get(`${baseUrl}/config.json`)).json();
  return `${config.airtable.endpointUrl}/v0/${config.airtable.baseId}/${encodeURIComponent(table)}`;
}

/** Signs in through the /admin page (the page must show the sign-in). */
async function signInThroughUi(page) {
  await page.getByLabel('Staff password').fill(staffPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tablist', { name: 'Submission tables' }).waitFor({ timeout: 20_000 });
}

async function openTab(page, name) {
  await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  await page.locator('[role="tabpanel"][aria-labelledby]').waitFor();
}

/** The text of the body rows of the shown table. */
async function rowTexts(page) {
  return page.locator('[role="tabpanel"] table tbody tr').allTextContents();
}

test('a message sent from the /contact-us form appears in the Website Submissions tab after signing in through the UI', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  const marker = `E2E Admin ${Date.now()}`;
  const email = `admin.e2e.${Date.now()}@example.com`;

  // the real public form
  await page.goto(`${baseUrl}/contact-us`);
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Send Message' }) }).first();
  await form.waitFor({ timeout: 20_000 });
  await form.getByLabel('Name').fill(marker);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('905-555-0142');
  await form.getByLabel('Subject').fill('Admin e2e');
  await form.getByLabel('Message').fill('=HYPERLINK("http://example.com","click") – a formula typed by a visitor');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText('Thank you! Your message has been sent.').waitFor({ timeout: 15_000 });

  // a listing request, straight to its webhook: it must land in List With Us, not in Website Submissions
  const listingMarker = `E2E Listing ${Date.now()}`;
  const listing = await page.request.post(`${baseUrl}/webhook/list-with-us`, {
    data: {
      name: listingMarker,
      email: 'listing.e2e@example.com',
      phone: '905-555-0143',
      PropertyAddress: '1 Lakeshore Rd E, Oakville',
      PropertyType: 'Townhouse',
      bedrooms: 3,
      bathrooms: 2.5,
      squareFootage: 1850,
      PropertyDescription: 'Bright corner unit.',
    },
  });
  assert.equal(listing.status(), 200, await listing.text());

  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Staff password').waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow');

  // a wrong password is refused clearly
  await page.getByLabel('Staff password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('That password is not correct. Please try again.').waitFor({ timeout: 15_000 });
  assert.equal(await page.getByRole('tablist').count(), 0);

  await signInThroughUi(page);
  assert.equal((await page.textContent('main h1')).trim(), 'Admin Panel');
  const cookies = await page.context().cookies(baseUrl);
  assert.ok(cookies.length > 0, 'a session cookie was set');
  for (const c of cookies) {
    assert.equal(c.httpOnly, true, `${c.name} is httpOnly`);
    assert.equal(c.sameSite, 'Strict', `${c.name} is SameSite=Strict`);
  }
  const tabs = (await page.getByRole('tab').allTextContents()).map((t) => t.replace(/\d[\d,]*.*$/, '').trim());
  assert.deepEqual(tabs, [
    'List With Us',
    'Website Submissions',
    'New Development',
    'Property Finder',
    'Home Evaluations',
    'Property Inquiries',
    'Listing Alerts',
    'Chat Leads',
  ]);

  // the first tab is List With Us: the listing request is there, newest first, under the form's labels
  await page.locator('[role="tabpanel"] table').waitFor({ timeout: 15_000 });
  assert.match((await rowTexts(page))[0] ?? '', new RegExp(listingMarker));
  const listingHeaders = (await page.locator('[role="tabpanel"] thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  assert.deepEqual(listingHeaders, [
    'Received',
    'Name',
    'Email',
    'Phone',
    'Property type',
    'Property address',
    'Bedrooms',
    'Bathrooms',
    'Square footage',
    'Property description',
  ]);
  // the time received in Toronto time, with the zone
  assert.match(
    await page.locator('[role="tabpanel"] tbody tr').first().locator('td').first().textContent(),
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [ap]\.m\. E[SD]T$/,
  );
  // read a page at a time, with a count from the server
  assert.match(await page.getByTestId('record-count').textContent(), /^Showing 1(–\d+)? of \d[\d,]* records?/);

  await openTab(page, 'Website Submissions');
  await page.locator('[role="tabpanel"] table tbody tr', { hasText: marker }).waitFor({ timeout: 15_000 });
  const row = page.locator('[role="tabpanel"] table tbody tr', { hasText: marker });
  assert.match(await row.textContent(), new RegExp(email.replace(/\./g, '\\.')));
  assert.match((await rowTexts(page))[0] ?? '', new RegExp(marker), 'newest first');
  assert.ok(!(await rowTexts(page)).some((t) => t.includes(listingMarker)), 'the listing request is not a website submission');
  const headers = (await page.locator('[role="tabpanel"] thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  assert.deepEqual(headers, ['Received', 'Name', 'Email', 'Phone', 'Subject', 'Message', 'Source']);

  // the filter (done by the records API over the whole table) finds it; the count follows
  await page.getByLabel('Filter rows').fill(marker);
  await page.getByTestId('record-count').filter({ hasText: 'Showing 1 of 1 matching record' }).waitFor({ timeout: 15_000 });
  assert.equal((await rowTexts(page)).length, 1);

  // CSV export of the shown row, with the visitor's formula neutralised
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  assert.match(download.suggestedFilename(), /^website-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await (await download.createReadStream()).toArray()).map(String).join('');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  assert.equal(lines.length, 2, 'header and the one shown row');
  assert.match(lines[1], /'=HYPERLINK\(""http:\/\/example\.com"",""click""\)/);

  // sorting by a column is announced with aria-sort
  await page.getByLabel('Filter rows').fill('');
  await page.getByTestId('record-count').filter({ hasNotText: 'matching' }).waitFor({ timeout: 15_000 });
  await page.locator('[role="tabpanel"] thead th button', { hasText: /^Email/ }).click();
  await page.locator('[role="tabpanel"] thead th[aria-sort="ascending"]', { hasText: /^Email/ }).waitFor({ timeout: 15_000 });
  await page.context().close();
});

test('a lead left in the chat shows in the Chat Leads tab, its conversation readable as text in a dialog', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  const stamp = Date.now();
  const name = 'Chloe Martin';
  const email = `chat.e2e.${stamp}@example.com`;
  const sessionId = crypto.randomUUID();
  const question = `Do you have condos in Oakville? <b>bold-${stamp}</b>`;
  // the local assistant, as the chat widget calls it (same origin, its cookie kept by the page's request context)
  for (const chatInput of [question, `${name}, ${email}`]) {
    const res = await page.request.post(`${baseUrl}/chat/webhook`, { data: { action: 'sendMessage', sessionId, chatInput }, headers: { Origin: baseUrl } });
    assert.equal(res.status(), 200, await res.text());
  }

  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Staff password').waitFor({ timeout: 20_000 });
  await signInThroughUi(page);
  await openTab(page, 'Chat Leads');
  const row = page.locator('[role="tabpanel"] table tbody tr', { hasText: email });
  await row.waitFor({ timeout: 15_000 });
  const headers = (await page.locator('[role="tabpanel"] thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, '').trim());
  assert.deepEqual(headers, ['Received', 'Name', 'Email', 'Phone', 'Question', 'Conversation', 'Source', 'Session ID']);
  assert.match(await row.textContent(), new RegExp(sessionId));

  // the conversation opens from the keyboard and reads as the visitor typed it, markup and all, never as HTML
  const open = row.getByRole('button', { name: /^Read the conversation with / });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Conversation with / });
  await dialog.waitFor();
  assert.match(await dialog.textContent(), new RegExp(`<b>bold-${stamp}</b>`));
  assert.equal(await dialog.locator('b').count(), 0);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await open.evaluate((el) => el === document.activeElement), true, 'focus returns to the button');
  await page.context().close();
});

test('signed out, the tables cannot be read and /admin shows the sign-in; signing out ends the session', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  for (const table of STAFF_TABLE_NAMES) {
    const res = await page.request.get(await recordsUrl(page, table));
    assert.equal(res.status(), 401, `${table} without a session`);
  }
  // even with a made-up key, as airtable.js sends one
  const withKey = await page.request.get(await recordsUrl(page, 'Website Submissions'), { headers: { Authorization: 'Bearer staff-session' } });
  assert.equal(withKey.status(), 401);

  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Staff password').waitFor({ timeout: 20_000 });
  assert.equal(await page.getByRole('tablist').count(), 0);
  assert.equal(await page.locator('table').count(), 0);

  await signInThroughUi(page);
  const ok = await page.request.get(await recordsUrl(page, 'Website Submissions'));
  assert.equal(ok.status(), 200, 'readable with the session');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Staff password').waitFor({ timeout: 15_000 });
  await page.getByText('You have signed out.').waitFor();
  const after = await page.request.get(await recordsUrl(page, 'Website Submissions'));
  assert.equal(after.status(), 401, 'no longer readable after signing out');

  // a reload keeps showing the sign-in
  await page.reload();
  await page.getByLabel('Staff password').waitFor({ timeout: 20_000 });
  await page.context().close();
});

test('at 390 px the table scrolls inside its frame, not the page', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Staff password').waitFor({ timeout: 20_000 });
  assert.equal(await hasHorizontalScroll(page), false, 'sign-in fits');
  await signInThroughUi(page);
  await openTab(page, 'Website Submissions');
  const frame = page.getByTestId('table-scroll');
  await frame.waitFor({ timeout: 15_000 });
  assert.equal(await hasHorizontalScroll(page), false, 'the page does not scroll sideways');
  assert.ok(await frame.evaluate((el) => el.scrollWidth > el.clientWidth), 'the table scrolls inside its frame');
  // the signed-in view: no serious or critical axe violation inside the page's main region
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () =>
    (await window.axe.run({ include: [['main']] }, { resultTypes: ['violations'] })).violations
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
  await page.context().close();
});
