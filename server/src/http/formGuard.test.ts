/**
 * The checks every visitor's JSON post passes before its own rules (formGuard.ts): the form receivers
 * (/webhook/{form}) and saving a listing alert (/api/alerts) answer the same refusals in their own words.
 */
import { postJson, request, startServer, validContact, type TestServer } from '../testing/harness';
import { registerAlerts } from '../alerts';
import { EMPTY_ALERT_CRITERIA } from '@gta/shared/core';

jest.setTimeout(30_000);

const alert = { email: 'ada@example.com', frequency: 'daily', criteria: { ...EMPTY_ALERT_CRITERIA, location: 'Oakville' } };
const endpoints = [
  {
    path: '/webhook/contact-form',
    body: validContact,
    crossSite: { ok: false, error: 'Forms can only be sent from this site.' },
    notJson: { ok: false, errors: { _form: 'The submission must be sent as application/json.' } },
    tooLarge: { ok: false, error: 'The submission is larger than 64 KB.' },
    notObject: { ok: false, errors: { _form: 'The submission must be a JSON object.' } },
    tooMany: 'Too many messages from your network, try again in a minute.',
  },
  {
    path: '/api/alerts',
    body: alert,
    crossSite: { ok: false, error: 'Alerts can only be saved from this site.' },
    notJson: { ok: false, errors: { _form: 'The request must be sent as application/json.' } },
    tooLarge: { ok: false, error: 'The request is larger than 16 KB.' },
    notObject: { ok: false, errors: { _form: 'The request must be a JSON object.' } },
    tooMany: 'Too many alert requests from your network, try again in a minute.',
  },
];

describe('the visitor post guard of the forms and listing alerts', () => {
  let server: TestServer;
  afterEach(async () => {
    await server?.close();
  });

  it.each(endpoints)('$path: another site, not JSON, too large, not a JSON object', async (e) => {
    server = await startServer({ alertsIntervalMs: 0 }, { plugins: [registerAlerts] });
    const crossSite = await postJson(`${server.url}${e.path}`, e.body, { Origin: 'https://evil.example' });
    expect([crossSite.status, crossSite.json()]).toEqual([403, e.crossSite]);
    const text = await request(`${server.url}${e.path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(e.body) });
    expect([text.status, text.json()]).toEqual([415, e.notJson]);
    const large = await postJson(`${server.url}${e.path}`, { ...e.body, message: 'x'.repeat(70 * 1024) });
    expect([large.status, large.json()]).toEqual([413, e.tooLarge]);
    const broken = await postJson(`${server.url}${e.path}`, '{oops');
    expect([broken.status, broken.json()]).toEqual([400, e.notObject]);
  });

  it.each(endpoints)('$path: past the per-network limit, 429 with Retry-After (the refusals before it cost nothing)', async (e) => {
    server = await startServer({ alertsIntervalMs: 0, formRateLimit: 1 }, { plugins: [registerAlerts] });
    expect((await postJson(`${server.url}${e.path}`, e.body, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await request(`${server.url}${e.path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).status).toBe(415);
    expect((await postJson(`${server.url}${e.path}`, '{oops')).status).toBe(400);
    const limited = await postJson(`${server.url}${e.path}`, e.body);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect([limited.status, limited.json()]).toEqual([429, { ok: false, error: e.tooMany, retryAfter: wait }]);
  });
});
