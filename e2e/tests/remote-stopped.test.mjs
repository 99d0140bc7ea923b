// A remote that stops answering after the server loaded its Node build (issue 37): the server still renders the
// remote's form, and in the browser the remote's manifest fails. The region says so within 3 s of the first paint
// (one manifest attempt, no backoff), and what the visitor typed into the server-rendered form is kept: the form
// stays on the page, not replaced by the message, and nothing is reported as a hydration mismatch.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { newPage } from '../lib.mjs';
import { formsRemoteElsewhere } from '../formsRemote.mjs';

describe('a remote on another origin that stops answering', () => {
  const setup = formsRemoteElsewhere();

  it("its region's message within 3 s of the first paint, the server's form kept with what was typed in it", { timeout: 90_000 }, async (t) => {
    // the server has the remote's Node build (fetched at start-up from the remote's origin)
    const first = await (await fetch(`${setup.site.baseUrl}/contact-us`)).text();
    assert.match(first, /data-testid="contact-form"/, 'the server rendered the contact form from the remote build');
    await setup.cdn.close(); // the remote stops answering

    const page = await newPage(setup.browser);
    await page.addInitScript(() => {
      window.__regionErrorAt = null;
      new MutationObserver(() => {
        if (window.__regionErrorAt === null && document.querySelector('[data-testid="remote-error"]')) window.__regionErrorAt = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    const manifestFetches = [];
    page.on('request', (request) => {
      // the fixed manifest or the build the page names (mf-manifest.<hash>.json)
      if (request.url().startsWith(setup.cdn.origin) && /\/mf-manifest(\.[0-9a-f]{10})?\.json$/.test(request.url())) manifestFetches.push(request.url());
    });
    await page.goto(`${setup.site.baseUrl}/contact-us`, { waitUntil: 'commit' });
    const email = page.locator('[data-testid="contact-form"] input[type="email"]');
    await email.waitFor({ state: 'attached', timeout: 20_000 });
    await email.fill('ada@example.com');

    await page.waitForSelector('[data-testid="remote-error"]', { timeout: 20_000 });
    const { firstPaint, errorAt } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      errorAt: window.__regionErrorAt,
    }));
    t.diagnostic(`region message ${Math.round(errorAt - firstPaint)} ms after the first paint`);
    assert.ok(errorAt !== null && errorAt - firstPaint < 3_000, `the region's message came ${Math.round(errorAt - firstPaint)} ms after the first paint`);
    assert.equal(await email.inputValue(), 'ada@example.com', 'the typed email is kept');
    assert.equal(await page.locator('[data-testid="contact-form"]').count(), 1, "the server's form is still on the page");
    assert.ok(await page.getByRole('button', { name: 'Try again' }).isVisible(), 'the region offers its retry');
    await page.waitForTimeout(1_000); // nothing more is tried in the background
    assert.equal(manifestFetches.length, 1, `one manifest attempt: ${manifestFetches.join(', ')}`);
    const errors = page.consoleErrors.filter((e) => /#418|#423|#425|hydrat|already registered/i.test(e));
    assert.deepEqual(errors, [], 'no hydration mismatch');
    await page.context().close();
  });
});
