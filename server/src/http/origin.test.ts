/**
 * A trustworthy origin: with PUBLIC_URL set, every absolute URL the server writes (the page's canonical, og:url and
 * preloads, /config.json's remotes and records base, the sitemap, robots.txt, the links of a listing alert's
 * confirm email with their tokens) comes from it, whatever Host the request carries; production refuses to start
 * without it; without it (development) answers are built from Host and say `Vary: Host`.
 * The Host header is written with node:http (fetch does not let a caller set it).
 */
import http from 'node:http';
import { readConfig } from '../config';
import { registerAlerts } from '../alerts';
import type { ConfirmWebhookBody } from '../alerts/deliveries';
import { startServer, type TestServer } from '../testing/harness';
import { startFakeN8nWebhook, type FakeN8nWebhook } from '../testing/fakeN8nWebhook';
import { EMPTY_ALERT_CRITERIA } from '@gta/shared/core';

jest.setTimeout(60_000);

const TEAM = 'https://www.team.example';
const FORGED = 'evil.example';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request with the Host header the caller chooses. */
function withHost(url: string, host: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: { ...init.headers, Host: host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const until = async <T>(check: () => T | undefined, ms = 10_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Every absolute http(s) URL in a text (HTML attributes and JSON strings). */
const absoluteUrls = (text: string): string[] => [...text.matchAll(/https?:\/\/[^\s"'<>)\\]+/g)].map((m) => m[0]);

const PAGES = ['/', '/active-listings', '/config.json', '/sitemap.xml', '/robots.txt'];

describe('PUBLIC_URL in production', () => {
  it('NODE_ENV=production without PUBLIC_URL stops the start with what to set; with it, or in development, it starts', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is not set\. With NODE_ENV=production .*PUBLIC_URL=https:\/\//);
    expect(readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://www.team.example/' }).publicUrl).toBe(TEAM);
    expect(readConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
    expect(readConfig({}).publicUrl).toBeUndefined();
  });
});

describe('a forged Host header', () => {
  let n8n: FakeN8nWebhook;
  let pinned: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    n8n = await startFakeN8nWebhook({ auth: { type: 'none' }, activePaths: ['listing-alert-confirm'] });
    const options = { plugins: [registerAlerts], outbox: { initialDelayMs: 20, maxDelayMs: 100, pollMs: 20 } };
    pinned = await startServer({ publicUrl: TEAM, n8nWebhookBase: n8n.base, alertsIntervalMs: 0 }, options);
    open = await startServer({}, options);
  });
  afterAll(async () => {
    await pinned?.close();
    await open?.close();
    await n8n?.close();
  });

  it.each(PAGES)('with PUBLIC_URL, %s builds every absolute URL from it, not from Host, and does not vary on Host', async (path) => {
    const reply = await withHost(`${pinned.url}${path}`, FORGED);
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain(FORGED);
    const urls = absoluteUrls(reply.text).filter((u) => !u.startsWith('http://www.w3.org/') && !u.startsWith('https://www.sitemaps.org/'));
    expect(urls.filter((u) => u.includes(new URL(pinned.url).host))).toEqual([]);
    if (path !== '/active-listings') expect(urls.some((u) => u.startsWith(`${TEAM}/`))).toBe(true);
    expect(String(reply.headers.vary ?? '')).not.toMatch(/\bHost\b/);
  });

  it("with PUBLIC_URL, the home page's canonical and og:url are PUBLIC_URL's", async () => {
    const home = await withHost(`${pinned.url}/`, FORGED);
    expect(home.text).toContain(`<link rel="canonical" href="${TEAM}/"`);
    expect(home.text).toContain(`<meta property="og:url" content="${TEAM}/"`);
  });

  it("with PUBLIC_URL, a listing alert saved under a forged Host: the confirm email's links (with their tokens) are PUBLIC_URL's", async () => {
    const saved = await withHost(`${pinned.url}/api/alerts`, FORGED, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', frequency: 'weekly', criteria: { ...EMPTY_ALERT_CRITERIA, location: 'Oakville' } }),
    });
    expect(saved.status).toBe(200);
    const confirm = (await until(() => n8n.started.find((c) => c.path === 'listing-alert-confirm'))).body as ConfirmWebhookBody;
    expect(confirm.confirmUrl.startsWith(`${TEAM}/`)).toBe(true);
    expect(confirm.unsubscribeUrl.startsWith(`${TEAM}/`)).toBe(true);
    expect(confirm.search.url.startsWith(`${TEAM}/`)).toBe(true);
    expect(JSON.stringify(confirm)).not.toContain(FORGED);
  });

  it.each(PAGES)('without PUBLIC_URL (development), %s is built from Host and says Vary: Host', async (path) => {
    const reply = await withHost(`${open.url}${path}`, 'dev.example:8080');
    expect(reply.status).toBe(200);
    expect(String(reply.headers.vary ?? '')).toMatch(/\bHost\b/);
  });
});
