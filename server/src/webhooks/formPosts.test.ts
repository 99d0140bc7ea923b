/**
 * The lead forms without scripts (issue 39 #2): posted to the page's own URL, checked with the forms' rules, kept
 * through the receivers' path on both stores; the page back with the typed values and messages, or POST-redirect-GET.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SUBMISSION_TABLES } from '@gta/shared/core';
import { Router, type RequestContext } from '../http/router';
import type { Store } from '../store/store';
import { bothStores } from '../testing/bothStores';
import { postJson, request, startServer, tempDir, type TestServer } from '../testing/harness';
import { FORM_POST_FIELD, SENT_ID, fillForm, markSent, registerFormPosts } from './formPosts';

/** The contact form as the server renders it (mfe-forms' ContactForm with FormPostFields), inside a page. */
const PAGE =
  '<!doctype html><html><head><title>Contact Us</title></head><body><div id="root"><main><h1>Contact Us</h1><form method="post" data-form="contact-form" data-sent-text="Thank you! Your message has been sent." noValidate="" aria-label="Contact form" data-testid="contact-form" data-source="about-us"><input type="hidden" name="_form" value="contact-form"/><input type="hidden" name="source" value="about-us"/><div aria-hidden="true" inert="" data-honeypot="true" class="css-1u4plrl"><label for="_R_1lplae_">Website</label><input id="_R_1lplae_" type="text" tabindex="-1" autoComplete="off" name="website" value=""/></div><div class="css-4av7wr"><div data-field="true" class="css-31l7gp"><label for="_R_1ilplae_" class="css-1xlqiut">Name<span aria-hidden="true" class="css-77sqvk">*</span></label><input id="_R_1ilplae_" required="" type="text" autoComplete="name" class="css-fvn992" name="name" value=""/><div data-field-message="true" class="css-1sfseq2"></div></div><div data-field="true" class="css-31l7gp"><label for="_R_2ilplae_" class="css-1xlqiut">Email<span aria-hidden="true" class="css-77sqvk">*</span></label><input id="_R_2ilplae_" required="" type="email" autoComplete="email" inputMode="email" class="css-fvn992" name="email" value=""/><div data-field-message="true" class="css-1sfseq2"></div></div><div data-field="true" class="css-31l7gp"><label for="_R_3ilplae_" class="css-1xlqiut">Phone<span aria-hidden="true" class="css-77sqvk">*</span></label><input id="_R_3ilplae_" required="" type="tel" autoComplete="tel" inputMode="tel" class="css-fvn992" name="phone" value=""/><div data-field-message="true" class="css-1sfseq2"></div></div><div data-field="true" class="css-31l7gp"><label for="_R_4ilplae_" class="css-1xlqiut">Subject<span aria-hidden="true" class="css-77sqvk">*</span></label><input id="_R_4ilplae_" required="" type="text" class="css-fvn992" name="subject" value=""/><div data-field-message="true" class="css-1sfseq2"></div></div><div data-field="true" class="css-15ywwmc"><label for="_R_5ilplae_" class="css-1xlqiut">Message<span aria-hidden="true" class="css-77sqvk">*</span></label><textarea id="_R_5ilplae_" name="message" required="" rows="5" class="css-15r8scj"></textarea><div data-field-message="true" class="css-1sfseq2"></div></div></div><div class="css-1w2p18d"><div><div role="status" aria-live="polite"></div><div role="alert"></div></div></div><div class="css-1agk9pq"><button type="submit" class="css-w0i6iv">Send Message</button><p class="css-17jbyvu"><span aria-hidden="true" class="css-1sxcvvb">*</span> <!-- -->Required. Your details are used only to answer you.</p></div></form></main></div></body></html>';

const form = (fields: Record<string, string>): string =>
  new URLSearchParams({ [FORM_POST_FIELD]: 'contact-form', source: 'about-us', website: '', ...fields }).toString();
const VALID = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '(905) 555-0101', subject: 'Viewing', message: 'Sunday at 2?' };

