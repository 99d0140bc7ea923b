/**
 * /active-listings (spec sections 2, 4 and 5): hero, the search form, the results grid. The listings for sale are
 * shown (Sold and Conditional ones only when the Status filter asks, each card marked by its status badge); a
 * search (filters in the URL query) shows what it finds, and when it finds nothing the interest form opens in a
 * modal; closing it resets the search.
 *
 * Either way the list is read from the records API 20 at a time in the visitor's order (newest first unless the
 * Sort control says otherwise), with the count of the whole list in the same request ('Showing 20 of 47
 * properties'); 'Show more properties' reads the next 20 from the API's offset, one request more. The order and the
 * number shown are in the URL beside the filters (sort=, shown=). See data/results.ts.
 */
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Eyebrow, PageHero, mq, theme, usePageMeta } from '@gta/shared';
import { listingListFormula, listingSearchFormula, type ListingStatusFilter } from '@gta/shared/listing-search';
import { totalOf, useResults } from '../data/results';
import { SearchForm } from '../search/SearchForm';
import { SortControl } from '../search/SortControl';
import { AlertMeButton } from '../search/AlertMe';
import { useUrlFilters, useUrlPaging } from '../search/useUrlFilters';
import { ListingsBody, showingText } from '../components/ListingsSection';
import { LoadErrorScreen, StateScreen } from '../components/StateScreen';
import { ContactUsLink, GoHomeLink } from '../components/Actions';
import { LeadModal, preloadLeadModal } from '../components/remotes';
import { RecentlyViewedToggle } from '../recent/RecentlyViewedToggle';
import { useRecentlyViewedIds } from '../recent/recentStore';
import { ViewToggle, useUrlView } from '../search/ViewToggle';

// the map view: its own chunk, fetched only when the visitor chooses the map (the list view stays as light as before)
const ResultsMap = lazy(() => import(/* webpackChunkName: "results-map" */ '../map/ResultsMap'));
// the row of recently viewed homes: fetched only for a visitor who has some (drawn in the browser only)
const RecentlyViewed = lazy(() => import(/* webpackChunkName: "recently-viewed" */ '../recent/RecentlyViewed'));

/** What the map view shows while its chunk loads (and on the server): the same box the map then fills. */
function MapPending() {
  return (
    <div
      data-testid="map-placeholder"
      css={{
        display: 'grid',
        placeItems: 'center',
        height: 'min(56vh, 520px)',
        minHeight: 320,
        borderRadius: theme.radius.lg,
        border: `1px solid ${theme.color.stone}`,
        background: '#f1ece2',
        color: theme.color.muted,
        [mq.lg]: { height: `calc(100vh - ${theme.layout.navHeight} - 2rem)`, maxHeight: 760, minHeight: 480 },
      }}
    >
      <p css={{ margin: 0 }}>Loading the map…</p>
    </div>
  );
}

/** The heading of the list without a search, by the Status filter. */
const LIST_HEADINGS: Readonly<Record<ListingStatusFilter, { eyebrow: string; title: string }>> = {
  '': { eyebrow: 'For sale', title: 'Current listings' },
  all: { eyebrow: 'All residences', title: 'All listings, sold included' },
  sold: { eyebrow: 'Sold', title: 'Sold listings' },
};

