/**
 * The records API's Airtable parameters, driven by the real airtable.js over HTTP: view, cellFormat=string (with
 * timeZone and userLocale), returnFieldsByFieldId, typecast on create; the CORS rules; the unknown-table rule.
 */
import Airtable from 'airtable';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { postJson, request, signIn, startServer, type TestServer } from '../testing/harness';
import { DEFAULT_VIEW, fieldIdOf, viewIdOf } from './ids';

type ErrorBody = { error: { type: string; message: string } };

let server: TestServer;
let api: string;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ recordsApiToken: 'server-secret', recordsRateLimit: 0 });
  api = `${server.url}/api/airtable/v0/appLocalBase`;
  cookie = await signIn(server.url);
});
afterAll(() => server.close());

const base = (apiKey = 'unused'): Airtable.Base =>
  new Airtable({ apiKey, endpointUrl: `${server.url}/api/airtable`, noRetryIfRateLimited: true }).base('appLocalBase');

describe('view', () => {
  it('the table\'s "Grid view" (by name or id) lists every record in creation order; an unknown view is 422 VIEW_NAME_NOT_FOUND', async () => {
    const plain = await base()(PROPERTIES_TABLE).select().all();
    const byName = await base()(PROPERTIES_TABLE).select({ view: DEFAULT_VIEW }).all();
    const byId = await base()(PROPERTIES_TABLE)
      .select({ view: viewIdOf(PROPERTIES_TABLE) })
      .all();
    expect(byName.map((r) => r.id)).toEqual(plain.map((r) => r.id));
    expect(byId.map((r) => r.id)).toEqual(plain.map((r) => r.id));
    await expect(base()(PROPERTIES_TABLE).select({ view: 'Featured homes' }).firstPage()).rejects.toMatchObject({
      error: 'VIEW_NAME_NOT_FOUND',
      message: 'View Featured homes not found',
      statusCode: 422,
    });
  });
});

describe('cellFormat', () => {
  it('string: numbers, checkboxes, dates in the user\'s locale and lists joined with ", ", as Airtable writes them', async () => {
    const [json] = await base()(PROPERTIES_TABLE).select({ maxRecords: 1 }).firstPage();
    const [text] = await base()(PROPERTIES_TABLE).select({ maxRecords: 1, cellFormat: 'string', timeZone: 'America/Toronto', userLocale: 'en-us' }).firstPage();
    expect(text?.id).toBe(json?.id);
    expect(text?.get('Price')).toBe(String(json?.get('Price')));
    expect(text?.get('Bedrooms')).toBe(String(json?.get('Bedrooms')));
    expect(text?.get('Featured')).toBe('checked');
    const [y, m, d] = String(json?.get('Listing Date')).split('-').map(Number) as [number, number, number];
    expect(text?.get('Listing Date')).toBe(`${m}/${d}/${y}`);
    const photos = json?.get('Photos') as readonly { url: string; filename: string }[];
    expect(text?.get('Photos')).toBe(photos.map((p) => `${p.filename} (${p.url})`).join(', '));
    expect(text?.get('Property Name')).toBe(json?.get('Property Name'));
    const [gb] = await base()(PROPERTIES_TABLE).select({ maxRecords: 1, cellFormat: 'string', timeZone: 'Europe/London', userLocale: 'en-gb' }).firstPage();
    expect(gb?.get('Listing Date')).toBe(`${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}`);
  });

  it('string needs timeZone and userLocale (422), on GET and on POST listRecords (airtable.js keeps them in the URL there)', async () => {
    await expect(base()(PROPERTIES_TABLE).select({ cellFormat: 'string', userLocale: 'en-us' }).firstPage()).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('timeZone is required'),
    });
    await expect(base()(PROPERTIES_TABLE).select({ cellFormat: 'string', timeZone: 'UTC' }).firstPage()).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringContaining('userLocale is required'),
    });
    const unknownZone = await request(`${api}/Properties?cellFormat=string&timeZone=Mars%2FOlympus&userLocale=en-us`);
    expect(unknownZone.status).toBe(422);
    const long = `OR(${Array.from({ length: 120 }, (_, i) => `{Property ID} = "NOPE${i}${'-'.repeat(100)}"`).join(', ')}, {Featured} = TRUE())`;
    const viaPost = await base()(PROPERTIES_TABLE).select({ filterByFormula: long, cellFormat: 'string', timeZone: 'UTC', userLocale: 'en-us' }).all();
    expect(viaPost.length).toBeGreaterThan(0);
    for (const r of viaPost) expect(r.get('Featured')).toBe('checked');
    await expect(base()(PROPERTIES_TABLE).select({ filterByFormula: long, cellFormat: 'string', userLocale: 'en-us' }).all()).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it('date-times (Received At) are written in the asked time zone', async () => {
    const created = await postJson(
      `${api}/Home%20Evaluations/`,
      { fields: { name: 'Ola', 'Received At': '2026-01-15T19:30:00.000Z' } },
      { Authorization: 'Bearer server-secret' },
    );
    const id = created.json<{ id: string }>().id;
    const toronto = await request(`${api}/Home%20Evaluations/${id}?cellFormat=string&timeZone=America%2FToronto&userLocale=en-us`, {
      headers: { Cookie: cookie },
    });
    expect(toronto.json<{ fields: Record<string, string> }>().fields['Received At']).toBe('1/15/2026 2:30pm');
    const utc = await request(`${api}/Home%20Evaluations/${id}?cellFormat=string&timeZone=UTC&userLocale=en-us`, { headers: { Cookie: cookie } });
    expect(utc.json<{ fields: Record<string, string> }>().fields['Received At']).toBe('1/15/2026 7:30pm');
  });
});

