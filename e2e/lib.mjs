// Helpers for the e2e tests: one Chromium (Debian's, through playwright-core) per test file, and the URL of the
// server that e2e/run.mjs started for the whole run.
import { chromium } from 'playwright-core';

export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const staffPassword = process.env.E2E_STAFF_PASSWORD ?? '';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Chromium flags for this closed-network machine (no background connections, no GPU, root user).
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export const VIEWPORTS = { mobile: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };

/** A fresh context and page at the given width; console errors are collected on page.consoleErrors. */
export async function newPage(browser, viewport = VIEWPORTS.desktop, options = {}) {
  const context = await browser.newContext({ viewport, isMobile: viewport.width < 768, hasTouch: viewport.width < 768, ...options });
  const page = await context.newPage();
  page.consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => page.consoleErrors.push(String(err)));
  if (options.javaScriptEnabled !== false) {
    // pages arrive server-rendered: a tap before the app has hydrated would be lost, so a navigation of these
    // tests returns once the shell is interactive (html[data-app-ready]); a page that never gets there (the
    // config is down, say) is left for the test to judge
    const ready = () => page.waitForSelector('html[data-app-ready]', { state: 'attached', timeout: 15_000 }).catch(() => undefined);
    for (const method of ['goto', 'reload', 'goBack', 'goForward']) {
      const original = page[method].bind(page);
      page[method] = async (...args) => {
        const response = await original(...args);
        if (page.url().startsWith(baseUrl)) await ready();
        return response;
      };
    }
  }
  return page;
}

/** Signs the page's context in as staff through the server's API (the cookie lands in the context). */
export async function staffSignIn(page) {
  const res = await page.request.post(`${baseUrl}/api/auth/login`, { data: { password: staffPassword } });
  if (!res.ok()) throw new Error(`staff sign-in failed: ${res.status()}`);
}

/** Reads a table of the store through the records API as staff (page must be signed in). */
export async function readTable(page, table, formula) {
  const config = await (await page.request.get(`${baseUrl}/config.json`)).json();
  const url = new URL(`${config.airtable.endpointUrl}/v0/${config.airtable.baseId}/${encodeURIComponent(table)}`);
  if (formula) url.searchParams.set('filterByFormula', formula);
  const res = await page.request.get(url.toString());
  if (!res.ok()) throw new Error(`reading ${table}: ${res.status()}`);
  return (await res.json()).records;
}

/** Images on the page that failed to load (naturalWidth 0 after load). */
export async function brokenImages(page) {
  return page.evaluate(async () => {
    // eager images, and lazy ones that are rendered in the first screen (a lazy image in a hidden panel never loads)
    const imgs = [...document.images].filter((i) => {
      const box = i.getBoundingClientRect();
      return i.loading !== 'lazy' || (box.width > 0 && box.height > 0 && box.top < innerHeight);
    });
    const settled = (i) =>
      new Promise((resolve) => {
        if (i.complete) return resolve();
        i.addEventListener('load', resolve, { once: true });
        i.addEventListener('error', resolve, { once: true });
        setTimeout(resolve, 8000); // one stalled image is reported below, not a hung test
      });
    await Promise.all(imgs.map(settled));
    return imgs.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.currentSrc || i.src);
  });
}

export async function hasHorizontalScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/**
 * Runs in the page (pass it to page.evaluate or page.waitForFunction): whether the app has hydrated the server's
 * first screen: the page's main heading is React's, and so is every control of the main region (buttons, fields,
 * the router's links) but those of parts that hydrate only when they come into view. React hydrates the regions one
 * after another, yielding to the browser between them, so a hydrated heading does not mean a hydrated page.
 */
export function mainHeadingHydrated() {
  const isReact = (el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'));
  const heading = document.querySelector('main h1');
  if (!heading || !isReact(heading)) return false;
  return [...document.querySelectorAll('main button, main input, main select, main textarea, main a[data-discover]')].every(
    (el) => isReact(el) || el.closest('[data-hydrate-when-visible]'),
  );
}

/**
 * Runs in the page: whether the chat's message input takes text (the chat is open and not answering: the widget
 * disables it from sending until the last chunk of a streamed reply).
 */
export function chatInputReady() {
  const input = document.querySelector('[role="dialog"] textarea');
  return Boolean(input && !input.disabled);
}

/** Waits until the page's main region shows a page heading (its remote loaded and rendered); returns its text. */
export async function pageHeading(page) {
  await page.waitForSelector('main h1', { timeout: 20_000 });
  return (await page.textContent('main h1')).trim();
}

/** Every listing of the Properties table, read through the public records API as the browser reads it (all pages). */
export async function readProperties() {
  const config = await (await fetch(`${baseUrl}/config.json`)).json();
  const endpoint = new URL(config.airtable.endpointUrl, baseUrl).href.replace(/\/+$/, '');
  const records = [];
  let offset;
  do {
    const url = new URL(`${endpoint}/v0/${config.airtable.baseId}/Properties`);
    if (offset) url.searchParams.set('offset', offset);
    const body = await (await fetch(url)).json();
    records.push(...body.records);
    offset = body.offset;
  } while (offset);
  return records;
}

/** The slug rule of spec section 2 (shared/src/core/slug.ts), in plain JavaScript: a property's path from its name. */
export const slugOf = (name) =>
  String(name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '') || 'property';
