// Parts built on different days (issue 37; docs/shared-package.md, "The drift test"). Built beside this checkout
// (e2e/previousRelease.mjs), each in full (browser and Node builds) from its own commit and cached by commit:
//  - the previous release (the commit shared/exports.json names, or DRIFT_PREVIOUS_REF);
//  - a release ahead: this checkout's commit with a next minor of @gta/shared on top, and the forms remote built
//    with it (one module uses a new library name, one a new contract name).
// Three mixed sites are served and every route of the route table is loaded in Chromium and scrolled through (parts
// that load on sight load):
//  - the previous release's server and shell with today's five remotes deployed in place: remotes deployed after
//    the shell;
//  - today's server and shell with the previous release's remotes on another origin (REMOTE_<NAME>_URL, as a CDN
//    would serve them): remotes not redeployed since;
//  - today's server and shell with the forms remote a release ahead, on another origin.
// A page fails on any region error, any hydration warning (the shell's "drawn again in the browser", React
// #418/#423/#425), any console error or uncaught error, a region left loading, and a page with neither its content
// nor the 404 page (a route the old shell does not have). The page's server HTML is read too: today's server must
// render as many first screens with the previous remotes as with its own.
// The test of the test: the release ahead has one module that truly needs a newer contract than today's page has.
// The same check must fail on exactly that page (its region says so), and pass on every other page, the forms
// remote's other modules included (they still load: per-module contract ranges).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../lib.mjs';
import { REMOTES, buildAheadRemote, buildPreviousRelease, previousRelease, previousRemoteDist, todaysRemotesIn } from '../previousRelease.mjs';
import { repoRoot, startServer } from '../server.mjs';
import { startStaticServer } from '../staticServer.mjs';

const { SITE_ROUTES } = await import(join(repoRoot, 'shared/dist/core/routes.js')).then((m) => m.default ?? m);

/** Pages of routes with a parameter that the sitemap may not list (the posts are the content remote's). */
const KNOWN_PAGES = { '/blog/:slug': '/blog/buying-your-first-home-in-the-gta' };

/** The page of the release ahead's module that needs a newer contract than today's (previousRelease.mjs). */
const CONTRACT_AHEAD_PAGE = '/home-evaluation';

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

/** The paths whose server HTML carries their page's heading: the first screens the server rendered. */
async function serverRendered(baseUrl, paths) {
  const rendered = new Set();
  for (const path of paths) {
    const html = await (await fetch(`${baseUrl}${path}`)).text();
    if (/<main[\s>][\s\S]*<h1[\s>]/.test(html)) rendered.add(path);
  }
  return rendered;
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
    // generous: a busy 2-core machine loads a cold remote slowly; a region still loading after this is reported
    await page
      .waitForFunction(() => document.querySelectorAll('[data-testid="remote-loading"]').length === 0, null, { timeout: 40_000 })
      .catch(() => undefined);
  }
}

/**
 * Loads every route of the site at baseUrl; returns the problems found (an empty list when every page works: no
 * region error, no hydration warning, no console error) and what each page showed.
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
    // a first screen drawn again in the browser: the server and the browser rendered with different builds
    if (/drawn again in the browser|Minified React error #(418|423|425)|[Hh]ydration failed|did not match/.test(line))
      problem(`${current}: hydration: ${line.slice(0, 200)}`);
    else if (message.type() === 'error') problem(`${current}: console error: ${line.slice(0, 200)}`);
  });
  const paths = await routePaths(baseUrl);
  const shown = [];
  for (const path of paths) {
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
    for (const text of state.errors) problem(`${path}: region error: ${text.slice(0, 240)}`);
    if (!state.heading && !state.notFound) problem(`${path}: neither its page nor the 404 page`);
    const regions = state.errors.map((text) => /^We couldn't load (.+?) just now/.exec(text)?.[1] ?? text.slice(0, 60));
    shown.push(`${path} ${state.notFound ? '404 page' : regions.length > 0 ? `region error: ${regions.join(', ')}` : 'ok'}`);
  }
  await context.close();
  return { problems, shown, paths };
}

/** A static server of remote builds (name -> folder), and the REMOTE_<NAME>_URL of each. */
async function remotesElsewhere(folders) {
  const cdn = await startStaticServer(folders);
  const env = Object.fromEntries(Object.keys(folders).map((name) => [`REMOTE_${name.toUpperCase()}_URL`, `${cdn.origin}/${name}/mf-manifest.json`]));
  return { cdn, env };
}

