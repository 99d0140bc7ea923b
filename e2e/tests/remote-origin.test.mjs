// Remotes deployed on their own (issue 24), in a real browser with the site's own CSP on:
//  - the forms remote's built dist/ served from a second origin (a small static server with CORS on another loopback
//    port, started here), the site started with REMOTE_FORMS_URL pointing at it: /contact-us renders the contact
//    form from that origin and the page reports no CSP violation; the server renders its first screen from the Node
//    build it fetched from that origin (mf-server.json beside mf-manifest.json);
//  - a remote that does not answer (REMOTE_CONTENT_URL on a dead port): the page region shows its message, and the
//    navigation above it stays readable (its text against what is behind it, at least 4.5:1), at 1440 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, newPage, VIEWPORTS } from '../lib.mjs';
import { freePort, startServer } from '../server.mjs';
import { formsRemoteElsewhere } from '../formsRemote.mjs';

/** A page that records every CSP violation (the event, and Chromium's console line). */
async function watchedPage(browser, viewport = VIEWPORTS.desktop) {
  const page = await newPage(browser, viewport);
  page.cspViolations = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) page.cspViolations.push(`console: ${msg.text()}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return page;
}

async function violations(page) {
  return [...page.cspViolations, ...(await page.evaluate(() => window.__cspViolations))];
}

describe('a remote served from another origin, with the CSP on', () => {
  const setup = formsRemoteElsewhere();

  it('/contact-us renders the contact form from the remote origin and reports no CSP violation', { timeout: 60_000 }, async () => {
    const page = await watchedPage(setup.browser);
    const response = await page.goto(`${setup.site.baseUrl}/contact-us`);
    const csp = response.headers()['content-security-policy'] ?? '';
    assert.match(csp, new RegExp(`script-src [^;]*${setup.cdn.origin.replace(/[.]/g, '\\.')}`), 'the remote origin is in script-src');
    assert.match(csp, new RegExp(`connect-src [^;]*${setup.cdn.origin.replace(/[.]/g, '\\.')}`), 'and in connect-src');
    assert.doesNotMatch(csp, /\*/, 'no wildcard source');
    const config = await (await fetch(`${setup.site.baseUrl}/config.json`)).json();
    assert.equal(config.remotes.forms, `${setup.cdn.origin}/mf-manifest.json`);

    const form = page.locator('[data-testid="contact-form"]');
    await form.waitFor({ timeout: 20_000 });
    assert.ok(await form.locator('input[type="email"]').isVisible(), 'the form shows its fields');
    assert.equal(await page.locator('[data-testid="remote-error"]').count(), 0, 'no region failed');
    // the form arrives rendered by the server; its code loads from the other origin when it comes into view
    await form.scrollIntoViewIfNeeded();
    await form.locator('input[type="email"]').fill('visitor@example.com');
    // the build the server rendered the page with (mf-manifest.<hash>.json, issue 37), or the newest one
    const entry = (p) => /^\/remoteEntry(\.[0-9a-f]{10})?\.js$/.test(p);
    for (let i = 0; i < 100 && !setup.cdn.requests.some(entry); i++) await page.waitForTimeout(100);
    assert.ok(
      setup.cdn.requests.some((p) => /^\/mf-manifest(\.[0-9a-f]{10})?\.json$/.test(p)),
      'the manifest came from the other origin',
    );
    assert.ok(setup.cdn.requests.some(entry), 'and the remote entry');
    assert.ok(
      setup.cdn.requests.some((p) => /^\/[\w.-]+\.js$/.test(p) && !entry(p)),
      'and its chunks',
    );
    await page.waitForTimeout(500); // a late violation event
    assert.deepEqual(await violations(page), [], 'no CSP violation');
    await page.context().close();
  });

  it(
    "the form's first screen is in the page's HTML: the server fetched the remote's Node build from its origin (mf-server.json)",
    { timeout: 30_000 },
    async () => {
      // as curl sees it: no script runs
      const html = await (await fetch(`${setup.site.baseUrl}/contact-us`, { headers: { Accept: 'text/html' } })).text();
      assert.ok(setup.cdn.requests.includes('/mf-server.json'), 'the server asked the remote origin for its server manifest');
      assert.ok(
        setup.cdn.requests.some((p) => /^\/server\/exposes\.[0-9a-f]{10}\.js$/.test(p)),
        'and fetched the build it names',
      );
      assert.match(html, /data-testid="contact-form"/, 'the contact form is rendered on the server');
      assert.match(html, /type="email"/, 'with its fields');
      const page = await watchedPage(setup.browser);
      const errors = [];
      page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${setup.site.baseUrl}/contact-us`);
      await page.locator('[data-testid="contact-form"] input[type="email"]').fill('visitor@example.com');
      await page.waitForTimeout(500);
      assert.deepEqual(
        errors.filter((e) => /#418|#423|#425|hydrat/i.test(e)),
        [],
        'the browser adopts the server HTML without a mismatch',
      );
      await page.context().close();
    },
  );
});

