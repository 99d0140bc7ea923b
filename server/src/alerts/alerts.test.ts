/**
 * Listing alerts through the server's HTTP API, with the outbox delivering to the fake n8n Webhook node
 * (testing/fakeN8nWebhook.ts): save a search (validation, Origin, limits), the confirm email's webhook, the confirm
 * link, a listing created through the records API with the server token bringing one alert, one-click unsubscribe,
 * the staff table; and Airtable mode, where the staff row is created and updated in the team's base.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMPTY_ALERT_CRITERIA } from '@gta/shared/core';
import { postJson, request, signIn, startServer, type TestServer } from '../testing/harness';
import { startFakeN8nWebhook, type FakeN8nWebhook, type ReceivedCall } from '../testing/fakeN8nWebhook';
import { alertMatcherOf } from '.';
import { ALERTS_SERVER_TOKEN as TOKEN, FAST_ALERTS as fast, startAlertsSite, until } from '../testing/alertsSite';
import type { AlertWebhookBody, ConfirmWebhookBody } from './deliveries';

jest.setTimeout(30_000);

const subscribe = (server: TestServer, body: unknown, headers: Record<string, string> = {}) => postJson(`${server.url}/api/alerts`, body, headers);
const oakville = { email: 'ada@example.com', frequency: 'instant', criteria: { ...EMPTY_ALERT_CRITERIA, location: 'Oakville', beds: '3' } };

describe('listing alerts over HTTP, delivered to n8n', () => {
  let n8n: FakeN8nWebhook;
  let server: TestServer;
  beforeEach(async () => {
    ({ n8n, server } = await startAlertsSite());
  });
  afterEach(async () => {
    await server.close();
    await n8n.close();
  });

  const calls = (path: string): ReceivedCall[] => n8n.started.filter((c) => c.path === path);

  it('refuses other sites, other content types and bad input (field errors), and keeps nothing then', async () => {
    expect((await subscribe(server, oakville, { Origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await request(`${server.url}/api/alerts`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(oakville) })).status,
    ).toBe(415);
    const bad = await subscribe(server, { email: 'ada@', frequency: 'hourly', criteria: { price: 'lots' } });
    expect(bad.status).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toMatchObject({
      email: 'Please enter a valid email address.',
      frequency: 'Please choose how often we should write.',
      'criteria.price': 'must be a number',
    });
    expect((await subscribe(server, '{oops')).status).toBe(400);
    expect(await server.app.store.alerts.list()).toEqual([]);
    expect(await server.app.store.outbox.stats()).toEqual({ pending: 0, delivered: 0, notDelivered: 0 });
  });

  it('subscribe, confirm by the link, one alert for a listing created through the records API, none twice, one-click unsubscribe', async () => {
    const saved = await subscribe(server, oakville, { Origin: server.url });
    expect(saved.status).toBe(200);
    expect(saved.json()).toMatchObject({ ok: true, message: 'Check your inbox to confirm.' });

    // the confirm email goes through n8n: the visitor, the search and the link
    const [confirmCall] = await until(() => (calls('listing-alert-confirm').length > 0 ? calls('listing-alert-confirm') : undefined));
    const confirm = confirmCall!.body as ConfirmWebhookBody & { form: string; submissionId: string; receivedAt: string };
    expect(confirm).toMatchObject({
      form: 'listing-alert-confirm',
      visitor: { email: 'ada@example.com' },
      search: { summary: 'In “Oakville”, 3+ beds (for sale)', frequency: 'instant', url: `${server.url}/active-listings?location=Oakville&beds=3` },
    });
    expect(confirm.confirmUrl).toMatch(new RegExp(`^${server.url}/api/alerts/confirm\\?token=[A-Za-z0-9_-]{43}$`));
    expect(confirm.unsubscribeUrl).toMatch(new RegExp(`^${server.url}/api/alerts/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
    expect(confirmCall!.headers['x-submission-id']).toBe(confirm.submissionId);
    expect(confirmCall!.headers['idempotency-key']).toBe(confirm.submissionId);

    // not confirmed yet: a new listing brings nothing
    const before = await postJson(
      `${server.url}/api/airtable/v0/appLocalBase/Properties/`,
      {
        fields: { 'Property Name': 'Early Bird House', Location: 'Oakville', 'City/State': 'Oakville, ON', Bedrooms: 4, Price: 1_900_000, Status: 'Available' },
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(before.status).toBe(200);

    // a HEAD of the link (a link checker) changes nothing
    expect((await request(confirm.confirmUrl, { method: 'HEAD' })).status).toBe(200);
    expect((await server.app.store.alerts.list())[0]?.confirmedAt).toBeNull();
    const page = await request(confirm.confirmUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('Your listing alert is on');
    expect(page.text).toContain('In “Oakville”, 3+ beds (for sale)');
    expect((await request(confirm.confirmUrl)).text).toContain('Your listing alert is on'); // a second click: same page, nothing new
    expect((await request(`${server.url}/api/alerts/confirm?token=${'x'.repeat(43)}`)).status).toBe(404);

    // the listing saved before the confirmation but after the search: announced (the baseline keeps only older ones)
    const first = await until(() => calls('listing-alert')[0]);
    const body = first.body as AlertWebhookBody & { form: string; submissionId: string; receivedAt: string };
    expect(body.listings.map((l) => l.name)).toEqual(['Early Bird House']);

    // a listing created through the records API with the server token: one alert, with it
    const created = await postJson(
      `${server.url}/api/airtable/v0/appLocalBase/Properties/`,
      {
        fields: {
          'Property Name': 'Lakeshore Manor',
          Location: 'Oakville',
          'City/State': 'Oakville, ON',
          Bedrooms: 5,
          Bathrooms: 4,
          Price: 2_450_000,
          Status: 'Available',
        },
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(created.status).toBe(200);
    const second = await until(() => calls('listing-alert')[1]);
    const alert = second.body as AlertWebhookBody & { form: string; submissionId: string; receivedAt: string };
    expect(alert).toMatchObject({
      form: 'listing-alert',
      visitor: { email: 'ada@example.com' },
      search: { summary: 'In “Oakville”, 3+ beds (for sale)', frequency: 'instant', criteria: { location: 'Oakville', beds: '3' } },
      totalListings: 1,
      unsubscribeUrl: confirm.unsubscribeUrl,
    });
    expect(alert.listings).toEqual([
      expect.objectContaining({
        id: created.json<{ id: string }>().id,
        name: 'Lakeshore Manor',
        url: `${server.url}/property/lakeshore-manor`,
        reason: 'new',
        price: 2_450_000,
        priceText: '$2,450,000',
        bedrooms: 5,
      }),
    ]);
    expect(alert.submissionId).toBe(alert.alertId);
    expect(second.headers['x-submission-id']).toBe(alert.alertId);
    expect(second.headers['x-n8n-key']).toBe('n8n-secret');

    // the matcher again: nothing new, nothing sent
    expect((await alertMatcherOf(server.app)!.run()).alerts).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(calls('listing-alert')).toHaveLength(2);

    // staff see the saved search in 'Listing Alerts' (and nobody else does)
    const cookie = await signIn(server.url);
    const api = `${server.url}/api/airtable/v0/appLocalBase/Listing%20Alerts`;
    expect((await request(api)).status).toBe(401);
    const staff = (await request(api, { headers: { Cookie: cookie } })).json<{ records: { fields: Record<string, string> }[] }>();
    expect(staff.records).toEqual([
      {
        id: expect.any(String),
        createdTime: expect.any(String),
        fields: expect.objectContaining({
          Email: 'ada@example.com',
          Frequency: 'Instant',
          Search: 'In “Oakville”, 3+ beds (for sale)',
          Confirmed: expect.any(String),
        }),
      },
    ]);
    expect(staff.records[0]?.fields).not.toHaveProperty('Unsubscribed');
    expect((await request(`${server.url}/api/admin/count?table=Listing%20Alerts`, { headers: { Cookie: cookie } })).json()).toEqual({ count: 1 });
    expect((await postJson(`${api}/`, { fields: { Email: 'x@example.com' } }, { Authorization: `Bearer ${TOKEN}` })).status).toBe(403);

    expect((await request(alert.unsubscribeUrl, { method: 'HEAD' })).status).toBe(200);
    expect((await server.app.store.alerts.list())[0]?.unsubscribedAt).toBeNull();
    // one click, no JavaScript: a plain GET of the link
    const off = await request(alert.unsubscribeUrl);
    expect(off.status).toBe(200);
    expect(off.text).toContain('You are unsubscribed');
    expect(off.text).not.toContain('<script');
    expect((await request(alert.unsubscribeUrl)).status).toBe(200); // idempotent
    // mail clients' one-click POST (RFC 8058) too
    expect(
      (
        await request(alert.unsubscribeUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        })
      ).status,
    ).toBe(200);
    const staffAfter = (await request(api, { headers: { Cookie: cookie } })).json<{ records: { fields: Record<string, string> }[] }>();
    expect(Date.parse(staffAfter.records[0]?.fields.Unsubscribed ?? '')).toBeGreaterThan(Date.now() - 60_000);

    await postJson(
      `${server.url}/api/airtable/v0/appLocalBase/Properties/`,
      { fields: { 'Property Name': 'Too Late Villa', Location: 'Oakville', Bedrooms: 6, Price: 3_000_000, Status: 'Available' } },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect((await alertMatcherOf(server.app)!.run()).alerts).toBe(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(calls('listing-alert')).toHaveLength(2);
    expect(calls('listing-alert-confirm')).toHaveLength(1);
  });

  it('limits saves per address like the forms and per email address per day', async () => {
    await server.close();
    server = await startServer({ n8nWebhookBase: n8n.base, alertsIntervalMs: 0, formRateLimit: 3 }, fast);
    const replies = [];
    for (let i = 0; i < 4; i++) replies.push(await subscribe(server, { ...oakville, email: `v${i}@example.com` }));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(Number(replies[3]?.headers.get('retry-after'))).toBeGreaterThan(0);

    await server.close();
    server = await startServer({ n8nWebhookBase: n8n.base, alertsIntervalMs: 0 }, fast);
    const same = [];
    for (let i = 0; i < 6; i++) same.push(await subscribe(server, { ...oakville, email: i % 2 ? 'Kim@Example.com' : 'kim@example.com' }));
    expect(same.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(same[5]?.json<{ errors: Record<string, string> }>().errors.email).toMatch(/several alerts today/);
  });

  it('answers 503 and keeps nothing when no n8n is configured (no email could reach the visitor)', async () => {
    await server.close();
    server = await startServer({ alertsIntervalMs: 0 }, fast);
    const reply = await subscribe(server, oakville);
    expect(reply.status).toBe(503);
    expect(reply.json()).toEqual({ ok: false, error: 'Listing alerts are not available right now. Please try again later.' });
    expect(await server.app.store.alerts.list()).toEqual([]);
  });
});

describe('Airtable mode: the saved search is a row of the team base’s Listing Alerts, updated when confirmed and unsubscribed', () => {
  it('creates the row, then PATCHes Confirmed and Unsubscribed', async () => {
    const seen: { method: string; path: string; body: { fields?: Record<string, unknown>; typecast?: boolean } }[] = [];
    const airtable = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '');
        res.writeHead(200, { 'Content-Type': 'application/json' });
        if (req.method === 'GET') return void res.end(JSON.stringify({ records: [] }));
        seen.push({ method: req.method ?? '', path, body: JSON.parse(raw) as { fields?: Record<string, unknown> } });
        res.end(JSON.stringify({ id: 'recRow1', createdTime: new Date().toISOString(), fields: {} }));
      });
    });
    await new Promise<void>((r) => airtable.listen(0, '127.0.0.1', r));
    const n8n = await startFakeN8nWebhook({ auth: { type: 'none' }, activePaths: ['listing-alert-confirm'] });
    const server = await startServer(
      {
        airtableBaseId: 'appTeamBase',
        airtableToken: 'patSECRET',
        airtableApiUrl: `http://127.0.0.1:${(airtable.address() as AddressInfo).port}`,
        n8nWebhookBase: n8n.base,
        alertsIntervalMs: 0,
      },
      fast,
    );
    try {
      expect((await subscribe(server, { ...oakville, frequency: 'weekly' })).status).toBe(200);
      await until(() => (seen.length > 0 ? true : undefined));
      expect(seen[0]).toEqual({
        method: 'POST',
        path: '/v0/appTeamBase/Listing Alerts/',
        body: {
          fields: {
            'Received At': expect.any(String),
            Email: 'ada@example.com',
            Frequency: 'Weekly',
            Search: 'In “Oakville”, 3+ beds (for sale)',
            'Submission ID': expect.stringMatching(/^rec/),
          },
          typecast: true,
        },
      });
      const confirm = (await until(() => n8n.started[0])).body as ConfirmWebhookBody;
      expect((await request(confirm.confirmUrl)).status).toBe(200);
      await until(() => (seen.length > 1 ? true : undefined));
      expect(seen[1]).toEqual({
        method: 'PATCH',
        path: '/v0/appTeamBase/Listing Alerts/recRow1',
        body: { fields: { Confirmed: expect.any(String) }, typecast: true },
      });
      expect((await request(confirm.unsubscribeUrl)).status).toBe(200);
      await until(() => (seen.length > 2 ? true : undefined));
      expect(seen[2]).toEqual({
        method: 'PATCH',
        path: '/v0/appTeamBase/Listing Alerts/recRow1',
        body: { fields: { Unsubscribed: expect.any(String) }, typecast: true },
      });
      // staff read the base, not the server: the records API has no local Listing Alerts in Airtable mode
      expect(server.app.records.isDerived('Listing Alerts')).toBe(false);
    } finally {
      await server.close();
      await n8n.close();
      airtable.closeAllConnections();
      await new Promise((r) => airtable.close(r));
    }
  });
});