describe('returnFieldsByFieldId', () => {
  it('keys the fields by stable field ids; fields[] and sort accept ids too', async () => {
    const [byName] = await base()(PROPERTIES_TABLE).select({ maxRecords: 1 }).firstPage();
    const [byId] = await base()(PROPERTIES_TABLE).select({ maxRecords: 1, returnFieldsByFieldId: true }).firstPage();
    const expected = Object.fromEntries(Object.entries(byName?.fields ?? {}).map(([name, value]) => [fieldIdOf(PROPERTIES_TABLE, name), value]));
    expect(byId?.fields).toEqual(expected);
    for (const key of Object.keys(byId?.fields ?? {})) expect(key).toMatch(/^fld[A-Za-z0-9]{14}$/);
    const priceId = fieldIdOf(PROPERTIES_TABLE, 'Price');
    const picked = await base()(PROPERTIES_TABLE)
      .select({ maxRecords: 3, fields: [priceId, 'Bedrooms'] })
      .firstPage();
    expect(picked).toHaveLength(3);
    for (const r of picked) expect(Object.keys(r.fields).sort()).toEqual(['Bedrooms', 'Price']);
    const sorted = await base()(PROPERTIES_TABLE)
      .select({ sort: [{ field: fieldIdOf(PROPERTIES_TABLE, 'Property Name') }], fields: ['Property Name'] })
      .all();
    const names = sorted.map((r) => String(r.get('Property Name')));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));
    await expect(
      base()(PROPERTIES_TABLE)
        .select({ fields: ['fldNotAFieldAtAll'] })
        .firstPage(),
    ).rejects.toMatchObject({ error: 'UNKNOWN_FIELD_NAME', statusCode: 422 });
    expect(fieldIdOf('Website Submissions', 'Price')).not.toBe(priceId);
  });
});

