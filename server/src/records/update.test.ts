/**
 * Changing records through the records API (PATCH and PUT, as Airtable's API documents them), driven by the real
 * airtable.js (`table.update`, `table.replace`) over HTTP: one record or up to 10, merged or replaced, checked before
 * anything changes (Airtable's 422 answers), for the server token or a staff session only; the listings the pages
 * read change at once, and a price cut reaches the listing-alert matcher (tested with the alerts in alerts.test.ts).
 */
import Airtable from 'airtable';
import { LISTING_ALERTS_TABLE, PROPERTIES_TABLE } from '@gta/shared/core';
import { request, signIn, startServer, type TestServer } from '../testing/harness';
import { registerAlerts } from '../alerts';

const TOKEN = 'server-secret';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ recordsApiToken: TOKEN, recordsRateLimit: 0, alertsIntervalMs: 0 }, { plugins: [registerAlerts] });
});
afterAll(() => server.close());

const base = (apiKey: string) => new Airtable({ apiKey, endpointUrl: `${server.url}/api/airtable`, noRetryIfRateLimited: true }).base('appLocalBase');
const props = () => base(TOKEN)(PROPERTIES_TABLE);
const api = () => `${server.url}/api/airtable/v0/appLocalBase`;

async function someListings(n: number): Promise<readonly Airtable.Record<Airtable.FieldSet>[]> {
  return props()
    .select({ maxRecords: n, sort: [{ field: 'Listing Date', direction: 'desc' }] })
    .firstPage();
}

describe('PATCH and PUT of records (airtable.js update and replace)', () => {
  it('update(id, fields) changes the fields given and keeps the others; the listings read after it have the change', async () => {
    const [home] = await someListings(1);
    const before = home!.fields;
    const updated = await props().update(home!.id, { Price: 1_234_000, 'Property Name': 'Renamed Residence' });
    expect(updated.id).toBe(home!.id);
    expect(updated.get('Price')).toBe(1_234_000);
    expect(updated.get('Property Name')).toBe('Renamed Residence');
    expect(updated.get('Bedrooms')).toBe(before.Bedrooms);
    // the public read (what the pages see) has it, in the same place of the creation order
    const publicRead = await base('public-read')(PROPERTIES_TABLE).find(home!.id);
    expect(publicRead.get('Price')).toBe(1_234_000);
    expect(publicRead.get('Status')).toBe(before.Status);
    const all = await base('public-read')(PROPERTIES_TABLE).select().all();
    const again = await base('public-read')(PROPERTIES_TABLE).select().all();
    expect(all.map((r) => r.id)).toEqual(again.map((r) => r.id));
    expect(all.filter((r) => r.id === home!.id)).toHaveLength(1);
  });

  it('update([...]) changes up to 10 records in one request (PATCH of the table, trailing slash), and typecast converts', async () => {
    const homes = await someListings(3);
    const updated = await props().update(
      homes.map((h, i) => ({ id: h.id, fields: { Price: `${2_000_000 + i}` } })),
      { typecast: true },
    );
    expect(updated.map((r) => [r.id, r.get('Price')])).toEqual(homes.map((h, i) => [h.id, 2_000_000 + i]));
  });

  it('replace(id, fields) (PUT) leaves only the fields given; null clears a field with update', async () => {
    const created = await base(TOKEN)('Property Inquiries').create({ name: 'Grace', email: 'grace@example.com', message: 'Hello' });
    const cleared = await base(TOKEN)('Property Inquiries').update(created.id, { message: null } as unknown as Airtable.FieldSet);
    expect(cleared.fields).toEqual({ name: 'Grace', email: 'grace@example.com' });
    const replaced = await base(TOKEN)('Property Inquiries').replace(created.id, { name: 'Grace Hopper' });
    expect(replaced.fields).toEqual({ name: 'Grace Hopper' });
    expect((await base(TOKEN)('Property Inquiries').find(created.id)).fields).toEqual({ name: 'Grace Hopper' });
  });

  it('checks everything before changing anything: unknown field, wrong value, 11 records, unknown record (Airtable’s errors)', async () => {
    const [a, b] = await someListings(2);
    const priceOfA = a!.get('Price');
    await expect(
      props().update([
        { id: a!.id, fields: { Price: 1 } },
        { id: b!.id, fields: { Nope: 'x' } },
      ]),
    ).rejects.toMatchObject({
      error: 'UNKNOWN_FIELD_NAME',
      statusCode: 422,
    });
    await expect(props().update(a!.id, { Price: 'a lot' })).rejects.toMatchObject({ error: 'INVALID_VALUE_FOR_COLUMN', statusCode: 422 });
    const eleven = Array.from({ length: 11 }, () => ({ id: a!.id, fields: { Price: 1 } }));
    await expect(props().update(eleven)).rejects.toMatchObject({ error: 'INVALID_REQUEST_UNKNOWN', statusCode: 422 });
    await expect(props().update('recDoesNotExist0001', { Price: 1 })).rejects.toMatchObject({ error: 'NOT_FOUND', statusCode: 404 });
    await expect(
      props().update([
        { id: a!.id, fields: { Price: 1 } },
        { id: 'recDoesNotExist0001', fields: { Price: 1 } },
      ]),
    ).rejects.toMatchObject({ error: 'ROW_DOES_NOT_EXIST', statusCode: 422 });
    // nothing changed
    expect((await props().find(a!.id)).get('Price')).toBe(priceOfA);
    // bodies airtable.js would not send, by hand
    const patch = (path: string, body: string) =>
      request(`${api()}/${path}`, { method: 'PATCH', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body });
    expect((await patch('Properties', '{oops')).status).toBe(422);
    expect((await patch('Properties', JSON.stringify({ records: [{ fields: { Price: 1 } }] }))).json()).toEqual({
      error: { type: 'INVALID_REQUEST_UNKNOWN', message: expect.stringContaining('each record needs the id of a record') },
    });
    expect((await patch(`Properties/${a!.id}`, JSON.stringify({ fields: [] }))).status).toBe(422);
  });

  it('nobody changes records from the browser without a staff session; staff may; derived tables are never written', async () => {
    const [home] = await someListings(1);
    // airtable.js reports a 403 as NOT_AUTHORIZED
    await expect(base('public-read')(PROPERTIES_TABLE).update(home!.id, { Price: 1 })).rejects.toMatchObject({
      error: 'NOT_AUTHORIZED',
      statusCode: 403,
    });
    const secret = await request(`${api()}/Secret%20Table/${home!.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: { a: 1 } }),
    });
    expect(secret.status).toBe(404);
    // a cross-site preflight for a change is refused (no CORS headers)
    const preflight = await request(`${api()}/Properties/${home!.id}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PATCH' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const cookie = await signIn(server.url);
    const staff = await request(`${api()}/Properties/${home!.id}`, {
      method: 'PATCH',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: { Price: 4_100_000 } }),
    });
    expect(staff.status).toBe(200);
    expect(staff.json()).toMatchObject({ id: home!.id, fields: { Price: 4_100_000 } });
    const derived = await request(`${api()}/${encodeURIComponent(LISTING_ALERTS_TABLE)}/recAnything000001`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: {} }),
    });
    expect(derived.status).toBe(403);
    // DELETE stays refused
    const del = await request(`${api()}/Properties/${home!.id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(del.status).toBe(403);
  });
});
