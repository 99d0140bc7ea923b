import Airtable from 'airtable';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { postJson, request, signIn, startServer, validContact, type TestServer } from '../testing/harness';

type ListBody = { records: { id: string; createdTime: string; fields: Record<string, unknown> }[]; offset?: string };
type ErrorBody = { error: { type: string; message: string } };

let server: TestServer;
let api: string;

beforeAll(async () => {
  server = await startServer({ recordsApiToken: 'server-secret', recordsRateLimit: 0 });
  api = `${server.url}/api/airtable/v0/appLocalBase`;
});
afterAll(() => server.close());

const props = (query = ''): string => `${api}/Properties${query}`;

describe('listing records', () => {
  it('compresses read answers for clients that accept it (brotli preferred), plain JSON otherwise', async () => {
    const { get } = await import('node:http');
    const raw = (encoding: string): Promise<{ encoding: string | undefined; length: number }> =>
      new Promise((resolve, reject) => {
        get(props('?'), { headers: { 'accept-encoding': encoding } }, (res) => {
          let length = 0;
          res.on('data', (c: Buffer) => (length += c.length));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length }));
        }).on('error', reject);
      });
    const plain = await raw('identity');
    const br = await raw('gzip, deflate, br');
    expect(plain.encoding).toBeUndefined();
    expect(br.encoding).toBe('br');
    expect(br.length * 4).toBeLessThan(plain.length);
    const decoded = await request(props('?'));
    expect(decoded.json<ListBody>().records).toHaveLength(72);
  });

  it('lists the seeded Properties in pages of 100 with an offset, each page in Airtable shape', async () => {
    const first = await request(props('?'));
    expect(first.status).toBe(200);
    const body = first.json<ListBody>();
    expect(body.records).toHaveLength(72);
    expect(body.offset).toBeUndefined();
    expect(body.records[0]).toEqual({
      id: expect.stringMatching(/^rec[A-Za-z0-9]{14}$/),
      createdTime: expect.any(String),
      fields: expect.objectContaining({ 'Property Name': expect.any(String) }),
    });

    const page1 = (await request(props('?pageSize=30'))).json<ListBody>();
    expect(page1.records).toHaveLength(30);
    expect(page1.offset).toEqual(expect.any(String));
    const page2 = (await request(props(`?pageSize=30&offset=${encodeURIComponent(page1.offset as string)}`))).json<ListBody>();
    const page3 = (await request(props(`?pageSize=30&offset=${encodeURIComponent(page2.offset as string)}`))).json<ListBody>();
    expect(page3.offset).toBeUndefined();
    const ids = [...page1.records, ...page2.records, ...page3.records].map((r) => r.id);
    expect(new Set(ids).size).toBe(72);
  });

  it('caps pageSize at 100 and honours maxRecords across pages', async () => {
    expect((await request(props('?pageSize=500'))).json<ListBody>().records).toHaveLength(72);
    const limited = (await request(props('?maxRecords=20&pageSize=15'))).json<ListBody>();
    expect(limited.records).toHaveLength(15);
    const rest = (await request(props(`?maxRecords=20&pageSize=15&offset=${encodeURIComponent(limited.offset as string)}`))).json<ListBody>();
    expect(rest.records).toHaveLength(5);
    expect(rest.offset).toBeUndefined();
  });

  it('sorts with sort[i][field] and sort[i][direction], and picks fields with fields%5B%5D', async () => {
    const reply = await request(
      props('?sort%5B0%5D%5Bfield%5D=Listing%20Date&sort%5B0%5D%5Bdirection%5D=desc&fields%5B%5D=Listing%20Date&fields%5B%5D=Status&view=Grid%20view'),
    );
    expect(reply.status).toBe(200);
    const records = reply.json<ListBody>().records;
    const dates = records.map((r) => r.fields['Listing Date'] as string);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const r of records) expect(Object.keys(r.fields).every((k) => k === 'Listing Date' || k === 'Status')).toBe(true);
  });

  it('filters with filterByFormula, and an empty formula filters nothing', async () => {
    const formula = `AND({Status} = 'Available', {Price} <= 3000000, SEARCH("oakville", LOWER({City/State})))`;
    const records = (await request(props(`?filterByFormula=${encodeURIComponent(formula)}`))).json<ListBody>().records;
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(r.fields.Status).toBe('Available');
      expect(String(r.fields['City/State'])).toMatch(/Oakville/);
    }
    expect((await request(props('?filterByFormula='))).json<ListBody>().records).toHaveLength(72);
    expect((await request(props(`?filterByFormula=${encodeURIComponent('   ')}`))).json<ListBody>().records).toHaveLength(72);
  });

  it('search text with quotes and braces cannot widen a query', async () => {
    for (const text of ['Oak"ville', '{Price}', '"), TRUE(), ("', '\\']) {
      const escaped = text.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
      const formula = `SEARCH(LOWER("${escaped}"), LOWER({City/State}))`;
      const reply = await request(props(`?filterByFormula=${encodeURIComponent(formula)}`));
      expect(reply.status).toBe(200);
      expect(reply.json<ListBody>().records).toHaveLength(0);
    }
  });

  it('accepts POST .../listRecords with the parameters in the body', async () => {
    const reply = await postJson(props('/listRecords'), {
      filterByFormula: `{Featured} = TRUE()`,
      sort: [{ field: 'Price', direction: 'asc' }],
      fields: ['Price', 'Featured'],
      pageSize: 5,
    });
    expect(reply.status).toBe(200);
    const body = reply.json<ListBody>();
    expect(body.records).toHaveLength(5);
    const prices = body.records.map((r) => Number(String(r.fields.Price).replace(/,/g, '')));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('reads one record by id', async () => {
    const [first] = (await request(props('?maxRecords=1'))).json<ListBody>().records;
    const reply = await request(props(`/${first?.id}`));
    expect(reply.status).toBe(200);
    expect(reply.json<{ id: string }>().id).toBe(first?.id);
    const missing = await request(props('/recDoesNotExist00'));
    expect(missing.status).toBe(404);
    expect(missing.json<ErrorBody>().error.type).toBe('NOT_FOUND');
  });
});

