/**
 * Where the server's own modules (the chat assistant, the sitemap, alerts matching) read listings: the same source as
 * the pages, the store's Properties table. In local mode it is the site's own table; in Airtable mode it is the synced
 * copy of the team's base (src/records/sync/airtableSync.ts), so nothing here reaches Airtable and a listing the
 * assistant links to is one the property page can open.
 */
import { PROPERTIES_TABLE } from '@gta/shared/core';
import type { Store, StoredRecord } from '../store/store';

export interface ListingsSource {
  all(): Promise<readonly StoredRecord[]>;
  /** Forget a kept copy: the next all() reads the listings again (after a write through the records API). */
  forget?(): void;
}

export function createListingsSource(store: Store): ListingsSource {
  return { all: () => store.all(PROPERTIES_TABLE) };
}
