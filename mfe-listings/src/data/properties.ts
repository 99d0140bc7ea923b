/** The home page's featured listings and a property page's listing, through the query cache: bounded reads, never the whole table. */
import { useEffect } from 'react';
import { listingStatusFormula, propertySlugQueries } from '@gta/shared/listing-search';
import { listPropertyPage } from './airtable';
import { HOME_FEATURED_MAX, homeFeatured, toListing, type Listing } from './listing';
import { useQuery, type QueryResult } from './queryCache';

export const HOME_FEATURED_KEY = 'properties:home-featured';

/**
 * The home page's featured listings: the 9 newest for sale, in one request (the route table's firstData for '/',
 * spelt as airtable.js spells this request, so the page's preload is this very request).
 */
export async function loadHomeFeatured(): Promise<Listing[]> {
  const page = await listPropertyPage({
    filterByFormula: listingStatusFormula('') ?? '',
    sort: [{ field: 'Listing Date', direction: 'desc' }],
    pageSize: HOME_FEATURED_MAX,
  });
  return homeFeatured(page.records.map(toListing));
}

/**
 * The home page's featured listings under their own key: a server-rendered home page then carries these (up to
 * 9) with it, and reads no more.
 */
export function useHomeFeatured(): QueryResult<Listing[]> {
  const query = useQuery(HOME_FEATURED_KEY, loadHomeFeatured);
  useRememberListings(query.state.status === 'success' ? query.state.data : null);
  return query;
}

/** The most pages (of 100) one lookup of a slug reads before it gives up: a slug of common words ('house'). */
export const SLUG_LOOKUP_PAGES = 2;

/** The listing with this slug among those `formula` keeps, newest first; undefined when it is not among them. */
async function findWithSlug(formula: string, slug: string): Promise<Listing | undefined> {
  let offset: string | undefined;
  for (let page = 0; page < SLUG_LOOKUP_PAGES; page += 1) {
    const answer = await listPropertyPage({ filterByFormula: formula, sort: [{ field: 'Listing Date', direction: 'desc' }], pageSize: 100, offset });
    const found = answer.records.map(toListing).find((l) => l.slug === slug);
    if (found || !answer.offset) return found;
    offset = answer.offset;
  }
  return undefined;
}

/**
 * The listing whose slug is `slug` (null: no such listing), asked of the records API by the slug's words
 * (propertySlugQueries): one request for nearly every name, a second one with the words' pieces when the first
 * finds no exact match (a name the slug rule took characters out of, or no such listing); never the whole list.
 * When two listings have the same slug the newest is the page's, as when the page picked it from every listing.
 */
export async function loadListingBySlug(slug: string): Promise<Listing | null> {
  const queries = propertySlugQueries(slug);
  if (!queries) return null;
  for (const query of [queries.words, queries.pieces]) {
    const found = await findWithSlug(query.formula, slug);
    if (found) return found;
  }
  return null;
}

/**
 * Listings the browser has shown in a list (the home section, /active-listings, a city, the featured page, similar
 * homes): a property page opened from that list starts from its listing, with no loading state and no request. In the browser only (a server render serves many visitors), the last SEEN_MAX of them.
 */
const seenBySlug = new Map<string, Listing>();
const SEEN_MAX = 500;

export function rememberListings(listings: readonly Listing[]): void {
  if (typeof window === 'undefined') return;
  for (const listing of listings) {
    seenBySlug.delete(listing.slug);
    seenBySlug.set(listing.slug, listing);
  }
  for (const slug of seenBySlug.keys()) {
    if (seenBySlug.size <= SEEN_MAX) break;
    seenBySlug.delete(slug);
  }
}

/** One property page's listing under its own key, so a server-rendered property page carries that listing only. */
export function useListingBySlug(slug: string): QueryResult<Listing | null> {
  return useQuery(`property:${slug}`, () => loadListingBySlug(slug), { retries: 0, initialData: () => seenBySlug.get(slug) });
}

/** Remembers the listings a list shows once it shows them (see rememberListings). */
export function useRememberListings(listings: readonly Listing[] | null): void {
  useEffect(() => {
    if (listings) rememberListings(listings);
  }, [listings]);
}
