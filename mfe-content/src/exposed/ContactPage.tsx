/** /contact-us: how to reach the team, the contact form and the agent card. */
import { AgentCard, Container, PageHero, Section, siteProfile, telHref, theme, mq, usePageMeta } from '@gta/shared';
import { ContactForm } from '../components/remotes';
import { SectionHeading, prose } from '../components/layout';

export default function ContactPage() {
  usePageMeta({
    title: 'Contact Us',
    description: `Speak with ${siteProfile.teamName} about buying or selling a home in Oakville, Mississauga, Burlington or the Greater Toronto Area.`,
  });
  return (
    <>
      <PageHero eyebrow="Contact" title="Contact Us" subtitle="Whether you are buying, selling or simply weighing your options, we are glad to help." />
      <Section tone="light">
        <Container css={{ display: 'grid', gap: theme.space.xxl, [mq.lg]: { gridTemplateColumns: '3fr 2fr', alignItems: 'start' } }}>
          <div css={{ minWidth: 0 }}>
            <div css={[prose, { marginBottom: theme.space.xl, fontSize: theme.fontSize.lg }]}>
              <p>
                <strong>Buying?</strong> Share the neighbourhoods you have in mind, your timing and the kind of home you picture, and we will prepare a short
                list, including homes that are quietly available before they reach the market.
              </p>
              <p>
                <strong>Selling?</strong> We will walk through your home, review recent comparable sales and give you a candid view of its value and the
                preparation that would make the greatest difference.
              </p>
            </div>
            <SectionHeading align="left" title="Send us a message" lead="We answer every message personally, usually the same business day." />
            <ContactForm source="about-us" />
          </div>
          <div css={{ display: 'grid', gap: theme.space.lg }}>
            <AgentCard />
            <section aria-labelledby="offices-title" css={{ background: theme.color.paper, border: `1px solid ${theme.color.stone}`, padding: theme.space.lg }}>
              <h2 id="offices-title" css={{ fontSize: theme.fontSize.xl }}>
                Our offices
              </h2>
              <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: theme.space.md }}>
                {siteProfile.offices.map((office) => (
                  <li key={office.id} css={{ fontSize: theme.fontSize.sm }}>
                    <strong>{office.name}</strong>
                    <br />
                    <span css={{ color: theme.color.muted }}>{office.addressLines.join(', ')}</span>
                    <br />
                    <a href={telHref(office.phone)}>{office.phone}</a>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </Container>
      </Section>
    </>
  );
}
