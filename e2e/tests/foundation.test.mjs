// The frame of the site (issue 2): routes, 404, navigation at 390 and 1440 px, shared singletons, the first screen in
// the HTML. A remote that is down and redeploying one remote: remote-files.test.mjs (run alone).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baseUrl, launchBrowser, mainHeadingHydrated, newPage, pageHeading, VIEWPORTS } from '../lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { STATIC_ROUTES, ROUTE_ALIASES } = await import(join(root, 'shared/dist/core/routes.js')).then((m) => m.default ?? m);

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('every route of the route table answers with its own page, not the 404', async () => {
  const page = await newPage(browser);
  // a post and a property that exist (unknown ones answer 404 with their not-found page: content-visitor.test.mjs)
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const property = new URL(/<loc>([^<]*\/property\/[^<]+)<\/loc>/.exec(sitemap)[1]).pathname;
  const paths = [...STATIC_ROUTES.map((r) => r.path), ...Object.keys(ROUTE_ALIASES), '/blog/buying-your-first-home-in-the-gta', property, '/admin'];
  for (const path of paths) {
    const res = await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    assert.equal(res.status(), 200, `${path} answers 200`);
    await pageHeading(page).catch((error) => {
      throw new Error(`${path}: no page heading (${error.message})`);
    });
    assert.equal(await page.locator('[data-testid="not-found"]').count(), 0, `${path} is not the 404 page`);
    assert.equal(await page.locator('[data-testid="remote-error"]').count(), 0, `${path} loaded its remote`);
  }
  await page.context().close();
});

test('an unknown path shows the 404 page, with a 404 status, and a way home', async () => {
  const page = await newPage(browser);
  const res = await page.goto(`${baseUrl}/no-such-page`);
  assert.equal(res.status(), 404);
  await page.waitForSelector('[data-testid="not-found"]');
  assert.match(await page.textContent('main'), /Oops! Page not found/);
  await page.click('text=Return to Home');
  await page.waitForURL(`${baseUrl}/`);
  await page.context().close();
});

test('desktop navigation (1440 px): click-open dropdowns one at a time, outside click closes, dark past 50 px, keyboard operable', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  await page.goto(`${baseUrl}/`);
  const nav = page.locator('[data-testid="site-nav"]');
  assert.equal(await nav.getAttribute('data-scrolled'), 'false');
  assert.equal(await nav.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgba(0, 0, 0, 0)', 'transparent at the top');
  assert.equal(await page.locator('button[aria-label="Open menu"]').isVisible(), false, 'no menu button on wide screens');

  const buying = page.locator('[data-testid="desktop-menu"] >> role=button[name="Buying"]');
  const selling = page.locator('[data-testid="desktop-menu"] >> role=button[name="Selling"]');
  await buying.click();
  assert.ok(await page.locator('[data-testid="desktop-menu"] >> role=link[name="Mortgage Calculator"]').isVisible());
  await selling.click();
  assert.equal(await buying.getAttribute('aria-expanded'), 'false');
  assert.ok(await page.locator('[data-testid="desktop-menu"] >> role=link[name="Moving Guide"]').isVisible());
  await page.mouse.click(700, 600);
  assert.equal(await selling.getAttribute('aria-expanded'), 'false');

  await page.evaluate(() => window.scrollTo(0, 400));
  await page.waitForFunction(() => document.querySelector('[data-testid="site-nav"]').dataset.scrolled === 'true');
  const bg = await nav.evaluate((el) => getComputedStyle(el).backgroundColor);
  assert.notEqual(bg, 'rgba(0, 0, 0, 0)', 'dark once scrolled');
  assert.match(await nav.evaluate((el) => getComputedStyle(el).backdropFilter), /blur/);

  // keyboard: focus the About button, open with Enter, follow a link with Enter, land at the top of the new page
  await page.focus('[data-testid="desktop-menu"] >> role=button[name="About"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl}/contact-us`);
  await page.waitForFunction(() => window.scrollY === 0);
  await page.context().close();
});

test('mobile navigation (390 px): menu button, one group at a time, closes when a link is chosen', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/`);
  assert.equal(await page.locator('[data-testid="desktop-menu"]').isVisible(), false);
  await page.click('button[aria-label="Open menu"]');
  const menu = page.locator('[data-testid="mobile-menu"]');
  assert.ok(await menu.isVisible());
  await menu.locator('role=button[name="Buying"]').click();
  await menu.locator('role=button[name="About"]').click();
  assert.equal(await menu.locator('role=button[name="Buying"]').getAttribute('aria-expanded'), 'false');
  await menu.locator('role=link[name="Our Offices"]').click();
  await page.waitForURL(`${baseUrl}/our-offices`);
  assert.equal(await menu.isVisible(), false);
  assert.equal(await page.locator('button[aria-label="Open menu"]').getAttribute('aria-expanded'), 'false');
  await page.context().close();
});

test('footer: columns, three offices, current year, privacy link; /buying-guide and /contact lead to real pages', async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/`);
  const footer = page.locator('[data-testid="site-footer"]');
  assert.match(await footer.textContent(), new RegExp(`© ${new Date().getFullYear()}`));
  assert.equal(await footer.locator('[aria-label="Our offices"] > li').count(), 3);
  await footer.locator('role=link[name="Buyer\'s Guide"]').click();
  await page.waitForURL(`${baseUrl}/buying-guide`);
  await pageHeading(page);
  assert.equal(await page.locator('[data-testid="not-found"]').count(), 0);
  await page.context().close();
});

