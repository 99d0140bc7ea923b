/** The filters of a listing page live in the URL query: a search can be shared, bookmarked and restored with Back. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filtersFromParams, filtersToParams, type SearchFilters } from './filters';

export interface UrlFilters {
  filters: SearchFilters;
  /** A new search: a new history entry, so Back returns to the previous one. */
  search: (filters: SearchFilters) => void;
  /** Back to the full list, replacing the current entry. */
  reset: () => void;
}

export function useUrlFilters(): UrlFilters {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => filtersFromParams(params), [query]);
  const search = useCallback((next: SearchFilters) => setParams(filtersToParams(next)), [setParams]);
  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { filters, search, reset };
}