describe('errors in Airtable shapes', () => {
  it('422 INVALID_FILTER_BY_FORMULA naming the unknown function or field', async () => {
    const fn = await request(props(`?filterByFormula=${encodeURIComponent('SOUNDEX({Status}, "A")')}`));
    expect(fn.status).toBe(422);
    expect(fn.json<ErrorBody>()).toEqual({ error: { type: 'INVALID_FILTER_BY_FORMULA', message: expect.stringContaining('SOUNDEX') } });
    const field = await request(props(`?filterByFormula=${encodeURIComponent('{Colour} = "red"')}`));
    expect(field.status).toBe(422);
    expect(field.json<ErrorBody>().error.message).toContain('Unknown field names: Colour');
    const syntax = await request(props(`?filterByFormula=${encodeURIComponent('AND(1,')}`));
    expect(syntax.json<ErrorBody>().error.type).toBe('INVALID_FILTER_BY_FORMULA');
  });

  it('422 UNKNOWN_FIELD_NAME for fields[] and sort fields the table does not have', async () => {
    const reply = await request(props('?fields%5B%5D=Colour'));
    expect(reply.status).toBe(422);
    expect(reply.json<ErrorBody>()).toEqual({ error: { type: 'UNKNOWN_FIELD_NAME', message: 'Unknown field name: "Colour"' } });
    expect((await request(props('?sort%5B0%5D%5Bfield%5D=Colour'))).json<ErrorBody>().error.type).toBe('UNKNOWN_FIELD_NAME');
  });

  it('422 INVALID_REQUEST_UNKNOWN for malformed parameters, LIST_RECORDS_ITERATOR_NOT_AVAILABLE for a bad offset', async () => {
    expect((await request(props('?maxRecords=many'))).json<ErrorBody>().error.type).toBe('INVALID_REQUEST_UNKNOWN');
    expect((await request(props('?sort%5B0%5D%5Bfield%5D=Price&sort%5B0%5D%5Bdirection%5D=up'))).status).toBe(422);
    expect((await postJson(props('/listRecords'), '{not json')).json<ErrorBody>().error.type).toBe('INVALID_REQUEST_UNKNOWN');
    const offset = await request(props('?offset=itrzz/recNope'));
    expect(offset.status).toBe(422);
    expect(offset.json<ErrorBody>().error.type).toBe('LIST_RECORDS_ITERATOR_NOT_AVAILABLE');
  });

  it('404 TABLE_NOT_FOUND for an unknown table and NOT_FOUND for an unknown base', async () => {
    const signedIn = await signIn(server.url);
    const table = await request(`${api}/Nope`, { headers: { Cookie: signedIn } });
    expect(table.status).toBe(404);
    expect(table.json<ErrorBody>()).toEqual({ error: { type: 'TABLE_NOT_FOUND', message: 'Could not find table Nope in application appLocalBase' } });
    const base = await request(`${server.url}/api/airtable/v0/appOther/Properties`);
    expect(base.status).toBe(404);
    expect(base.json<ErrorBody>().error.type).toBe('NOT_FOUND');
  });

  it('413 for a create body over 256 KB, and nothing is stored', async () => {
    const before = await server.app.store.count('Property Inquiries');
    const reply = await postJson(
      `${api}/Property%20Inquiries/`,
      { fields: { name: 'Big', message: 'x'.repeat(300 * 1024) } },
      { Authorization: 'Bearer server-secret' },
    );
    expect(reply.status).toBe(413);
    expect(reply.json<ErrorBody>().error.type).toBe('REQUEST_TOO_LARGE');
    expect(await server.app.store.count('Property Inquiries')).toBe(before);
  });

  it('413 for a listRecords body over the limit', async () => {
    const reply = await postJson(props('/listRecords'), { filterByFormula: `"${'x'.repeat(2.1 * 1024 * 1024)}"` });
    expect(reply.status).toBe(413);
    expect(reply.json<ErrorBody>().error.type).toBe('REQUEST_TOO_LARGE');
  });
});

