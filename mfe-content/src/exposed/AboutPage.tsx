/** /about-us: who we are, how we serve buyers and sellers, and a way to get in touch. */
import { AgentCard, Container, Eyebrow, PageHero, Section, siteProfile, theme, mq, usePageMeta } from '@gta/shared';
import { ContactForm } from '../components/remotes';
import { Reveal } from '../components/Reveal';
import { SectionHeading, prose } from '../components/layout';
import boardroom from '../assets/about-portrait-scene.svg';
import heroImage from '../assets/hero-3-estate-golden-hour.svg';

export default function AboutPage() {
  usePageMeta({
    title: 'About Us · Who We Are',
    description: `Meet ${siteProfile.teamName}: a boutique luxury real-estate team serving Oakville, Mississauga, Burlington and the Greater Toronto Area.`,
  });
  return (
    <>
      <PageHero
        eyebrow="Who we are"
        title="About Us"
        subtitle="A boutique team with the reach of a national brokerage, and the patience of a private practice."
        image={heroImage}
      />

      <Section tone="paper" aria-labelledby="about-bio">
        <Container css={{ display: 'grid', gap: theme.space.xxl, alignItems: 'center', [mq.lg]: { gridTemplateColumns: '1fr 1fr' } }}>
          <Reveal>
            <img
              src={boardroom}
              alt="Our meeting room, set for a client consultation"
              width={960}
              height={540}
              loading="lazy"
              css={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', boxShadow: theme.shadow.lifted }}
            />
          </Reveal>
          <Reveal css={prose}>
            <Eyebrow>Our story</Eyebrow>
            <h2 id="about-bio">Who we are</h2>
            <p>
              {siteProfile.teamName} is a small team by design. We represent a limited number of buyers and sellers at any one time across Oakville,
              Mississauga, Burlington and the wider region, so that every client works with people who know their file by heart.
            </p>
            <p>
              Our principals came to residential real estate from development, where they helped deliver more than $100 million in townhouse projects and raised
              over $46 million in capital. That grounding in construction, finance and negotiation informs every recommendation we make, from the price of a
              listing to the clauses of an offer.
            </p>
            <p>
              {siteProfile.agent.name}, {siteProfile.agent.designation}, leads the team, supported by specialists in marketing, transaction management and
              client care, and by a trusted circle of lawyers, lenders, inspectors and trades.
            </p>
          </Reveal>
        </Container>
      </Section>

      <Section tone="light" aria-label="Our services">
        <Container>
          <SectionHeading eyebrow="What we do" title="Two sides of every move, handled with the same care" />
          <div css={{ display: 'grid', gap: theme.space.xl, [mq.md]: { gridTemplateColumns: '1fr 1fr' } }}>
            <Reveal
              as="section"
              aria-labelledby="buyers-service"
              css={{ background: theme.color.paper, padding: theme.space.xl, border: `1px solid ${theme.color.stone}` }}
            >
              <h3 id="buyers-service">Home Buyers Service</h3>
              <div css={prose}>
                <p>
                  We begin by listening: how you live, where you work, what you would change about your current home. From there we build a focused search and
                  bring you homes that deserve your time, including many that never reach the open market.
                </p>
                <ul>
                  <li>Neighbourhood briefings on schools, commutes and future development</li>
                  <li>Pricing analysis on every home you are serious about</li>
                  <li>Negotiation, conditions and closing managed from start to finish</li>
                </ul>
              </div>
            </Reveal>
            <Reveal
              as="section"
              aria-labelledby="selling-service"
              delay={100}
              css={{ background: theme.color.paper, padding: theme.space.xl, border: `1px solid ${theme.color.stone}` }}
            >
              <h3 id="selling-service">Selling Your Property</h3>
              <div css={prose}>
                <p>
                  A sale is a launch. We prepare your home with staging advice and trusted trades, present it with architectural photography and film, and price
                  it with evidence rather than hope, so that the right buyers arrive ready to act.
                </p>
                <ul>
                  <li>A written pricing strategy grounded in recent, comparable sales</li>
                  <li>Print, digital and network marketing to qualified buyers</li>
                  <li>Offer management that protects both price and terms</li>
                </ul>
              </div>
            </Reveal>
          </div>
        </Container>
      </Section>

      <Section tone="paper" aria-labelledby="get-in-touch">
        <Container css={{ display: 'grid', gap: theme.space.xxl, [mq.lg]: { gridTemplateColumns: '3fr 2fr', alignItems: 'start' } }}>
          <div css={{ minWidth: 0 }}>
            <SectionHeading
              align="left"
              eyebrow="Start a conversation"
              title="Get in touch"
              id="get-in-touch"
              lead="Tell us a little about your plans and we will be in touch personally."
            />
            <ContactForm source="about-us" />
          </div>
          <AgentCard />
        </Container>
      </Section>
    </>
  );
}