describe('parts built on different days', () => {
  let browser;
  let previous;
  let previousDir;
  let aheadForms;
  /** The first screens today's server renders with its own remotes. */
  let ownFirstScreens;
  before(async () => {
    previous = previousRelease(); // throws with what to do when the clone lacks it: never skipped
    const log = (line) => console.log(`drift: ${line}`);
    // run.mjs started both builds beside the first test files (driftPrebuild.mjs): wait for them; a failed prebuild is
    // built again here, where its error fails the test
    const prebuilt = process.env.E2E_DRIFT_PREBUILT;
    if (prebuilt) {
      while (!existsSync(prebuilt)) await new Promise((resolve) => setTimeout(resolve, 500));
      log(`prebuild ${readFileSync(prebuilt, 'utf8').trim()}`);
    }
    previousDir = await buildPreviousRelease(previous.commit, log);
    aheadForms = await buildAheadRemote(log);
    browser = await launchBrowser();
    const site = await startServer();
    try {
      ownFirstScreens = await serverRendered(site.baseUrl, await routePaths(site.baseUrl));
    } finally {
      site.stop();
    }
  });
  after(async () => {
    await browser?.close();
  });

  it("the previous release's shell with today's remotes: every route renders, no region error, no hydration warning", { timeout: 420_000 }, async (t) => {
    todaysRemotesIn(previousDir);
    const site = await startServer({ root: previousDir });
    try {
      t.diagnostic(`shell and server of ${previous.commit.slice(0, 10)} (@gta/shared ${previous.version}, ${previous.source}); remotes of this checkout`);
      const { problems, shown, paths } = await visitEveryRoute(browser, site.baseUrl);
      for (const line of shown) t.diagnostic(line);
      t.diagnostic(`first screens rendered by the previous server: ${(await serverRendered(site.baseUrl, paths)).size} of ${paths.length}`);
      assert.deepEqual(problems, []);
    } finally {
      site.stop();
    }
  });

  it(
    "today's shell with the previous release's remotes: every route server-rendered as with today's remotes, hydrated, no region error",
    { timeout: 420_000 },
    async (t) => {
      const { cdn, env } = await remotesElsewhere(Object.fromEntries(REMOTES.map((name) => [name, previousRemoteDist(previousDir, name)])));
      const site = await startServer({ env });
      try {
        t.diagnostic(`shell and server of this checkout; remotes of ${previous.commit.slice(0, 10)} (@gta/shared ${previous.version})`);
        const { problems, shown, paths } = await visitEveryRoute(browser, site.baseUrl);
        for (const line of shown) t.diagnostic(line);
        const rendered = await serverRendered(site.baseUrl, paths);
        t.diagnostic(`first screens rendered by today's server: ${rendered.size} of ${paths.length} (${ownFirstScreens.size} with its own remotes)`);
        assert.deepEqual(problems, []);
        assert.deepEqual(
          [...ownFirstScreens].filter((path) => !rendered.has(path)),
          [],
          'pages today renders on the server but not with the previous remotes',
        );
        assert.ok(
          cdn.requests.some((p) => /\/remoteEntry(\.[0-9a-f]{10})?\.js$/.test(p)),
          'the previous remotes were loaded from their own origin',
        );
      } finally {
        site.stop();
        await cdn.close();
      }
    },
  );

  it(
    'a remote a release ahead: its modules run with the library they carry; only the one needing a newer contract says so (and the check catches it)',
    { timeout: 420_000 },
    async (t) => {
      const { cdn, env } = await remotesElsewhere({ forms: aheadForms });
      const site = await startServer({ env });
      try {
        t.diagnostic('shell, server and remotes of this checkout; the forms remote a release ahead (a new library name and a new contract name)');
        const { problems, shown } = await visitEveryRoute(browser, site.baseUrl);
        for (const line of shown) t.diagnostic(line);
        // the test of the test: this combination is broken on purpose on one page, and the check must say so there
        assert.ok(problems.length > 0, 'the drift check found nothing wrong with a module that needs a newer contract than the page has');
        assert.deepEqual(
          problems.filter((line) => !line.startsWith(`${CONTRACT_AHEAD_PAGE}:`)),
          [],
          "every page but the one whose module needs the newer contract works, the forms remote's other modules included",
        );
        assert.ok(
          problems.some((line) =>
            /region error: We couldn't load .* just now\.\s*(The site has just been updated|This part of the site was updated ahead)/.test(line),
          ),
          `the region says what happened: ${problems.join(' | ')}`,
        );
        assert.ok(
          cdn.requests.some((p) => p.startsWith('/forms/')),
          'the forms remote a release ahead was loaded from its own origin',
        );
      } finally {
        site.stop();
        await cdn.close();
      }
    },
  );
});
