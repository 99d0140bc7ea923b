/**
 * The forwarder against a fake n8n Webhook node that answers as n8n's source does (src/testing/fakeN8nWebhook.ts):
 * configured Header/Basic/JWT Auth and the HMAC signature reach it; a refusal is parked with n8n's own words after
 * a bounded number of tries and sent again by staff; no secret ever reaches the log.
 */
import crypto from 'node:crypto';
import { createLogger } from '../log';
import { postJson, request, signIn, startServer, validContact, type TestServer } from '../testing/harness';
import { startFakeN8nWebhook, type FakeN8nWebhook } from '../testing/fakeN8nWebhook';
import type { ServerConfig } from '../config';
import { readN8nWebhookAuth, type N8nWebhookAuth } from '../http/n8nAuth';
import type { DeliveryView } from './deliveryRoutes';

const HEADER_SECRET = 'hdr-7f3a9c1e5b2d48e6a0c4f1b9d7e2a6c3';
const HMAC_SECRET = 'hmac-2b8e4d6f0a1c3e5b7d9f1a3c5e7b9d0f';
const BASIC_PASSWORD = 'pw-9d1c7e3a5b2f4d6e8a0c2e4f6b8d0a1c';
const JWT_SECRET = 'jwt-4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b';
const SECRETS = [HEADER_SECRET, HMAC_SECRET, BASIC_PASSWORD, JWT_SECRET, Buffer.from(`site:${BASIC_PASSWORD}`).toString('base64')];

jest.setTimeout(30_000);

const timing = { outbox: { initialDelayMs: 20, maxDelayMs: 60, pollMs: 10 } };

/** Polls until `check` holds; 20 s at most (4 s was once too short with every suite running on 2 cores). */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A server forwarding to `n8n` with `auth`, its JSON log captured line by line. */
async function serverFor(n8n: FakeN8nWebhook, auth: N8nWebhookAuth, base = n8n.base): Promise<{ server: TestServer; log: string[] }> {
  const log: string[] = [];
  const logger = createLogger('debug', { write: (line: string) => void log.push(line) });
  const overrides: Partial<ServerConfig> = { n8nWebhookBase: base, n8nWebhookAuth: auth };
  return { server: await startServer(overrides, { ...timing, logger }), log };
}

