import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SUBMISSION_TABLES, TEAM_TIME_ZONE, dayIn } from '@gta/shared/core';
import { postJson, request, startServer, validContact, type TestServer } from '../testing/harness';

const validForms: Record<keyof typeof SUBMISSION_TABLES, Record<string, unknown>> = {
  'contact-form': { ...validContact, source: 'about-us' },
  'property-finder': {
    name: 'Lin',
    email: 'lin@example.com',
    interested_location: 'Oakville',
    bedroom: '4',
    bathroom: '3',
    square_foot: '2500+',
    bedroomCustom: '',
  },
  'list-with-us': {
    name: 'Sam',
    email: 'sam@example.com',
    phone: '905-555-0102',
    PropertyAddress: '12 Lakeshore Rd',
    PropertyType: 'Townhouse',
    bedrooms: 3,
    bathrooms: 2.5,
    squareFootage: 1800,
    PropertyDescription: 'Corner unit.',
  },
  'new-development': {
    name: 'Kim',
    email: 'kim@example.com',
    phone: '4165550103',
    interestType: 'Investing',
    propertyType: 'Condo',
    budget: '$400,000',
    additionalDetails: 'Two units.',
  },
  'home-evaluation': {
    name: 'Ola',
    email: 'ola@example.com',
    phone: '905 555 0104',
    address: '3 Elm St',
    city: 'Burlington',
    postalCode: 'L7T 1A1',
    bedrooms: '4',
    bathrooms: '3.5',
    propertySize: '3200',
  },
  'property-inquiry': { name: 'Ana', email: 'ana@example.com', message: 'Is it still available?', propertyId: 'W8100042' },
};

