/**
 * One request per search: `returnCount=true` adds the whole list's `count` to a list answer (GET and POST
 * listRecords), which the real airtable.js reads through makeRequest and otherwise ignores; Airtable's shape is
 * unchanged without it.
 */
import Airtable from 'airtable';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { postJson, request, startServer, type TestServer } from '../testing/harness';

let server: TestServer;
let api: string;
beforeAll(async () => {
  server = await startServer({ recordsRateLimit: 0, seedCount: 72 });
  api = `${server.url}/api/airtable/v0/appLocalBase`;
});
afterAll(() => server.close());

const base = (): Airtable.Base =>
  new Airtable({ apiKey: 'public-read', endpointUrl: `${server.url}/api/airtable`, noRetryIfRateLimited: true }).base('appLocalBase');

const FORMULA = '{Bedrooms} >= 4';
const SORT = [{ field: 'Price', direction: 'desc' as const }];

type Answer = { records: { id: string }[]; offset?: string; count?: number };

describe('returnCount', () => {
  it('a page and the true count in one request through airtable.js, and the next page from its offset', async () => {
    const all = await base()(PROPERTIES_TABLE).select({ filterByFormula: FORMULA, sort: SORT }).all();
    expect(all.length).toBeGreaterThan(20);
    const first = (
      await base().makeRequest({ method: 'GET', path: `/${PROPERTIES_TABLE}`, qs: { filterByFormula: FORMULA, sort: SORT, pageSize: 20, returnCount: true } })
    ).body as Answer;
    expect(first.count).toBe(all.length);
    expect(first.records.map((r) => r.id)).toEqual(all.slice(0, 20).map((r) => r.id));
    const second = (
      await base().makeRequest({
        method: 'GET',
        path: `/${PROPERTIES_TABLE}`,
        qs: { filterByFormula: FORMULA, sort: SORT, pageSize: 20, offset: first.offset, returnCount: true },
      })
    ).body as Answer;
    expect(second.count).toBe(all.length);
    expect(second.records.map((r) => r.id)).toEqual(all.slice(20, 40).map((r) => r.id));
  });

  it('POST listRecords takes it in the body (airtable.js past 15,000 URL characters)', async () => {
    const reply = await postJson(`${api}/${PROPERTIES_TABLE}/listRecords`, { filterByFormula: FORMULA, pageSize: 5, returnCount: true });
    expect(reply.status).toBe(200);
    const body = reply.json<Answer>();
    expect(body.records).toHaveLength(5);
    expect(body.count).toBeGreaterThan(5);
  });

  it("airtable.js's own select() pages as before (it sends no returnCount)", async () => {
    const pages: number[] = [];
    await base()(PROPERTIES_TABLE)
      .select({ pageSize: 30 })
      .eachPage((records, next) => {
        pages.push(records.length);
        next();
      });
    expect(pages).toEqual([30, 30, 12]);
  });

  it('without it, or false, the answer is Airtable’s shape; anything but true/false is 422', async () => {
    for (const q of ['', '&returnCount=false']) {
      const body = (await request(`${api}/${PROPERTIES_TABLE}?pageSize=2${q}`)).json<Answer>();
      expect(Object.keys(body).sort()).toEqual(['offset', 'records']);
    }
    const bad = await request(`${api}/${PROPERTIES_TABLE}?pageSize=2&returnCount=maybe`);
    expect(bad.status).toBe(422);
    expect(bad.json<{ error: { type: string } }>().error.type).toBe('INVALID_REQUEST_UNKNOWN');
  });

  it('counts up to maxRecords, as the list holds no more', async () => {
    const body = (await request(`${api}/${PROPERTIES_TABLE}?pageSize=2&maxRecords=7&returnCount=true`)).json<Answer>();
    expect(body.count).toBe(7);
  });
});
