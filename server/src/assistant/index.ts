/**
 * The local chat assistant: registered on the server at /chat/webhook (server/src/plugins.ts). The runtime config
 * points the widget here unless N8N_CHAT_URL is set, in which case the widget talks to n8n directly and this
 * route is simply unused.
 *
 * Storage: the conversation in the store (table chat_messages); leads in the records table
 * 'Chat Leads' (the contact form's schema allows only the sources default, call-to-action and about-us, so chat
 * leads do not go into 'Website Submissions'). A visitor who corrects a name or an email leaves a new row for the same
 * Session ID with the corrected details: the newest row of a session is the right one.
 */
import { CHAT_LEADS_TABLE, CHAT_LEAD_FIELDS, type PropertyRecord } from '@gta/shared/core';
import type { ServerApp } from '../serverApp';
import { isProxyMode } from '../config';
import { TokenBucketLimiter } from '../http/rateLimit';
import type { NewDelivery, Store } from '../store/store';
import { LOCAL_CHAT_PATH } from '../http/paths';
import { ChatHistory } from './history';
import { createChatHandler, leadKey } from './handler';
import type { ChatLead } from './reply';

// declared with the other staff tables in shared (the admin shows them under these names)
export { CHAT_LEADS_TABLE, CHAT_LEAD_FIELDS } from '@gta/shared/core';

export interface LeadBook {
  leadKeys: (sessionId: string) => Promise<Set<string>>;
  saveLead: (sessionId: string, lead: ChatLead) => Promise<void>;
}

/** The n8n webhook path a chat lead is forwarded to (N8N_WEBHOOK_BASE/chat-lead), beside the forms' paths. */
export const CHAT_LEAD_WEBHOOK = 'chat-lead';

/** What n8n receives for a chat lead (n8nBody adds form 'chat-lead', submissionId and receivedAt). */
export interface ChatLeadN8nBody {
  name: string;
  email: string;
  phone: string;
  question: string;
  conversation: string;
  sessionId: string;
  source: 'chat';
}

/**
 * Chat leads are kept in the local table 'Chat Leads' (which /admin reads in local mode) and, in the same commit,
 * queued in the outbox like the forms' submissions: for n8n's `chat-lead` webhook when N8N_WEBHOOK_BASE is set (so
 * a team's "new lead" workflow hears of them), and in Airtable mode for the base's 'Chat Leads' table. Each is then
 * delivered once (the submission id as Idempotency-Key), retried while n8n is down, parked for staff when refused.
 */
export async function createLeadBook(store: Store, options: { airtableMode?: boolean; forwardToN8n?: boolean; kick?: () => void } = {}): Promise<LeadBook> {
  await store.ensureTable(CHAT_LEADS_TABLE, CHAT_LEAD_FIELDS);
  return {
    async leadKeys(sessionId) {
      const records = await store.all(CHAT_LEADS_TABLE);
      return new Set(
        records.filter((r) => r.fields['Session ID'] === sessionId).map((r) => leadKey(String(r.fields.Email ?? ''), String(r.fields.Name ?? ''))),
      );
    },
    async saveLead(sessionId, lead) {
      const at = new Date();
      const fields = {
        Name: lead.name,
        Email: lead.email,
        Phone: lead.phone ?? '',
        Question: lead.question.slice(0, 2000),
        Conversation: lead.conversation,
        'Session ID': sessionId,
        Source: 'chat',
        'Submitted At': at.toISOString(),
      };
      const deliveries: NewDelivery[] = [];
      if (options.airtableMode) deliveries.push({ target: 'airtable', path: CHAT_LEADS_TABLE, payload: { fields } });
      if (options.forwardToN8n) {
        const body: ChatLeadN8nBody = {
          name: fields.Name,
          email: fields.Email,
          phone: fields.Phone,
          question: fields.Question,
          conversation: fields.Conversation,
          sessionId,
          source: 'chat',
        };
        deliveries.push({ target: 'n8n', path: CHAT_LEAD_WEBHOOK, payload: body });
      }
      await store.keepSubmission(CHAT_LEADS_TABLE, fields, deliveries, at);
      if (deliveries.length > 0) options.kick?.();
    },
  };
}

/** A chat session (its history and owner) is forgotten this long after its last message: 30 days. */
export const CHAT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How often each replica forgets the expired sessions (also once at start). */
export const CHAT_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** Forgets the chat sessions idle for CHAT_SESSION_TTL_MS; never throws (a failure is logged and tried next time). */
export async function pruneChatSessions(app: Pick<ServerApp, 'store' | 'log'>, now: number = Date.now()): Promise<number> {
  try {
    const forgotten = await app.store.chat.prune(new Date(now - CHAT_SESSION_TTL_MS));
    if (forgotten > 0) app.log.info({ forgotten }, 'chat: expired sessions forgotten');
    return forgotten;
  } catch (err) {
    app.log.warn({ err }, 'chat: expired sessions could not be pruned; trying again later');
    return 0;
  }
}

export async function registerAssistant(app: ServerApp): Promise<void> {
  const book = await createLeadBook(app.store, {
    airtableMode: isProxyMode(app.config),
    forwardToN8n: Boolean(app.config.n8nWebhookBase),
    kick: () => app.outbox?.kick(),
  });
  const handler = createChatHandler({
    history: new ChatHistory(app.store.chat),
    listings: () => app.listings.all() as Promise<readonly PropertyRecord[]>,
    leadKeys: book.leadKeys,
    saveLead: book.saveLead,
    claimSession: (sessionId, ownerHash) => app.store.chat.claim(sessionId, ownerHash, new Date()),
    sessionOwner: (sessionId) => app.store.chat.owner(sessionId),
    limiter:
      app.config.chatRateLimit > 0
        ? new TokenBucketLimiter(app.store.counters, app.config.chatRateLimit / 60, app.config.chatRateLimit, Date.now, 'chat-rate')
        : undefined,
  });
  app.route(['GET', 'POST', 'OPTIONS'], LOCAL_CHAT_PATH, handler);
  const first = pruneChatSessions(app);
  const pruning = setInterval(() => void pruneChatSessions(app), CHAT_PRUNE_INTERVAL_MS);
  pruning.unref();
  app.onClose(async () => {
    clearInterval(pruning);
    await first;
  });
}
