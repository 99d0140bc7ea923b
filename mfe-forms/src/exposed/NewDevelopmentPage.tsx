// Placeholder: the mfe-forms issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function NewDevelopmentPage() {
  return (
    <>
      <PageHero title="New Development" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-forms-NewDevelopmentPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