export default function ActiveListingsPage() {
  usePageMeta({
    title: 'Active Listings',
    description:
      'Search luxury homes for sale in Oakville, Mississauga, Burlington and across the Greater Toronto Area by location, price, type, bedrooms, bathrooms and size.',
    canonical: '/active-listings',
  });
  const { filters, search, reset } = useUrlFilters();
  const { sort, pages, setSort, moreSearch } = useUrlPaging();
  const { view, setView } = useUrlView();
  // the map view is drawn in the browser only: the server (and hydration) show its placeholder
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  const searching = listingSearchFormula(filters) !== '';
  // a search's formula, or without one the Status filter's condition (for sale by default)
  const formula = listingListFormula(filters);
  const results = useResults(formula, sort, pages, { search: searching });
  // recently viewed: opened from the results heading (drawn after hydration: the visitor's storage)
  const [recentOpen, setRecentOpen] = useState(false);
  const recentId = useId();
  const recentIds = useRecentlyViewedIds();
  const { state, refetch, shown: read, loadingMore, moreFailed } = results;
  useEffect(() => {
    if (searching) preloadLeadModal();
  }, [searching]);

  // results first (issue 38): a compact hero (its heading a size down, no subtitle), so the first row of cards with
  // their prices shows on a 1440×900 screen
  const hero = (
    <div css={{ '& h1': { fontSize: theme.fontSize.h2 } }}>
      <PageHero compact eyebrow="Our Properties" title="Active Listings" />
    </div>
  );

  if (state.status === 'error' && !read) {
    return (
      <>
        {hero}
        <LoadErrorScreen testId="listings-error" message={`Error: ${state.error.message}`} what="property listings" onRetry={refetch} />
      </>
    );
  }

  if (state.status === 'success' && state.data.listings.length === 0 && !searching && filters.status === '') {
    return (
      <>
        {hero}
        <StateScreen
          testId="listings-empty"
          title="No Active Listings"
          actions={
            <>
              <GoHomeLink label="Browse Home Page" />
              <ContactUsLink />
            </>
          }
        >
          <p>New residences are added often. Browse the home page, or tell us what you are looking for.</p>
        </StateScreen>
      </>
    );
  }

  const searchLoading = searching && read === null;
  const listings = read ? read.listings : null;
  const total = read ? totalOf(read) : null;
  const listHeading = LIST_HEADINGS[filters.status];
  const noResults = searching && state.status === 'success' && state.data.listings.length === 0;
  const hasRecent = recentIds.length > 0;

  return (
    <>
      {hero}
      <ListingsBody
        tight
        form={<SearchForm filters={filters} onSearch={search} onClear={reset} busy={searchLoading} statusFilter />}
        beforeResults={
          hasRecent ? (
            <Suspense fallback={null}>
              <RecentlyViewed embedded={{ id: recentId, hidden: !recentOpen }} />
            </Suspense>
          ) : null
        }
        listings={listings}
        results={
          view === 'map' ? (
            inBrowser ? (
              <Suspense fallback={<MapPending />}>
                <ResultsMap formula={formula} sort={sort} />
              </Suspense>
            ) : (
              <MapPending />
            )
          ) : undefined
        }
        loadingLabel={searchLoading ? 'Searching...' : 'Loading properties...'}
        more={
          read
            ? {
                hasMore: Boolean(read.offset),
                total: total?.n ?? null,
                atLeast: total?.more,
                loading: loadingMore,
                failed: moreFailed,
                onRetry: refetch,
                moreSearch,
              }
            : undefined
        }
        heading={
          <>
            <div>
              <Eyebrow css={{ marginBottom: theme.space.xs }}>{searching ? 'Search results' : listHeading.eyebrow}</Eyebrow>
              <h2 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>{searching ? 'Properties matching your search' : listHeading.title}</h2>
            </div>
            <div
              css={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: `${theme.space.sm} ${theme.space.lg}`,
                [mq.sm]: { justifyContent: 'flex-end' },
              }}
            >
              <RecentlyViewedToggle open={recentOpen} onToggle={() => setRecentOpen((open) => !open)} controls={recentId} />
              <p aria-live="polite" data-testid="result-count" css={{ margin: 0, color: theme.color.muted }}>
                {searchLoading ? 'Searching...' : listings ? showingText(listings.length, total?.n ?? null, total?.more) : 'Loading properties...'}
              </p>
              {/* the order applies to both views (the list beside the map follows it) */}
              <SortControl value={sort} onChange={setSort} />
              {searching ? <AlertMeButton filters={filters} /> : null}
              {/* last in the row: it stays where it was clicked when the view changes */}
              <ViewToggle view={view} onChange={setView} />
            </div>
          </>
        }
      />
      {noResults ? <LeadModal open onClose={reset} variant="active-listings" /> : null}
    </>
  );
}
