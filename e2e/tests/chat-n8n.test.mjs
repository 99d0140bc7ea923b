// The chat as n8n's own parts speak it (issue 25):
//  - the official @n8n/chat widget (its npm dist bundle, served to Chromium from a page on the site's origin) against
//    the local assistant, without and with enableStreaming;
//  - the site's widget against a fake n8n Chat Trigger that answers as n8n's source does: streaming NDJSON chunks
//    (packages/cli webhook streaming: begin / item / end with node metadata), 'Load Previous Session: Off'
//    ({ data: [] }), and AI content given as an array of parts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { baseUrl, launchBrowser, newPage, VIEWPORTS } from '../lib.mjs';

const require = createRequire(import.meta.url);
const n8nChatDist = join(dirname(require.resolve('@n8n/chat/package.json')), 'dist');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---------------------------------------------------------------------------------------------------------------
// @n8n/chat, from npm, against the local assistant

const WIDGET_PAGE = `${baseUrl}/__n8n-chat-widget/index.html`;

/** Serves a page that mounts @n8n/chat's bundle (same origin as the assistant, as a site embedding it would be). */
async function n8nWidgetPage(viewport, { enableStreaming }) {
  // a plain page (not newPage: this page is not the site's app, there is no data-app-ready to wait for)
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => page.consoleErrors.push(String(err)));
  await page.route(`${baseUrl}/__n8n-chat-widget/**`, async (route) => {
    const path = new URL(route.request().url()).pathname.replace('/__n8n-chat-widget/', '');
    if (path === 'index.html') {
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>@n8n/chat</title>
<link rel="stylesheet" href="/__n8n-chat-widget/style.css"><style>html,body,#n8n-chat{height:100%;margin:0}</style></head>
<body><div id="n8n-chat"></div><script type="module">
import { createChat } from '/__n8n-chat-widget/chat.bundle.es.js';
createChat({ webhookUrl: '${baseUrl}/chat/webhook', target: '#n8n-chat', mode: 'fullscreen', loadPreviousSession: true, enableStreaming: ${enableStreaming} });
</script></body></html>`,
      });
    }
    const file = normalize(join(n8nChatDist, path));
    if (!file.startsWith(n8nChatDist)) return route.fulfill({ status: 404, body: '' });
    const type = file.endsWith('.css') ? 'text/css' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(file) });
  });
  await page.goto(WIDGET_PAGE, { waitUntil: 'load' });
  return page;
}

async function askN8nWidget(page, text) {
  const bots = page.locator('.chat-message-from-bot');
  const before = await bots.count();
  const box = page.locator('.chat-inputs textarea');
  await box.waitFor();
  await box.fill(text);
  await box.press('Enter');
  await page.waitForFunction((n) => document.querySelectorAll('.chat-message-from-bot').length > n, before, { timeout: 15_000 });
  // a streamed reply grows: wait until its text stops changing between two animation frames' worth of reads
  let last = '';
  for (let i = 0; i < 40; i++) {
    const now = await bots.last().innerText();
    if (now === last && now.trim() !== '') break;
    last = now;
    await page.waitForTimeout(100);
  }
  return bots.last().innerText();
}

for (const enableStreaming of [false, true]) {
  test(
    `@n8n/chat (npm) against the local assistant, enableStreaming ${enableStreaming}: replies, history and one session id across loads`,
    { timeout: 90_000 },
    async () => {
      const page = await n8nWidgetPage(VIEWPORTS.desktop, { enableStreaming });
      const requests = [];
      page.on('request', (r) => {
        if (r.url().startsWith(`${baseUrl}/chat/webhook`) && r.method() === 'POST') requests.push({ body: r.postDataJSON(), accept: r.headers().accept ?? '' });
      });
      const ltt = await askN8nWidget(page, 'how much is land transfer tax on a $900,000 home?');
      assert.match(ltt, /\$14,475/);
      assert.doesNotMatch(ltt, /"type"|Error/);
      const link = page.locator('.chat-message-from-bot a[href="/mortgage-calculator?tab=land-transfer-tax"]').last();
      assert.equal(await link.count(), 1, 'the reply links the land transfer tax calculator');
      const sends = requests.filter((r) => r.body?.action === 'sendMessage');
      assert.equal(sends.length, 1, 'one run per message');
      assert.equal(/text\/plain/.test(sends[0].accept), enableStreaming, 'streaming is asked with Accept: text/plain');

      const sessionId = await page.evaluate(() => localStorage.getItem('n8n-chat/sessionId'));
      assert.match(sessionId ?? '', /^[0-9a-f-]{36}$/);
      await page.reload({ waitUntil: 'load' });
      await page.locator('.chat-message-from-user', { hasText: 'land transfer tax' }).waitFor({ timeout: 15_000 });
      assert.match(await page.locator('.chat-message-from-bot').last().innerText(), /\$14,475/);
      assert.equal(await page.evaluate(() => localStorage.getItem('n8n-chat/sessionId')), sessionId);
      assert.deepEqual(page.consoleErrors, []);
      await page.context().close();
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The site's widget against a fake n8n Chat Trigger

/**
 * A Chat Trigger as n8n answers it. loadPreviousSession: { data: [] } with 'Load Previous Session: Off', else the
 * LangChain messages kept. sendMessage in streaming mode: status 200, Content-Type application/json, chunked,
 * one JSON object per line: begin, item…, end, each with { nodeId, nodeName, itemIndex, runIndex, timestamp }.
 * `hold` keeps the rest of a stream back until release() (to see the first part on screen before the rest comes).
 */
function fakeChatTrigger({ streaming, history }) {
  const requests = [];
  const kept = new Map();
  const state = { hold: true, held: false, release: () => undefined };
  const server = http.createServer(async (req, res) => {
    const cors = {
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'Access-Control-Allow-Methods': 'OPTIONS, GET, POST',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
      Vary: 'Origin',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || '{}');
    requests.push({ ...body, accept: req.headers.accept ?? '' });
    if (body.action === 'loadPreviousSession') {
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify({ data: history ? (kept.get(body.sessionId) ?? []) : [] }));
    }
    const answer = `You asked: ${body.chatInput}. **Here is the answer.**`;
    const messages = kept.get(body.sessionId) ?? [];
    messages.push(
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'HumanMessage'],
        kwargs: { content: body.chatInput, additional_kwargs: {}, response_metadata: {} },
      },
      // an AI message as the AI Agent keeps it with some models: content as an array of parts
      {
        lc: 1,
        type: 'constructor',
        id: ['langchain_core', 'messages', 'AIMessage'],
        kwargs: { content: [{ type: 'text', text: answer }], additional_kwargs: {}, response_metadata: {} },
      },
    );
    kept.set(body.sessionId, messages);
    if (!streaming) {
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json; charset=utf-8' });
      return res.end(JSON.stringify({ output: [{ type: 'text', text: answer }] }));
    }
    res.writeHead(200, {
      ...cors,
      'Content-Type': 'application/json; charset=utf-8',
      'Transfer-Encoding': 'chunked',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    const metadata = () => ({ nodeId: 'a1b2c3d4-agent', nodeName: 'AI Agent', itemIndex: 0, runIndex: 0, timestamp: Date.now() });
    const write = (chunk) => res.write(`${JSON.stringify({ ...chunk, metadata: metadata() })}\n`);
    write({ type: 'begin' });
    write({ type: 'item', content: `You asked: ${body.chatInput}. ` });
    if (state.hold) {
      await new Promise((resolve) => {
        state.release = resolve;
        state.held = true;
      });
    }
    write({ type: 'item', content: '**Here is the answer.**' });
    write({ type: 'end' });
    res.end();
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}/webhook/e2e-chat/chat`;
      resolve({
        url,
        requests,
        state,
        release: () => state.release(),
        waitHeld: async () => {
          while (!state.held) await new Promise((r) => setTimeout(r, 20));
        },
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}

/** The site, with its runtime config pointing the chat at the fake trigger (as N8N_CHAT_URL would). */
async function siteWithTrigger(context, triggerUrl) {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    return route.fulfill({ response, json: { ...json, chatWebhookUrl: triggerUrl } });
  });
}

async function openSiteChat(page) {
  await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: /open chat/i }).click();
  await page.getByRole('dialog').waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => {
    const el = document.querySelector('#n8n-chat textarea');
    return el && !el.disabled;
  });
}

