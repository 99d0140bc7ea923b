/**
 * The home page's Featured Properties section (spec sections 2, 4, 9): up to 9 Available properties, newest
 * Listing Date first, in 1/2/3 columns; 9 skeletons while loading; the error and empty states; 'Search your
 * Property' goes to /active-listings.
 */
import { ButtonLink, Container, Eyebrow, Section, theme } from '@gta/shared';
import { useHomeFeatured } from '../data/properties';
import { HOME_FEATURED_MAX } from '../data/listing';
import { CardGrid, CardSkeletonGrid, GridMessage } from '../components/CardGrid';
import { TryAgainButton } from '../components/Actions';

export default function FeaturedProperties() {
  const { state, refetch } = useHomeFeatured();
  return (
    <Section tone="light" aria-labelledby="featured-properties-title" data-testid="featured-properties">
      <Container>
        <header
          css={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: theme.space.lg,
            marginBottom: theme.space.xxl,
          }}
        >
          <div css={{ maxWidth: '40rem' }}>
            <Eyebrow>Exclusive Portfolio</Eyebrow>
            <h2 id="featured-properties-title" css={{ margin: 0 }}>
              Featured Properties
            </h2>
            <p css={{ color: theme.color.muted, margin: `${theme.space.md} 0 0`, fontSize: theme.fontSize.lg }}>
              The newest residences on the market with our team, from lakefront estates to ravine retreats.
            </p>
          </div>
          <ButtonLink to="/active-listings" variant="outline">
            Search your Property
          </ButtonLink>
        </header>
        {state.status === 'loading' ? (
          <CardSkeletonGrid count={HOME_FEATURED_MAX} label="Loading featured properties..." />
        ) : state.status === 'error' ? (
          <div
            role="alert"
            css={{
              textAlign: 'center',
              padding: `${theme.space.xxl} ${theme.space.lg}`,
              background: theme.color.paper,
              border: `1px solid ${theme.color.stone}`,
              borderRadius: theme.radius.md,
            }}
          >
            <p css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.h3, margin: 0 }}>Failed to fetch properties</p>
            <p css={{ color: theme.color.danger, margin: `${theme.space.sm} 0 ${theme.space.lg}` }}>Error: {state.error.message}</p>
            <TryAgainButton onClick={refetch} />
          </div>
        ) : state.data.length === 0 ? (
          <GridMessage title="No properties available" hint="New residences are added often; please check back soon." />
        ) : (
          <CardGrid listings={state.data} />
        )}
      </Container>
    </Section>
  );
}
