/**
 * /listings/{city} (spec sections 2, 4, 8): mississauga, oakville and burlington; only properties whose Status
 * is 'available' (trimmed, any case) and whose City/State is the city. An unknown slug gets a not-found screen.
 *
 * The list is read from the records API as /active-listings reads its own (data/results.ts): the city's formula
 * (cityListingsQuery), 20 listings newest first with the count of the whole list in one request, and 'Show more
 * properties' one request more (shown= in the URL). Never the whole properties table.
 */
import { useParams } from 'react-router-dom';
import { ButtonLink, CITY_SLUGS, Container, Eyebrow, PageHero, cityForSlug, formatNumber, theme, usePageMeta } from '@gta/shared';
import { cityListingsQuery } from '@gta/shared/listing-search';
import { totalOf, useResults } from '../data/results';
import { useUrlPaging } from '../search/useUrlFilters';
import { ListingsGrid } from '../components/ListingsSection';
import { StateScreen } from '../components/StateScreen';
import { GoHomeLink } from '../components/Actions';

const cityName = (label: string) => label.replace(/,\s*ON$/, '');

export default function CityListingsPage() {
  const { city: slug = '' } = useParams<{ city: string }>();
  const label = cityForSlug(slug.toLowerCase());
  const name = label ? cityName(label) : null;
  usePageMeta(
    name
      ? {
          title: `Luxury Homes for Sale in ${name}`,
          description: `Active luxury listings in ${label}: detached homes, estates and condominiums, with photos, prices and details.`,
          canonical: `/listings/${slug.toLowerCase()}`,
        }
      : { title: 'City Not Found', description: 'We do not have a listings page for this city.', noindex: true, status: 404 },
  );
  const { sort, pages, moreSearch } = useUrlPaging();
  const { state, refetch, shown, loadingMore, moreFailed } = useResults(label ? cityListingsQuery(label).formula : '', sort, pages, {
    search: false,
    enabled: Boolean(label),
  });

  if (!label || !name) {
    return (
      <>
        <PageHero eyebrow="City Listings" title="City Not Found" compact />
        <StateScreen
          testId="city-not-found"
          title="We don't cover this city yet"
          actions={
            <>
              {Object.entries(CITY_SLUGS).map(([citySlug, cityLabel]) => (
                <ButtonLink key={citySlug} to={`/listings/${citySlug}`} variant="outline">
                  {cityName(cityLabel)}
                </ButtonLink>
              ))}
              <ButtonLink to="/active-listings">View All Active Listings</ButtonLink>
            </>
          }
        >
          <p>There is no listings page for “{slug}”. Choose one of our cities, or browse every active listing.</p>
        </StateScreen>
      </>
    );
  }

  const listings = shown ? shown.listings : null;
  const total = shown ? (totalOf(shown)?.n ?? listings?.length ?? 0) : 0;
  return (
    <>
      <PageHero eyebrow="City Listings" title={`Homes in ${name}`} subtitle={`Active listings in ${label}, curated by our team.`} />
      <Container css={{ paddingTop: theme.space.xxl, paddingBottom: theme.space.section }}>
        {!shown && state.status === 'loading' ? (
          <p role="status" css={{ textAlign: 'center', color: theme.color.muted, padding: theme.space.xxl }}>
            Loading...
          </p>
        ) : !shown && state.status === 'error' ? (
          <p role="alert" css={{ textAlign: 'center', color: theme.color.danger, padding: theme.space.xxl }}>
            Error loading properties.
          </p>
        ) : listings && listings.length > 0 ? (
          <>
            <div css={{ marginBottom: theme.space.xl, paddingBottom: theme.space.md, borderBottom: `1px solid ${theme.color.stone}` }}>
              <Eyebrow css={{ marginBottom: theme.space.xs }}>{label}</Eyebrow>
              <h2 css={{ margin: 0, fontSize: theme.fontSize.h3 }}>Properties in {name}</h2>
              <p data-testid="city-count" css={{ margin: `${theme.space.xs} 0 0`, color: theme.color.muted }}>
                {formatNumber(total)} active {total === 1 ? 'property' : 'properties'}
              </p>
            </div>
            <ListingsGrid
              listings={listings}
              eagerFirst
              more={shown ? { hasMore: Boolean(shown.offset), total, loading: loadingMore, failed: moreFailed, onRetry: refetch, moreSearch } : undefined}
            />
          </>
        ) : (
          <StateScreen
            testId="city-empty"
            title="No Listings Found"
            actions={
              <>
                <ButtonLink to="/active-listings">View All Active Listings</ButtonLink>
                <GoHomeLink />
              </>
            }
          >
            <p>No properties match your search. Please try a different search or contact us for help.</p>
          </StateScreen>
        )}
      </Container>
    </>
  );
}