describe('typecast on create', () => {
  it("with typecast text becomes the field's type; without it a wrong type is 422 INVALID_VALUE_FOR_COLUMN and nothing is stored", async () => {
    const serverBase = base('server-secret');
    const before = await server.app.store.count('Home Evaluations');
    await expect(serverBase('Home Evaluations').create({ name: 'Ola', bedrooms: '4' })).rejects.toMatchObject({
      error: 'INVALID_VALUE_FOR_COLUMN',
      message: 'Field "bedrooms" cannot accept the provided value',
      statusCode: 422,
    });
    await expect(
      serverBase('Home Evaluations').create([{ fields: { name: 'A', bedrooms: 3 } }, { fields: { name: 'B', bedrooms: 'three' } }], { typecast: true }),
    ).rejects.toMatchObject({ error: 'INVALID_VALUE_FOR_COLUMN', statusCode: 422 });
    expect(await server.app.store.count('Home Evaluations')).toBe(before);

    const created = await serverBase('Home Evaluations').create(
      { name: 'Ola', bedrooms: '4', bathrooms: '3.5', propertySize: '3,200', 'Received At': '2026-01-15 10:00Z' },
      { typecast: true },
    );
    expect(created.fields).toEqual({ name: 'Ola', bedrooms: 4, bathrooms: 3.5, propertySize: 3200, 'Received At': '2026-01-15T10:00:00.000Z' });
    const listing = await serverBase(PROPERTIES_TABLE).create(
      { 'Property Name': 'Typecast Manor', Featured: 'true', Price: '1,250,000', Photos: 'https://example.com/a.jpg' },
      { typecast: true },
    );
    expect(listing.fields).toEqual({ 'Property Name': 'Typecast Manor', Featured: true, Price: 1250000, Photos: [{ url: 'https://example.com/a.jpg' }] });
    await expect(serverBase(PROPERTIES_TABLE).create({ Featured: 'true' })).rejects.toMatchObject({ error: 'INVALID_VALUE_FOR_COLUMN', statusCode: 422 });
    // values of the right type need no typecast: what the site's own forms store is accepted as is
    const plain = await serverBase('Website Submissions').create({ name: 'From n8n', email: 'n8n@example.com', source: 'default' });
    expect(plain.fields).toEqual({ name: 'From n8n', email: 'n8n@example.com', source: 'default' });
  });
});