/** WCAG contrast of the navigation's visible text against what is behind it, in the page. */
function navContrast() {
  const rgba = (value) => {
    const m = /rgba?\(([^)]+)\)/.exec(value);
    if (!m) return [0, 0, 0, 0];
    const [r, g, b, a = '1'] = m[1].split(/[,/\s]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const over = (top, bottom) => {
    const a = top[3] + bottom[3] * (1 - top[3]);
    if (a === 0) return [0, 0, 0, 0];
    return [0, 1, 2].map((i) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a).concat(a);
  };
  // the colour behind a point of the page, below the navigation: the first non-transparent backgrounds from the
  // element there up to the root, laid over white (the canvas)
  const beneath = (x, y) => {
    const header = document.querySelector('[data-testid="site-nav"]');
    const under = document.elementsFromPoint(x, y).find((el) => !header.contains(el));
    const layers = [];
    for (let el = under; el; el = el.parentElement) {
      const bg = rgba(getComputedStyle(el).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] === 1) break;
    }
    return layers.reverse().reduce((acc, layer) => over(layer, acc), [255, 255, 255, 1]);
  };
  const luminance = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const header = document.querySelector('[data-testid="site-nav"]');
  const items = [...header.querySelectorAll('nav a, nav button')].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  return items.map((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    // behind the text: the header's own background (and its ancestors' up to the header) over the page beneath it
    const headerLayers = [];
    for (let node = el; node && node !== header.parentElement; node = node.parentElement) {
      const bg = rgba(getComputedStyle(node).backgroundColor);
      if (bg[3] > 0) headerLayers.push(bg);
    }
    const background = headerLayers.reverse().reduce((acc, layer) => over(layer, acc), beneath(x, y));
    const text = over(rgba(getComputedStyle(el).color), background);
    const [l1, l2] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return { label: (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 30), ratio: Math.round(((l1 + 0.05) / (l2 + 0.05)) * 100) / 100 };
  });
}

describe('a remote that does not answer: the navigation above its region stays readable', () => {
  let browser;
  let site;
  before(async () => {
    browser = await launchBrowser();
    const dead = await freePort(); // nothing listens there
    site = await startServer({ env: { REMOTE_CONTENT_URL: `http://127.0.0.1:${dead}/mf-manifest.json` } });
  });
  after(async () => {
    site?.stop();
    await browser?.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const path of ['/contact-us', '/']) {
      it(`${path} at ${viewport.width} px: the region's message shows and every nav item reads at 4.5:1 or more`, { timeout: 60_000 }, async () => {
        const page = await newPage(browser, viewport);
        await page.goto(`${site.baseUrl}${path}`);
        await page.waitForSelector('[data-testid="remote-error"]', { timeout: 30_000 });
        await page.waitForSelector('html[data-app-ready]', { state: 'attached' });
        await page.waitForTimeout(400); // the header's colour transition
        const items = await page.evaluate(navContrast);
        assert.ok(items.length >= (name === 'mobile' ? 2 : 6), `nav items found: ${JSON.stringify(items)}`);
        const poor = items.filter((i) => i.ratio < 4.5);
        assert.deepEqual(poor, [], `nav text against what is behind it (${name})`);
        await page.context().close();
      });
    }
  }

  it('with the remote answering, the header stays transparent over the page hero at the top (the spec) and readable', { timeout: 60_000 }, async () => {
    // the suite's own server: every remote served
    const { baseUrl } = await import('../lib.mjs');
    const page = await newPage(browser, VIEWPORTS.desktop);
    await page.goto(`${baseUrl}/contact-us`);
    await page.waitForSelector('main h1', { timeout: 20_000 });
    const nav = page.locator('[data-testid="site-nav"]');
    await page.waitForTimeout(400);
    assert.equal(await nav.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(0, 0, 0, 0)', 'transparent over the hero');
    const items = await page.evaluate(navContrast);
    assert.deepEqual(
      items.filter((i) => i.ratio < 4.5),
      [],
      'readable over the hero',
    );
    await page.context().close();
  });
});