test(
  "the site's widget and a streaming Chat Trigger with history off: the reply shows as it arrives, one run, one session id across loads and tabs",
  { timeout: 90_000 },
  async () => {
    const trigger = await fakeChatTrigger({ streaming: true, history: false });
    const page = await newPage(browser, VIEWPORTS.mobile, { bypassCSP: true }); // the trigger is another origin, as n8n is
    await siteWithTrigger(page.context(), trigger.url);
    try {
      await openSiteChat(page);
      const box = page.getByRole('textbox', { name: 'Your message' });
      await box.fill('Is the lakeside home still available?');
      await box.press('Enter');
      await trigger.waitHeld();
      // the first chunk is on screen while the stream is still open
      const bot = page.locator('.chat-message-from-bot').last();
      await page.locator('.chat-message-from-bot', { hasText: 'You asked: Is the lakeside home still available?' }).waitFor({ timeout: 10_000 });
      assert.equal(await page.getByRole('textbox', { name: 'Your message' }).isDisabled(), true, 'the input waits for the end of the reply');
      trigger.release();
      await page.locator('.chat-message-from-bot strong', { hasText: 'Here is the answer.' }).waitFor({ timeout: 10_000 });
      assert.equal(await bot.innerText().then((t) => t.includes('You asked:')), true, 'one message for the whole stream');
      await page.waitForFunction(() => !document.querySelector('#n8n-chat textarea')?.disabled);
      assert.equal(await page.getByRole('dialog').getByRole('alert').count(), 0, 'no "could not be delivered"');
      const sends = trigger.requests.filter((r) => r.action === 'sendMessage');
      assert.equal(sends.length, 1, 'the workflow ran once');
      assert.match(sends[0].accept, /text\/plain/);

      const sessionId = sends[0].sessionId;
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('button', { name: /open chat/i }).click();
      await page.getByRole('dialog').waitFor();
      const second = await page.context().newPage();
      await second.goto(`${baseUrl}/our-offices`, { waitUntil: 'domcontentloaded' });
      await second.getByRole('button', { name: /open chat/i }).click();
      await second.getByRole('dialog').waitFor({ timeout: 20_000 });
      await second.waitForFunction(() => !document.querySelector('#n8n-chat textarea')?.disabled);
      trigger.state.hold = false;
      const secondBox = second.getByRole('textbox', { name: 'Your message' });
      await secondBox.fill('And the price?');
      await secondBox.press('Enter');
      await second.locator('.chat-message-from-bot strong', { hasText: 'Here is the answer.' }).waitFor({ timeout: 10_000 });
      const loads = trigger.requests.filter((r) => r.action === 'loadPreviousSession');
      assert.ok(loads.length >= 3);
      assert.deepEqual([...new Set(trigger.requests.map((r) => r.sessionId))], [sessionId], 'one session id on reload and in a new tab');
      assert.deepEqual(
        page.consoleErrors.filter((e) => /chat/i.test(e)),
        [],
      );
    } finally {
      trigger.release();
      await page.context().close();
      await trigger.close();
    }
  },
);

