// The moments other parts hand to the chat through the event bus (issue 29), in the built site with the local
// assistant: 'Ask about this home' on a property page opens the chat naming the home; a contact form sent, the chat
// does not ask for the name and email again and the question it passes on carries that contact.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { baseUrl, chatInputReady, launchBrowser, mainHeadingHydrated, newPage, readTable, staffSignIn, VIEWPORTS } from '../lib.mjs';

let browser;
let sitemap = '';
before(async () => {
  browser = await launchBrowser();
  sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
});
after(async () => {
  await browser?.close();
});

const input = (page) => page.getByRole('textbox', { name: 'Your message' });
const botMessages = (page) => page.locator('.chat-message-from-bot');
const focusedLabel = (page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent?.trim() || '');

async function send(page, text) {
  const before = await botMessages(page).count();
  if (text !== null) await input(page).fill(text);
  await input(page).press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('.chat-message-from-bot').length > n, before, { timeout: 15_000 });
  // a streamed reply grows: it is whole when the input takes text again
  await page.waitForFunction(chatInputReady, undefined, { timeout: 30_000 });
  return botMessages(page).last().innerText();
}

test(
  "'Ask about this home' opens the chat naming the home, the focus in its input; the reply is about that home; Escape returns to the button",
  { timeout: 90_000 },
  async () => {
    const path = new URL(/<loc>([^<]*\/property\/[^<]+)<\/loc>/.exec(sitemap)[1]).pathname;
    const page = await newPage(browser, VIEWPORTS.desktop);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(mainHeadingHydrated, null, { timeout: 20_000 });
    const name = (await page.locator('main h1').innerText()).trim();
    // pressed at once: the chat remote may not be on the page yet (the shell loads it, the bus keeps the request)
    const askButton = page.getByRole('button', { name: 'Ask about this home' });
    await askButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => document.activeElement?.matches('#n8n-chat textarea') && !document.activeElement.disabled, null, { timeout: 10_000 });
    assert.match(await input(page).inputValue(), new RegExp(`^I'd like to know more about ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.equal((await dialog.getByTestId('chat-context').innerText()).trim(), `About ${name}`);

    const reply = await send(page, null);
    assert.ok(reply.includes(`Here is ${name}`), `the reply is about the home: ${reply}`);
    assert.equal(await botMessages(page).last().getByRole('link', { name }).first().getAttribute('href'), path);
    assert.match(reply, /name and email/, 'a visitor the site does not know yet is asked how to reach them');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await focusedLabel(page), 'Ask about this home');
    await page.context().close();
  },
);

test(
  'a contact form sent, the chat does not ask for the name and email again; its question goes to the team with that contact',
  { timeout: 90_000 },
  async () => {
    const page = await newPage(browser, VIEWPORTS.desktop);
    const email = `chat-events-${Date.now()}@example.com`;
    await page.goto(`${baseUrl}/contact-us`);
    const form = page.getByTestId('contact-form');
    await form.waitFor({ timeout: 20_000 });
    const values = { name: 'Grace Hopper', email, phone: '905 555 0199', subject: 'Buying in Oakville', message: 'Please send me new listings.' };
    for (const [field, value] of Object.entries(values)) await form.locator(`[name="${field}"]`).fill(value);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you! Your message has been sent.').waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: /open chat/i }).click();
    await page.getByRole('dialog').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => {
      const el = document.querySelector('#n8n-chat textarea');
      return el && !el.disabled;
    });
    const reply = await send(page, 'Do you work with builders on a custom pool?');
    assert.doesNotMatch(reply, /name and email|what is your name|what email/i, reply);
    assert.ok(reply.includes(email), `the reply names the known email: ${reply}`);

    // a reload in the same tab: still known
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /open chat/i }).click();
    await page.getByRole('dialog').waitFor({ timeout: 20_000 });
    await page.waitForFunction(() => !document.querySelector('#n8n-chat textarea')?.disabled);
    const again = await send(page, 'Can an agent also help with a mortgage referral?');
    assert.doesNotMatch(again, /name and email|what is your name/i, again);

    await staffSignIn(page);
    const leads = await readTable(page, 'Chat Leads', `{Email} = '${email}'`);
    assert.equal(leads.length, 1, 'one chat lead with the known contact');
    assert.equal(leads[0].fields.Name, 'Grace Hopper');
    assert.equal(leads[0].fields.Question, 'Do you work with builders on a custom pool?');
    await page.context().close();
  },
);