describe('access', () => {
  it('401 AUTHENTICATION_REQUIRED for submission tables without a staff session, 200 with one', async () => {
    await postJson(`${server.url}/webhook/contact-form`, validContact);
    const anonymous = await request(`${api}/Website%20Submissions`, { headers: { Authorization: 'Bearer unused' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json<ErrorBody>()).toEqual({ error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } });
    const cookie = await signIn(server.url);
    const staff = await request(`${api}/Website%20Submissions`, { headers: { Cookie: cookie } });
    expect(staff.status).toBe(200);
    expect(staff.json<ListBody>().records.some((r) => r.fields.email === validContact.email)).toBe(true);
  });

  it('403 INVALID_PERMISSIONS for any write from the browser, even signed in', async () => {
    const cookie = await signIn(server.url);
    const create = await postJson(`${props('/')}`, { fields: { 'Property Name': 'Spam' } }, { Cookie: cookie });
    expect(create.status).toBe(403);
    expect(create.json<ErrorBody>().error.type).toBe('INVALID_PERMISSIONS');
    const submission = await postJson(`${api}/Website%20Submissions/`, { fields: { name: 'x' } });
    expect(submission.status).toBe(403);
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const reply = await request(props('/recAAAAAAAAAAAAAA'), {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'DELETE' ? undefined : '{}',
      });
      expect(reply.status).toBe(403);
    }
    const names = (await request(props('?fields%5B%5D=Property%20Name'))).json<ListBody>().records.map((r) => r.fields['Property Name']);
    expect(names).not.toContain('Spam');
  });

  it('the server-to-server token may create (trailing slash) and read every table', async () => {
    const created = await postJson(
      `${api}/Website%20Submissions/`,
      { fields: { name: 'From n8n', email: 'n8n@example.com' } },
      { Authorization: 'Bearer server-secret' },
    );
    expect(created.status).toBe(200);
    expect(created.json<{ id: string; fields: Record<string, unknown> }>()).toEqual({
      id: expect.stringMatching(/^rec/),
      createdTime: expect.any(String),
      fields: { name: 'From n8n', email: 'n8n@example.com' },
    });
    const unknown = await postJson(`${api}/Website%20Submissions/`, { fields: { Colour: 'red' } }, { Authorization: 'Bearer server-secret' });
    expect(unknown.status).toBe(422);
    expect(unknown.json<ErrorBody>().error.type).toBe('UNKNOWN_FIELD_NAME');
    const read = await request(`${api}/Website%20Submissions`, { headers: { Authorization: 'Bearer server-secret' } });
    expect(read.status).toBe(200);
  });
});

