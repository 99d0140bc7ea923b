/**
 * The one place this remote talks to the records API: airtable.js pointed at the server's endpoint from the
 * runtime config. The browser holds no key ('public-read' only satisfies the client; the server decides).
 * airtable.js (11 KB of compressed JavaScript) is loaded with the first call, not with the page: a server-rendered
 * page comes with its listings, so its first load never needs it.
 */
import type Airtable from 'airtable';
import { getRuntimeConfig, PROPERTIES_TABLE, type PropertyRecord, type PropertyFields } from '@gta/shared';

/** airtable.js errors are plain objects ({ error, message, statusCode }), not Error instances. */
export function toError(error: unknown): Error {
  if (error instanceof Error) return error;
  if (error && typeof error === 'object' && 'message' in error && typeof (error as { message: unknown }).message === 'string') {
    const { message, statusCode } = error as { message: string; statusCode?: number };
    return new Error(statusCode ? `${message} (HTTP ${statusCode})` : message);
  }
  return new Error(typeof error === 'string' ? error : 'Unknown error');
}

async function propertiesTable(): Promise<Airtable.Table<Airtable.FieldSet>> {
  const { default: AirtableClient } = await import(/* webpackChunkName: "airtable" */ 'airtable');
  const { endpointUrl, baseId } = getRuntimeConfig().airtable;
  return new AirtableClient({ apiKey: 'public-read', endpointUrl }).base(baseId).table(PROPERTIES_TABLE);
}

function toPropertyRecord(record: Airtable.Record<Airtable.FieldSet>): PropertyRecord {
  // the module edge: the records API answers with untyped fields; the Listing model reads them defensively
  return { id: record.id, fields: record.fields as PropertyFields };
}

/** Call 3: every record of Properties, newest Listing Date first, following the page offsets to the end. */
export async function fetchAllPropertyRecords(): Promise<PropertyRecord[]> {
  try {
    const records = await (await propertiesTable())
      .select({ sort: [{ field: 'Listing Date', direction: 'desc' }] })
      .all();
    return records.map(toPropertyRecord);
  } catch (error) {
    throw toError(error);
  }
}

/** The most records a search returns (spec section 9). */
export const SEARCH_MAX_RECORDS = 20;

/** Call 4: the records matching a formula, at most 20. */
export async function searchPropertyRecords(filterByFormula: string): Promise<PropertyRecord[]> {
  try {
    const records = await (await propertiesTable())
      .select({ ...(filterByFormula ? { filterByFormula } : {}), maxRecords: SEARCH_MAX_RECORDS })
      .all();
    return records.map(toPropertyRecord);
  } catch (error) {
    throw toError(error);
  }
}
