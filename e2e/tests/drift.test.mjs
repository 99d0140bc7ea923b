// Parts built on different days (issue "independent deployment", item 3; docs/shared-package.md). The previous
// release (e2e/previousRelease.mjs: the commit shared/exports.json names, or DRIFT_PREVIOUS_REF) is built beside
// this checkout, and two mixed sites are served:
//  - the previous release's server and shell with today's five remotes deployed in place (each remote's built
//    folder on that server replaced): remotes deployed after the shell;
//  - today's server and shell with the previous release's remotes served from another origin, as a CDN would
//    (REMOTE_<NAME>_URL): remotes not redeployed since.
// Every route of the route table is loaded in Chromium and scrolled through (parts that load on sight load): no
// uncaught error and no TypeError in the console, nothing left loading, and each page shows its content or, where a
// part cannot run on this page, only that region's error ("We couldn't load … just now.").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launchBrowser } from '../lib.mjs';
import { REMOTES, buildPreviousRelease, previousRelease, previousRemoteDist, todaysRemotesIn } from '../previousRelease.mjs';
import { repoRoot, startServer } from '../server.mjs';
import { startStaticServer } from '../staticServer.mjs';

const { SITE_ROUTES } = await import(join(repoRoot, 'shared/dist/core/routes.js')).then((m) => m.default ?? m);

/** Pages of routes with a parameter that the sitemap may not list (the posts are the content remote's). */
const KNOWN_PAGES = { '/blog/:slug': '/blog/buying-your-first-home-in-the-gta' };

/** One path per route of today's table: the path itself, or one page of a route with a parameter. */
async function routePaths(baseUrl) {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const fromSitemap = (prefix) => {
    const loc = new RegExp(`<loc>([^<]*${prefix}[^<]+)</loc>`).exec(sitemap)?.[1];
    return loc ? new URL(loc).pathname : undefined;
  };
  return SITE_ROUTES.map((route) => {
    if (!route.path.includes(':')) return route.path;
    const prefix = route.path.slice(0, route.path.indexOf(':'));
    const path = route.published?.[0]?.path ?? fromSitemap(prefix) ?? KNOWN_PAGES[route.path];
    assert.ok(path, `a page of ${route.path} (from the route table or the sitemap of ${baseUrl})`);
    return path;
  });
}

/** Scrolls through the page (parts that hydrate or load on sight do) and waits until no region is loading. */
async function settle(page) {
  for (let pass = 0; pass < 2; pass += 1) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    });
    await page
      .waitForFunction(() => document.querySelectorAll('[data-testid="remote-loading"]').length === 0, null, { timeout: 20_000 })
      .catch(() => undefined);
  }
}

/**
 * Loads every route of the site at baseUrl; returns the problems found (an empty list when each page works or shows
 * only its regions' error) and what each page showed.
 */
async function visitEveryRoute(browser, baseUrl) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  let current = '';
  const problems = [];
  const problem = (text) => problems.includes(text) || problems.push(text);
  page.on('pageerror', (error) => problem(`${current}: uncaught ${String(error).split('\n')[0]}`));
  page.on('console', (message) => {
    const line = message.text().split('\n')[0];
    if (message.type() === 'error' && /TypeError|is not a function/.test(line)) problem(`${current}: console error: ${line}`);
    // a first screen drawn again in the browser: the server and the browser rendered with different builds
    if (/drawn again in the browser|Minified React error #(418|423|425)|[Hh]ydration failed/.test(line))
      problem(`${current}: hydration: ${line.slice(0, 200)}`);
  });
  const shown = [];
  for (const path of await routePaths(baseUrl)) {
    current = path;
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    if (!response || response.status() >= 500) problem(`${path}: answered ${response?.status()}`);
    await page.waitForSelector('main', { timeout: 15_000 }).catch(() => problem(`${path}: no main region`));
    await settle(page);
    const state = await page.evaluate(() => ({
      loading: document.querySelectorAll('[data-testid="remote-loading"]').length,
      errors: [...document.querySelectorAll('[data-testid="remote-error"]')].map((e) => e.textContent.replace(/\s+/g, ' ').trim()),
      notFound: Boolean(document.querySelector('[data-testid="not-found"]')),
      heading: Boolean(document.querySelector('main h1')),
    }));
    if (state.loading > 0) problem(`${path}: ${state.loading} region(s) still loading`);
    for (const text of state.errors) if (!/^We couldn't load .+ just now\./.test(text)) problem(`${path}: an error that is not a region's: ${text}`);
    if (!state.heading && state.errors.length === 0 && !state.notFound) problem(`${path}: neither a page, a region's error nor the 404 page`);
    const regions = state.errors.map((text) => /^We couldn't load (.+?) just now/.exec(text)?.[1]);
    shown.push(`${path} ${state.notFound ? '404 page' : regions.length > 0 ? `region error: ${regions.join(', ')}` : 'ok'}`);
  }
  await context.close();
  return { problems, shown };
}

/** A static server of the previous release's five remotes, and the REMOTE_<NAME>_URL of each. */
async function previousRemotes(dir) {
  const cdn = await startStaticServer(Object.fromEntries(REMOTES.map((name) => [name, previousRemoteDist(dir, name)])));
  const env = Object.fromEntries(REMOTES.map((name) => [`REMOTE_${name.toUpperCase()}_URL`, `${cdn.origin}/${name}/mf-manifest.json`]));
  return { cdn, env };
}

describe('parts built on different days', () => {
  let browser;
  let previous;
  let previousDir;
  before(async () => {
    previous = previousRelease(); // throws with what to do when the clone lacks it: never skipped
    previousDir = await buildPreviousRelease(previous.commit, (line) => console.log(`drift: ${line}`));
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it("the previous release's shell with today's remotes: every route works or shows only its region's error", { timeout: 240_000 }, async (t) => {
    todaysRemotesIn(previousDir);
    const site = await startServer({ root: previousDir });
    try {
      t.diagnostic(`shell and server of ${previous.commit.slice(0, 10)} (@gta/shared ${previous.version}, ${previous.source}); remotes of this checkout`);
      const { problems, shown } = await visitEveryRoute(browser, site.baseUrl);
      for (const line of shown) t.diagnostic(line);
      assert.deepEqual(problems, []);
    } finally {
      site.stop();
    }
  });

  it("today's shell with the previous release's remotes: every route works or shows only its region's error", { timeout: 240_000 }, async (t) => {
    const { cdn, env } = await previousRemotes(previousDir);
    const site = await startServer({ env });
    try {
      t.diagnostic(`shell and server of this checkout; remotes of ${previous.commit.slice(0, 10)} (@gta/shared ${previous.version})`);
      const { problems, shown } = await visitEveryRoute(browser, site.baseUrl);
      for (const line of shown) t.diagnostic(line);
      assert.deepEqual(problems, []);
      assert.ok(
        cdn.requests.some((p) => p.endsWith('/remoteEntry.js')),
        'the previous remotes were loaded from their own origin',
      );
    } finally {
      site.stop();
      await cdn.close();
    }
  });
});
