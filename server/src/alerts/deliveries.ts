/**
 * What listing alerts send, all through the outbox (store-and-forward, each delivery once, a kill loses nothing):
 *  - n8n `listing-alert-confirm`: the double opt-in email's content (the visitor, the search, the confirm link);
 *  - n8n `listing-alert`: one per visitor (email) and frequency period, with each of their searches that found homes
 *    (its listings and its unsubscribe link), every home once, and a link that unsubscribes from all of them;
 *  - Airtable mode: the saved search as a row of the team's 'Listing Alerts' table (where /admin reads), created
 *    when saved and updated (PATCH) when confirmed or unsubscribed.
 * The bodies are documented in server/README.md (Listing alerts); n8nBody adds form, submissionId and receivedAt.
 */
import crypto from 'node:crypto';
import {
  ALERT_API,
  ALERT_FREQUENCY_LABELS,
  ALERT_WEBHOOKS,
  LISTING_ALERT_FIELDS,
  LISTING_ALERTS_TABLE,
  alertSearchQuery,
  type AlertCriteria,
  type AlertFrequency,
} from '@gta/shared/core';
import type { NewDelivery, SavedSearch } from '../store/store';
import { MAX_LISTINGS_PER_ALERT, listingBody, type AlertListingBody, type FoundListing, type SearchFindings } from './matching';

/** Where alert deliveries go: n8n always (they wait in the outbox until N8N_WEBHOOK_BASE is set), the team's base in Airtable mode. */
export interface AlertTargets {
  airtableMode: boolean;
}

/** A random token for a link (256 bits, URL-safe). */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function confirmUrl(origin: string, token: string): string {
  return `${origin}${ALERT_API.confirm}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}${ALERT_API.unsubscribe}?token=${encodeURIComponent(token)}`;
}

/** The path of the 'unsubscribe from all' link (unsubscribeAll.ts): any one of the visitor's unsubscribe tokens. */
export const UNSUBSCRIBE_ALL_PATH = `${ALERT_API.unsubscribe}-all`;

export function unsubscribeAllUrl(origin: string, token: string): string {
  return `${origin}${UNSUBSCRIBE_ALL_PATH}?token=${encodeURIComponent(token)}`;
}

/** The search's results page, as the visitor ran it. */
export function searchUrl(origin: string, criteria: AlertCriteria): string {
  const query = alertSearchQuery(criteria);
  return `${origin}/active-listings${query ? `?${query}` : ''}`;
}

export interface AlertSearchBody {
  id: string;
  summary: string;
  frequency: AlertFrequency;
  criteria: AlertCriteria;
  url: string;
}

/** Body of `listing-alert-confirm` (before n8nBody's form/submissionId/receivedAt). */
export interface ConfirmWebhookBody {
  visitor: { email: string };
  search: AlertSearchBody;
  confirmUrl: string;
  unsubscribeUrl: string;
}

/** One saved search in a `listing-alert` body: what it found in this period. */
export interface AlertSearchResult {
  search: AlertSearchBody;
  /** New listings first, then price cuts; at most MAX_LISTINGS_PER_ALERT. */
  listings: AlertListingBody[];
  /** Every listing this search announces (more than `listings` holds when it was cut short). */
  totalListings: number;
  /** Unsubscribes from this search only. */
  unsubscribeUrl: string;
}

/**
 * Body of `listing-alert` (before n8nBody's form/submissionId/receivedAt): one per visitor and frequency period.
 * `searches` has each of the visitor's searches that found homes; `listings` every home of the alert once (a home
 * two searches found is listed once). `search` and `unsubscribeUrl` are the first search's, as in the bodies of one
 * search per alert (a workflow written for those keeps working; with one search they are the whole alert).
 */
export interface AlertWebhookBody {
  alertId: string;
  visitor: { email: string };
  frequency: AlertFrequency;
  searches: AlertSearchResult[];
  /** Every home of the alert once, new ones first, then price cuts; at most MAX_LISTINGS_PER_ALERT. */
  listings: AlertListingBody[];
  /** Every home this alert announces, counted once (more than `listings` holds when it was cut short). */
  totalListings: number;
  /** The first search (see above). */
  search: AlertSearchBody;
  /** The first search's unsubscribe link (see above). */
  unsubscribeUrl: string;
  /** Unsubscribes from every saved search of this email (one click, like the others). */
  unsubscribeAllUrl: string;
}

