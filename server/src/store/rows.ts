/**
 * What both stores share: the rows of the outbox and of saved searches as either database returns them (SQLite
 * gives JSON as text and numbers as numbers, PostgreSQL jsonb as values and bigints as strings) turned into the
 * interface's objects, and how a change applies to a record's fields.
 */
import type { Delivery, DeliveryState, Fields, NewSavedSearch, SavedSearch, SeenListing } from './types';

export interface OutboxRow {
  seq: number;
  record_id: string;
  target: string;
  webhook_path: string;
  payload: string | unknown;
  attempts: number;
  state: string;
  next_attempt_at: number | string;
  last_error: string | null;
  created_at: number | string;
  delivered_at: number | string | null;
  remote_id: string | null;
  /** When the current run of passing failures began (null: none, or cleared by "send again"). */
  retrying_since?: number | string | null;
  /** Who holds the row's lease: cleared when an outcome is recorded. */
  lease_owner?: string | null;
}

export function rowToDelivery(row: OutboxRow): Delivery {
  return {
    seq: Number(row.seq),
    submissionId: row.record_id,
    target: row.target === 'airtable' ? 'airtable' : 'n8n',
    path: row.webhook_path,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
    attempts: Number(row.attempts),
    state: row.state as DeliveryState,
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: Number(row.created_at),
    deliveredAt: row.delivered_at === null ? null : Number(row.delivered_at),
    remoteId: row.remote_id,
    retryingSince: row.retrying_since === null || row.retrying_since === undefined ? null : Number(row.retrying_since),
  };
}

export interface SavedSearchRow {
  id: string;
  email: string;
  frequency: string;
  criteria: string | unknown;
  summary: string;
  site_origin: string;
  unsubscribe_token: string;
  created_at: number | string;
  confirmed_at: number | string | null;
  unsubscribed_at: number | string | null;
  baselined_at: number | string | null;
  last_alert_at: number | string | null;
  alerts_sent: number | string;
}

const maybeNumber = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function rowToSavedSearch(row: SavedSearchRow): SavedSearch {
  return {
    id: row.id,
    email: row.email,
    frequency: row.frequency as SavedSearch['frequency'],
    criteria: (typeof row.criteria === 'string' ? JSON.parse(row.criteria) : row.criteria) as SavedSearch['criteria'],
    summary: row.summary,
    siteOrigin: row.site_origin,
    unsubscribeToken: row.unsubscribe_token,
    createdAt: Number(row.created_at),
    confirmedAt: maybeNumber(row.confirmed_at),
    unsubscribedAt: maybeNumber(row.unsubscribed_at),
    baselinedAt: maybeNumber(row.baselined_at),
    lastAlertAt: maybeNumber(row.last_alert_at),
    alertsSent: Number(row.alerts_sent),
  };
}

export interface SeenRow {
  listing_id: string;
  lowest_price: number | string | null;
  alert_id: string | null;
}

export function seenMap(rows: readonly SeenRow[]): Map<string, SeenListing> {
  return new Map(
    rows.map((r) => [r.listing_id, { listingId: r.listing_id, price: r.lowest_price === null ? null : Number(r.lowest_price), alertId: r.alert_id }]),
  );
}

/** The columns a new saved search is written with, and its values in that order (both stores' INSERT). */
export const NEW_SAVED_SEARCH_COLUMNS = 'id, email, frequency, criteria, summary, site_origin, confirm_token_hash, unsubscribe_token, created_at';
export const newSavedSearchValues = (search: NewSavedSearch): (string | number)[] => [
  search.id,
  search.email,
  search.frequency,
  JSON.stringify(search.criteria),
  search.summary,
  search.siteOrigin,
  search.confirmTokenHash,
  search.unsubscribeToken,
  search.createdAt,
];

export const SAVED_SEARCH_COLUMNS =
  'id, email, frequency, criteria, summary, site_origin, unsubscribe_token, created_at, confirmed_at, unsubscribed_at, baselined_at, last_alert_at, alerts_sent';

/** A record's fields after a change: the given values over the current ones, null (or undefined) clearing a field. */
export function changedFields(current: Fields, change: Fields): Fields {
  const out: Fields = { ...current };
  for (const [name, value] of Object.entries(change)) {
    if (value === null || value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}
