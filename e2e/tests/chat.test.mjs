// The chat widget against the built site and the server's local assistant (issue 8): a whole conversation that
// returns real listing links, history surviving a reload, recovery when the server goes away, keyboard and axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { baseUrl, chatInputReady, launchBrowser, newPage, VIEWPORTS } from '../lib.mjs';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let browser;
let sitemap = '';
before(async () => {
  browser = await launchBrowser();
  sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
});
after(async () => {
  await browser?.close();
});

const botMessages = (page) => page.locator('.chat-message-from-bot');
const input = (page) => page.getByRole('textbox', { name: 'Your message' });

async function openChat(page) {
  const toggle = page.getByRole('button', { name: /open chat/i });
  // the widget starts on the first sign of a visitor (shell/src/chat.ts); two moves, so the pointer really moves
  await page.mouse.move(200, 300);
  await page.mouse.move(220, 320);
  await toggle.waitFor({ timeout: 20_000 });
  await toggle.click();
  await page.getByRole('dialog').waitFor();
  await page.waitForFunction(chatInputReady);
}

async function ask(page, text) {
  const before = await botMessages(page).count();
  await input(page).fill(text);
  await input(page).press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('.chat-message-from-bot').length > n, before, { timeout: 15_000 });
  // a streamed reply grows: it is whole when the input takes text again
  await page.waitForFunction(chatInputReady, undefined, { timeout: 30_000 });
  return botMessages(page).last();
}

test('a whole conversation returns real listing links, and history survives a reload', { timeout: 120_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await openChat(page);

  // the site's greetings: three messages naming the assistant, asking buy, sell or invest
  assert.equal(await botMessages(page).count(), 3);
  assert.match(await botMessages(page).first().innerText(), /Aria/);
  assert.match(await botMessages(page).nth(2).innerText(), /buy, sell or invest/);
  assert.equal(await input(page).getAttribute('placeholder'), 'Type your question here...');
  assert.ok(await input(page).evaluate((el) => el === document.activeElement), 'the input has focus on open');

  const reply = await ask(page, 'Show me 3 bed homes in Oakville under 2 million');
  const links = reply.locator('a[href^="/property/"]');
  await links.first().waitFor();
  const hrefs = await links.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), target: a.target, rel: a.rel })));
  assert.ok(hrefs.length > 0, 'the reply lists listings');
  for (const { href, target, rel } of hrefs) {
    assert.ok(sitemap.includes(href), `${href} is a real listing page`);
    assert.equal(target, '_blank');
    assert.equal(rel, 'noopener noreferrer');
  }
  // a link opens the property page in a new tab
  const [popup] = await Promise.all([page.context().waitForEvent('page'), links.first().click()]);
  await popup.waitForLoadState('domcontentloaded');
  assert.ok(popup.url().endsWith(hrefs[0].href));
  await popup.close();

  assert.match(await (await ask(page, 'Where are your offices?')).innerText(), /Don Mills/);
  assert.match(await (await ask(page, "What's the minimum down payment on a $900,000 home?")).innerText(), /\$65,000/);
  const handoff = await ask(page, 'Can you recommend a good interior designer?');
  assert.match(await handoff.innerText(), /name and email/);
  assert.match(await (await ask(page, 'Taylor Reed, taylor.reed@example.com')).innerText(), /Thank you, Taylor/);

  const sessionId = await page.evaluate(() => localStorage.getItem('n8n-chat/sessionId'));
  assert.match(sessionId ?? '', /^[0-9a-f-]{36}$/);

  // reload: the conversation comes back from the server under the same session id
  await page.reload({ waitUntil: 'domcontentloaded' });
  await openChat(page);
  await page.locator('.chat-message-from-user', { hasText: 'Show me 3 bed homes in Oakville under 2 million' }).waitFor({ timeout: 15_000 });
  assert.equal(await page.locator('.chat-message-from-user').count(), 5);
  assert.ok((await botMessages(page).locator('a[href^="/property/"]').count()) > 0, 'history replies render as markdown links');
  assert.equal(await page.evaluate(() => localStorage.getItem('n8n-chat/sessionId')), sessionId);
  assert.deepEqual(
    page.consoleErrors.filter((e) => /chat/i.test(e)),
    [],
  );
  await page.context().close();
});

test('recovers when the server goes away: a clear message, Retry, and the input stays usable', { timeout: 90_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await openChat(page);
  await page.route('**/chat/webhook**', (route) => route.abort('connectionrefused'));
  await input(page).fill('Any condos in Mississauga?');
  await input(page).press('Enter');
  const alert = page.getByRole('dialog').getByRole('alert');
  await alert.waitFor({ timeout: 10_000 });
  assert.match(await alert.innerText(), /could not be delivered|unreachable/i);
  assert.equal(await input(page).isEnabled(), true, 'the input is enabled again');
  assert.equal(await page.getByTestId('chat-typing').count(), 0);

  await page.unroute('**/chat/webhook**');
  await alert.getByRole('button', { name: /retry/i }).click();
  await page.locator('.chat-message-from-bot a[href^="/property/"]').first().waitFor({ timeout: 15_000 });
  assert.equal(await page.getByRole('dialog').getByRole('alert').count(), 0);
  assert.equal(await page.locator('.chat-message-from-user', { hasText: 'Any condos in Mississauga?' }).count(), 1, 'retry does not repeat the message');
  await page.context().close();
});

