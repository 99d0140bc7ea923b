/**
 * /active-listings (spec sections 2, 4 and 5): hero, the search form, the results grid. The listings for sale
 * from the session's properties load are shown (Sold and Conditional ones only when the Status filter asks, each
 * card marked by its status badge); a search (filters in the URL query) runs call 4 and shows its results, and
 * when it finds nothing the interest form opens in a modal; closing it resets the search.
 */
import { useEffect, useMemo } from 'react';
import { Eyebrow, PageHero, theme, usePageMeta } from '@gta/shared';
import { useListings, useSearch } from '../data/properties';
import { buildSearchFormula } from '../search/formula';
import { matchesStatus } from '../search/match';
import type { StatusFilter } from '../search/filters';
import { SearchForm } from '../search/SearchForm';
import { useUrlFilters } from '../search/useUrlFilters';
import { ListingsBody } from '../components/ListingsSection';
import { LoadErrorScreen, StateScreen } from '../components/StateScreen';
import { ContactUsLink, GoHomeLink } from '../components/Actions';
import { LeadModal, preloadLeadModal } from '../components/remotes';

const countText = (n: number) => `${n} ${n === 1 ? 'property' : 'properties'}`;

/** The heading of the list without a search, by the Status filter. */
const LIST_HEADINGS: Readonly<Record<StatusFilter, { eyebrow: string; title: string }>> = {
  '': { eyebrow: 'For sale', title: 'Current listings' },
  all: { eyebrow: 'All residences', title: 'All listings, sold included' },
  sold: { eyebrow: 'Sold', title: 'Sold listings' },
};

export default function ActiveListingsPage() {
  usePageMeta({
    title: 'Active Listings',
    description: 'Search luxury homes for sale in Oakville, Mississauga, Burlington and across the Greater Toronto Area by location, price, type, bedrooms, bathrooms and size.',
    canonical: '/active-listings',
  });
  const { state, refetch } = useListings();
  const { filters, search, reset } = useUrlFilters();
  const formula = buildSearchFormula(filters);
  const searching = formula !== '';
  const results = useSearch(searching ? formula : null);
  // without a search: the loaded listings the Status filter keeps (for sale, unless the visitor asked otherwise)
  const listed = useMemo(
    () => (state.status === 'success' ? state.data.filter((l) => matchesStatus(l, filters.status)) : null),
    [state, filters.status],
  );
  useEffect(() => {
    if (searching) preloadLeadModal();
  }, [searching]);

  const hero = (
    <PageHero eyebrow="Our Properties" title="Active Listings" subtitle="Distinctive residences across Oakville, Mississauga, Burlington and the Greater Toronto Area." />
  );

  if (state.status === 'error') {
    return (
      <>
        {hero}
        <LoadErrorScreen testId="listings-error" message={`Error: ${state.error.message}`} what="property listings" onRetry={refetch} />
      </>
    );
  }

  if (listed !== null && listed.length === 0 && !searching && filters.status === '') {
    return (
      <>
        {hero}
        <StateScreen testId="listings-empty" title="No Active Listings" actions={<><GoHomeLink label="Browse Home Page" /><ContactUsLink /></>}>
          <p>New residences are added often. Browse the home page, or tell us what you are looking for.</p>
        </StateScreen>
      </>
    );
  }

  const searchLoading = searching && results.state.status !== 'success';
  const shown = searching ? (results.state.status === 'success' ? results.state.data : null) : listed;
  const listHeading = LIST_HEADINGS[filters.status];
  const noResults = searching && results.state.status === 'success' && results.state.data.length === 0;

  return (
    <>
      {hero}
      <ListingsBody
        form={<SearchForm filters={filters} onSearch={search} onClear={reset} busy={searchLoading} statusFilter />}
        listings={shown}
        loadingLabel={searchLoading ? 'Searching...' : 'Loading properties...'}
        heading={
          <>
            <div>
              <Eyebrow css={{ marginBottom: theme.space.xs }}>{searching ? 'Search results' : listHeading.eyebrow}</Eyebrow>
              <h2 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>{searching ? 'Properties matching your search' : listHeading.title}</h2>
            </div>
            <p aria-live="polite" data-testid="result-count" css={{ margin: 0, color: theme.color.muted }}>
              {searchLoading ? 'Searching...' : shown ? countText(shown.length) : 'Loading properties...'}
            </p>
          </>
        }
      />
      {noResults ? <LeadModal open onClose={reset} variant="active-listings" /> : null}
    </>
  );
}
