/**
 * /featured-listings (spec sections 2, 4, 8, 9): banner, title, 'Featured Properties' with the count, and the
 * search panel. The featured properties are those whose featured flag is true, whatever their status; a search
 * keeps those that meet its conditions (the same rules as /active-listings, without its Status filter), shown after
 * the spec's 1-second delay ('Searching...'), and when nothing matches the 'No featured property found' modal with
 * the interest form opens.
 *
 * Both lists are read from the records API as /active-listings reads its own (data/results.ts): the featured
 * formula (featuredListingsQuery), 20 newest first with the count of the whole list in one request, 'Show more
 * properties' one request more (shown= in the URL). A search is one request (the list without it is read once
 * too, for 'N featured in total'); never the whole properties table.
 */
import { useEffect, useState } from 'react';
import { Eyebrow, PageHero, formatNumber, theme, usePageMeta } from '@gta/shared';
import { EMPTY_LISTING_SEARCH, featuredListingsQuery, hasListingSearch } from '@gta/shared/listing-search';
import { totalOf, useResults } from '../data/results';
import { SearchForm } from '../search/SearchForm';
import { useUrlFilters, useUrlPaging } from '../search/useUrlFilters';
import { ListingsBody } from '../components/ListingsSection';
import { LoadErrorScreen, StateScreen } from '../components/StateScreen';
import { ContactUsLink, GoHomeLink } from '../components/Actions';
import { LeadModal, preloadLeadModal } from '../components/remotes';

/** The featured page's search delay (spec section 9). */
export const FEATURED_SEARCH_DELAY_MS = 1000;

/** Every featured property (the list without a search). */
const FEATURED_FORMULA = featuredListingsQuery(EMPTY_LISTING_SEARCH).formula;

export default function FeaturedListingsPage() {
  usePageMeta({
    title: 'Featured Listings',
    description: 'A hand-picked selection of the finest homes our team represents in Oakville, Mississauga, Burlington and the Greater Toronto Area.',
    canonical: '/featured-listings',
  });
  const { filters, search, reset } = useUrlFilters();
  const { sort, pages, moreSearch } = useUrlPaging();
  const searching = hasListingSearch(filters);
  // the featured list (with a search, only its count is shown: its first page), and the search's results
  const list = useResults(FEATURED_FORMULA, sort, searching ? 1 : pages, { search: false });
  const found = useResults(featuredListingsQuery(filters).formula, sort, pages, { search: true, enabled: searching });
  const { state, refetch } = list;
  const filtersKey = JSON.stringify(filters);
  const [settledKey, setSettledKey] = useState<string | null>(null);
  useEffect(() => {
    if (!searching) return undefined;
    preloadLeadModal();
    const timer = setTimeout(() => setSettledKey(filtersKey), FEATURED_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filtersKey, searching]);

  const featuredTotal = list.shown ? (totalOf(list.shown)?.n ?? list.shown.listings.length) : null;
  const read = searching ? found : list;
  const pending = searching && (settledKey !== filtersKey || read.shown === null);
  const results = pending ? null : read.shown;
  const resultsTotal = results ? (totalOf(results)?.n ?? results.listings.length) : null;

  const hero = (
    <PageHero eyebrow="Hand-picked residences" title="Featured Listings" subtitle="A curated selection of the most distinctive homes our team represents." />
  );

  if (state.status === 'error' && !list.shown) {
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

  if (featuredTotal === 0) {
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

  const noResults = searching && !pending && results !== null && results.listings.length === 0;
  return (
    <>
      {hero}
      <ListingsBody
        form={<SearchForm filters={filters} onSearch={search} onClear={reset} busy={pending} label="Search featured properties" counts={false} />}
        listings={results ? results.listings : null}
        loadingLabel={pending ? 'Searching...' : 'Loading properties...'}
        more={
          results
            ? {
                hasMore: Boolean(results.offset),
                total: resultsTotal,
                loading: read.loadingMore,
                failed: read.moreFailed,
                onRetry: read.refetch,
                moreSearch,
              }
            : undefined
        }
        heading={
          <>
            <div>
              <Eyebrow css={{ marginBottom: theme.space.xs }}>{searching ? 'Search results' : 'The collection'}</Eyebrow>
              <h2 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>
                Featured Properties{' '}
                <span data-testid="featured-count" css={{ color: theme.color.bronze }}>
                  ({featuredTotal !== null && resultsTotal !== null ? formatNumber(resultsTotal) : '…'})
                </span>
              </h2>
            </div>
            <p aria-live="polite" css={{ margin: 0, color: theme.color.muted }}>
              {pending ? 'Searching...' : featuredTotal !== null ? `${formatNumber(featuredTotal)} featured in total` : 'Loading properties...'}
            </p>
          </>
        }
      />
      {noResults ? <LeadModal open onClose={reset} variant="featured-listings" /> : null}
    </>
  );
}
