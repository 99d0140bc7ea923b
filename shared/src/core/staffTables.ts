/**
 * The tables staff read in /admin, declared once: the six form submission tables, the saved searches of
 * listing alerts ('Listing Alerts') and the chat assistant's 'Chat Leads'. Each has the columns staff see, with their
 * labels: the time the row arrived first, then the form's fields in the order the form shows them, with their labels
 * (the form's declaration, forms.ts). The server stores under these names (webhook receivers, chat assistant) and lets
 * a signed-out caller know these tables exist (401 rather than 404); the admin shows these labels.
 * Framework-free.
 */
import { SUBMISSION_TABLES, type WebhookPath } from './config';
import { FORMS, formStaffColumns } from './forms';
import { LISTING_ALERT_FIELDS, LISTING_ALERTS_TABLE } from './listingAlerts';

/** The field the server writes on every form submission: when it arrived (ISO 8601, UTC). */
export const RECEIVED_AT_FIELD = 'Received At';

/** The chat assistant's leads (a name and an email given in the chat), with the conversation so far. */
export const CHAT_LEADS_TABLE = 'Chat Leads';
export const CHAT_LEAD_FIELDS = ['Name', 'Email', 'Phone', 'Question', 'Conversation', 'Session ID', 'Source', 'Submitted At'] as const;
/** When a chat lead was kept (ISO 8601, UTC). */
export const CHAT_LEAD_SUBMITTED_AT_FIELD = 'Submitted At';

/** What a column of the admin table shows: a stored field under a label people read. */
export interface StaffColumn {
  field: string;
  label: string;
}

/** The label of the time-received column of every staff table. */
export const RECEIVED_LABEL = 'Received';

export type StaffTableId = WebhookPath | 'chat-leads' | 'listing-alerts';

export interface StaffTable {
  /** Stable id: the form's webhook path, or 'chat-leads' (DOM ids, file names). */
  id: StaffTableId;
  /** The table's name in the records API. */
  name: string;
  /** The field that holds when a row arrived (newest first sorts on it). */
  receivedField: string;
  /** Every column staff see, the time received first. */
  columns: readonly StaffColumn[];
}

const fieldNames = (path: WebhookPath): readonly string[] => FORMS[path].fields.map((f) => f.name);

/**
 * Each form's fields in the order its page shows them (mfe-forms), the fields the page adds itself among them (the
 * contact form's source, the property the inquiry is about): the form's declaration (forms.ts), so a field added
 * to a form cannot go missing from the admin.
 */
export const FORM_FIELD_ORDER: { readonly [P in WebhookPath]: readonly string[] } = {
  'contact-form': fieldNames('contact-form'),
  'property-finder': fieldNames('property-finder'),
  'list-with-us': fieldNames('list-with-us'),
  'new-development': fieldNames('new-development'),
  'home-evaluation': fieldNames('home-evaluation'),
  'property-inquiry': fieldNames('property-inquiry'),
};

function formTable(path: WebhookPath): StaffTable {
  return {
    id: path,
    name: SUBMISSION_TABLES[path],
    receivedField: RECEIVED_AT_FIELD,
    columns: [{ field: RECEIVED_AT_FIELD, label: RECEIVED_LABEL }, ...formStaffColumns(FORMS[path])],
  };
}

/** Chat Leads: fields stored under their labels; the conversation after the question, the session id last. */
const CHAT_LEADS: StaffTable = {
  id: 'chat-leads',
  name: CHAT_LEADS_TABLE,
  receivedField: CHAT_LEAD_SUBMITTED_AT_FIELD,
  columns: [
    { field: CHAT_LEAD_SUBMITTED_AT_FIELD, label: RECEIVED_LABEL },
    { field: 'Name', label: 'Name' },
    { field: 'Email', label: 'Email' },
    { field: 'Phone', label: 'Phone' },
    { field: 'Question', label: 'Question' },
    { field: 'Conversation', label: 'Conversation' },
    { field: 'Source', label: 'Source' },
    { field: 'Session ID', label: 'Session ID' },
  ],
};

/** Saved searches with listing alerts ('Alert me' on the search results): the search in words, confirmed and unsubscribed times. */
const LISTING_ALERTS: StaffTable = {
  id: 'listing-alerts',
  name: LISTING_ALERTS_TABLE,
  receivedField: LISTING_ALERT_FIELDS.created,
  columns: [
    { field: LISTING_ALERT_FIELDS.created, label: 'Created' },
    { field: LISTING_ALERT_FIELDS.email, label: 'Email' },
    { field: LISTING_ALERT_FIELDS.frequency, label: 'Frequency' },
    { field: LISTING_ALERT_FIELDS.search, label: 'Search' },
    { field: LISTING_ALERT_FIELDS.confirmed, label: 'Confirmed' },
    { field: LISTING_ALERT_FIELDS.unsubscribed, label: 'Unsubscribed' },
  ],
};

/** The admin's tabs in order: the spec's three tables first, then the other forms, the listing alerts, then the chat leads. */
export const STAFF_TABLES: readonly StaffTable[] = [
  formTable('list-with-us'),
  formTable('contact-form'),
  formTable('new-development'),
  formTable('property-finder'),
  formTable('home-evaluation'),
  formTable('property-inquiry'),
  LISTING_ALERTS,
  CHAT_LEADS,
];

/** The names of every staff table. */
export const STAFF_TABLE_NAMES: readonly string[] = STAFF_TABLES.map((t) => t.name);
