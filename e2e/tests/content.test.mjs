// mfe-content in the real browser (issue 5): the home page at 390 and 1440 px (no horizontal scroll, no broken
// images, screenshots), the hero and the call to action, the blog's link menu, the custom-homes FAQ, the blog's
// not-found page, the buyer's-guide alias and the moving guide's saved ticks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { baseUrl, launchBrowser, newPage, hasHorizontalScroll, VIEWPORTS } from '../lib.mjs';

const shotDir = process.env.E2E_DATA_DIR ?? tmpdir();
let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Console errors other than the Instagram embed script, which cannot load on a machine without internet. */
const ownErrors = (page) => page.consoleErrors.filter((e) => !/instagram|ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION/i.test(e));

/** Scrolls through the whole page so lazy images load and sections reveal, then lists images that failed. */
async function scrollThroughAndFindBrokenImages(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(innerHeight * 0.8)) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => setTimeout(r, 120));
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  return page.evaluate(async () => {
    const imgs = [...document.images];
    await Promise.all(
      imgs.map((i) =>
        i.complete
          ? null
          : new Promise((r) => {
              i.onload = r;
              i.onerror = r;
              setTimeout(r, 5000);
            }),
      ),
    );
    return imgs.filter((i) => i.naturalWidth === 0).map((i) => i.currentSrc || i.src);
  });
}

async function openHome(viewport) {
  const page = await newPage(browser, viewport);
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('[data-testid="home-hero"]', { timeout: 20_000 });
  await page.waitForSelector('[data-testid="home-sections"]', { timeout: 20_000 });
  await page.waitForSelector('#call-to-action', { timeout: 20_000 });
  return page;
}

for (const [name, viewport] of [
  ['390', VIEWPORTS.mobile],
  ['1440', VIEWPORTS.desktop],
]) {
  test(`home page at ${name} px: every section, no horizontal scroll, no broken images`, async () => {
    const page = await openHome(viewport);
    assert.equal(await page.locator('main h1').first().textContent(), await page.locator('[data-testid="home-hero"] h1').textContent());
    assert.equal(await page.locator('[data-testid="home-hero"] nav a').count(), 3, 'three city buttons');
    for (const heading of [
      'Industry Recognition',
      'Services',
      'Why Work With Us In Numbers',
      'In The Media',
      'What Our Clients Are Saying',
      'Join Our Network',
    ]) {
      assert.equal(await page.getByRole('heading', { level: 2, name: heading, exact: true }).count(), 1, `${heading} is on the page`);
    }
    assert.equal(await page.locator('[data-testid="stat-number"]').count(), 8);
    assert.equal(await page.locator('[data-testid="service-tile"]').count(), 6);
    assert.deepEqual(await scrollThroughAndFindBrokenImages(page), []);
    assert.equal(await hasHorizontalScroll(page), false, 'no horizontal scroll');
    // Embeds off until configured (siteProfile.instagramEmbeds): each social post shows its card linking to the post.
    await page.waitForSelector('[data-testid="media-posts"][data-embed-status="off"]', { timeout: 15_000 });
    assert.equal(await page.locator('[data-testid="media-fallback"]').count(), 3);
    await page.screenshot({ path: join(shotDir, `content-home-${name}.png`), fullPage: true });
    assert.deepEqual(ownErrors(page), []);
    await page.context().close();
  });
}