type SearchLike = Pick<SavedSearch, 'id' | 'email' | 'frequency' | 'criteria' | 'summary' | 'siteOrigin' | 'unsubscribeToken'>;

function searchBody(search: SearchLike): AlertSearchBody {
  return { id: search.id, summary: search.summary, frequency: search.frequency, criteria: search.criteria, url: searchUrl(search.siteOrigin, search.criteria) };
}

/** The deliveries of a newly saved search: the confirm email, and in Airtable mode the staff row. */
export function savedDeliveries(search: SearchLike & { createdAt: number }, confirmToken: string, targets: AlertTargets): NewDelivery[] {
  const confirm: ConfirmWebhookBody = {
    visitor: { email: search.email },
    search: searchBody(search),
    confirmUrl: confirmUrl(search.siteOrigin, confirmToken),
    unsubscribeUrl: unsubscribeUrl(search.siteOrigin, search.unsubscribeToken),
  };
  const deliveries: NewDelivery[] = [{ target: 'n8n', path: ALERT_WEBHOOKS.confirm, payload: confirm }];
  if (targets.airtableMode) {
    deliveries.push({
      target: 'airtable',
      path: LISTING_ALERTS_TABLE,
      payload: {
        fields: {
          [LISTING_ALERT_FIELDS.created]: new Date(search.createdAt).toISOString(),
          [LISTING_ALERT_FIELDS.email]: search.email,
          [LISTING_ALERT_FIELDS.frequency]: ALERT_FREQUENCY_LABELS[search.frequency],
          [LISTING_ALERT_FIELDS.search]: search.summary,
        },
      },
    });
  }
  return deliveries;
}

/** Airtable mode: the staff row's change when the visitor confirms or unsubscribes (a PATCH of the row created above). */
export function staffRowUpdate(field: 'confirmed' | 'unsubscribed', at: number, targets: AlertTargets): NewDelivery[] {
  if (!targets.airtableMode) return [];
  return [{ target: 'airtable', path: LISTING_ALERTS_TABLE, payload: { update: true, fields: { [LISTING_ALERT_FIELDS[field]]: new Date(at).toISOString() } } }];
}

const newFirst = (found: readonly FoundListing[]): FoundListing[] => [
  ...found.filter((f) => f.reason === 'new'),
  ...found.filter((f) => f.reason === 'price-reduced'),
];

/** The `listing-alert` delivery of one visitor's alert: what each of their searches (one frequency) found. */
export function visitorAlertDeliveries(findings: readonly SearchFindings[], alertId: string): NewDelivery[] {
  const first = findings[0];
  if (!first) return [];
  const searches: AlertSearchResult[] = findings.map(({ search, found }) => ({
    search: searchBody(search),
    listings: newFirst(found)
      .slice(0, MAX_LISTINGS_PER_ALERT)
      .map((f) => listingBody(f, search.siteOrigin)),
    totalListings: found.length,
    unsubscribeUrl: unsubscribeUrl(search.siteOrigin, search.unsubscribeToken),
  }));
  // every home once: the first search that found it says why (new or a price cut)
  const once = new Map<string, FoundListing>();
  for (const { found } of findings) for (const f of newFirst(found)) if (!once.has(f.record.id)) once.set(f.record.id, f);
  const body: AlertWebhookBody = {
    alertId,
    visitor: { email: first.search.email },
    frequency: first.search.frequency,
    searches,
    listings: newFirst([...once.values()])
      .slice(0, MAX_LISTINGS_PER_ALERT)
      .map((f) => listingBody(f, first.search.siteOrigin)),
    totalListings: once.size,
    search: searchBody(first.search),
    unsubscribeUrl: unsubscribeUrl(first.search.siteOrigin, first.search.unsubscribeToken),
    unsubscribeAllUrl: unsubscribeAllUrl(first.search.siteOrigin, first.search.unsubscribeToken),
  };
  return [{ target: 'n8n', path: ALERT_WEBHOOKS.alert, payload: body }];
}
