/**
 * The filters of a listing page live in the URL query: a search can be shared, bookmarked and restored with Back.
 * So do the order and the length of the list (sort, shown; see sort.ts): a new search keeps the order and starts
 * again at the first page.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listingSearchFromQuery, listingSearchToQuery, type ListingSearchFilters } from '@gta/shared/listing-search';
import { pagesOf, sortOf, writePaging, type SortKey } from './sort';
import { VIEW_PARAM, viewOf, withView } from './ViewToggle';

export interface UrlFilters {
  filters: ListingSearchFilters;
  /** A new search: a new history entry, so Back returns to the previous one. */
  search: (filters: ListingSearchFilters) => void;
  /** Back to the full list, replacing the current entry. */
  reset: () => void;
}

export function useUrlFilters(): UrlFilters {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => listingSearchFromQuery(params), [query]);
  const sort = sortOf(params.get('sort'));
  // the results' view (list or map, ViewToggle.tsx) stays as the visitor chose it
  const view = viewOf(params.get(VIEW_PARAM));
  const search = useCallback(
    (next: ListingSearchFilters) => setParams(withView(writePaging(listingSearchToQuery(next), sort, 1), view)),
    [setParams, sort, view],
  );
  const reset = useCallback(() => setParams(withView(writePaging(new URLSearchParams(), sort, 1), view), { replace: true }), [setParams, sort, view]);
  return { filters, search, reset };
}

export interface UrlPaging {
  sort: SortKey;
  /** How many pages of 20 the list shows. */
  pages: number;
  /** A new order: a new history entry (Back returns to the previous order), from the first page. */
  setSort: (sort: SortKey) => void;
  /**
   * The query string of one page more ('?…shown=40'). 'Show more' is a link to it that replaces the current entry
   * (Back leaves the list rather than taking 20 listings away), and works before hydration too.
   */
  moreSearch: string;
}

export function useUrlPaging(): UrlPaging {
  const [params, setParams] = useSearchParams();
  const sort = sortOf(params.get('sort'));
  const pages = pagesOf(params.get('shown'));
  const setSort = useCallback((next: SortKey) => setParams((current) => writePaging(current, next, 1)), [setParams]);
  const moreSearch = `?${writePaging(params, sort, pages + 1).toString()}`;
  return { sort, pages, setSort, moreSearch };
}
