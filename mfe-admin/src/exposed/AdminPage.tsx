// Placeholder: the mfe-admin issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function AdminPage() {
  return (
    <>
      <PageHero title="Admin" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-admin-AdminPage">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
