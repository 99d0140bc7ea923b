/** First-start seeding: declares every table and fills Properties with the generated listings. */
import { FORM_SCHEMAS, PROPERTIES_TABLE, RECEIVED_AT_FIELD, SUBMISSION_TABLES, type WebhookPath } from '@gta/shared/core';
import type { Store } from '../store/store';
import { PROPERTY_FIELD_NAMES, generateListings } from './generate';

/** Field names of a submission table: the form's fields plus the received-at time. */
export function submissionFieldNames(path: WebhookPath): string[] {
  return [...Object.keys(FORM_SCHEMAS[path]), RECEIVED_AT_FIELD];
}

/** Declares the tables (idempotent) and seeds listings once per database. Returns the number of listings inserted. */
export async function seedStore(store: Store, count: number): Promise<number> {
  const tables = [
    { name: PROPERTIES_TABLE, fields: PROPERTY_FIELD_NAMES },
    ...(Object.entries(SUBMISSION_TABLES) as [WebhookPath, string][]).map(([path, table]) => ({ name: table, fields: submissionFieldNames(path) })),
  ];
  return store.seed(tables, PROPERTIES_TABLE, () => generateListings({ count }));
}
