/**
 * /active-listings (spec sections 2, 4 and 5): hero, the search form, the results grid. Every listing from the
 * session's properties load is shown; a search (filters in the URL query) runs call 4 and shows its results, and
 * when it finds nothing the interest form opens in a modal; closing it resets the search.
 */
import { useEffect } from 'react';
import { Eyebrow, PageHero, theme, usePageMeta } from '@gta/shared';
import { useListings, useSearch } from '../data/properties';
import { buildSearchFormula } from '../search/formula';
import { SearchForm } from '../search/SearchForm';
import { useUrlFilters } from '../search/useUrlFilters';
import { ListingsBody } from '../components/ListingsSection';
import { LoadErrorScreen, StateScreen } from '../components/StateScreen';
import { ContactUsLink, GoHomeLink } from '../components/Actions';
import { LeadModal, preloadLeadModal } from '../components/remotes';

const countText = (n: number) => `${n} ${n === 1 ? 'property' : 'properties'}`;

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

  if (state.status === 'success' && state.data.length === 0 && !searching) {
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
  const shown = searching ? (results.state.status === 'success' ? results.state.data : null) : state.status === 'success' ? state.data : null;
  const noResults = searching && results.state.status === 'success' && results.state.data.length === 0;

  return (
    <>
      {hero}
      <ListingsBody
        form={<SearchForm filters={filters} onSearch={search} onClear={reset} busy={searchLoading} />}
        listings={shown}
        loadingLabel={searchLoading ? 'Searching...' : 'Loading properties...'}
        heading={
          <>
            <div>
              <Eyebrow css={{ marginBottom: theme.space.xs }}>{searching ? 'Search results' : 'All residences'}</Eyebrow>
              <h2 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>{searching ? 'Properties matching your search' : 'Current listings'}</h2>
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