describe('rate limit', () => {
  it('429 in Airtable shape with Retry-After when a client goes over the limit', async () => {
    const limited = await startServer({ recordsRateLimit: 2 });
    try {
      const replies = await Promise.all(Array.from({ length: 8 }, () => request(`${limited.url}/api/airtable/v0/appLocalBase/Properties?maxRecords=1`)));
      const tooMany = replies.filter((r) => r.status === 429);
      expect(tooMany.length).toBeGreaterThan(0);
      expect(tooMany[0]?.json()).toEqual({ errors: [{ error: 'RATE_LIMIT_REACHED', message: expect.any(String) }] });
      expect(Number(tooMany[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('airtable.js against the server', () => {
  const base = (): Airtable.Base =>
    new Airtable({ apiKey: 'unused', endpointUrl: `${server.url}/api/airtable`, noRetryIfRateLimited: true }).base('appLocalBase');

  it('select().all() with sort and a formula, as the site loads and searches properties', async () => {
    const all = await base()(PROPERTIES_TABLE)
      .select({ sort: [{ field: 'Listing Date', direction: 'desc' }], pageSize: 25 })
      .all();
    expect(all).toHaveLength(72);
    const dates = all.map((r) => r.get('Listing Date') as string);
    expect(dates).toEqual([...dates].sort().reverse());

    const found = await base()(PROPERTIES_TABLE)
      .select({ filterByFormula: `AND({Status} = "Available", {Bedrooms} >= 4)`, maxRecords: 20, fields: ['Property Name', 'Bedrooms', 'Status'] })
      .firstPage();
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(20);
    for (const r of found) expect(Number(r.get('Bedrooms'))).toBeGreaterThanOrEqual(4);
  });

  it('switches to POST listRecords for a formula over 15,000 characters', async () => {
    const long = `OR(${Array.from({ length: 120 }, (_, i) => `{Property ID} = "NOPE${i}${'-'.repeat(100)}"`).join(', ')}, {Featured} = TRUE())`;
    expect(long.length).toBeGreaterThan(15000);
    const records = await base()(PROPERTIES_TABLE).select({ filterByFormula: long }).all();
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.get('Featured')).toBe(true);
  });

  it('finds one record, and reports errors with Airtable error types', async () => {
    const [first] = await base()(PROPERTIES_TABLE).select({ maxRecords: 1 }).firstPage();
    const record = await base()(PROPERTIES_TABLE).find(first?.id as string);
    expect(record.get('Property Name')).toBe(first?.get('Property Name'));
    await expect(base()(PROPERTIES_TABLE).select({ filterByFormula: 'NOPE()' }).firstPage()).rejects.toMatchObject({
      error: 'INVALID_FILTER_BY_FORMULA',
      statusCode: 422,
    });
    await expect(base()('Website Submissions').select().firstPage()).rejects.toMatchObject({ error: 'AUTHENTICATION_REQUIRED', statusCode: 401 });
    await expect(base()(PROPERTIES_TABLE).create({ 'Property Name': 'x' })).rejects.toMatchObject({ error: 'NOT_AUTHORIZED', statusCode: 403 });
  });

  it('creates records with the server token (POST with trailing slash)', async () => {
    const serverBase = new Airtable({ apiKey: 'server-secret', endpointUrl: `${server.url}/api/airtable` }).base('appLocalBase');
    const created = await serverBase('Property Inquiries').create({ name: 'Grace', email: 'grace@example.com', message: 'Hello' });
    expect(created.id).toMatch(/^rec/);
    const again = await serverBase('Property Inquiries').find(created.id);
    expect(again.get('name')).toBe('Grace');
  });
});
