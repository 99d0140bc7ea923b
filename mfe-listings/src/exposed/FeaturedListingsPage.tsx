// Placeholder: the mfe-listings issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function FeaturedListingsPage() {
  return (
    <>
      <PageHero title="Featured Listings" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-listings-FeaturedListingsPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