describe('forwarding to an n8n Webhook node that requires Header Auth', () => {
  let n8n: FakeN8nWebhook;
  beforeEach(async () => {
    n8n = await startFakeN8nWebhook({
      auth: { type: 'headerAuth', name: 'X-Api-Key', value: HEADER_SECRET },
      activePaths: ['contact-form', 'property-inquiry'],
    });
  });
  afterEach(() => n8n.close());

  it('delivers with the header, the form name, the submission id and the time received, signed over the exact body bytes', async () => {
    const { server } = await serverFor(n8n, { header: { name: 'X-Api-Key', value: HEADER_SECRET }, hmacSecret: HMAC_SECRET });
    try {
      const before = Date.now();
      const reply = await postJson(`${server.url}/webhook/contact-form`, { ...validContact, source: 'about-us' });
      const { id } = reply.json<{ id: string }>();
      await until(() => n8n.started.length === 1, 'the workflow to start');
      const [call] = n8n.started;
      expect(call?.headers['x-api-key']).toBe(HEADER_SECRET);
      expect(call?.headers['x-submission-id']).toBe(id);
      expect(call?.headers['idempotency-key']).toBe(id);
      expect(call?.headers['x-form-name']).toBe('contact-form');
      // the fields current workflows read stay where they were; routing data is added beside them
      expect(call?.body).toEqual({ ...validContact, source: 'about-us', form: 'contact-form', submissionId: id, receivedAt: expect.any(String) });
      const receivedAt = (call?.body as { receivedAt: string }).receivedAt;
      expect(Date.parse(receivedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(receivedAt)).toBeLessThanOrEqual(Date.now());
      // the same instant /admin shows as the submission's Received At
      expect((await server.app.store.find('Website Submissions', id))?.fields['Received At']).toBe(receivedAt);
      // what a workflow checks: HMAC-SHA256(secret, "<timestamp>.<raw body>"), and a timestamp close to now
      const raw = call?.rawBody as Buffer;
      const timestamp = String(call?.headers['x-signature-timestamp']);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      const expected = crypto
        .createHmac('sha256', HMAC_SECRET)
        .update(`${timestamp}.${raw.toString('utf8')}`)
        .digest('hex');
      expect(call?.headers['x-signature-256']).toBe(`sha256=${expected}`);
      // an n8n Crypto node signs `{{ $json.headers['x-signature-timestamp'] }}.{{ JSON.stringify($json.body) }}`: the same bytes
      expect(JSON.stringify(JSON.parse(raw.toString('utf8')))).toBe(raw.toString('utf8'));
      // a changed body or a replayed timestamp does not verify
      expect(
        crypto
          .createHmac('sha256', HMAC_SECRET)
          .update(`${Number(timestamp) - 600}.${raw.toString('utf8')}`)
          .digest('hex'),
      ).not.toBe(expected);
      // n8n has the request before the outbox has its answer: wait for the outbox to record the delivery
      await until(async () => (await server.app.store.outbox.stats()).delivered === 1, 'the delivery to be recorded');
      expect(await server.app.store.outbox.stats()).toEqual({ pending: 0, delivered: 1, notDelivered: 0 });
    } finally {
      await server.close();
    }
  });

  it('wrong credentials: three tries, then parked with n8n\'s answer for staff, never retried for ever; "send again" delivers once n8n accepts; no secret in the log', async () => {
    const { server, log } = await serverFor(n8n, { header: { name: 'X-Api-Key', value: `${HEADER_SECRET}-old` }, hmacSecret: HMAC_SECRET });
    try {
      const cookie = await signIn(server.url);
      await postJson(`${server.url}/webhook/contact-form`, validContact);
      await until(async () => (await server.app.store.outbox.stats()).notDelivered === 1, 'the delivery to be parked');
      expect(n8n.attempts).toEqual(['403 contact-form', '403 contact-form', '403 contact-form']);
      // parked rows are not tried again
      await new Promise((r) => setTimeout(r, 200));
      expect(n8n.attempts).toHaveLength(3);
      const listed = (await request(`${server.url}/api/admin/deliveries`, { headers: { Cookie: cookie } })).json<{ deliveries: DeliveryView[] }>();
      const parked = listed.deliveries.find((d) => d.state === 'not-delivered');
      expect(parked).toMatchObject({ destination: 'n8n: contact-form', attempts: 3 });
      expect(parked?.lastError).toBe(`n8n answered 403 at ${n8n.base}/contact-form: Authorization data is wrong!`);

      // the team fixes the credential in n8n, staff press "send again"
      n8n.setAuth({ type: 'headerAuth', name: 'X-Api-Key', value: `${HEADER_SECRET}-old` });
      expect((await postJson(`${server.url}/api/admin/deliveries/${parked?.seq}/resend`, {}, { Cookie: cookie, Origin: server.url })).status).toBe(200);
      await until(() => n8n.started.length === 1, 'the resent delivery');
      // n8n has the request before the outbox has its answer: wait for the outbox to record the delivery
      await until(async () => (await server.app.store.outbox.stats()).delivered === 1, 'the delivery to be recorded');
      expect(await server.app.store.outbox.stats()).toEqual({ pending: 0, delivered: 1, notDelivered: 0 });

      const text = log.join('');
      expect(text).toContain('outbox: not delivered; kept for staff');
      expect(text).toContain('outbox: will try again');
      for (const secret of [...SECRETS, `${HEADER_SECRET}-old`]) expect(text).not.toContain(secret);
    } finally {
      await server.close();
    }
  });

  it('an inactive workflow (404 "not registered") is parked with n8n\'s hint after three tries', async () => {
    n8n.setActive('contact-form', false);
    const { server } = await serverFor(n8n, { header: { name: 'X-Api-Key', value: HEADER_SECRET } });
    try {
      await postJson(`${server.url}/webhook/contact-form`, validContact);
      await until(async () => (await server.app.store.outbox.stats()).notDelivered === 1, 'the delivery to be parked');
      expect(n8n.attempts).toEqual(['404 contact-form', '404 contact-form', '404 contact-form']);
      const [row] = await server.app.store.outbox.list(['not-delivered'], 10);
      expect(row?.lastError).toContain('The requested webhook "POST contact-form" is not registered. The workflow must be active');
    } finally {
      await server.close();
    }
  });
});

describe('Basic Auth and JWT Auth', () => {
  let n8n: FakeN8nWebhook;
  beforeEach(async () => {
    n8n = await startFakeN8nWebhook({ auth: { type: 'basicAuth', user: 'site', password: BASIC_PASSWORD }, activePaths: ['property-inquiry'] });
  });
  afterEach(() => n8n.close());
  const inquiry = { name: 'Ana', email: 'ana@example.com', message: 'Is it still available?', propertyId: 'W8100042' };

  it('credentials from N8N_WEBHOOK_USER/PASSWORD or written in the URL are sent as Basic Auth, never in the URL or the log', async () => {
    for (const setup of [
      { auth: { basic: { user: 'site', password: BASIC_PASSWORD } }, base: n8n.base },
      { auth: {}, base: n8n.base.replace('http://', `http://site:${encodeURIComponent(BASIC_PASSWORD)}@`) },
    ]) {
      const { server, log } = await serverFor(n8n, setup.auth, setup.base);
      try {
        const seen = n8n.started.length;
        await postJson(`${server.url}/webhook/property-inquiry`, inquiry);
        await until(() => n8n.started.length === seen + 1, 'the workflow to start');
        expect(n8n.started[seen]?.headers.authorization).toBe(`Basic ${Buffer.from(`site:${BASIC_PASSWORD}`).toString('base64')}`);
        for (const secret of SECRETS) expect(log.join('')).not.toContain(secret);
      } finally {
        await server.close();
      }
    }
  });

  it('no credentials: n8n asks for them (401 "Authorization is required!") and the delivery is parked with that reason', async () => {
    const { server } = await serverFor(n8n, {});
    try {
      await postJson(`${server.url}/webhook/property-inquiry`, inquiry);
      await until(async () => (await server.app.store.outbox.stats()).notDelivered === 1, 'the delivery to be parked');
      expect(n8n.attempts).toEqual(['401 property-inquiry', '401 property-inquiry', '401 property-inquiry']);
      const [row] = await server.app.store.outbox.list(['not-delivered'], 10);
      expect(row?.lastError).toMatch(/^n8n answered 401 at .*: Authorization is required!$/);
    } finally {
      await server.close();
    }
  });

  it("JWT Auth: a fresh HS256 token n8n verifies; a wrong secret is refused 403 with jsonwebtoken's words", async () => {
    n8n.setAuth({ type: 'jwtAuth', secret: JWT_SECRET });
    const { server, log } = await serverFor(n8n, { jwtSecret: JWT_SECRET });
    try {
      await postJson(`${server.url}/webhook/property-inquiry`, inquiry);
      await until(() => n8n.started.length === 1, 'the workflow to start');
      const token = String(n8n.started[0]?.headers.authorization).replace(/^Bearer /, '');
      const claims = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { exp: number; iat: number; sub: string };
      expect(claims.exp - claims.iat).toBe(300);
      expect(claims.sub).toBe(n8n.started[0]?.headers['x-submission-id']);
      expect(log.join('')).not.toContain(token);
    } finally {
      await server.close();
    }
    n8n.setAuth({ type: 'jwtAuth', secret: `${JWT_SECRET}-rotated` });
    const second = await serverFor(n8n, { jwtSecret: JWT_SECRET });
    try {
      await postJson(`${second.server.url}/webhook/property-inquiry`, inquiry);
      await until(async () => (await second.server.app.store.outbox.stats()).notDelivered === 1, 'the delivery to be parked');
      const [row] = await second.server.app.store.outbox.list(['not-delivered'], 10);
      expect(row?.lastError).toMatch(/: invalid signature$/);
    } finally {
      await second.server.close();
    }
  });
});

describe('N8N_WEBHOOK_* settings', () => {
  it('reads each method and refuses contradictions, naming the variables and never the values', () => {
    expect(readN8nWebhookAuth({ N8N_WEBHOOK_HEADER_NAME: 'X-Api-Key', N8N_WEBHOOK_HEADER_VALUE: HEADER_SECRET, N8N_WEBHOOK_HMAC_SECRET: HMAC_SECRET })).toEqual(
      {
        header: { name: 'X-Api-Key', value: HEADER_SECRET },
        hmacSecret: HMAC_SECRET,
      },
    );
    expect(readN8nWebhookAuth({})).toEqual({});
    const refusals: [NodeJS.ProcessEnv, string | undefined][] = [
      [{ N8N_WEBHOOK_HEADER_VALUE: HEADER_SECRET }, undefined],
      [{ N8N_WEBHOOK_HEADER_NAME: 'X Api Key', N8N_WEBHOOK_HEADER_VALUE: HEADER_SECRET }, undefined],
      [{ N8N_WEBHOOK_USER: 'site' }, undefined],
      [{ N8N_WEBHOOK_USER: 'site', N8N_WEBHOOK_PASSWORD: BASIC_PASSWORD }, `https://a:${BASIC_PASSWORD}@n8n.example.com/webhook`],
      [{ N8N_WEBHOOK_USER: 'site', N8N_WEBHOOK_PASSWORD: BASIC_PASSWORD, N8N_WEBHOOK_JWT_SECRET: JWT_SECRET }, undefined],
    ];
    for (const [env, base] of refusals) {
      let message = '';
      try {
        readN8nWebhookAuth(env, base);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/N8N_WEBHOOK_/);
      for (const secret of SECRETS) expect(message).not.toContain(secret);
    }
  });
});
