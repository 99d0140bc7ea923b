/**
 * /featured-listings (spec sections 2, 4, 8, 9): banner, title, 'Featured Properties' with the count, and the
 * search panel. The featured properties are those of the session's properties load whose featured flag is true;
 * a search filters them with the same rules as call 4 after the spec's 1-second delay ('Searching...'), and
 * when nothing matches the 'No featured property found' modal with the interest form opens.
 */
import { useEffect, useMemo, useState } from 'react';
import { Eyebrow, PageHero, theme, usePageMeta } from '@gta/shared';
import { hasListingSearch, matchesListingSearch } from '@gta/shared/listing-search';
import { useListings } from '../data/properties';
import { byListingDateDesc } from '../data/listing';
import { SearchForm } from '../search/SearchForm';
import { useUrlFilters } from '../search/useUrlFilters';
import { ListingsBody } from '../components/ListingsSection';
import { LoadErrorScreen, StateScreen } from '../components/StateScreen';
import { ContactUsLink, GoHomeLink } from '../components/Actions';
import { LeadModal, preloadLeadModal } from '../components/remotes';

/** The featured page's search delay (spec section 9). */
export const FEATURED_SEARCH_DELAY_MS = 1000;

export default function FeaturedListingsPage() {
  usePageMeta({
    title: 'Featured Listings',
    description: 'A hand-picked selection of the finest homes our team represents in Oakville, Mississauga, Burlington and the Greater Toronto Area.',
    canonical: '/featured-listings',
  });
  const { state, refetch } = useListings();
  const { filters, search, reset } = useUrlFilters();
  const searching = hasListingSearch(filters);
  const filtersKey = JSON.stringify(filters);
  const [settledKey, setSettledKey] = useState<string | null>(null);
  useEffect(() => {
    if (!searching) return undefined;
    preloadLeadModal();
    const timer = setTimeout(() => setSettledKey(filtersKey), FEATURED_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filtersKey, searching]);

  const featured = useMemo(() => (state.status === 'success' ? state.data.filter((l) => l.featured).sort(byListingDateDesc) : null), [state]);
  const pending = searching && settledKey !== filtersKey;
  const results = useMemo(
    () => (featured && searching ? featured.filter((l) => matchesListingSearch(l.fields, filters)) : featured),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [featured, filtersKey, searching],
  );

  const hero = (
    <PageHero eyebrow="Hand-picked residences" title="Featured Listings" subtitle="A curated selection of the most distinctive homes our team represents." />
  );

  if (state.status === 'error') {
    return (
      <>
        {hero}
        <LoadErrorScreen
          testId="featured-error"
          message={state.error.message || 'Failed to load properties'}
          what="featured property listings"
          onRetry={refetch}
        />
      </>
    );
  }

  if (featured && featured.length === 0) {
    return (
      <>
        {hero}
        <StateScreen
          testId="featured-empty"
          title="No Featured Properties"
          actions={
            <>
              <GoHomeLink label="Browse Home Page" />
              <ContactUsLink />
            </>
          }
        >
          <p>Our featured selection is being refreshed. Browse the home page, or tell us what you are looking for.</p>
        </StateScreen>
      </>
    );
  }

  const shown = pending ? null : results;
  const noResults = searching && !pending && results !== null && results.length === 0;
  return (
    <>
      {hero}
      <ListingsBody
        form={<SearchForm filters={filters} onSearch={search} onClear={reset} busy={pending} label="Search featured properties" />}
        listings={shown}
        loadingLabel={pending ? 'Searching...' : 'Loading properties...'}
        heading={
          <>
            <div>
              <Eyebrow css={{ marginBottom: theme.space.xs }}>{searching ? 'Search results' : 'The collection'}</Eyebrow>
              <h2 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>
                Featured Properties{' '}
                <span data-testid="featured-count" css={{ color: theme.color.bronze }}>
                  ({featured ? (shown ? shown.length : '…') : '…'})
                </span>
              </h2>
            </div>
            <p aria-live="polite" css={{ margin: 0, color: theme.color.muted }}>
              {pending ? 'Searching...' : featured ? `${featured.length} featured in total` : 'Loading properties...'}
            </p>
          </>
        }
      />
      {noResults ? <LeadModal open onClose={reset} variant="featured-listings" /> : null}
    </>
  );
}
