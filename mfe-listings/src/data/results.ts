/**
 * The results of /active-listings, read from the records API a page at a time: 20 listings per page (pageSize), in
 * the visitor's order (sort), the next page from the offset the last one came with. 'Show more' reads one page more
 * and keeps the ones read; a URL asking for 3 pages (shown=60) reads three, one after the other (an offset is only
 * known from the page before it).
 *
 * The count ('Showing 20 of 47'): Airtable answers no count, so a second, cheap pass lists the matching records
 * with one small field (fields[]=Status, 100 a page, up to COUNT_LIMIT) and counts them. It runs beside the first
 * page (not after it, so a server-rendered page has both), is cached per formula (a new order or 'show more' does
 * not count again), and once the last page has been read the count is the number of listings read.
 */
import { useEffect, useRef } from 'react';
import { listPropertyPage, ExpiredOffsetError } from './airtable';
import { toListing, type Listing } from './listing';
import { rememberListings } from './properties';
import { peekQuery, useQuery, type QueryResult, type QueryState } from './queryCache';
import { PAGE_SIZE, SORT_FIELDS, type SortKey } from '../search/sort';

export interface Results {
  listings: Listing[];
  /** Present when more listings follow (the records API's offset for the next page). */
  offset?: string;
}

/** The count pass stops here: beyond it the page says 'Showing 20 of 1,000+'. */
export const COUNT_LIMIT = 1000;
/** The one field the count pass asks for (every listing has a status; it is a few bytes). */
export const COUNT_FIELD = 'Status';
const COUNT_PAGE_SIZE = 100;

export interface Count {
  /** How many listings match (at least this many when `more`). */
  n: number;
  /** The count stopped at COUNT_LIMIT: more match. */
  more: boolean;
}

export const resultsKey = (formula: string, sort: SortKey, pages: number) => `results:${sort}:${pages}:${formula}`;
export const countKey = (formula: string) => `count:${formula}`;

/** Reads pages until `pages` of them are read or the list ends, continuing from `from` (pages already read). */
async function readPages(formula: string, sort: SortKey, pages: number, from?: Results): Promise<Results> {
  const listings = from ? [...from.listings] : [];
  let offset = from?.offset;
  let read = from ? Math.ceil(from.listings.length / PAGE_SIZE) : 0;
  while (read < pages) {
    const page = await listPropertyPage({ filterByFormula: formula, sort: SORT_FIELDS[sort], pageSize: PAGE_SIZE, offset });
    listings.push(...page.records.map(toListing));
    read += 1;
    offset = page.offset;
    if (!offset) break;
  }
  return offset ? { listings, offset } : { listings };
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

/** How many listings `formula` keeps, up to COUNT_LIMIT, reading one small field of each. */
export async function countMatches(formula: string): Promise<Count> {
  let n = 0;
  let offset: string | undefined;
  do {
    const page = await listPropertyPage({ filterByFormula: formula, fields: [COUNT_FIELD], pageSize: COUNT_PAGE_SIZE, offset });
    n += page.records.length;
    offset = page.offset;
  } while (offset && n < COUNT_LIMIT);
  return { n, more: Boolean(offset) };
}

/** A count that fails leaves the page without one (it still pages); it is not retried. */
async function countOrNull(formula: string): Promise<Count | null> {
  try {
    return await countMatches(formula);
  } catch (error) {
    console.warn('[listings] count failed:', error);
    return null;
  }
}

/**
 * The number of listings the list holds, or null when it is not known: the listings read when the last page has
 * been read, else the count (never fewer than the listings read and one more, as more follow).
 */
export function totalOf(results: Results, count: Count | null | undefined): Count | null {
  if (!results.offset) return { n: results.listings.length, more: false };
  if (!count) return null;
  return { n: Math.max(count.n, results.listings.length + 1), more: count.more };
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
 * listings already shown stay.
 */
export function useResults(formula: string, sort: SortKey, pages: number, { search }: { search: boolean }): ResultsView {
  const query = useQuery<Results>(
    resultsKey(formula, sort, pages),
    () => (search ? loadSearchResults(formula, sort, pages) : loadResults(formula, sort, pages)),
    { retries: search ? 0 : undefined },
  );
  const list = `${sort}:${formula}`;
  const last = useRef<{ list: string; results: Results } | null>(null);
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

/** The count of a list (null: unknown, the count failed). */
export function useCount(formula: string): QueryState<Count | null> {
  return useQuery<Count | null>(countKey(formula), () => countOrNull(formula), { retries: 0 }).state;
}
