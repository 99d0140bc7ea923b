/**
 * An IPv6 client holds a whole /64 (2^64 addresses): the sign-in lockout and the records API's rate limit count it
 * by that network, as the forms and the chat do (rateKey in http/client.ts), not by the exact address it changes
 * at will. The server sits behind one trusted proxy here, so the client's address is X-Forwarded-For's.
 */
import { postJson, request, startServer, type TestServer } from '../testing/harness';

const inNetwork = (n: number): string => `2001:db8:5:7:${n.toString(16)}::${(n * 7 + 1).toString(16)}`;
const otherNetwork = '2001:db8:5:8::1';

describe('IPv6 clients are limited per /64', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(
      { trustProxy: 1, recordsRateLimit: 1 },
      { limiter: { maxFailures: 3, windowMs: 60_000, lockoutMs: 60_000, maxLockoutMs: 60_000, delayPerFailureMs: 1, maxDelayMs: 1 } },
    );
  });
  afterAll(() => server.close());

  it('sign-in: wrong passwords from three addresses of one /64 lock the whole /64 out, not another network', async () => {
    const login = (password: string, address: string) => postJson(`${server.url}/api/auth/login`, { password }, { 'X-Forwarded-For': address });
    const statuses = [];
    for (let i = 1; i <= 3; i++) statuses.push((await login(`guess-${i}`, inNetwork(i))).status);
    expect(statuses).toEqual([401, 401, 429]);
    // a fourth address of the network, even with the right password, waits
    const next = await login('correct horse battery staple', inNetwork(4));
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('correct horse battery staple', otherNetwork)).status).toBe(200);
  });

  it('records API: requests from ever-new addresses of one /64 share one bucket; another network has its own', async () => {
    const read = (address: string) =>
      request(`${server.url}/api/airtable/v0/appLocalBase/Properties?maxRecords=1`, { headers: { 'X-Forwarded-For': address } });
    const statuses: number[] = [];
    for (let i = 10; i < 16; i++) statuses.push((await read(inNetwork(i))).status);
    // a burst of 2 at 1 a second: the rest of the six are refused
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect((await read(otherNetwork)).status).toBe(200);
  });
});