describe('webhook receivers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each(Object.entries(validForms))('%s: stores a valid submission with its received-at time, then answers 200', async (path, body) => {
    const table = SUBMISSION_TABLES[path as keyof typeof SUBMISSION_TABLES];
    const before = await server.app.store.count(table);
    const reply = await postJson(`${server.url}/webhook/${path}`, body);
    expect(reply.status).toBe(200);
    const { ok, id } = reply.json<{ ok: boolean; id: string }>();
    expect(ok).toBe(true);
    expect(await server.app.store.count(table)).toBe(before + 1);
    const stored = await server.app.store.find(table, id);
    expect(stored?.fields.email).toBe(body.email);
    expect(Date.parse(String(stored?.fields['Received At']))).toBeGreaterThan(Date.now() - 60_000);
    expect(stored?.fields).not.toHaveProperty('bedroomCustom');
  });

  it('keeps numbers as numbers and the contact source (default when absent)', async () => {
    const { id } = (await postJson(`${server.url}/webhook/home-evaluation`, validForms['home-evaluation'])).json<{ id: string }>();
    expect((await server.app.store.find('Home Evaluations', id))?.fields).toMatchObject({ bedrooms: 4, bathrooms: 3.5, propertySize: 3200 });
    const withSource = (await postJson(`${server.url}/webhook/contact-form`, validForms['contact-form'])).json<{ id: string }>();
    expect((await server.app.store.find('Website Submissions', withSource.id))?.fields.source).toBe('about-us');
    const noSource = (await postJson(`${server.url}/webhook/contact-form`, validContact)).json<{ id: string }>();
    expect((await server.app.store.find('Website Submissions', noSource.id))?.fields.source).toBe('default');
  });

  it('answers 400 with field-by-field errors and stores nothing on bad input', async () => {
    const before = await server.app.store.count('List With Us');
    const reply = await postJson(`${server.url}/webhook/list-with-us`, {
      ...validForms['list-with-us'],
      email: 'not-an-email',
      bathrooms: 2.25,
      bedrooms: 11,
      PropertyType: 'Castle',
      name: '',
    });
    expect(reply.status).toBe(400);
    const { errors } = reply.json<{ errors: Record<string, string> }>();
    expect(Object.keys(errors).sort()).toEqual(['PropertyType', 'bathrooms', 'bedrooms', 'email', 'name']);
    expect(errors.email).toBe('Please enter a valid email address.');
    expect(await server.app.store.count('List With Us')).toBe(before);
  });

  it('keeps a showing request (preferred date and time) with a property inquiry; a past day or a bad time is a 400', async () => {
    const day = (offsetDays: number) =>
      new Date(Date.parse(`${dayIn(TEAM_TIME_ZONE, new Date())}T12:00:00Z`) + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const inquiry = validForms['property-inquiry'];
    const reply = await postJson(`${server.url}/webhook/property-inquiry`, { ...inquiry, preferredDate: day(3), preferredTime: '16:30' });
    expect(reply.status).toBe(200);
    const { id } = reply.json<{ id: string }>();
    expect((await server.app.store.find('Property Inquiries', id))?.fields).toMatchObject({ preferredDate: day(3), preferredTime: '16:30' });
    const before = await server.app.store.count('Property Inquiries');
    const bad = await postJson(`${server.url}/webhook/property-inquiry`, { ...inquiry, preferredDate: day(-2), preferredTime: '4pm' });
    expect(bad.status).toBe(400);
    expect(bad.json<{ errors: Record<string, string> }>().errors).toEqual({
      preferredDate: 'Preferred date cannot be in the past.',
      preferredTime: 'Preferred time must be a time (HH:MM).',
    });
    expect(await server.app.store.count('Property Inquiries')).toBe(before);
  });

  it('400 for a body that is not a JSON object; 413 for a body over 64 KB; 404 for an unknown form', async () => {
    const before = await server.app.store.count('Website Submissions');
    expect((await postJson(`${server.url}/webhook/contact-form`, '{oops')).status).toBe(400);
    expect((await postJson(`${server.url}/webhook/contact-form`, '[1,2]')).status).toBe(400);
    const big = await postJson(`${server.url}/webhook/contact-form`, { ...validContact, message: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    expect(await server.app.store.count('Website Submissions')).toBe(before);
    expect((await postJson(`${server.url}/webhook/unknown-form`, validContact)).status).toBe(404);
    expect((await request(`${server.url}/webhook/contact-form`, { method: 'PUT', body: '{}' })).status).toBe(405);
  });
});

describe('restarts', () => {
  it('keeps submissions and listings across a restart of the server on the same data folder', async () => {
    const first = await startServer();
    const { id } = (await postJson(`${first.url}/webhook/contact-form`, validContact)).json<{ id: string }>();
    const listingIds = (await first.app.store.all('Properties')).map((r) => r.id);
    await first.close();
    const second = await startServer({ dataDir: first.dataDir });
    try {
      expect((await second.app.store.find('Website Submissions', id))?.fields.name).toBe(validContact.name);
      expect((await second.app.store.all('Properties')).map((r) => r.id)).toEqual(listingIds);
    } finally {
      await second.close();
    }
  });
});

describe('forwarding to n8n', () => {
  it('retries with backoff while n8n is down, survives a restart, and delivers once n8n accepts', async () => {
    const received: { path: string; body: unknown }[] = [];
    let up = false;
    const n8n = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        if (!up) {
          res.writeHead(503).end();
          return;
        }
        received.push({ path: req.url ?? '', body: JSON.parse(data) as unknown });
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => n8n.listen(0, '127.0.0.1', r));
    const n8nBase = `http://127.0.0.1:${(n8n.address() as AddressInfo).port}/webhook`;
    const timing = { outbox: { initialDelayMs: 50, maxDelayMs: 200, pollMs: 20 } };
    try {
      const first = await startServer({ n8nWebhookBase: n8nBase }, timing);
      const reply = await postJson(`${first.url}/webhook/property-inquiry`, validForms['property-inquiry']);
      expect(reply.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      expect(await first.app.store.outbox.stats()).toEqual({ pending: 1, delivered: 0, notDelivered: 0 });
      await first.close();

      up = true;
      const second = await startServer({ dataDir: first.dataDir, n8nWebhookBase: n8nBase }, timing);
      try {
        for (let i = 0; i < 100 && (await second.app.store.outbox.stats()).delivered < 1; i++) await new Promise((r) => setTimeout(r, 20));
        expect(await second.app.store.outbox.stats()).toEqual({ pending: 0, delivered: 1, notDelivered: 0 });
        expect(received).toEqual([
          { path: '/webhook/property-inquiry', body: expect.objectContaining({ email: 'ana@example.com', message: 'Is it still available?' }) },
        ]);
      } finally {
        await second.close();
      }
    } finally {
      n8n.close();
    }
  });
});
