/**
 * The local chat assistant: registered on the server at /chat/webhook (server/src/plugins.ts). The runtime config
 * points the widget here unless N8N_CHAT_URL is set, in which case the widget talks to n8n directly and this
 * route is simply unused.
 *
 * Storage: the conversation in the store's SQLite file (table chat_messages); leads in the records table
 * 'Chat Leads' (the contact form's schema allows only the sources default, call-to-action and about-us, so chat
 * leads do not go into 'Website Submissions').
 */
import { PROPERTIES_TABLE, type PropertyRecord } from '@gta/shared/core';
import type { ServerApp } from '../app';
import type { RecordStore } from '../store/store';
import { LOCAL_CHAT_PATH } from '../site/runtimeConfig';
import { ChatHistory } from './history';
import { createChatHandler } from './handler';
import type { ChatLead } from './reply';

export const CHAT_LEADS_TABLE = 'Chat Leads';
export const CHAT_LEAD_FIELDS = ['Name', 'Email', 'Phone', 'Question', 'Conversation', 'Session ID', 'Source', 'Submitted At'] as const;

export function createLeadSaver(store: RecordStore): (sessionId: string, lead: ChatLead) => boolean {
  store.ensureTable(CHAT_LEADS_TABLE, CHAT_LEAD_FIELDS);
  return (sessionId, lead) => {
    const known = store.all(CHAT_LEADS_TABLE).some((r) => r.fields['Session ID'] === sessionId && r.fields.Email === lead.email);
    if (known) return false;
    store.createRecord(CHAT_LEADS_TABLE, {
      Name: lead.name,
      Email: lead.email,
      Phone: lead.phone ?? '',
      Question: lead.question.slice(0, 2000),
      Conversation: lead.conversation,
      'Session ID': sessionId,
      Source: 'chat',
      'Submitted At': new Date().toISOString(),
    });
    return true;
  };
}

export function registerAssistant(app: ServerApp): void {
  const handler = createChatHandler({
    history: new ChatHistory(app.store.db),
    listings: () => app.store.all(PROPERTIES_TABLE) as readonly PropertyRecord[],
    saveLead: createLeadSaver(app.store),
  });
  app.route(['GET', 'POST', 'OPTIONS'], LOCAL_CHAT_PATH, handler);
}
