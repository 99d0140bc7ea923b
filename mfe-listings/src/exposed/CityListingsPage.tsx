// Placeholder: the mfe-listings issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function CityListingsPage() {
  return (
    <>
      <PageHero title="City Listings" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-listings-CityListingsPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
