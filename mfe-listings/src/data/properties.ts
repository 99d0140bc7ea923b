/** The properties load (call 3) and the search (call 4), through the query cache. */
import { fetchAllPropertyRecords, searchPropertyRecords } from './airtable';
import { toListing, type Listing } from './listing';
import { fetchQuery, useQuery, type QueryResult } from './queryCache';

export const PROPERTIES_KEY = 'properties:all';

export async function loadAllListings(): Promise<Listing[]> {
  return (await fetchAllPropertyRecords()).map(toListing);
}

/** Every listing, loaded once for the session and shared by every page of this remote. */
export function useListings(): QueryResult<Listing[]> {
  return useQuery(PROPERTIES_KEY, loadAllListings);
}

/** Starts the load early (hover on a link, say); the result lands in the same cache. */
export function prefetchListings(): void {
  fetchQuery(PROPERTIES_KEY, loadAllListings).catch(() => undefined);
}

/**
 * Runs a search. A failed search counts as an empty result (spec section 8); it is not retried, so the visitor
 * is not kept waiting for a result that will be shown as "nothing found" anyway.
 */
export async function runSearch(formula: string): Promise<Listing[]> {
  try {
    return (await searchPropertyRecords(formula)).map(toListing);
  } catch (error) {
    console.warn('[listings] search failed, shown as no results:', error);
    return [];
  }
}

/** The search results of a formula (null: no search), cached per formula so Back shows them at once. */
export function useSearch(formula: string | null): QueryResult<Listing[]> {
  return useQuery(formula === null ? null : `search:${formula}`, () => runSearch(formula ?? ''), { retries: 0 });
}