describe('CORS', () => {
  const preflight = (path: string, method: string, headers = 'authorization, content-type, x-airtable-user-agent'): Promise<Response> =>
    fetch(`${api}/${path}`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': headers },
    });

  it('answers the preflight of reads of the public table, with the headers asked (airtable.js sends Authorization)', async () => {
    for (const [path, method] of [
      ['Properties', 'GET'],
      ['Properties/listRecords', 'POST'],
      ['Properties/rec00000000000001', 'GET'],
    ] as const) {
      const reply = await preflight(path, method);
      expect(reply.status).toBe(204);
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      expect(reply.headers.get('access-control-allow-methods')).toBe('GET, POST');
      expect(reply.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-airtable-user-agent');
    }
    const read = await fetch(`${api}/Properties?maxRecords=1`, { headers: { Origin: 'https://partner.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await fetch(`${api}/Properties?filterByFormula=NOPE()`, { headers: { Origin: 'https://partner.example' } });
    expect(refused.status).toBe(422);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('no CORS for creates or for submission tables: they stay same-origin with the staff cookie', async () => {
    for (const [path, method] of [
      ['Properties', 'POST'],
      ['Website%20Submissions', 'GET'],
      ['Website%20Submissions/listRecords', 'POST'],
      ['Properties', 'DELETE'],
    ] as const) {
      const reply = await preflight(path, method);
      expect(reply.status).toBe(403);
      expect(reply.headers.get('access-control-allow-origin')).toBeNull();
    }
    const staffRead = await fetch(`${api}/Website%20Submissions?maxRecords=1`, { headers: { Origin: 'https://partner.example', Cookie: cookie } });
    expect(staffRead.status).toBe(200);
    expect(staffRead.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('unknown tables', () => {
  it('404 TABLE_NOT_FOUND for anyone; 401 only for a staff table the site names; other existing tables are not revealed', async () => {
    await server.app.store.ensureTable('Chat Leads', ['Name']);
    await server.app.store.ensureTable('Staff Notes', ['Note']);
    const anonymous = await request(`${api}/No%20Such%20Table`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.json<ErrorBody>().error).toEqual({ type: 'TABLE_NOT_FOUND', message: 'Could not find table No Such Table in application appLocalBase' });
    expect((await request(`${api}/Website%20Submissions`)).status).toBe(401);
    // the admin names Chat Leads (its own tab): a session that ended must read 401 there too, to go back to the sign-in
    expect((await request(`${api}/Chat%20Leads`)).status).toBe(401);
    expect((await request(`${api}/Chat%20Leads`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await request(`${api}/Staff%20Notes`)).status).toBe(404);
    expect((await request(`${api}/Staff%20Notes`, { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await request(`${api}/No%20Such%20Table`, { headers: { Cookie: cookie } })).json<ErrorBody>().error.type).toBe('TABLE_NOT_FOUND');
    // airtable.js reports every 404 as NOT_FOUND
    await expect(base()('No Such Table').select().firstPage()).rejects.toMatchObject({ error: 'NOT_FOUND', statusCode: 404 });
  });
});

// the whole formula engine is for staff and the server token: anonymous callers get the site's query shapes (publicQuery.ts)
describe('formulas people write, through airtable.js with the server token', () => {
  it('dates, regexes, RECORD_ID and text functions filter as Airtable documents', async () => {
    const all = await base('server-secret')(PROPERTIES_TABLE).select().all();
    const [first] = all;
    const byId = await base('server-secret')(PROPERTIES_TABLE)
      .select({ filterByFormula: `RECORD_ID() = '${first?.id}'` })
      .all();
    expect(byId.map((r) => r.id)).toEqual([first?.id]);

    const cutoff = '2026-01-01';
    const after = await base('server-secret')(PROPERTIES_TABLE)
      .select({ filterByFormula: `IS_AFTER({Listing Date}, '${cutoff}')` })
      .all();
    // (records created by the tests above have no Listing Date: blank is never after anything)
    const expected = all.filter((r) => typeof r.get('Listing Date') === 'string' && String(r.get('Listing Date')) > cutoff);
    expect(after.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(after.length).toBeGreaterThan(0);

    const yearOf = await base('server-secret')(PROPERTIES_TABLE)
      .select({ filterByFormula: `YEAR({Listing Date}) = ${String(first?.get('Listing Date')).slice(0, 4)}` })
      .all();
    expect(yearOf.map((r) => r.id)).toContain(first?.id);

    const pattern = await base('server-secret')(PROPERTIES_TABLE).select({ filterByFormula: `REGEX_MATCH({Property ID}, "^[A-Z]\\\\d+$")` }).all();
    expect(pattern.length).toBe(all.filter((r) => /^[A-Z]\d+$/.test(String(r.get('Property ID')))).length);

    const left = await base('server-secret')(PROPERTIES_TABLE)
      .select({ filterByFormula: `LEFT({Property ID}, 1) = "${String(first?.get('Property ID')).slice(0, 1)}"` })
      .all();
    expect(left.map((r) => r.id)).toContain(first?.id);

    const recent = await base('server-secret')(PROPERTIES_TABLE)
      .select({ filterByFormula: `DATETIME_DIFF(TODAY(), {Listing Date}, 'days') >= 0`, maxRecords: 5 })
      .all();
    expect(recent.length).toBe(5);
  });

  it('an error value drops the record instead of matching it: NOT(1/0), IF(1/0,0,1), OR(1/0,1)', async () => {
    for (const formula of ['NOT(1/0)', 'IF(1/0, 0, 1)', 'OR(1/0, 1)', 'NOT({Price}/0 > 1000000)']) {
      expect(await base('server-secret')(PROPERTIES_TABLE).select({ filterByFormula: formula }).all()).toEqual([]);
    }
    const guarded = await base('server-secret')(PROPERTIES_TABLE).select({ filterByFormula: 'ISERROR(1/0)', maxRecords: 3 }).all();
    expect(guarded.length).toBe(3);
  });

  it('a limit is a 422 INVALID_FILTER_BY_FORMULA that names it', async () => {
    await expect(
      base('server-secret')(PROPERTIES_TABLE)
        .select({ filterByFormula: `${'('.repeat(100)}1${')'.repeat(100)}` })
        .firstPage(),
    ).rejects.toMatchObject({
      error: 'INVALID_FILTER_BY_FORMULA',
      statusCode: 422,
      message: expect.stringMatching(/nests more than 64 levels deep/),
    });
  });
});
