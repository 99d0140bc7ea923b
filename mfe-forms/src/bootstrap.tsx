/**
 * Stand-alone harness (docs/architecture.md rule 4): `npm run dev -w mfe-forms` renders this remote's exposed modules
 * (those exposedModules.json declares) without the shell, with demo props. Start the server too (npm run serve -w server) for the form posts.
 */
import { lazy, useState, type ReactNode } from 'react';
import { Button, Container, Section, theme, type LeadModalProps } from '@gta/shared';
import { mountHarness } from '@gta/shared/harness';

const ContactForm = lazy(() => import('./exposed/ContactForm'));
const LeadForm = lazy(() => import('./exposed/LeadForm'));
const LeadModal = lazy(() => import('./exposed/LeadModal'));
const PropertyInquiryForm = lazy(() => import('./exposed/PropertyInquiryForm'));

/** A light section holding an embedded form, as the pages of other parts show it. */
function Embedded({ children, tone = 'light' }: { children: ReactNode; tone?: 'light' | 'dark' }) {
  return (
    <Section tone={tone}>
      <Container narrow>{children}</Container>
    </Section>
  );
}

function LeadModalDemo() {
  const [variant, setVariant] = useState<LeadModalProps['variant'] | null>(null);
  return (
    <Embedded>
      <p css={{ color: theme.color.muted }}>A search that finds nothing opens the interest form.</p>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.md }}>
        <Button type="button" onClick={() => setVariant('active-listings')}>
          Active listings: no result
        </Button>
        <Button type="button" variant="outline" onClick={() => setVariant('featured-listings')}>
          Featured listings: no result
        </Button>
      </div>
      <LeadModal open={variant !== null} onClose={() => setVariant(null)} variant={variant ?? 'active-listings'} />
    </Embedded>
  );
}

mountHarness('forms', {
  load: (name) => import(/* webpackExclude: /\.test\.tsx?$/ */ `./exposed/${name}`),
  demos: {
    ContactForm: () => (
      <Embedded tone="dark">
        <ContactForm source="call-to-action" heading="Join Our Network" />
      </Embedded>
    ),
    LeadForm: () => (
      <Embedded>
        <LeadForm source="harness" />
      </Embedded>
    ),
    LeadModal: () => <LeadModalDemo />,
    PropertyInquiryForm: () => (
      <Embedded>
        <PropertyInquiryForm propertyName="12 Lakeshore Road East" propertyId="GTA-1001" />
      </Embedded>
    ),
  },
});
