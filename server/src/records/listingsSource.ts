/**
 * Where the server's own modules (the chat assistant, the sitemap) read listings: the same source as the pages.
 * Local mode: the store's Properties table. Airtable mode: the team's base through the server-held token, kept
 * for a short while (the assistant answers many messages a minute; listings change a few times a day), so a
 * listing the assistant links to is one the property page can open.
 */
import { PROPERTIES_TABLE, type FieldValue } from '@gta/shared/core';
import type { ServerConfig } from '../config';
import { isProxyMode } from '../config';
import type { Store, StoredRecord } from '../store/store';
import { forwardToAirtable } from './proxy';

export interface ListingsSource {
  all(): Promise<readonly StoredRecord[]>;
  /** Forget a kept copy: the next all() reads the listings again (after a write through the records API). */
  forget?(): void;
}

export const UPSTREAM_LISTINGS_TTL_MS = 2 * 60 * 1000;

export function createListingsSource(config: ServerConfig, store: Store, now: () => number = Date.now): ListingsSource {
  if (!isProxyMode(config)) return { all: () => store.all(PROPERTIES_TABLE) };
  let cached: { at: number; records: StoredRecord[] } | undefined;
  let loading: Promise<StoredRecord[]> | undefined;
  const load = async (): Promise<StoredRecord[]> => {
    const records: StoredRecord[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 200; page++) {
      const search = new URLSearchParams({ pageSize: '100' });
      if (offset) search.set('offset', offset);
      const upstream = await forwardToAirtable(config, {
        method: 'GET',
        path: `/v0/${encodeURIComponent(config.airtableBaseId ?? '')}/${encodeURIComponent(PROPERTIES_TABLE)}`,
        search: `?${search}`,
      });
      if (upstream.status !== 200) throw new Error(`Airtable answered ${upstream.status} for the listings`);
      const body = JSON.parse(upstream.body.toString('utf8')) as {
        records?: { id: string; createdTime: string; fields: Record<string, FieldValue> }[];
        offset?: string;
      };
      for (const r of body.records ?? []) records.push({ id: r.id, createdTime: r.createdTime, fields: r.fields });
      offset = body.offset;
      if (!offset) break;
    }
    cached = { at: now(), records };
    return records;
  };
  return {
    forget() {
      // the last copy stays as the fallback for a failing Airtable; only its age is dropped
      if (cached) cached = { ...cached, at: Number.NEGATIVE_INFINITY };
    },
    async all() {
      if (cached && now() - cached.at < UPSTREAM_LISTINGS_TTL_MS) return cached.records;
      loading ??= load().finally(() => {
        loading = undefined;
      });
      try {
        return await loading;
      } catch (err) {
        // a passing Airtable failure: answer from the last good copy rather than from nothing
        if (cached) return cached.records;
        throw err;
      }
    },
  };
}
