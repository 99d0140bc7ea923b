/**
 * The honeypot on the form endpoint: mfe-forms sends a hidden 'website' field that people leave empty. A filled one
 * is a bot: answered exactly as a stored submission is, but nothing is stored or forwarded to n8n, and one log line
 * (no field values) says it was dropped. A person's empty 'website' is never stored.
 */
import { SUBMISSION_TABLES } from '@gta/shared/core';
import { createLogger } from '../log';
import { postJson, startServer, validContact, type TestServer } from '../testing/harness';
import { startFakeN8nWebhook, type FakeN8nWebhook } from '../testing/fakeN8nWebhook';

const timing = { outbox: { initialDelayMs: 20, maxDelayMs: 60, pollMs: 10 } };

async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const BOT = { ...validContact, name: 'Spam Bot 3000', email: 'bot@spam.example', message: 'Buy cheap followers now', website: 'http://spam.example/offer' };
const INQUIRY = { name: 'Ana', email: 'ana@example.com', message: 'Is it still available?', propertyId: 'W8100042' };

describe('the form honeypot', () => {
  let n8n: FakeN8nWebhook;
  let server: TestServer;
  const log: string[] = [];
  beforeAll(async () => {
    n8n = await startFakeN8nWebhook({ auth: { type: 'none' }, activePaths: Object.keys(SUBMISSION_TABLES) });
    const logger = createLogger('info', { write: (line: string) => void log.push(line) });
    server = await startServer({ n8nWebhookBase: n8n.base }, { ...timing, logger });
  });
  afterAll(async () => {
    await server.close();
    await n8n.close();
  });
  const honeypotLines = () => log.filter((line) => line.includes('honeypot'));

  it('a filled website is answered like a stored submission, but is not stored, not forwarded, and logged once without its values', async () => {
    const real = await postJson(`${server.url}/webhook/contact-form`, { ...validContact, website: '' });
    expect(real.status).toBe(200);
    await until(async () => (await server.app.store.outbox.stats()).delivered === 1, 'the person’s submission to reach n8n');
    const storedBefore = await server.app.store.count('Website Submissions');
    const startedBefore = n8n.started.length;
    const linesBefore = honeypotLines().length;

    const bot = await postJson(`${server.url}/webhook/contact-form`, BOT);
    expect(bot.status).toBe(200);
    expect(bot.headers.get('content-type')).toBe(real.headers.get('content-type'));
    const botBody = bot.json<{ ok: boolean; id: string }>();
    const realBody = real.json<{ ok: boolean; id: string }>();
    expect(Object.keys(botBody).sort()).toEqual(Object.keys(realBody).sort());
    expect(botBody.ok).toBe(true);
    expect(botBody.id).toMatch(new RegExp(`^${realBody.id.slice(0, 3)}[A-Za-z0-9]{${realBody.id.length - 3}}$`));
    expect(botBody.id).not.toBe(realBody.id);

    // give the outbox the time it took to forward the real one: nothing more arrives
    await new Promise((r) => setTimeout(r, 200));
    expect(await server.app.store.count('Website Submissions')).toBe(storedBefore);
    expect(await server.app.store.find('Website Submissions', botBody.id)).toBeUndefined();
    expect(n8n.started.length).toBe(startedBefore);
    expect(await server.app.store.outbox.stats()).toEqual({ pending: 0, delivered: 1, notDelivered: 0 });

    const lines = honeypotLines().slice(linesBefore);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', msg: 'honeypot submission dropped', form: 'contact-form' });
    for (const value of Object.values(BOT)) expect(lines[0]).not.toContain(value);
  });

  it('drops a filled website on every form, even when the rest would not pass validation, and a website that is not text', async () => {
    const before = await server.app.store.count('Property Inquiries');
    const reply = await postJson(`${server.url}/webhook/property-inquiry`, { website: 'x', email: 'not-an-email' });
    expect(reply.status).toBe(200);
    expect(reply.json<{ ok: boolean }>().ok).toBe(true);
    for (const website of [['http://x'], 1, { url: 'x' }]) {
      const other = await postJson(`${server.url}/webhook/property-inquiry`, { ...INQUIRY, website });
      expect(other.json<{ ok: boolean }>().ok).toBe(true);
    }
    expect(await server.app.store.count('Property Inquiries')).toBe(before);
  });

  it('a person’s empty (or blank) website is stored without a website field, and forwarded without it', async () => {
    for (const website of ['', '   ']) {
      const startedBefore = n8n.started.length;
      const reply = await postJson(`${server.url}/webhook/property-inquiry`, { ...INQUIRY, website });
      expect(reply.status).toBe(200);
      const stored = await server.app.store.find('Property Inquiries', reply.json<{ id: string }>().id);
      expect(stored?.fields).toMatchObject({ email: 'ana@example.com' });
      expect(stored?.fields).not.toHaveProperty('website');
      await until(() => n8n.started.length === startedBefore + 1, 'the inquiry to reach n8n');
      expect(n8n.started.at(-1)?.body).not.toHaveProperty('website');
    }
  });
});
