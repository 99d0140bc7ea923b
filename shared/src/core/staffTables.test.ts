import { SUBMISSION_TABLES, type WebhookPath } from './config';
import { FORM_SCHEMAS } from './validation';
import { CHAT_LEAD_FIELDS, CHAT_LEADS_TABLE, FORM_FIELD_ORDER, STAFF_TABLE_NAMES, STAFF_TABLES } from './staffTables';

const labels = (id: string) => STAFF_TABLES.find((t) => t.id === id)!.columns.map((c) => c.label);

describe('STAFF_TABLES', () => {
  it('lists the six submission tables (the spec’s three first), Listing Alerts and Chat Leads', () => {
    expect(STAFF_TABLE_NAMES).toEqual([
      'List With Us',
      'Website Submissions',
      'New Development',
      'Property Finder',
      'Home Evaluations',
      'Property Inquiries',
      'Listing Alerts',
      'Chat Leads',
    ]);
    expect(new Set(STAFF_TABLE_NAMES)).toEqual(new Set([...Object.values(SUBMISSION_TABLES), 'Listing Alerts', CHAT_LEADS_TABLE]));
    expect(labels('listing-alerts')).toEqual(['Created', 'Email', 'Frequency', 'Search', 'Confirmed', 'Unsubscribed']);
  });

  it('labels columns as people read them, the time received first, in the form’s order', () => {
    expect(labels('home-evaluation')).toEqual([
      'Received',
      'Name',
      'Email',
      'Phone',
      'Address',
      'City',
      'Postal code',
      'Bedrooms',
      'Bathrooms',
      'Property size',
      'Additional information',
    ]);
    // the listing form asks for the property type before the address
    expect(labels('list-with-us')).toEqual([
      'Received',
      'Name',
      'Email',
      'Phone',
      'Property type',
      'Property address',
      'Bedrooms',
      'Bathrooms',
      'Square footage',
      'Property description',
    ]);
    expect(labels('chat-leads')).toEqual(['Received', 'Name', 'Email', 'Phone', 'Question', 'Conversation', 'Source', 'Session ID']);
    expect(STAFF_TABLES.find((t) => t.id === 'chat-leads')!.receivedField).toBe('Submitted At');
  });

  it('shows every field of every form exactly once', () => {
    for (const path of Object.keys(SUBMISSION_TABLES) as WebhookPath[]) {
      const order = [...FORM_FIELD_ORDER[path]];
      expect(new Set(order).size).toBe(order.length);
      expect([...order].sort()).toEqual(Object.keys(FORM_SCHEMAS[path]).sort());
    }
    const chat = STAFF_TABLES.find((t) => t.id === 'chat-leads')!;
    expect(chat.columns.map((c) => c.field).sort()).toEqual([...CHAT_LEAD_FIELDS].sort());
  });
});