test('hero: the scenes advance every 3 s, and a dot jumps to its scene', async () => {
  const page = await openHome(VIEWPORTS.desktop);
  const active = () => page.locator('[data-testid="home-hero"] img[data-active="true"]').getAttribute('data-slide');
  const scenes = () =>
    page.evaluate(() => [...document.querySelectorAll('[data-testid="home-hero"] img[data-slide]')].map((img) => Number(img.getAttribute('data-slide'))));
  // the next scene is fetched one turn ahead, not all six at the start
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="home-hero"] img[data-slide]').length === 2, null, { timeout: 10_000 });
  // The pointer has not entered the page, so the hero is not paused by hover.
  const first = await active();
  await page.waitForFunction((s) => document.querySelector('[data-testid="home-hero"] img[data-active="true"]')?.getAttribute('data-slide') !== s, first, {
    timeout: 6_000,
  });
  assert.equal(await active(), '1');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="home-hero"] img[data-slide]').length === 3, null, { timeout: 2_000 });
  assert.deepEqual(await scenes(), [0, 1, 2]);
  // the scene that shows has arrived (no broken or blank image behind the title)
  assert.ok(
    await page.evaluate(() => {
      const img = document.querySelector('[data-testid="home-hero"] img[data-slide="1"]');
      return img.complete && img.naturalWidth > 0;
    }),
  );
  await page.getByRole('button', { name: /Show scene 6 of 6/ }).click();
  assert.equal(await active(), '5');
  await page.context().close();
});

test("'SPEAK TO THE TEAM' scrolls to the call-to-action section", async () => {
  const page = await openHome(VIEWPORTS.desktop);
  await page.getByRole('button', { name: 'SPEAK TO THE TEAM' }).click();
  await page.waitForFunction(() => Math.abs(document.getElementById('call-to-action').getBoundingClientRect().top) < 120, null, { timeout: 5_000 });
  await page.context().close();
});

test('blog: left click opens a post; right click opens the link menu at the pointer, which closes on Escape, a click elsewhere and a choice', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  await page.goto(`${baseUrl}/blogs`);
  await page.waitForSelector('[data-testid="blog-card"]', { timeout: 20_000 });
  assert.equal(await page.locator('[data-testid="blog-card"]').count(), 7);
  const card = page.locator('[data-testid="blog-card"]').nth(1);
  const box = await card.boundingBox();
  const at = { x: Math.round(box.x + 60), y: Math.round(box.y + 120) };

  await page.mouse.click(at.x, at.y, { button: 'right' });
  const menu = page.getByRole('menu');
  await menu.waitFor();
  const menuBox = await menu.boundingBox();
  assert.ok(Math.abs(menuBox.x - at.x) <= 2 && Math.abs(menuBox.y - at.y) <= 2, 'the menu opens at the pointer');
  assert.deepEqual(await page.getByRole('menuitem').allTextContents(), ['Open in new tab', 'Open in new window', 'Copy link address', 'Share link']);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });

  await page.mouse.click(at.x, at.y, { button: 'right' });
  await menu.waitFor();
  await page.mouse.click(5, 600);
  await menu.waitFor({ state: 'detached' });

  // Share: headless Chromium on Linux has no share sheet, so the alert explains it.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const alerted = new Promise((resolve) => {
    page.once('dialog', async (d) => {
      await d.accept();
      resolve(d.message());
    });
  });
  await page.getByRole('menuitem', { name: 'Share link' }).click();
  assert.equal(await alerted, 'Sharing is not supported in this browser.');
  assert.equal(await menu.count(), 0, 'choosing an item closes the menu');

  // Open in new window: a popup on the post.
  await page.mouse.click(at.x, at.y, { button: 'right' });
  const popup = page.context().waitForEvent('page');
  await page.getByRole('menuitem', { name: 'Open in new window' }).click();
  const win = await popup;
  await win.waitForLoadState('domcontentloaded');
  assert.match(win.url(), /\/blog\/[a-z0-9-]+$/);
  await win.close();

  // Left click opens the post, and the post leads back.
  await card.locator('h2').click();
  await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
  await page.getByRole('link', { name: '← Back to Blogs' }).first().click();
  await page.waitForURL(`${baseUrl}/blogs`);
  await page.context().close();
});

