/**
 * The price history the server keeps of each listing (GET /api/listings/history?ids=…, server/src/records/listingHistory.ts):
 * a property page's through the query cache (a server-rendered page carries it), the cards' in batches after the
 * page started (the 'Price reduced' badge: in the browser only, so the server's HTML and the first render agree).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { getRuntimeConfig } from '@gta/shared';
import { isPriceReduced, readListingHistory, type ListingHistoryEvent } from '@gta/shared/listing-details';
import { fetchQuery, useQuery, type QueryResult } from './queryCache';
import { loadListingBySlug } from './properties';

export const LISTING_HISTORY_PATH = '/api/listings/history';
/** The most ids the endpoint takes in one request. */
export const HISTORY_BATCH = 24;

/** The endpoint on the records API's server (absolute: the server's render reads it over loopback too). */
function historyUrl(ids: readonly string[]): string {
  const url = new URL(LISTING_HISTORY_PATH, getRuntimeConfig().airtable.endpointUrl);
  url.searchParams.set('ids', ids.join(','));
  return url.href;
}

/** The histories of up to HISTORY_BATCH listings (a listing the site has no history of maps to []). */
export async function loadHistories(ids: readonly string[]): Promise<Map<string, ListingHistoryEvent[]>> {
  if (ids.length === 0) return new Map();
  const response = await fetch(historyUrl(ids), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`The price history could not be loaded (HTTP ${response.status})`);
  const read = readListingHistory(await response.json());
  return new Map(ids.map((id) => [id, read.get(id) ?? []]));
}

/**
 * A property page's history, by the page's slug: asked in the page's first render beside its listing (the same
 * query, `property:{slug}` as useListingBySlug keys it), so the server's render waits for both and the page comes
 * with its history; a listing opened from a list (already at hand) costs one request, for the history.
 */
export function usePropertyHistory(slug: string): QueryResult<ListingHistoryEvent[]> {
  return useQuery(
    `history:${slug}`,
    async () => {
      const listing = await fetchQuery(`property:${slug}`, () => loadListingBySlug(slug), { retries: 0 });
      return listing ? ((await loadHistories([listing.id])).get(listing.id) ?? []) : [];
    },
    // no retry: a retry would look the listing up again after the page has moved on (the page shows no history then)
    { retries: 0 },
  );
}

/** Several listings' histories at once (the compare page: up to four). */
export function useListingHistories(ids: readonly string[]): QueryResult<Record<string, ListingHistoryEvent[]>> {
  const key = ids.length > 0 ? `histories:${[...ids].sort().join(',')}` : null;
  return useQuery(key, async () => Object.fromEntries(await loadHistories(ids.slice(0, HISTORY_BATCH))), { retries: 1 });
}

/* The cards' 'Price reduced': ids asked for in one task are loaded together, HISTORY_BATCH a request. */
const reduced = new Map<string, boolean>();
const wanted = new Set<string>();
const listeners = new Set<() => void>();
let scheduled = false;

function flush(): void {
  scheduled = false;
  const ids = [...wanted];
  wanted.clear();
  for (let i = 0; i < ids.length; i += HISTORY_BATCH) {
    const batch = ids.slice(i, i + HISTORY_BATCH);
    loadHistories(batch).then(
      (histories) => {
        for (const [id, events] of histories) reduced.set(id, isPriceReduced(events));
        listeners.forEach((l) => l());
      },
      // a badge is a nicety: without the history the card shows none (asked again on the next page)
      () => undefined,
    );
  }
}

function want(id: string): void {
  if (reduced.has(id) || wanted.has(id)) return;
  wanted.add(id);
  if (!scheduled) {
    scheduled = true;
    setTimeout(flush, 0);
  }
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the site saw this listing's price cut last (false until known, and always on the server). */
export function usePriceReduced(id: string): boolean {
  useEffect(() => want(id), [id]);
  return useSyncExternalStore(
    subscribe,
    () => reduced.get(id) ?? false,
    () => false,
  );
}

/** Tests: forget what was loaded. */
export function resetPriceReduced(): void {
  reduced.clear();
  wanted.clear();
}
