// Placeholder: the mfe-listings issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function ActiveListingsPage() {
  return (
    <>
      <PageHero title="Active Listings" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-listings-ActiveListingsPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