test("the site's widget shows AI content given as an array of parts as text, in replies and in history", { timeout: 60_000 }, async () => {
  const trigger = await fakeChatTrigger({ streaming: false, history: true });
  const page = await newPage(browser, VIEWPORTS.desktop, { bypassCSP: true });
  await siteWithTrigger(page.context(), trigger.url);
  try {
    await openSiteChat(page);
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('Tell me about Oakville');
    await box.press('Enter');
    await page.locator('.chat-message-from-bot strong', { hasText: 'Here is the answer.' }).waitFor({ timeout: 10_000 });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /open chat/i }).click();
    await page.locator('.chat-message-from-user', { hasText: 'Tell me about Oakville' }).waitFor({ timeout: 15_000 });
    const texts = await page.locator('.chat-message-from-bot').allInnerTexts();
    assert.ok(
      texts.some((t) => t.includes('You asked: Tell me about Oakville. Here is the answer.')),
      texts.join(' | '),
    );
    assert.ok(
      texts.every((t) => !t.includes('"type"') && !t.includes('[{')),
      'no raw JSON',
    );
  } finally {
    await page.context().close();
    await trigger.close();
  }
});

test("with an n8n Chat Trigger, 'Ask about this home' and a contact form sent reach the workflow as metadata.context", { timeout: 90_000 }, async () => {
  const trigger = await fakeChatTrigger({ streaming: false, history: false });
  const page = await newPage(browser, VIEWPORTS.desktop, { bypassCSP: true });
  await siteWithTrigger(page.context(), trigger.url);
  try {
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const path = new URL(/<loc>([^<]*\/property\/[^<]+)<\/loc>/.exec(sitemap)[1]).pathname;
    const email = `n8n-context-${Date.now()}@example.com`;
    await page.goto(`${baseUrl}/contact-us`);
    const form = page.getByTestId('contact-form');
    await form.waitFor({ timeout: 20_000 });
    const values = { name: 'Ada Lovelace', email, phone: '905 555 0101', subject: 'Buying', message: 'Please call me.' };
    for (const [field, value] of Object.entries(values)) await form.locator(`[name="${field}"]`).fill(value);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you! Your message has been sent.').waitFor({ timeout: 15_000 });
    // to the property page inside the app (the same page view: the chat stays)
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.getByRole('button', { name: 'Ask about this home' }).click({ timeout: 20_000 });
    await page.getByRole('dialog').waitFor({ timeout: 20_000 });
    const box = page.getByRole('textbox', { name: 'Your message' });
    await page.waitForFunction(() => !document.querySelector('#n8n-chat textarea')?.disabled);
    await box.press('Enter');
    await page.locator('.chat-message-from-bot strong', { hasText: 'Here is the answer.' }).waitFor({ timeout: 10_000 });
    const sent = trigger.requests.find((r) => r.action === 'sendMessage');
    const slug = path.split('/').pop();
    assert.equal(sent.metadata.context.listing.slug, slug);
    assert.deepEqual(sent.metadata.context.contact, { name: 'Ada Lovelace', email });
    assert.match(sent.chatInput, new RegExp(`^I'd like to know more about ${sent.metadata.context.listing.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  } finally {
    await page.context().close();
    await trigger.close();
  }
});