describe('the page rewritten for a posted form', () => {
  it('puts back what was typed (escaped), marks each invalid field with its message, and focuses the first', () => {
    const html = fillForm(PAGE, 'contact-form', {
      values: { name: 'Ada "<b>"', email: 'not-an-email', phone: '', subject: 'Hi', message: 'Line 1\n<script>x</script>' },
      errors: { email: 'Please enter a valid email address.', phone: 'Please enter your phone.' },
      notice: 'Please correct the 2 fields marked below.',
    });
    expect(html).toContain('name="name" value="Ada &quot;&lt;b&gt;&quot;"');
    expect(html).toContain('>Line 1\n&lt;script&gt;x&lt;/script&gt;</textarea>');
    expect(html).not.toContain('<script>x');
    const email = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? '';
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('autofocus=""');
    const id = /id="([^"]+)"/.exec(email)?.[1];
    expect(email).toContain(`aria-describedby="${id}-error"`);
    expect(html).toMatch(
      new RegExp(
        `data-field-message="true" class="[^"]*"><p id="${id}-error" role="alert"[^>]*><span aria-hidden="true">!</span>Please enter a valid email address.</p>`,
      ),
    );
    const phone = /<input[^>]*name="phone"[^>]*>/.exec(html)?.[0] ?? '';
    expect(phone).toContain('aria-invalid="true"');
    expect(phone).not.toContain('autofocus'); // only the first
    expect(/<input[^>]*name="name"[^>]*>/.exec(html)?.[0]).not.toContain('aria-invalid');
    expect(html).toContain('Please correct the 2 fields marked below.');
    // the honeypot and the hidden fields are left as the page drew them
    expect(html).toContain('name="website" value=""');
    expect(html).toContain('name="source" value="about-us"');
  });

  it('shows the form’s own thank-you where #form-sent leads', () => {
    const html = markSent(PAGE, 'contact-form');
    expect(html).toContain(`<p id="${SENT_ID}" tabindex="-1" data-testid="form-success"`);
    expect(html).toContain('Thank you! Your message has been sent.</p>');
    expect(markSent(PAGE, 'list-with-us')).toBe(PAGE); // another form: nothing to mark
  });
});

const implementations = bothStores('form_posts');

describe.each(implementations)('%s store: a form posted without scripts', (_kind, prepare) => {
  let store: Store;
  let server: http.Server;
  let base: string;
  const rewrites: ((url: URL) => ((html: string) => string) | undefined)[] = [];

  beforeAll(async () => {
    store = await (await prepare())();
    const router = new Router();
    registerFormPosts(router, {
      store,
      forwardToN8n: false,
      airtableMode: false,
      servePage: async (_req, res, _ctx, answer) => {
        const body = answer.rewrite ? answer.rewrite(PAGE) : PAGE;
        res.writeHead(answer.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': answer.private ? 'private, no-store' : 'no-cache' });
        res.end(body);
      },
      rewritePages: (fn) => rewrites.push(fn),
    });
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const match = router.match(req.method ?? 'GET', url.pathname);
      const ctx: RequestContext = { url, origin: base, secure: false, params: {}, clientIp: '127.0.0.1' };
      if (match && 'handler' in match) void match.handler(req, res, { ...ctx, params: match.params });
      else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
  });

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${base}/contact-us`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, ...headers },
      body,
    });

  it('a valid form is kept as the JSON receivers keep it, then redirected to the page with its thank-you (POST-redirect-GET)', async () => {
    const table = SUBMISSION_TABLES['contact-form'];
    const before = await store.count(table);
    const res = await post(form(VALID));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/contact-us?sent=contact-form#${SENT_ID}`);
    expect(await store.count(table)).toBe(before + 1);
    const kept = (await store.all(table)).find((r) => r.fields.email === 'ada@example.com');
    expect(kept?.fields).toMatchObject({ ...VALID, source: 'about-us' });
    const sent = rewrites.map((fn) => fn(new URL(`${base}/contact-us?sent=contact-form`))).find(Boolean);
    expect(sent?.(PAGE)).toContain('data-testid="form-success"');
    expect(rewrites.map((fn) => fn(new URL(`${base}/contact-us`))).find(Boolean)).toBeUndefined();
  });

  it('a form with mistakes comes back as the page with the values and messages, private, and nothing is kept', async () => {
    const table = SUBMISSION_TABLES['contact-form'];
    const before = await store.count(table);
    const res = await post(form({ ...VALID, email: 'ada-at-example', phone: '' }));
    expect(res.status).toBe(422);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('name="email" value="ada-at-example"');
    expect(html).toContain('>Sunday at 2?</textarea>');
    expect(html).toMatch(/role="alert"[^>]*><span aria-hidden="true">!<\/span>[^<]*email/i);
    expect(html).toContain('Please correct the 2 fields marked below.');
    expect(await store.count(table)).toBe(before);
  });

  it('the honeypot filled: told "sent", nothing kept', async () => {
    const table = SUBMISSION_TABLES['contact-form'];
    const before = await store.count(table);
    const res = await post(form({ ...VALID, website: 'http://spam.example' }));
    expect(res.status).toBe(303);
    expect(await store.count(table)).toBe(before);
  });

  it('another site’s page, another format or an unknown form: refused, nothing kept', async () => {
    const table = SUBMISSION_TABLES['contact-form'];
    const before = await store.count(table);
    expect((await post(form(VALID), { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(JSON.stringify(VALID), { 'Content-Type': 'application/json' })).status).toBe(415);
    expect((await post(new URLSearchParams({ ...VALID, [FORM_POST_FIELD]: 'nope' }).toString())).status).toBe(400);
    expect(await store.count(table)).toBe(before);
  });
});

