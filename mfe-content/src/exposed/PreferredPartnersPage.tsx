// Placeholder: the mfe-content issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function PreferredPartnersPage() {
  return (
    <>
      <PageHero title="Preferred Partners" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-content-PreferredPartnersPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