test('below the fold hydrates on sight: the first screen is interactive, the rest waits, and an early tap is not lost', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/`);
  /** Which marked parts React has taken over (its handlers sit on the elements as __reactProps keys). */
  const hydratedParts = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-hydrate-when-visible]')].map((part) => {
        const element = part.querySelector('a, button');
        return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactProps')));
      }),
    );
  await page.waitForTimeout(1500);
  const atLoad = await hydratedParts();
  assert.ok(atLoad.length >= 4, `home page parts marked: ${atLoad.length}`);
  // before any scroll only what is on screen hydrates: the section under the one-screen hero waits, its modules
  // not loaded (the start's main-thread work stays small)
  assert.equal(atLoad[0], false, 'the part under the hero waits while the visitor has not scrolled');
  assert.equal(
    await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/remotes/listings/'))),
    false,
    'listings remote not loaded yet',
  );
  // a first small scroll: the look-ahead (300 px) reaches it, it hydrates; the footer, 15,000 px down, does not
  await page.mouse.wheel(0, 120);
  await page.waitForFunction(
    () => {
      const element = document.querySelector('[data-hydrate-when-visible] a, [data-hydrate-when-visible] button');
      return Boolean(element && Object.keys(element).some((key) => key.startsWith('__reactProps')));
    },
    null,
    { timeout: 20_000 },
  );
  const afterScroll = await hydratedParts();
  assert.equal(afterScroll[afterScroll.length - 1], false, 'the footer still waits');
  // jump to the footer and tap a link at once: held while the footer hydrates, then followed in the page
  await page.evaluate(() => {
    window.__samePage = true;
    document.querySelector('[data-testid="site-footer"]').scrollIntoView();
  });
  await page.locator('[data-testid="site-footer"] >> role=link[name="Privacy Policy"]').click();
  await page.waitForURL(`${baseUrl}/privacy-policy`);
  await pageHeading(page);
  assert.equal(await page.evaluate(() => window.__samePage), true, 'a navigation inside the page, not a new page load');
  await page.context().close();
});

test('react, react-dom, the router, emotion, zustand and the shared package are single copies in the page', async () => {
  const page = await newPage(browser);
  // count React renderers: every copy of react-dom registers itself with the devtools hook
  await page.addInitScript(() => {
    const renderers = new Map();
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers,
      supportsFiber: true,
      isDisabled: false,
      inject(renderer) {
        const id = renderers.size + 1;
        renderers.set(id, renderer);
        return id;
      },
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  await page.goto(`${baseUrl}/`);
  await page.waitForSelector('#call-to-action', { timeout: 20_000 }); // content and forms remotes are in
  await page.goto(`${baseUrl}/active-listings`);
  await pageHeading(page);
  const report = await page.evaluate(() => {
    const share = window.__FEDERATION__?.__SHARE__ ?? {};
    const loaded = {};
    for (const instance of Object.values(share)) {
      for (const scope of Object.values(instance)) {
        for (const [pkg, versions] of Object.entries(scope)) {
          for (const [version, shared] of Object.entries(versions)) {
            // a tree-shaken share (react-router-dom: only the exports the parts use) records its load under treeShaking
            if (shared.loaded || shared.lib || shared.treeShaking?.loaded) (loaded[pkg] ??= new Set()).add(`${version} from ${shared.from}`);
          }
        }
      }
    }
    return { renderers: window.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers.size, loaded: Object.fromEntries(Object.entries(loaded).map(([k, v]) => [k, [...v]])) };
  });
  assert.equal(report.renderers, 1, 'one react-dom renderer');
  // zustand: the shared package's stores use its vanilla entry (the bus, the runtime config); @gta/shared is its
  // contract (the page's state, a singleton) and its library (the shell's copy, which every part of this build takes)
  const pkgs = ['react', 'react-dom', 'react-router-dom', '@emotion/react', '@emotion/react/jsx-runtime', 'zustand/vanilla'];
  for (const pkg of [...pkgs, '@gta/shared/contract', '@gta/shared/library']) {
    assert.equal(report.loaded[pkg]?.length, 1, `${pkg} loaded once: ${JSON.stringify(report.loaded[pkg])}`);
  }
  await page.context().close();
});

test('each page arrives rendered: the first screen is in the HTML, readable without scripts, and the browser adopts it', { timeout: 120_000 }, async () => {
  // the HTML itself, as a crawler or a slow phone gets it before any script has run
  const home = await (await fetch(`${baseUrl}/`)).text();
  assert.match(home, /<div id="root"><[^>]+/, 'the home page HTML has its content in #root');
  assert.match(home, /<h1[^>]*>/);
  assert.match(home, /id="gta-first-screen"/);
  const listingsHtml = await (await fetch(`${baseUrl}/active-listings`)).text();
  const firstProperty = /href="(\/property\/[a-z0-9-]+)"/.exec(listingsHtml)?.[1];
  assert.ok(firstProperty, 'the active listings HTML already links to properties (rendered with the listings data)');
  assert.match(listingsHtml, /<title>Active Listings \|/, 'the page title is in the HTML');
  // the Node builds that render it stay on the server: none of them is served, under any of the hosted folders
  assert.ok(existsSync(join(root, 'mfe-listings', 'dist-server', 'exposes.js')) && existsSync(join(root, 'shell', 'dist-server', 'render.js')));
  for (const path of [
    '/dist-server/render.js',
    '/server/render.js',
    '/remotes/listings/dist-server/exposes.js',
    '/remotes/listings/server/exposes.js',
    '/remotes/listings/..%2fdist-server/exposes.js',
  ]) {
    const answer = await fetch(`${baseUrl}${path}`);
    assert.ok(!(answer.headers.get('content-type') ?? '').includes('javascript'), `${path} is not served`);
    assert.ok(!(await answer.text()).includes('setPublicPath'), `${path} does not carry server code`);
  }

  // without JavaScript the pages still read: heading and listings
  const noScript = await newPage(browser, VIEWPORTS.mobile, { javaScriptEnabled: false });
  await noScript.goto(`${baseUrl}/active-listings`);
  assert.equal((await noScript.textContent('main h1')).trim(), 'Active Listings');
  assert.ok((await noScript.locator('main a[href^="/property/"]').count()) > 0);
  await noScript.goto(`${baseUrl}${firstProperty}`);
  assert.ok((await noScript.textContent('main h1')).trim().length > 0);
  await noScript.context().close();

  // with JavaScript the browser hydrates: the heading on screen is the server's element, now React's, and no
  // region was drawn again
  for (const path of ['/', '/active-listings', firstProperty, '/blogs', '/mortgage-calculator']) {
    const page = await newPage(browser, VIEWPORTS.mobile);
    const redraws = [];
    page.on('console', (m) => m.text().includes('[first screen]') && redraws.push(m.text()));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        window.__serverHeading = document.querySelector('main h1');
      });
      // when each animation frame's callbacks ran: the loader waits for the first frame (requestAnimationFrame, then
      // a timeout), and nothing else in the page asks for a frame before main.js has been requested
      window.__frameCallbacksRan = [];
      const requestFrame = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) =>
        requestFrame((time) => {
          window.__frameCallbacksRan.push(performance.now());
          callback(time);
        });
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${baseUrl}${path}`);
    await page.waitForFunction(mainHeadingHydrated, null, { timeout: 20_000 });
    assert.ok(
      await page.evaluate(() => window.__serverHeading !== null && window.__serverHeading === document.querySelector('main h1')),
      `${path}: the server's heading was adopted, not replaced`,
    );
    assert.deepEqual(redraws, [], `${path}: hydrated without drawing the page again`);
    // the shell's scripts wait for the first paint (server/src/site/afterFirstPaint.ts), started by the one inline
    // script the Content-Security-Policy allows by its hash
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      firstFrameCallbacks: window.__frameCallbacksRan[0] ?? null,
      mainScript: performance.getEntriesByType('resource').find((r) => new URL(r.name).pathname === '/main.js')?.startTime ?? null,
      violations: window.__cspViolations,
    }));
    assert.deepEqual(timing.violations, [], `${path}: no Content-Security-Policy violation`);
    assert.ok(timing.firstPaint !== null && timing.mainScript !== null, `${path}: painted and loaded main.js`);
    // the loader starts the scripts in a task after the first frame's callbacks, that is after the frame's style,
    // layout and paint were done on the main thread. (The paint entry's time is when that frame reached the screen,
    // which on a loaded machine comes tens of milliseconds later, so it cannot be the reference.)
    assert.ok(
      timing.firstFrameCallbacks !== null && timing.mainScript >= timing.firstFrameCallbacks,
      `${path}: main.js requested at ${timing.mainScript} ms, after the first frame (its callbacks ran at ${timing.firstFrameCallbacks} ms, first paint at ${timing.firstPaint} ms)`,
    );
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    assert.doesNotMatch(html.slice(0, html.indexOf('</head>')), /main\.js|rel="?preload"? as="?script/, `${path}: no script or script preload in the head`);
    await page.context().close();
  }
});
