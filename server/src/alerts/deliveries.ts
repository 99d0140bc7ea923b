/**
 * What listing alerts send, all through the outbox (store-and-forward, each delivery once, a kill loses nothing):
 *  - n8n `listing-alert-confirm`: the double opt-in email's content (the visitor, the search, the confirm link);
 *  - n8n `listing-alert`: one per saved search per matcher run, with the listings found and the unsubscribe link;
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
import { MAX_LISTINGS_PER_ALERT, listingBody, type AlertListingBody, type FoundListing } from './matching';

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

/** Body of `listing-alert` (before n8nBody's form/submissionId/receivedAt). */
export interface AlertWebhookBody {
  alertId: string;
  visitor: { email: string };
  search: AlertSearchBody;
  /** New listings first, then price cuts; at most MAX_LISTINGS_PER_ALERT. */
  listings: AlertListingBody[];
  /** Every listing this alert announces (more than `listings` holds when it was cut short). */
  totalListings: number;
  unsubscribeUrl: string;
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

/** The `listing-alert` delivery of one matcher run for one search. */
export function alertDeliveries(search: SavedSearch, alertId: string, found: readonly FoundListing[]): NewDelivery[] {
  const ordered = [...found.filter((f) => f.reason === 'new'), ...found.filter((f) => f.reason === 'price-reduced')];
  const body: AlertWebhookBody = {
    alertId,
    visitor: { email: search.email },
    search: searchBody(search),
    listings: ordered.slice(0, MAX_LISTINGS_PER_ALERT).map((f) => listingBody(f, search.siteOrigin)),
    totalListings: found.length,
    unsubscribeUrl: unsubscribeUrl(search.siteOrigin, search.unsubscribeToken),
  };
  return [{ target: 'n8n', path: ALERT_WEBHOOKS.alert, payload: body }];
}
