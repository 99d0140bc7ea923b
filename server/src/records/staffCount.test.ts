/**
 * GET /api/admin/count: the admin's table counts (the admin reads 50 rows at a time, so it cannot count them).
 */
import { postJson, request, signIn, startServer, validContact, type TestServer } from '../testing/harness';
import { STAFF_COUNT_PATH } from './staffCount';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ recordsRateLimit: 0, formRateLimit: 0 });
  cookie = await signIn(server.url);
  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) {
    const sent = await postJson(`${server.url}/webhook/contact-form`, { ...validContact, name });
    expect(sent.status).toBe(200);
  }
});
afterAll(() => server.close());

const count = (query: string, headers: Record<string, string> = { Cookie: cookie }) => request(`${server.url}${STAFF_COUNT_PATH}?${query}`, { headers });

describe('GET /api/admin/count', () => {
  it('counts a staff table, or the rows a formula keeps', async () => {
    const all = await count('table=Website%20Submissions');
    expect(all.status).toBe(200);
    expect(all.json()).toEqual({ count: 3 });
    const some = await count(`table=Website%20Submissions&filterByFormula=${encodeURIComponent('OR(SEARCH("hopper", {name}), SEARCH("turing", {name}))')}`);
    expect(some.json()).toEqual({ count: 2 });
    expect((await count('table=New%20Development')).json()).toEqual({ count: 0 });
  });

  it('counts Chat Leads, which the admin shows too', async () => {
    await server.app.store.ensureTable('Chat Leads', ['Name']);
    expect((await count('table=Chat%20Leads')).json()).toEqual({ count: 0 });
  });

  it('is for staff only, names staff tables only, and refuses a bad formula as the records API does', async () => {
    expect((await count('table=Website%20Submissions', {})).status).toBe(401);
    expect((await count('table=Properties')).status).toBe(404);
    expect((await count('table=No%20Such%20Table')).status).toBe(404);
    const bad = await count(`table=Website%20Submissions&filterByFormula=${encodeURIComponent('SEARCH("x", {nope})')}`);
    expect(bad.status).toBe(422);
    expect(bad.json<{ error: { type: string } }>().error.type).toBe('INVALID_FILTER_BY_FORMULA');
  });

  it('in Airtable mode answers null: the rows are in the team’s base', async () => {
    const proxy = await startServer({
      airtableBaseId: 'appTeamBase',
      airtableToken: 'upstream-token',
      airtableApiUrl: 'http://127.0.0.1:9/api/airtable',
      recordsRateLimit: 0,
    });
    try {
      const staff = await signIn(proxy.url);
      const reply = await request(`${proxy.url}${STAFF_COUNT_PATH}?table=List%20With%20Us`, { headers: { Cookie: staff } });
      expect(reply.status).toBe(200);
      expect(reply.json()).toEqual({ count: null });
    } finally {
      await proxy.close();
    }
  });
});
