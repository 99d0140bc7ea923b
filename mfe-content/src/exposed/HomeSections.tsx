/** The home page's own sections, between the featured listings and the 'Join Our Network' call to action. */
import { Link } from 'react-router-dom';
import { Button, Container, Eyebrow, Section, siteProfile, theme, mq } from '@gta/shared';
import { AWARDS, MEDIA_POSTS, RECOGNITION_TILES, SERVICES, STATS, TESTIMONIALS } from '../content/home';
import { Reveal } from '../components/Reveal';
import { SectionHeading } from '../components/layout';
import { TestimonialsCarousel } from '../components/TestimonialsCarousel';
import { InstagramEmbeds } from '../components/InstagramEmbeds';
import { usePrefersReducedMotion } from '../components/motion';
import boardroom from '../assets/about-portrait-scene.svg';
import lounge from '../assets/testimonials-office.svg';

function IndustryRecognition() {
  return (
    <Section tone="paper" aria-labelledby="recognition-title">
      <Container>
        <Reveal>
          <SectionHeading
            eyebrow="Awards & distinctions"
            title="Industry Recognition"
            id="recognition-title"
            lead="Recognition is never the goal. It is what tends to follow when every client is treated as the only one."
          />
        </Reveal>
        <Reveal>
          <ul
            aria-label="Awards"
            css={{
              listStyle: 'none',
              padding: 0,
              margin: `0 0 ${theme.space.xxl}`,
              display: 'grid',
              gap: theme.space.md,
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              [mq.md]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: theme.space.lg },
            }}
          >
            {AWARDS.map((award, i) => (
              <li
                key={`${award.year}-${award.title}`}
                css={{ position: 'relative', gridColumn: i === AWARDS.length - 1 ? 'span 2' : undefined, [mq.md]: { gridColumn: 'auto' } }}
              >
                <figure
                  css={{ margin: 0, maxWidth: i === AWARDS.length - 1 ? 'calc(50% - 0.5rem)' : undefined, marginInline: 'auto', [mq.md]: { maxWidth: 'none' } }}
                >
                  <div css={{ position: 'relative', aspectRatio: '1 / 1', overflow: 'hidden', background: theme.color.ink }}>
                    <img
                      src={award.image}
                      alt={`${award.title} award, ${award.year}`}
                      width={400}
                      height={400}
                      loading="lazy"
                      css={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                    <span
                      data-testid="award-year"
                      css={{
                        position: 'absolute',
                        top: 10,
                        right: 10,
                        background: theme.color.gold,
                        color: theme.color.ink,
                        fontSize: theme.fontSize.xs,
                        fontWeight: 600,
                        letterSpacing: '0.12em',
                        padding: '0.2rem 0.55rem',
                      }}
                    >
                      {award.year}
                    </span>
                  </div>
                  <figcaption css={{ textAlign: 'center', marginTop: theme.space.sm, fontSize: theme.fontSize.sm, color: theme.color.muted }}>
                    {award.title}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Reveal>
        <ul
          css={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: theme.space.lg,
            [mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
            [mq.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' },
          }}
        >
          {RECOGNITION_TILES.map((tile, i) => (
            <Reveal
              as="li"
              key={tile.title}
              delay={i * 90}
              css={{ border: `1px solid ${theme.color.stone}`, padding: theme.space.lg, background: theme.color.ivory }}
            >
              <span aria-hidden="true" css={{ color: theme.color.bronze, fontSize: '1.5rem' }}>
                {tile.icon}
              </span>
              <h3 css={{ fontSize: theme.fontSize.xl, margin: '0.5rem 0' }}>{tile.title}</h3>
              <p css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm }}>{tile.text}</p>
            </Reveal>
          ))}
        </ul>
      </Container>
    </Section>
  );
}

function AgentMessage() {
  const reduced = usePrefersReducedMotion();
  const speakToTheTeam = () => {
    const target = document.getElementById('call-to-action');
    target?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
    // focus follows the eye: the section's heading (a screen reader says where it is; Tab goes on to the form's
    // first field), without a second jump of the scroll
    const heading = document.getElementById('call-to-action-title') ?? target?.querySelector<HTMLElement>('input, select, textarea');
    if (!heading) return;
    if (!heading.matches('input, select, textarea, a[href], button') && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  return (
    <Section tone="light" aria-labelledby="message-title">
      <Container css={{ display: 'grid', gap: theme.space.xxl, alignItems: 'center', [mq.lg]: { gridTemplateColumns: '5fr 6fr' } }}>
        <Reveal css={{ position: 'relative' }}>
          <img
            src={boardroom}
            alt="A boardroom set for a client meeting, the city beyond the window"
            width={960}
            height={540}
            loading="lazy"
            css={{ width: '100%', aspectRatio: '4 / 5', objectFit: 'cover', boxShadow: theme.shadow.lifted }}
          />
          <div
            aria-hidden="true"
            css={{
              position: 'absolute',
              inset: '1.5rem -1.5rem -1.5rem 1.5rem',
              border: `1px solid ${theme.color.bronze}`,
              zIndex: -1,
              display: 'none',
              [mq.lg]: { display: 'block' },
            }}
          />
        </Reveal>
        <Reveal>
          <Eyebrow>A message from the team</Eyebrow>
          <h2 id="message-title">Real estate, handled the way you would handle it yourself</h2>
          <div css={{ color: theme.color.inkSoft, '& p': { lineHeight: 1.8 } }}>
            <p>
              {siteProfile.teamName} began with a simple conviction: the sale or purchase of a home deserves the care of a private client practice, not the pace
              of a production line. We take on fewer clients than we could, so that each one has our full attention from the first conversation to the last
              signature.
            </p>
            <p>
              Our work spans the lakeside streets of Oakville, the growing heart of Mississauga and the escarpment communities of Burlington, with reach across
              Peel, Halton and Niagara. Before residential brokerage became our focus, our principals helped bring more than $100 million of townhouse
              developments to market and raised over $46 million in capital for projects across the region. That background shapes how we read a floor plan, a
              builder’s schedule and a price.
            </p>
            <p>
              It also shapes how we negotiate. We prepare every listing as if it were a launch and every offer as if it were a board presentation: the numbers
              checked twice, the risks named plainly, the options laid out so that you can decide with confidence. Discretion comes as standard, and so does
              candour, even when the honest answer is to wait.
            </p>
            <p>
              Whether you are buying your first home, moving up, building from the ground or investing for the long term, we would be glad to hear what you have
              in mind.
            </p>
          </div>
          <p css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.xl, margin: `${theme.space.lg} 0 0` }}>{siteProfile.agent.name}</p>
          <p css={{ color: theme.color.bronze, fontSize: theme.fontSize.sm, letterSpacing: '0.06em' }}>{siteProfile.agent.designation}</p>
          <Button type="button" onClick={speakToTheTeam}>
            SPEAK TO THE TEAM
          </Button>
        </Reveal>
      </Container>
    </Section>
  );
}

function Services() {
  return (
    <Section tone="paper" aria-labelledby="services-title">
      <Container>
        <Reveal>
          <SectionHeading eyebrow="How we can help" title="Services" id="services-title" lead="Every route into the market, gathered in one place." />
        </Reveal>
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
          {SERVICES.map((service, i) => (
            <Reveal as="li" key={service.to} delay={(i % 3) * 90}>
              <Link
                to={service.to}
                data-testid="service-tile"
                css={{
                  position: 'relative',
                  display: 'block',
                  aspectRatio: '16 / 9',
                  overflow: 'hidden',
                  color: theme.color.ivory,
                  textDecoration: 'none',
                  background: theme.color.ink,
                  '& img': { transition: `transform ${theme.motion.slow} ${theme.motion.ease}` },
                  '&:hover img, &:focus-visible img': { transform: 'scale(1.05)' },
                  [mq.reducedMotion]: { '&:hover img, &:focus-visible img': { transform: 'none' } },
                }}
              >
                <img
                  src={service.image}
                  alt=""
                  width={960}
                  height={540}
                  loading="lazy"
                  css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
                />
                <span
                  aria-hidden="true"
                  css={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg, rgba(20,22,26,0.1) 30%, rgba(20,22,26,0.82) 100%)' }}
                />
                <span css={{ position: 'absolute', left: theme.space.lg, right: theme.space.lg, bottom: theme.space.lg }}>
                  <span css={{ display: 'block', fontSize: theme.fontSize.sm, fontWeight: 600, letterSpacing: '0.2em' }}>{service.label}</span>
                  <span css={{ display: 'block', fontSize: theme.fontSize.sm, color: '#e2dccf' }}>
                    {service.blurb} <span aria-hidden="true">→</span>
                  </span>
                </span>
              </Link>
            </Reveal>
          ))}
        </ul>
      </Container>
    </Section>
  );
}

function Numbers() {
  return (
    <Section tone="dark" aria-labelledby="numbers-title">
      <Container>
        <Reveal>
          <SectionHeading onDark eyebrow="The network behind every listing" title="Why Work With Us In Numbers" id="numbers-title" />
        </Reveal>
        <ul
          css={{
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: 1,
            background: 'rgba(200,171,120,0.25)',
            gridTemplateColumns: 'repeat(1, 1fr)',
            [mq.sm]: { gridTemplateColumns: 'repeat(2, 1fr)' },
            [mq.lg]: { gridTemplateColumns: 'repeat(4, 1fr)' },
          }}
        >
          {STATS.map((stat, i) => (
            <Reveal
              as="li"
              key={stat.label}
              delay={(i % 4) * 80}
              css={{ background: theme.color.ink, padding: theme.space.lg, [mq.md]: { padding: theme.space.xl } }}
            >
              <p css={{ margin: 0, fontSize: theme.fontSize.xs, letterSpacing: '0.2em', textTransform: 'uppercase', color: theme.color.mutedOnDark }}>
                {stat.label}
              </p>
              <p
                data-testid="stat-number"
                css={{
                  margin: '0.5rem 0',
                  fontFamily: theme.font.display,
                  fontSize: 'clamp(2.75rem, 2.2rem + 2vw, 3.75rem)',
                  lineHeight: 1,
                  color: theme.color.gold,
                }}
              >
                {stat.number}
              </p>
              <p css={{ margin: 0, color: theme.color.mutedOnDark, fontSize: theme.fontSize.sm }}>{stat.description}</p>
            </Reveal>
          ))}
        </ul>
      </Container>
    </Section>
  );
}

function InTheMedia() {
  return (
    <Section tone="light" aria-labelledby="media-title">
      <Container>
        <Reveal>
          <SectionHeading eyebrow="Social" title="In The Media" id="media-title" lead="New listings, market notes and stories from the closing table." />
        </Reveal>
        <Reveal>
          <InstagramEmbeds posts={MEDIA_POSTS} />
        </Reveal>
        <div css={{ textAlign: 'center', marginTop: theme.space.xl }}>
          <Button type="button" variant="outline" disabled aria-describedby="instagram-note">
            Follow on Instagram
          </Button>
          <p id="instagram-note" css={{ fontSize: theme.fontSize.sm, color: theme.color.muted, marginTop: theme.space.sm }}>
            Our Instagram feed is coming soon.
          </p>
        </div>
      </Container>
    </Section>
  );
}

function Testimonials() {
  return (
    <Section tone="paper" aria-labelledby="testimonials-title">
      <Container>
        <Reveal>
          <SectionHeading eyebrow="Testimonials" title="What Our Clients Are Saying" id="testimonials-title" />
        </Reveal>
        <div css={{ display: 'grid', gap: theme.space.xl, alignItems: 'stretch', [mq.lg]: { gridTemplateColumns: '3fr 2fr' } }}>
          <Reveal>
            <TestimonialsCarousel testimonials={TESTIMONIALS} />
          </Reveal>
          <Reveal
            as="aside"
            aria-labelledby="happy-clients"
            css={{
              position: 'relative',
              minHeight: 320,
              overflow: 'hidden',
              color: theme.color.ivory,
              display: 'flex',
              alignItems: 'flex-end',
              background: theme.color.ink,
            }}
          >
            <img
              src={lounge}
              alt="The client lounge at our office"
              width={960}
              height={540}
              loading="lazy"
              css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0.7 }}
            />
            <div
              css={{
                position: 'relative',
                display: 'grid',
                gridTemplateColumns: '1fr 1fr',
                width: '100%',
                background: 'linear-gradient(180deg, rgba(20,22,26,0) 0%, rgba(20,22,26,0.9) 40%)',
                padding: `${theme.space.xxl} ${theme.space.lg} ${theme.space.lg}`,
              }}
            >
              <p id="happy-clients" css={{ margin: 0 }}>
                <span css={{ display: 'block', fontFamily: theme.font.display, fontSize: '2.5rem', color: theme.color.gold, lineHeight: 1 }}>50+</span>
                Happy Clients
              </p>
              <p css={{ margin: 0 }}>
                <span css={{ display: 'block', fontFamily: theme.font.display, fontSize: '2.5rem', color: theme.color.gold, lineHeight: 1 }}>5★</span>
                Average Rating
              </p>
            </div>
          </Reveal>
        </div>
      </Container>
    </Section>
  );
}

export default function HomeSections() {
  return (
    <div data-testid="home-sections">
      <IndustryRecognition />
      <AgentMessage />
      <Services />
      <Numbers />
      <InTheMedia />
      <Testimonials />
    </div>
  );
}
