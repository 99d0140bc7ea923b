/**
 * Airtable mode against a fake Airtable on loopback that answers as Airtable's API documents (src/testing/fakeAirtable.ts).
 */
import { FakeAirtable } from '../testing/fakeAirtable';
import { postJson, request, signIn, startServer, validContact, type TestServer } from '../testing/harness';
import { SUBMISSION_ID_FIELD } from './outbox';

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('Airtable mode: submissions are created in the team base, where /admin reads them', () => {
  let airtable: FakeAirtable;
  let server: TestServer;
  beforeEach(async () => {
    airtable = new FakeAirtable();
    await airtable.start();
    server = await startServer(
      { airtableBaseId: 'appTeamBase', airtableToken: 'patSECRET', airtableApiUrl: airtable.url },
      // a 429 closes the fleet's budget for the base: 30 s in production, a moment here
      { outbox: { initialDelayMs: 30, maxDelayMs: 100, pollMs: 20, timeoutMs: 500, rateLimitDelayMs: 60 }, airtableBudget: { penaltyMs: 60 } },
    );
  });
  afterEach(async () => {
    await server.close();
    await airtable.stop();
  });

  it("a contact form post creates the record in Website Submissions with its fields and the server-held token; staff read it through /admin's API", async () => {
    const reply = await postJson(`${server.url}/webhook/contact-form`, validContact);
    expect(reply.status).toBe(200);
    await until(() => airtable.created.length === 1);
    const [record] = airtable.created;
    expect(record).toMatchObject({ table: 'Website Submissions', typecast: true, auth: 'Bearer patSECRET' });
    expect(record?.fields).toMatchObject({ name: validContact.name, email: validContact.email, message: validContact.message, source: 'default' });
    expect(Date.parse(String(record?.fields['Received At']))).toBeGreaterThan(Date.now() - 60_000);
    // nothing of it stays in the local tables, which nobody reads in this mode
    expect(await server.app.store.hasTable('Website Submissions')).toBe(false);
    const cookie = await signIn(server.url);
    const list = await request(`${server.url}/api/airtable/v0/appTeamBase/Website%20Submissions`, { headers: { Cookie: cookie } });
    expect(list.json<{ records: { fields: { email: string } }[] }>().records.map((r) => r.fields.email)).toEqual([validContact.email]);
  });

  it('with Airtable answering 503 and then 429, the submission is kept, answered 200, and created later, once', async () => {
    airtable.script = [503, 429, 503];
    const reply = await postJson(`${server.url}/webhook/property-inquiry`, {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Still available?',
      propertyId: 'W1',
    });
    expect(reply.status).toBe(200);
    const { id } = reply.json<{ id: string }>();
    await until(async () => (await server.app.store.outbox.stats()).delivered === 1);
    expect(airtable.created.filter((c) => c.table === 'Property Inquiries')).toHaveLength(1);
    const [row] = await server.app.store.outbox.forSubmission(id);
    expect(row).toMatchObject({ state: 'delivered', attempts: 4, remoteId: 'recFake1' });
  });

  it('an attempt whose answer never came is looked up by its submission id before it is sent again: no second record', async () => {
    // Airtable creates the record, and the answer is lost: the server's attempt times out
    airtable.script = ['lost'];
    const reply = await postJson(`${server.url}/webhook/contact-form`, validContact);
    const { id } = reply.json<{ id: string }>();
    await until(async () => (await server.app.store.outbox.stats()).delivered === 1);
    expect(airtable.created).toHaveLength(1);
    expect(airtable.created[0]?.fields[SUBMISSION_ID_FIELD]).toBe(id);
    const [row] = await server.app.store.outbox.forSubmission(id);
    expect(row).toMatchObject({ state: 'delivered', remoteId: airtable.created[0]?.id });
  });

  it('422 (a field the base lacks) stops at once and is shown to staff as not delivered, with the reason and a send-again action', async () => {
    airtable.script = [422];
    const { id } = (await postJson(`${server.url}/webhook/contact-form`, validContact)).json<{ id: string }>();
    await until(async () => (await server.app.store.outbox.stats()).notDelivered === 1);
    expect((await request(`${server.url}/api/admin/deliveries`)).status).toBe(401);
    const cookie = await signIn(server.url);
    const view = (await request(`${server.url}/api/admin/deliveries`, { headers: { Cookie: cookie } })).json<{
      deliveries: { seq: number; submissionId: string; state: string; lastError: string; destination: string; summary: string }[];
    }>();
    expect(view.deliveries[0]).toMatchObject({
      submissionId: id,
      state: 'not-delivered',
      destination: 'Airtable: Website Submissions',
      summary: `${validContact.name} · ${validContact.email}`,
    });
    expect(view.deliveries[0]?.lastError).toMatch(/422.*UNKNOWN_FIELD_NAME/);
    const resend = await request(`${server.url}/api/admin/deliveries/${view.deliveries[0]?.seq}/resend`, { method: 'POST', headers: { Cookie: cookie } });
    expect(resend.status).toBe(200);
    await until(() => airtable.created.length === 1);
  });

  it("the chat assistant answers from the base's listings, not the local seed", async () => {
    airtable.add('Properties', { 'Property Name': 'Only Airtable Home', City: 'Oakville', Status: 'Available', Price: 1_500_000, Bedrooms: 4 });
    // the synced copy takes it on its next read of the base (AIRTABLE_SYNC_INTERVAL_MS; here at once)
    await server.app.airtableSync?.syncNow();
    const listings = await server.app.listings.all();
    expect(listings.map((r) => r.fields['Property Name'])).toEqual(['Only Airtable Home']);
  });
});
