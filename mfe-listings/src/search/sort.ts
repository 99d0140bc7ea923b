/**
 * The order and the length of a list of results, kept in the URL query beside the filters (so a sorted, lengthened
 * list can be shared, reloaded and restored with Back): `sort` (absent: newest first) and `shown` (absent: the first
 * page of 20). The records API sorts (sort[0][field] and direction) and pages (pageSize, offset); see data/results.ts.
 */

/** Listings per page: the spec's 20 (section 9), now a page size instead of a cap. */
export const PAGE_SIZE = 20;

/** The most pages a URL may ask for at once (shown=500): a reload walks them one request at a time. */
export const MAX_PAGES = 25;

export type SortKey = 'newest' | 'price-asc' | 'price-desc' | 'size-desc';

export const DEFAULT_SORT: SortKey = 'newest';

export const SORT_OPTIONS: readonly { value: SortKey; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'size-desc', label: 'Size: largest first' },
];

export interface SortField {
  field: string;
  direction: 'asc' | 'desc';
}

const NEWEST: SortField = { field: 'Listing Date', direction: 'desc' };

/**
 * The records API's sort of each order. Price and size fall back to newest first between equal values, so the
 * order (and with it each page) is the same on every request.
 */
export const SORT_FIELDS: Readonly<Record<SortKey, readonly SortField[]>> = {
  newest: [NEWEST],
  'price-asc': [{ field: 'Price', direction: 'asc' }, NEWEST],
  'price-desc': [{ field: 'Price', direction: 'desc' }, NEWEST],
  'size-desc': [{ field: 'Size (sq ft)', direction: 'desc' }, NEWEST],
};

/** The order a URL value stands for; anything unknown is newest first. */
export function sortOf(value: string | null | undefined): SortKey {
  const v = (value ?? '').trim().toLowerCase();
  return SORT_OPTIONS.some((o) => o.value === v) ? (v as SortKey) : DEFAULT_SORT;
}

/** How many pages a URL's `shown` asks for: shown=40 is 2; absent, unreadable or below 1 is 1; at most MAX_PAGES. */
export function pagesOf(shown: string | null | undefined): number {
  const n = Number((shown ?? '').trim());
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(MAX_PAGES, Math.max(1, Math.ceil(Math.floor(n) / PAGE_SIZE)));
}

/** The URL's parameters for an order and a number of pages; the defaults are left out (a plain URL is page 1, newest). */
export function writePaging(params: URLSearchParams, sort: SortKey, pages: number): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('sort');
  next.delete('shown');
  if (sort !== DEFAULT_SORT) next.set('sort', sort);
  if (pages > 1) next.set('shown', String(Math.min(pages, MAX_PAGES) * PAGE_SIZE));
  return next;
}
