// Issue 39 #2, #3, #5 in a real browser: the lead forms work with scripts off (a real POST to the page, checked by
// the server with the forms' rules, the page back with its messages and typed values, or POST-redirect-GET to the
// thank-you, the record in the store), and no URL ever holds the fields. With scripts on, a field focused after a
// failed submit is below the fixed header; the page has viewport-fit=cover.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, launchBrowser, newPage, readTable, staffSignIn, VIEWPORTS } from '../lib.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const unique = (label) => `e2e-nojs-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Every URL the page asked for or landed on (the fields must never be in one). */
function watchUrls(page) {
  const urls = [];
  page.on('request', (req) => urls.push(req.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

async function findSubmission(page, table, email) {
  await staffSignIn(page);
  return (await readTable(page, table)).filter((r) => r.fields.email === email);
}

async function fill(form, values) {
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
}

/** A property page of the site (the first listing the sitemap names). */
async function propertyPath() {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  return new URL(/<loc>([^<]*\/property\/[^<]+)<\/loc>/.exec(sitemap)[1]).pathname;
}

for (const [label, viewport] of [
  ['390', VIEWPORTS.mobile],
  ['1440', VIEWPORTS.desktop],
]) {
  test(`without scripts at ${label} px, /contact-us: a mistake comes back with its message and the typed values; a valid form is kept and thanked, nothing in any URL`, async () => {
    const page = await newPage(browser, viewport, { javaScriptEnabled: false });
    const urls = watchUrls(page);
    const email = unique(`contact-${label}`);
    await page.goto(`${baseUrl}/contact-us`);
    const form = page.locator('form[data-form="contact-form"]');
    assert.equal(await form.getAttribute('method'), 'post');
    // a mistake: the phone left empty, the email mistyped
    await fill(form, { name: 'Anna-Marie O’Neil', email: 'anna-at-example', phone: '', subject: 'A viewing', message: 'Sunday at 2?\nOr Monday.' });
    await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
    assert.equal(new URL(page.url()).pathname, '/contact-us');
    const again = page.locator('form[data-form="contact-form"]');
    assert.equal(await again.locator('[name="name"]').inputValue(), 'Anna-Marie O’Neil');
    assert.equal(await again.locator('[name="email"]').inputValue(), 'anna-at-example');
    assert.equal(await again.locator('[name="message"]').inputValue(), 'Sunday at 2?\nOr Monday.');
    const emailBox = again.locator('[name="email"]');
    assert.equal(await emailBox.getAttribute('aria-invalid'), 'true');
    const describedBy = await emailBox.getAttribute('aria-describedby');
    assert.match((await page.locator(`[id="${describedBy}"]`).textContent()) ?? '', /email/i);
    assert.equal(await again.locator('[name="phone"]').getAttribute('aria-invalid'), 'true');
    assert.match((await again.locator('[data-testid="form-error"]').textContent()) ?? '', /Please correct the 2 fields/);
    // the first field with a message has the focus, below the fixed header, which keeps its dark ground (no script marks it scrolled)
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
    await page.waitForFunction(() => document.activeElement.getBoundingClientRect().top > 0);
    const header = await page.evaluate(() => {
      const nav = document.querySelector('[data-testid="site-nav"]');
      return {
        bottom: nav.getBoundingClientRect().bottom,
        background: getComputedStyle(nav).backgroundColor,
        focusTop: document.activeElement.getBoundingClientRect().top,
      };
    });
    assert.notEqual(header.background, 'rgba(0, 0, 0, 0)');
    assert.ok(header.focusTop >= header.bottom, `focused field at ${header.focusTop}, header to ${header.bottom}`);
    await page.screenshot({ path: `/tmp/nojs-contact-error-${label}.png` });
    // corrected and sent: redirected to the page's thank-you, the record in the store
    await fill(again, { email, phone: '905-555-0199' });
    await Promise.all([page.waitForNavigation(), again.locator('button[type="submit"]').click()]);
    const landed = new URL(page.url());
    assert.equal(landed.pathname, '/contact-us');
    assert.equal(landed.searchParams.get('sent'), 'contact-form');
    assert.match((await page.locator('#form-sent').textContent()) ?? '', /Thank you! Your message has been sent\./);
    await page.screenshot({ path: `/tmp/nojs-contact-sent-${label}.png` });
    const stored = await findSubmission(page, 'Website Submissions', email);
    assert.equal(stored.length, 1);
    assert.equal(stored[0].fields.name, 'Anna-Marie O’Neil');
    assert.equal(stored[0].fields.message, 'Sunday at 2?\nOr Monday.');
    for (const url of urls) assert.ok(!/anna|555-0199|Sunday|e2e-nojs/i.test(decodeURIComponent(url)), `a field in a URL: ${url}`);
    await page.context().close();
  });
}

test('without scripts, a property page’s inquiry form is in its HTML and works: the message, then the inquiry stored with its property and subject', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile, { javaScriptEnabled: false });
  const urls = watchUrls(page);
  const path = await propertyPath();
  const email = unique('inquiry');
  await page.goto(`${baseUrl}${path}`);
  const form = page.locator('form[data-form="property-inquiry"]');
  assert.equal(await form.count(), 1);
  const propertyName = await form.locator('input[type="hidden"][name="propertyName"]').inputValue();
  assert.ok(propertyName.length > 0);
  await fill(form, { name: 'Jan van der Berg', email, message: '' });
  await Promise.all([page.waitForNavigation(), form.locator('button[type="submit"]').click()]);
  assert.equal(new URL(page.url()).pathname, path);
  const again = page.locator('form[data-form="property-inquiry"]');
  assert.equal(await again.locator('[name="message"]').getAttribute('aria-invalid'), 'true');
  assert.equal(await again.locator('[name="name"]').inputValue(), 'Jan van der Berg');
  await fill(again, { message: 'Is the lower level finished?' });
  await Promise.all([page.waitForNavigation(), again.locator('button[type="submit"]').click()]);
  assert.equal(new URL(page.url()).searchParams.get('sent'), 'property-inquiry');
  assert.match((await page.locator('#form-sent').textContent()) ?? '', /Thank you for your inquiry/);
  const stored = await findSubmission(page, 'Property Inquiries', email);
  assert.equal(stored.length, 1);
  assert.equal(stored[0].fields.propertyName, propertyName);
  assert.equal(stored[0].fields.subject, `Inquiry about ${propertyName}`);
  for (const url of urls) assert.ok(!/van der Berg|lower level|e2e-nojs/i.test(decodeURIComponent(url)), `a field in a URL: ${url}`);
  await page.context().close();
});

for (const [label, viewport] of [
  ['390', VIEWPORTS.mobile],
  ['1440', VIEWPORTS.desktop],
]) {
  test(`with scripts at ${label} px: the field focused after a failed submit is below the fixed header; the viewport covers the safe areas`, async () => {
    const page = await newPage(browser, viewport);
    await page.goto(`${baseUrl}/contact-us`);
    assert.match((await page.locator('meta[name="viewport"]').getAttribute('content')) ?? '', /viewport-fit=cover/);
    const form = page.locator('form[data-form="contact-form"]');
    await form.locator('button[type="submit"]').scrollIntoViewIfNeeded();
    await form.locator('button[type="submit"]').click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
    await page.waitForTimeout(800); // the smooth scroll to the focused field
    const { top, headerBottom } = await page.evaluate(() => ({
      top: document.activeElement.getBoundingClientRect().top,
      headerBottom: document.querySelector('[data-testid="site-nav"]').getBoundingClientRect().bottom,
    }));
    assert.ok(top >= headerBottom, `the focused field (top ${top}) is under the header (bottom ${headerBottom})`);
    await page.screenshot({ path: `/tmp/focus-after-submit-${label}.png` });
    await page.context().close();
  });
}