describe('the running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    // a built shell whose app page is the fixture (first screen off: the page as it is)
    const root = tempDir('gta-form-posts-');
    fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), PAGE);
    server = await startServer({ repoRoot: root, firstScreen: 'off', formRateLimit: 3 });
  });
  afterAll(() => server.close());

  const post = (body: string) =>
    request(`${server.url}/contact-us`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body,
    });

  it('answers a page’s POST (FEATURES), shows the thank-you after the redirect, and shares the JSON receivers’ limit', async () => {
    const bad = await post(form({ ...VALID, message: '' }));
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('name="name" value="Ada Lovelace"');
    // a JSON post takes from the same budget
    expect((await postJson(`${server.url}/webhook/contact-form`, { ...VALID, source: 'default' }, { Origin: server.url })).status).toBe(200);
    const good = await post(form(VALID));
    expect(good.status).toBe(303);
    const location = good.headers.get('location') ?? '';
    expect(location).not.toMatch(/ada|Lovelace|555/i);
    const page = await request(`${server.url}${location.split('#')[0]}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Thank you! Your message has been sent.</p>');
    // the limit of 3 a minute is spent: the page comes back with the reason and what was typed
    const limited = await post(form(VALID));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(limited.text).toContain('Too many messages from your network');
    expect(limited.text).toContain('name="email" value="ada@example.com"');
  });
});

describe('an inquiry sent without a subject (issue 39 #4)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('is stored as "Inquiry about {the property}", not left empty', async () => {
    const body = {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Is it still available?',
      propertyId: 'W1',
      propertyName: 'Modern Residence at 691 Shoreacres Road',
    };
    const reply = await postJson(`${server.url}/webhook/property-inquiry`, { ...body, subject: '' });
    expect(reply.status).toBe(200);
    const { id } = reply.json<{ id: string }>();
    expect((await server.app.store.find('Property Inquiries', id))?.fields.subject).toBe('Inquiry about Modern Residence at 691 Shoreacres Road');
    const own = await postJson(`${server.url}/webhook/property-inquiry`, { ...body, subject: 'Parking?' });
    expect((await server.app.store.find('Property Inquiries', own.json<{ id: string }>().id))?.fields.subject).toBe('Parking?');
  });
});
