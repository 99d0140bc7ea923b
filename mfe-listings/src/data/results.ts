/**
 * The results of /active-listings, read from the records API: 20 listings per page, in the visitor's order (sort),
 * the next page from the offset the last one came with. A search is one request: its listings and the whole list's
 * count together (the records API's returnCount, see server/README.md; 'Showing 20 of 47'). 'Show more' is one more
 * request from the offset; a URL asking for 3 pages (shown=60) reads the 60 in one request (up to 100 a request).
 * Nothing reads the whole list to count it: a records API that answers no count leaves the page without a total.
 */
import { useEffect, useRef } from 'react';
import { listPropertyPage, ExpiredOffsetError } from './airtable';
import { toListing, type Listing } from './listing';
import { rememberListings } from './properties';
import { peekQuery, useQuery, type QueryResult } from './queryCache';
import { PAGE_SIZE, SORT_FIELDS, type SortKey } from '../search/sort';

export interface Results {
  listings: Listing[];
  /** Present when more listings follow (the records API's offset for the next page). */
  offset?: string;
  /** How many listings the whole list holds, as the records API counted it with the last request (absent: unknown). */
  count?: number;
}

export interface Count {
  /** How many listings match (at least this many when `more`). */
  n: number;
  /** More match than `n` (a count that stopped early). */
  more: boolean;
}

/** The most listings one request of the records API answers (its pageSize limit). */
const MAX_REQUEST_SIZE = 100;

export const resultsKey = (formula: string, sort: SortKey, pages: number) => `results:${sort}:${pages}:${formula}`;

/**
 * Reads until `pages` pages of listings are read or the list ends, continuing from `from` (pages already read): as
 * many listings per request as are wanted (up to 100), each request asking for the list's count.
 */
async function readPages(formula: string, sort: SortKey, pages: number, from?: Results): Promise<Results> {
  const listings = from ? [...from.listings] : [];
  let offset = from?.offset;
  let count = from?.count;
  const wanted = pages * PAGE_SIZE;
  while (listings.length < wanted) {
    const pageSize = Math.min(MAX_REQUEST_SIZE, wanted - listings.length);
    const page = await listPropertyPage({ filterByFormula: formula, sort: SORT_FIELDS[sort], pageSize, offset, returnCount: true });
    listings.push(...page.records.map(toListing));
    offset = page.offset;
    count = page.count;
    if (!offset) break;
  }
  return { listings, ...(offset ? { offset } : {}), ...(count !== undefined ? { count } : {}) };
}

/**
 * The first `pages` pages of the listings `formula` keeps ('' keeps all), in `sort` order. When fewer pages of the
 * same list are cached (the visitor pressed 'Show more'), only the pages after them are read; an offset the API no
 * longer knows sends the read back to the start.
 */
export async function loadResults(formula: string, sort: SortKey, pages: number): Promise<Results> {
  for (let k = pages - 1; k >= 1; k -= 1) {
    const before = peekQuery<Results>(resultsKey(formula, sort, k));
    if (!before) continue;
    if (!before.offset) return before;
    try {
      return await readPages(formula, sort, pages, before);
    } catch (error) {
      if (!(error instanceof ExpiredOffsetError)) throw error;
      break;
    }
  }
  return readPages(formula, sort, pages);
}

/** Whether some of the first `pages` pages of this list are cached already (the visitor pressed 'Show more'). */
function hasEarlierPages(formula: string, sort: SortKey, pages: number): boolean {
  for (let k = pages - 1; k >= 1; k -= 1) if (peekQuery<Results>(resultsKey(formula, sort, k))) return true;
  return false;
}

/**
 * A search that fails counts as finding nothing (spec section 8); it is logged. Not so for 'Show more' on results
 * already shown: that fails as such, and the results shown stay.
 */
async function loadSearchResults(formula: string, sort: SortKey, pages: number): Promise<Results> {
  const more = hasEarlierPages(formula, sort, pages);
  try {
    return await loadResults(formula, sort, pages);
  } catch (error) {
    if (more) throw error;
    console.warn('[listings] search failed, shown as no results:', error);
    return { listings: [] };
  }
}

/**
 * The number of listings the list holds, or null when it is not known: the listings read when the last page has
 * been read, else the count the records API answered with them (never fewer than the listings read and one more,
 * as more follow).
 */
export function totalOf(results: Results): Count | null {
  if (!results.offset) return { n: results.listings.length, more: false };
  if (results.count === undefined) return null;
  return { n: Math.max(results.count, results.listings.length + 1), more: false };
}

export interface ResultsView extends QueryResult<Results> {
  /** The listings to show: the new ones, or while more are read (or when that failed), those already shown. */
  shown: Results | null;
  /** More pages of the list shown are being read. */
  loadingMore: boolean;
  /** Reading more pages failed; the listings shown are those read before (refetch tries again). */
  moreFailed: boolean;
}

/**
 * The results of a list for the page: `search` true for a visitor's search (a failure is an empty result, not
 * retried), false for the plain list (retried, then an error screen). While 'Show more' reads its page, the
 * listings already shown stay. `enabled` false reads nothing (the state stays loading).
 */
export function useResults(formula: string, sort: SortKey, pages: number, { search, enabled = true }: { search: boolean; enabled?: boolean }): ResultsView {
  const query = useQuery<Results>(
    enabled ? resultsKey(formula, sort, pages) : null,
    () => (search ? loadSearchResults(formula, sort, pages) : loadResults(formula, sort, pages)),
    { retries: search ? 0 : undefined },
  );
  const list = enabled ? `${sort}:${formula}` : null;
  const last = useRef<{ list: string | null; results: Results } | null>(null);
  const { state } = query;
  if (state.status === 'success') last.current = { list, results: state.data };
  // a property page opened from these results starts from its listing
  const data = state.status === 'success' ? state.data : null;
  useEffect(() => {
    if (data) rememberListings(data.listings);
  }, [data]);
  const previous = last.current && last.current.list === list ? last.current.results : null;
  const loadingMore = state.status === 'loading' && previous !== null;
  const moreFailed = state.status === 'error' && previous !== null;
  return { ...query, shown: state.status === 'success' ? state.data : previous, loadingMore, moreFailed };
}