test('keyboard and accessibility: Escape closes and returns focus, no serious axe violation in the open window', { timeout: 90_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await openChat(page);
  await input(page).fill('line one');
  await input(page).press('Shift+Enter');
  await input(page).type('line two');
  assert.equal(await input(page).inputValue(), 'line one\nline two');
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document.querySelector('#n8n-chat'), { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
  assert.deepEqual(violations, []);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''), 'Open chat: Chat with Aria');
  await page.context().close();
});

test('the chat code is not part of the first load: it is requested on the first sign of a visitor, after the first paint', async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
  await page.waitForTimeout(1500);
  const chatRequests = () =>
    page.evaluate(() => performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.startsWith('/remotes/chat/')).length);
  assert.equal(await chatRequests(), 0, 'a page left alone has not fetched the chat');
  await page.mouse.move(100, 400);
  await page.waitForSelector('.chat-window-toggle', { timeout: 20_000 }); // the widget did start
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    chat: performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.startsWith('/remotes/chat/'))
      .map((r) => r.startTime),
  }));
  assert.ok(timing.fcp !== null, 'the page painted');
  assert.ok(timing.chat.length > 0, 'the chat remote was loaded');
  assert.ok(Math.min(...timing.chat) > timing.fcp, `chat requested at ${Math.min(...timing.chat)} ms, first paint at ${timing.fcp} ms`);
  await page.context().close();
});

test('the chat button is there within the first second, before any chat code, and opens the chat when pressed', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  const launcher = page.locator('#gta-chat-launcher');
  await launcher.waitFor({ timeout: 5_000 });
  const figures = await page.evaluate(() => ({
    at: performance.now(),
    chat: performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.startsWith('/remotes/chat/')).length,
  }));
  console.log(`# chat button on screen ${Math.round(figures.at)} ms after navigation start (phone viewport)`);
  assert.equal(figures.chat, 0, 'the button needs no chat code');
  assert.equal(await launcher.getAttribute('aria-label'), 'Open chat: Chat with Aria');
  const box = await launcher.boundingBox();
  // 52 px on a phone (60 at 1440): a round button, and a touch target of at least 48 px
  assert.equal(box.width, box.height);
  assert.ok(box.width >= 48, `the button is ${box.width} px wide`);
  await launcher.click();
  await page.getByRole('dialog').waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA', undefined, { timeout: 10_000 });
  assert.equal(await page.locator('#gta-chat-launcher').count(), 0, 'the widget took its place');
  await page.context().close();
});

test('the chat button comes back to life when the chat remote is back: a failed load says so, the next press opens the chat', { timeout: 60_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.desktop);
  await page.route('**/remotes/chat/**', (route) => route.abort('connectionrefused'));
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await page.locator('#gta-chat-launcher').click();
  await page.locator('#gta-chat-launcher-status', { hasText: "couldn't load" }).waitFor({ state: 'attached', timeout: 20_000 });
  assert.equal(await page.getByRole('dialog').count(), 0);
  await page.unroute('**/remotes/chat/**');
  await page.locator('#gta-chat-launcher').click();
  await page.getByRole('dialog').waitFor({ timeout: 20_000 });
  await page.context().close();
});

test("on phones the chat button covers neither the copyright line, the active calculator tab nor a gallery's photo counter", { timeout: 60_000 }, async () => {
  const page = await newPage(browser, VIEWPORTS.mobile);
  await page.goto(`${baseUrl}/mortgage-calculator?tab=land-transfer-tax`, { waitUntil: 'domcontentloaded' });
  const button = page.locator('#gta-chat-launcher, .chat-window-toggle').first();
  await button.waitFor();
  const overlaps = (a, b) => a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  // the active tab scrolled to the bottom edge of the screen, as a visitor scrolling down (or the browser bringing
  // a focused element into view) leaves it: the page's safe area (scroll-padding) keeps it above the button
  const tab = page.getByRole('tab', { selected: true });
  assert.equal((await tab.textContent()).trim(), 'Land Transfer Tax');
  await tab.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(200);
  assert.ok(!overlaps(await tab.boundingBox(), await button.boundingBox()), 'the active tab is not under the chat button');
  // the footer's last line at the very bottom of the page
  const copyright = page.getByText(/All rights reserved/);
  // the footer is drawn as it comes into view: scroll to the bottom until the page stops growing
  for (let i = 0, height = -1; i < 10; i++) {
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(300);
  }
  await copyright.waitFor();
  const line = await copyright.boundingBox();
  assert.ok(line.y + line.height <= VIEWPORTS.mobile.height, 'the copyright line is on screen at the bottom of the page');
  assert.ok(!overlaps(line, await button.boundingBox()), 'the copyright line is not under the chat button');

  // a property page as a shared link opens it: the gallery's counter at rest, then scrolled to the bottom edge
  const property = sitemap.match(/<loc>[^<]*?(\/property\/[^<]+)<\/loc>/)[1];
  await page.goto(`${baseUrl}${property}`, { waitUntil: 'domcontentloaded' });
  await button.waitFor();
  const counter = page.getByTestId('gallery-counter');
  await counter.waitFor();
  assert.ok(!overlaps(await counter.boundingBox(), await button.boundingBox()), 'the photo counter is not under the chat button');
  await counter.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(200);
  assert.ok(!overlaps(await counter.boundingBox(), await button.boundingBox()), 'scrolled, the photo counter is not under the chat button');
  await page.context().close();
});
