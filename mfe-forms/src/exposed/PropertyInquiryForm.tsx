// Placeholder: the mfe-forms issue builds this module; the wiring (route -> remote -> exposed module) is real.
import { Container, PageHero } from '@gta/shared';

export default function PropertyInquiryForm() {
  return (
    <>
      <PageHero title="Property Inquiry Form" compact />
      <Container css={{ padding: '3rem 1.5rem' }} data-testid="placeholder-forms-PropertyInquiryForm">
        <p>This section is being prepared.</p>
      </Container>
    </>
  );
}
