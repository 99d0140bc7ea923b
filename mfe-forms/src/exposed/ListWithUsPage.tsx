// Placeholder: the mfe-forms issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function ListWithUsPage() {
  return (
    <>
      <PageHero title="List With Us" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-forms-ListWithUsPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
