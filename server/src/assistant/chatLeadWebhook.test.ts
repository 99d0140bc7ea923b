/**
 * Issue 39 item 8: a chat lead reaches n8n as every other lead does. It is committed with an outbox row for n8n's
 * `chat-lead` webhook, delivered once with its submission id (X-Submission-Id, Idempotency-Key), kept while n8n's
 * workflow is inactive and delivered when it is back, never twice; tested against the fake n8n Webhook node the
 * forms' forwarding tests use (src/testing/fakeN8nWebhook.ts).
 */
import { randomUUID } from 'node:crypto';
import { startServer, type TestServer } from '../testing/harness';
import { startFakeN8nWebhook, type FakeN8nWebhook } from '../testing/fakeN8nWebhook';
import { CHAT_LEADS_TABLE, CHAT_LEAD_WEBHOOK, registerAssistant } from './index';

jest.setTimeout(60_000);

/** Polls until `check` holds; 20 s at most (the machine running the suites has 2 busy cores). */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A visitor's browser on the local assistant: keeps the chat cookie, sends the site's Origin. */
function visitor(server: TestServer) {
  let cookie = '';
  const sessionId = randomUUID();
  return {
    sessionId,
    async say(chatInput: string): Promise<string> {
      const res = await fetch(`${server.url}/chat/webhook`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0] as string;
      expect(res.status).toBe(200);
      return ((await res.json()) as { output: string }).output;
    },
  };
}

describe("chat leads through the outbox to n8n's chat-lead webhook", () => {
  let n8n: FakeN8nWebhook;
  let server: TestServer;
  beforeEach(async () => {
    n8n = await startFakeN8nWebhook({ auth: { type: 'none' }, activePaths: ['contact-form', CHAT_LEAD_WEBHOOK] });
    server = await startServer(
      { n8nWebhookBase: n8n.base },
      // an inactive workflow (404) is retried here, not parked after 3 tries: the test turns it back on
      { plugins: [registerAssistant], outbox: { initialDelayMs: 20, maxDelayMs: 60, pollMs: 10, permanentTries: { n8n: 1000 } } },
    );
  });
  afterEach(async () => {
    await server.close();
    await n8n.close();
  });

  it('delivers the lead with the question, the conversation and the session, with its submission id; the same details again send nothing', async () => {
    const chat = visitor(server);
    await chat.say('Can you recommend a contractor for a kitchen remodel?');
    expect(await chat.say('Alex Martin, alex@example.com, 905-555-0199')).toMatch(/Thank you, Alex/);
    await until(() => n8n.started.length === 1, 'the chat-lead workflow to start');
    const [call] = n8n.started;
    const [lead] = (await server.app.store.all(CHAT_LEADS_TABLE)).filter((r) => r.fields['Session ID'] === chat.sessionId);
    expect(call?.path).toBe('chat-lead');
    expect(call?.headers['x-form-name']).toBe('chat-lead');
    expect(call?.headers['x-submission-id']).toBe(lead?.id);
    expect(call?.headers['idempotency-key']).toBe(lead?.id);
    expect(call?.body).toEqual({
      name: 'Alex Martin',
      email: 'alex@example.com',
      phone: lead?.fields.Phone,
      question: 'Can you recommend a contractor for a kitchen remodel?',
      conversation: lead?.fields.Conversation,
      sessionId: chat.sessionId,
      source: 'chat',
      form: 'chat-lead',
      submissionId: lead?.id,
      receivedAt: lead?.fields['Submitted At'],
    });
    expect(String((call?.body as { conversation: string }).conversation)).toContain('kitchen remodel');

    // the same person again in the same session: no new lead, nothing more for n8n
    await chat.say('again: alex@example.com, I am Alex Martin');
    await new Promise((r) => setTimeout(r, 300));
    expect(n8n.started).toHaveLength(1);
    const rows = await server.app.store.outbox.forSubmission(lead?.id as string);
    expect(rows.map((r) => [r.target, r.path, r.state])).toEqual([['n8n', 'chat-lead', 'delivered']]);
  });

  it('an inactive workflow loses nothing: the lead waits, and reaches n8n once when the workflow is back', async () => {
    n8n.setActive(CHAT_LEAD_WEBHOOK, false);
    const chat = visitor(server);
    await chat.say('Do you have condos in Burlington?');
    await chat.say('Priya Shah, priya@example.com');
    await until(() => n8n.attempts.filter((a) => a === '404 chat-lead').length >= 2, 'two refused attempts');
    expect(n8n.started).toHaveLength(0);
    n8n.setActive(CHAT_LEAD_WEBHOOK, true);
    await until(() => n8n.started.length === 1, 'the lead to arrive once the workflow is active');
    await new Promise((r) => setTimeout(r, 300));
    expect(n8n.started.map((c) => (c.body as { email: string }).email)).toEqual(['priya@example.com']);
    expect(n8n.attempts.filter((a) => a.startsWith('200'))).toHaveLength(1);
  });
});
