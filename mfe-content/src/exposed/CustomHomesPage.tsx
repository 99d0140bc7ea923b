/** /custom-homes: how we manage a custom build, the material switcher, our process and the FAQ. */
import { Link } from 'react-router-dom';
import { Container, PageHero, Section, theme, mq, usePageMeta } from '@gta/shared';
import { FAQS, MATERIALS } from '../content/customHomes';
import { MaterialSwitcher } from '../components/MaterialSwitcher';
import { FaqAccordion } from '../components/FaqAccordion';
import { Reveal } from '../components/Reveal';
import { SectionHeading, TalkToUs, prose } from '../components/layout';
import heroImage from '../assets/hero-3-estate-golden-hour.svg';

const PILLARS = [
  { title: 'Project management', text: 'One accountable lead coordinates architect, builder and trades, and keeps decisions moving so the schedule holds.' },
  { title: 'Weekly progress updates', text: 'Photos, milestones and the week ahead in your inbox every Friday, whether you are across town or abroad.' },
  {
    title: 'Monthly financial updates',
    text: 'A clear statement of budget, commitments, change orders and contingency, so there are no surprises at the end.',
  },
  { title: 'Client walkthroughs', text: 'Scheduled visits at framing, rough-in and finishes, when your input matters most and changes still cost least.' },
  {
    title: 'Site safety inspections',
    text: 'Regular inspections keep the site tidy, secure and compliant, protecting the crew, your neighbours and your investment.',
  },
  { title: 'Material comparisons', text: 'Side-by-side samples and costs for cladding, roofing, windows and flooring, with our honest view of each.' },
];

export default function CustomHomesPage() {
  usePageMeta({
    title: 'Custom Homes',
    description: 'Build a custom home in the Greater Toronto Area with a team that manages the project, the budget and the builder, from lot to keys.',
  });
  return (
    <>
      <PageHero
        eyebrow="Build"
        title="Custom Homes"
        subtitle="Your home, designed around how you live, built with the oversight of people who have done it many times before."
        image={heroImage}
      />

      <Section tone="paper" aria-labelledby="oversight">
        <Container>
          <SectionHeading
            id="oversight"
            eyebrow="Oversight from lot to keys"
            title="A build you can follow, week by week"
            lead="Building is the most personal project a family can take on. Our role is to make it predictable."
          />
          <ul
            css={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gap: theme.space.lg,
              [mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
              [mq.lg]: { gridTemplateColumns: 'repeat(3, 1fr)' },
            }}
          >
            {PILLARS.map((pillar, i) => (
              <Reveal
                as="li"
                key={pillar.title}
                delay={(i % 3) * 80}
                css={{ padding: theme.space.lg, borderTop: `2px solid ${theme.color.bronze}`, background: theme.color.ivory }}
              >
                <h3 css={{ fontSize: theme.fontSize.xl }}>{pillar.title}</h3>
                <p css={{ margin: 0, color: theme.color.muted }}>{pillar.text}</p>
              </Reveal>
            ))}
          </ul>
        </Container>
      </Section>

      <Section tone="light" aria-labelledby="materials">
        <Container>
          <SectionHeading
            id="materials"
            eyebrow="Material comparisons"
            title="Choose your exterior"
            lead="Six claddings we are often asked about. Select one to see how it looks and where it shines."
          />
          <MaterialSwitcher materials={MATERIALS} />
        </Container>
      </Section>

      <Section tone="paper" aria-labelledby="our-process">
        <Container css={{ display: 'grid', gap: theme.space.xxl, [mq.lg]: { gridTemplateColumns: '1fr 1fr' } }}>
          <Reveal css={prose}>
            <SectionHeading align="left" id="our-process" eyebrow="How we work" title="Our Process" />
            <p>
              Every build begins with a conversation about how you live: the rooms you gather in, the ones you never use, the light you wake to. From there we
              help you find and assess a lot, assemble the design team and set a budget that includes a sensible contingency.
            </p>
            <p>
              Once the builder is chosen, we stay at your side through permits, construction and handover. We read every change order, attend the key
              inspections and report to you in plain language, so that you can enjoy the project rather than manage it.
            </p>
            <p>
              Comfort is in the details. Heated floors, for example, typically add $8 to $20 per square foot depending on the system; we will tell you where
              such upgrades pay back and where they are simply a pleasure.
            </p>
          </Reveal>
          <Reveal css={[prose, { background: theme.color.ivory, padding: theme.space.xl, alignSelf: 'start' }]}>
            <h3 css={{ marginTop: 0 }}>Partners we build with</h3>
            <p>
              Our circle includes custom builders, architects, interior designers, kitchen and millwork studios, landscape designers and lenders experienced
              with construction draws. Each has delivered for our clients before.
            </p>
            <p>
              Meet them on our <Link to="/preferred-partner">preferred partners</Link> page, or ask us for an introduction suited to your project.
            </p>
          </Reveal>
        </Container>
      </Section>

      <Section tone="light" aria-labelledby="faq-title">
        <Container narrow>
          <SectionHeading id="faq-title" eyebrow="Questions" title="Frequently Asked Questions" />
          <FaqAccordion items={FAQS} />
        </Container>
      </Section>
      <TalkToUs
        title="Start with a conversation"
        text="Tell us about the home you have in mind. We will help you find the lot, the team and a realistic plan."
      />
    </>
  );
}