test('blog: keyboard users open the same menu from More options; Escape returns focus', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/blogs`);
  const more = page.getByRole('button', { name: /^More options for/ }).first();
  await more.waitFor({ timeout: 20_000 });
  await more.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Open in new tab');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Open in new window');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  assert.match(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), /^More options for/);
  assert.equal(await hasHorizontalScroll(page), false);
  await page.context().close();
});

test('blog: an unknown post shows Blog Not Found with the way back', async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/blog/no-such-post`);
  await page.getByRole('heading', { level: 1, name: 'Blog Not Found' }).waitFor({ timeout: 20_000 });
  await page.getByRole('link', { name: '← Back to Blogs' }).click();
  await page.waitForURL(`${baseUrl}/blogs`);
  await page.context().close();
});

test('custom homes: six material tabs, precast first; the FAQ opens one answer at a time, collapses, and works from the keyboard', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  await page.goto(`${baseUrl}/custom-homes`);
  await page.getByRole('tab').first().waitFor({ timeout: 20_000 });
  assert.equal(await page.getByRole('tab').count(), 6);
  assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Precast');
  await page.getByRole('tab', { name: 'Limestone' }).click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('tab', { selected: true }).textContent(), 'Stucco');

  const faq = page.locator('[data-testid="faq"] button');
  assert.equal(await faq.count(), 5);
  await faq.nth(2).click();
  const expanded = () => faq.evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-expanded')));
  assert.deepEqual(await expanded(), ['false', 'false', 'true', 'false', 'false']);
  await faq.nth(2).click();
  assert.deepEqual(await expanded(), ['false', 'false', 'false', 'false', 'false']);
  await faq.nth(0).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.deepEqual(await expanded(), ['false', 'true', 'false', 'false', 'false']);
  await page.keyboard.press('Space');
  assert.deepEqual(await expanded(), ['false', 'false', 'false', 'false', 'false']);
  await page.context().close();
});

test("/buying-guide shows the buyer's guide with the canonical /buyers-guide", async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/buying-guide`);
  await page.getByRole('heading', { level: 1, name: "Buyer's Guide" }).waitFor({ timeout: 20_000 });
  assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${baseUrl}/buyers-guide`);
  assert.match(await page.title(), /^Buyer's Guide/);
  await page.context().close();
});

test('moving guide: ticked items are still ticked after a reload', async () => {
  const page = await newPage(browser);
  await page.goto(`${baseUrl}/moving-guide`);
  const box = page.getByRole('checkbox', { name: /Label every box/ });
  await box.waitFor({ timeout: 20_000 });
  await box.check();
  await page.reload();
  await page.getByRole('checkbox', { name: /Label every box/ }).waitFor({ timeout: 20_000 });
  assert.equal(await page.getByRole('checkbox', { name: /Label every box/ }).isChecked(), true);
  await page.context().close();
});

test('reduced motion: the hero stays on its first scene and sections appear without animating', async () => {
  const page = await newPage(browser, VIEWPORTS.desktop, { reducedMotion: 'reduce' });
  await page.goto(`${baseUrl}/`);
  await page.waitForSelector('[data-testid="home-sections"]', { timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="home-hero"] img[data-slide]').length === 2, null, { timeout: 10_000 });
  await page.waitForTimeout(3500);
  assert.equal(await page.locator('[data-testid="home-hero"] img[data-active="true"]').getAttribute('data-slide'), '0');
  assert.equal(await page.locator('[data-testid="home-hero"] img[data-slide]').count(), 2, 'no rotation: only the next scene is fetched');
  // the sections hydrate as they come into view (HydrateWhenVisible): scroll down the page as a visitor would
  for (let i = 0; i < 40 && (await page.evaluate(() => window.scrollY + window.innerHeight < document.documentElement.scrollHeight - 2)); i += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(150);
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-reveal="static"]').length > 5, null, { timeout: 10_000 });
  assert.equal(await page.locator('[data-reveal="waiting"]').count(), 0);
  assert.ok((await page.locator('[data-reveal="static"]').count()) > 5);
  await page.context().close();
});
