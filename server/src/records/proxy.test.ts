import Airtable from 'airtable';
import { postJson, request, signIn, startServer, type TestServer } from '../testing/harness';

type ListBody = { records: { id: string; fields: Record<string, unknown> }[]; offset?: string };

describe('Airtable mode against a second local instance standing in for Airtable', () => {
  let upstream: TestServer;
  let proxy: TestServer;
  let hits = 0;

  beforeAll(async () => {
    upstream = await startServer({ recordsApiToken: 'upstream-token', recordsRateLimit: 0 });
    upstream.app.route('GET', '/flaky/v0/appLocalBase/Properties', (_req, res) => {
      hits++;
      if (hits < 3) {
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '0' });
        res.end(JSON.stringify({ errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded.' }] }));
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ records: [] }));
    });
    proxy = await startServer({
      airtableBaseId: 'appLocalBase',
      airtableToken: 'upstream-token',
      airtableApiUrl: `${upstream.url}/api/airtable`,
      recordsRateLimit: 0,
    });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('forwards public reads with the server-held token and passes the answer through', async () => {
    const direct = (await request(`${upstream.url}/api/airtable/v0/appLocalBase/Properties?maxRecords=3&sort%5B0%5D%5Bfield%5D=Price`)).json<ListBody>();
    const viaProxy = await request(`${proxy.url}/api/airtable/v0/appLocalBase/Properties?maxRecords=3&sort%5B0%5D%5Bfield%5D=Price`);
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.json<ListBody>()).toEqual(direct);
    const post = await postJson(`${proxy.url}/api/airtable/v0/appLocalBase/Properties/listRecords`, { maxRecords: 2 });
    expect(post.json<ListBody>().records).toHaveLength(2);
  });

  it('answers airtable.js configured with the proxy endpointUrl, and never hands out the token', async () => {
    const config = await request(`${proxy.url}/config.json`);
    const { airtable } = config.json<{ airtable: { baseId: string; endpointUrl: string } }>();
    const base = new Airtable({ apiKey: 'unused', endpointUrl: airtable.endpointUrl, noRetryIfRateLimited: true }).base(airtable.baseId);
    const viaProxy = await base('Properties')
      .select({ sort: [{ field: 'Price', direction: 'desc' }], pageSize: 30 })
      .all();
    expect(viaProxy).toHaveLength(await upstream.app.store.count('Properties'));
    const prices = viaProxy.map((r) => Number(String(r.get('Price')).replace(/[$,]/g, ''))).filter(Number.isFinite);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    await expect(base('Website Submissions').select().firstPage()).rejects.toMatchObject({ error: 'AUTHENTICATION_REQUIRED', statusCode: 401 });
    await expect(base('Properties').create({ 'Property Name': 'x' })).rejects.toMatchObject({ statusCode: 403 });
    const page = await request(`${proxy.url}/api/airtable/v0/appLocalBase/Properties?maxRecords=1`);
    for (const reply of [config, page]) {
      expect(reply.text).not.toContain('upstream-token');
      for (const [, value] of reply.headers) expect(value).not.toContain('upstream-token');
    }
  });

  it('advertises the real base id in /config.json and refuses other bases', async () => {
    const config = (await request(`${proxy.url}/config.json`)).json<{ airtable: { baseId: string; endpointUrl: string } }>();
    expect(config.airtable).toEqual({ baseId: 'appLocalBase', endpointUrl: `${proxy.url}/api/airtable` });
    expect((await request(`${proxy.url}/api/airtable/v0/appOther/Properties`)).status).toBe(404);
  });

  it('keeps the allow-list: submissions need a staff session, writes are refused before reaching upstream', async () => {
    const anonymous = await request(`${proxy.url}/api/airtable/v0/appLocalBase/Website%20Submissions`);
    expect(anonymous.status).toBe(401);
    const cookie = await signIn(proxy.url);
    const staff = await request(`${proxy.url}/api/airtable/v0/appLocalBase/Website%20Submissions`, { headers: { Cookie: cookie } });
    expect(staff.status).toBe(200);
    const before = await upstream.app.store.count('Properties');
    const write = await postJson(`${proxy.url}/api/airtable/v0/appLocalBase/Properties/`, { fields: { 'Property Name': 'Injected' } }, { Cookie: cookie });
    expect(write.status).toBe(403);
    expect(await upstream.app.store.count('Properties')).toBe(before);
  });

  it('passes upstream errors through in their shape', async () => {
    const reply = await request(`${proxy.url}/api/airtable/v0/appLocalBase/Properties?filterByFormula=${encodeURIComponent('NOPE()')}`);
    expect(reply.status).toBe(422);
    expect(reply.json<{ error: { type: string } }>().error.type).toBe('INVALID_FILTER_BY_FORMULA');
  });

  it('a 429 from the base during the first read closes the budget; until the copy is made once it reopens, reads are 503 with Retry-After', async () => {
    const flaky = await startServer(
      { airtableBaseId: 'appLocalBase', airtableToken: 'upstream-token', airtableApiUrl: `${upstream.url}/flaky`, recordsRateLimit: 0 },
      { airtableBudget: { penaltyMs: 300 }, airtableSync: { tickMs: 50, retryMs: 200 } },
    );
    try {
      const first = await request(`${flaky.url}/api/airtable/v0/appLocalBase/Properties`);
      expect(first.status).toBe(503);
      expect(first.headers.get('retry-after')).toBe('5');
      let reply = first;
      for (let i = 0; i < 100 && reply.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        reply = await request(`${flaky.url}/api/airtable/v0/appLocalBase/Properties`);
      }
      expect(reply.status).toBe(200);
      expect(reply.json<ListBody>().records).toEqual([]);
      expect(hits).toBe(3);
    } finally {
      await flaky.close();
    }
  });

  it('with the base unreachable and no copy from before: not ready, and reads answer 503 in Airtable shape', async () => {
    const down = await startServer({ airtableBaseId: 'appLocalBase', airtableToken: 't', airtableApiUrl: 'http://127.0.0.1:9', recordsRateLimit: 0 });
    try {
      const reply = await request(`${down.url}/api/airtable/v0/appLocalBase/Properties`);
      expect(reply.status).toBe(503);
      expect(reply.json<{ error: { type: string } }>().error.type).toBe('SERVICE_UNAVAILABLE');
      const ready = await request(`${down.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.json<{ problems: string[]; airtable: { copy: string; lastError: string } }>()).toMatchObject({
        problems: expect.arrayContaining([expect.stringMatching(/^airtable: no copy of the listings yet/)]),
        airtable: { copy: 'none', lastError: expect.stringMatching(/could not be reached/) },
      });
    } finally {
      await down.close();
    }
  });
});
