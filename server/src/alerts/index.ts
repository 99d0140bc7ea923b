/**
 * Saved searches and listing alerts ('Alert me' on the search results), registered as a server plugin
 * (src/plugins.ts):
 *  - the endpoints (routes.ts): save a search (double opt-in), confirm, one-click unsubscribe;
 *  - the matcher (matcher.ts): on a schedule (ALERTS_INTERVAL_MS) and after Properties is written through the
 *    records API (created, or changed: a price cut), one alert per visitor (email) and frequency period with the new
 *    and price-reduced listings of each of their searches, through the outbox; unsubscribeAll.ts: the link that
 *    turns all of a visitor's searches off;
 *  - staff: local mode presents the saved searches as the read-only table 'Listing Alerts' of the records API (what
 *    /admin reads); Airtable mode creates and updates rows of the team's 'Listing Alerts' table through the outbox.
 */
import { ALERT_FREQUENCY_LABELS, LISTING_ALERT_FIELDS, LISTING_ALERTS_TABLE, PROPERTIES_TABLE, type FieldValue } from '@gta/shared/core';
import type { ServerApp } from '../serverApp';
import { isProxyMode } from '../config';
import { TokenBucketLimiter } from '../http/rateLimit';
import type { SavedSearch, StoredRecord } from '../store/store';
import { AlertMatcher } from './matcher';
import { registerAlertRoutes } from './routes';
import { registerUnsubscribeAll } from './unsubscribeAll';

const matchers = new WeakMap<ServerApp, AlertMatcher>();

/** The app's matcher (tests run it directly). */
export function alertMatcherOf(app: ServerApp): AlertMatcher | undefined {
  return matchers.get(app);
}

/** A saved search as staff read it ('Listing Alerts'). */
export function staffRecord(search: SavedSearch): StoredRecord {
  const created = new Date(search.createdAt).toISOString();
  const fields: Record<string, FieldValue> = {
    [LISTING_ALERT_FIELDS.created]: created,
    [LISTING_ALERT_FIELDS.email]: search.email,
    [LISTING_ALERT_FIELDS.frequency]: ALERT_FREQUENCY_LABELS[search.frequency],
    [LISTING_ALERT_FIELDS.search]: search.summary,
  };
  if (search.confirmedAt !== null) fields[LISTING_ALERT_FIELDS.confirmed] = new Date(search.confirmedAt).toISOString();
  if (search.unsubscribedAt !== null) fields[LISTING_ALERT_FIELDS.unsubscribed] = new Date(search.unsubscribedAt).toISOString();
  return { id: search.id, createdTime: created, fields };
}

export function registerAlerts(app: ServerApp): void {
  const { config, store, records } = app;
  const log = app.log.child({ part: 'alerts' });
  const airtableMode = isProxyMode(config);
  const matcher = new AlertMatcher({
    store,
    listings: () => app.listings.all(),
    intervalMs: config.alertsIntervalMs,
    timeZone: records.timeZone,
    onAlerts: () => app.outbox?.kick(),
    log,
  });
  matchers.set(app, matcher);
  registerAlertRoutes(app.router, {
    store,
    targets: { airtableMode },
    canSend: Boolean(config.n8nWebhookBase),
    limiter:
      config.formRateLimit > 0 ? new TokenBucketLimiter(store.counters, config.formRateLimit / 60, config.formRateLimit, Date.now, 'alert-rate') : undefined,
    kickOutbox: () => app.outbox?.kick(),
    kickMatcher: () => matcher.kick(),
    log,
  });
  registerUnsubscribeAll(app.router, { store, targets: { airtableMode }, kickOutbox: () => app.outbox?.kick(), log });
  if (!airtableMode) {
    records.addDerivedTable(LISTING_ALERTS_TABLE, {
      fields: Object.values(LISTING_ALERT_FIELDS),
      records: async () => (await store.alerts.list()).map(staffRecord),
    });
  }
  records.onWrite((table) => {
    if (table !== PROPERTIES_TABLE) return;
    app.listings.forget?.();
    matcher.kick();
  });
  matcher.start();
  app.onClose(() => matcher.stop());
}
