/** First-start seeding: declares every table and fills Properties with the generated listings. */
import { FORM_SCHEMAS, PROPERTIES_TABLE, SUBMISSION_TABLES, type WebhookPath } from '@gta/shared/core';
import type { RecordStore } from '../store/store';
import { PROPERTY_FIELD_NAMES, generateListings } from './generate';

/** The field that records when a submission arrived. */
export const RECEIVED_AT_FIELD = 'Received At';

/** Field names of a submission table: the form's fields plus the received-at time. */
export function submissionFieldNames(path: WebhookPath): string[] {
  return [...Object.keys(FORM_SCHEMAS[path]), RECEIVED_AT_FIELD];
}

/** Declares the tables (idempotent) and seeds listings once. Returns the number of listings inserted. */
export function seedStore(store: RecordStore, count: number): number {
  return store.transaction(() => {
    store.ensureTable(PROPERTIES_TABLE, PROPERTY_FIELD_NAMES);
    for (const [path, table] of Object.entries(SUBMISSION_TABLES) as [WebhookPath, string][]) store.ensureTable(table, submissionFieldNames(path));
    if (store.getMeta('seeded_at')) return 0;
    const listings = generateListings({ count });
    store.insertSeeded(PROPERTIES_TABLE, listings);
    store.setMeta('seeded_at', new Date().toISOString());
    store.setMeta('seed_count', String(count));
    return listings.length;
  });
}
