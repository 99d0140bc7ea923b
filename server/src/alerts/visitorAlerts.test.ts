/**
 * One listing alert per visitor, over the server's HTTP API with the outbox delivering to the fake n8n Webhook node:
 * a visitor with two saved searches hears once about a new home both match (each search with its homes, the home
 * listed once), once about its price cut made through the records API in local mode (PATCH with airtable.js), and
 * the alert's 'unsubscribe from all' link turns both searches off. PostgreSQL: matcher.test.ts runs the same rule
 * on both stores.
 */
import Airtable from 'airtable';
import { EMPTY_ALERT_CRITERIA, PROPERTIES_TABLE } from '@gta/shared/core';
import { postJson, request, type TestServer } from '../testing/harness';
import type { FakeN8nWebhook, ReceivedCall } from '../testing/fakeN8nWebhook';
import { alertMatcherOf } from '.';
import { ALERTS_SERVER_TOKEN as TOKEN, startAlertsSite, until } from '../testing/alertsSite';
import type { AlertWebhookBody, ConfirmWebhookBody } from './deliveries';

jest.setTimeout(30_000);

describe('one listing alert per visitor', () => {
  let n8n: FakeN8nWebhook;
  let server: TestServer;
  beforeAll(async () => {
    ({ n8n, server } = await startAlertsSite());
  });
  afterAll(async () => {
    await server.close();
    await n8n.close();
  });

  const calls = (path: string): ReceivedCall[] => n8n.started.filter((c) => c.path === path);
  const subscribe = (body: unknown) => postJson(`${server.url}/api/alerts`, body, { Origin: server.url });

  it('two searches, one email: one alert for a new home both match, one for its price cut (PATCH), none twice; unsubscribe from all', async () => {
    expect((await subscribe({ email: 'ada@example.com', frequency: 'instant', criteria: { ...EMPTY_ALERT_CRITERIA, location: 'Oakville' } })).status).toBe(200);
    expect((await subscribe({ email: 'Ada@Example.com', frequency: 'instant', criteria: { ...EMPTY_ALERT_CRITERIA, beds: '5' } })).status).toBe(200);
    const confirms = await until(() => (calls('listing-alert-confirm').length === 2 ? calls('listing-alert-confirm') : undefined));
    for (const c of confirms) expect((await request((c.body as ConfirmWebhookBody).confirmUrl)).status).toBe(200);
    await alertMatcherOf(server.app)!.run(); // the baselines

    const created = await postJson(
      `${server.url}/api/airtable/v0/appLocalBase/Properties/`,
      {
        fields: { 'Property Name': 'Lakeshore Manor', Location: 'Oakville', 'City/State': 'Oakville, ON', Bedrooms: 5, Price: 2_000_000, Status: 'Available' },
      },
      { Authorization: `Bearer ${TOKEN}` },
    );
    expect(created.status).toBe(200);
    const id = created.json<{ id: string }>().id;
    const first = (await until(() => calls('listing-alert')[0])).body as AlertWebhookBody;
    expect(first.visitor.email.toLowerCase()).toBe('ada@example.com');
    expect(first.searches.map((s) => [s.search.summary, s.listings.map((l) => [l.id, l.reason])])).toEqual([
      ['In “Oakville” (for sale)', [[id, 'new']]],
      ['5+ beds (for sale)', [[id, 'new']]],
    ]);
    expect(first.listings.map((l) => l.name)).toEqual(['Lakeshore Manor']);
    expect(first.totalListings).toBe(1);
    expect(first.searches[0]!.unsubscribeUrl).not.toBe(first.searches[1]!.unsubscribeUrl);
    expect(first.unsubscribeAllUrl).toMatch(new RegExp(`^${server.url}/api/alerts/unsubscribe-all\\?token=[A-Za-z0-9_-]{43}$`));

    // a price cut made in local mode through the records API (airtable.js update): one alert, for both searches
    const table = new Airtable({ apiKey: TOKEN, endpointUrl: `${server.url}/api/airtable` }).base('appLocalBase').table(PROPERTIES_TABLE);
    await table.update(id, { Price: 1_850_000 });
    const cut = (await until(() => calls('listing-alert')[1])).body as AlertWebhookBody;
    expect(cut.searches.map((s) => s.listings.map((l) => [l.id, l.reason, l.price, l.previousPrice]))).toEqual([
      [[id, 'price-reduced', 1_850_000, 2_000_000]],
      [[id, 'price-reduced', 1_850_000, 2_000_000]],
    ]);
    expect(cut.listings).toHaveLength(1);
    // a rise, and a change that is not a price: nothing
    await table.update(id, { Price: 1_900_000 });
    await table.update(id, { 'Property Name': 'Lakeshore Manor House' });
    expect((await alertMatcherOf(server.app)!.run()).alerts).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls('listing-alert')).toHaveLength(2);

    // 'unsubscribe from all': one click, both searches off; a second click is fine; a bad token is 404
    expect((await request(cut.unsubscribeAllUrl, { method: 'HEAD' })).status).toBe(200);
    expect(await server.app.store.alerts.active()).toHaveLength(2);
    const off = await request(cut.unsubscribeAllUrl);
    expect(off.status).toBe(200);
    expect(off.text).toContain('You are unsubscribed');
    expect(off.text).toContain('In “Oakville” (for sale); 5+ beds (for sale)');
    expect(off.text).not.toContain('<script');
    expect(await server.app.store.alerts.active()).toEqual([]);
    expect((await request(cut.unsubscribeAllUrl, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    expect((await request(`${server.url}/api/alerts/unsubscribe-all?token=${'x'.repeat(43)}`)).status).toBe(404);
    await table.update(id, { Price: 1_500_000 });
    expect((await alertMatcherOf(server.app)!.run()).alerts).toBe(0);
  });
});
