/** /our-offices: the three offices of the site profile, each with image (falling back when broken), address, phone and email. */
import { Container, PageHero, Section, siteProfile, telHref, theme, mq, usePageMeta } from '@gta/shared';
import { ImageWithFallback } from '../components/ImageWithFallback';
import { SectionHeading } from '../components/layout';
import donMills from '../assets/office-don-mills.svg';
import mississauga from '../assets/office-mississauga.svg';
import toronto from '../assets/office-toronto.svg';

/** Local drawings used when an office photo is missing or fails to load. */
const FALLBACK_IMAGES: Record<string, string> = { 'don-mills': donMills, mississauga, toronto };

function Placeholder({ name }: { name: string }) {
  return (
    <div
      role="img"
      aria-label={`${name} office`}
      data-testid="office-placeholder"
      css={{
        aspectRatio: '8 / 5',
        background: theme.color.ink,
        color: theme.color.gold,
        display: 'grid',
        placeItems: 'center',
        fontFamily: theme.font.display,
        fontSize: '2rem',
      }}
    >
      {siteProfile.monogram}
    </div>
  );
}

export default function OurOfficesPage() {
  usePageMeta({
    title: 'Our Offices',
    description: `Visit ${siteProfile.teamName} in Don Mills, Mississauga or downtown Toronto. Addresses, phone numbers and email for each office.`,
  });
  return (
    <>
      <PageHero eyebrow="About" title="Our Offices" subtitle="Three addresses across the region, each a quiet place to talk through your plans." />
      <Section tone="light">
        <Container>
          <SectionHeading title="Visit us" lead="Meetings are by appointment, so that someone who knows your file is always there to welcome you." />
          <ul
            css={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gap: theme.space.xl,
              [mq.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {siteProfile.offices.map((office) => (
              <li
                key={office.id}
                data-testid="office-card"
                css={{ background: theme.color.paper, border: `1px solid ${theme.color.stone}`, display: 'flex', flexDirection: 'column' }}
              >
                <ImageWithFallback
                  src={office.image}
                  fallbackSrc={FALLBACK_IMAGES[office.id]}
                  placeholder={<Placeholder name={office.name} />}
                  alt={`The ${office.name} office building`}
                  width={800}
                  height={500}
                  style={{ width: '100%', aspectRatio: '8 / 5', objectFit: 'cover', background: theme.color.stone }}
                />
                <div css={{ padding: theme.space.lg }}>
                  <h2 css={{ fontSize: theme.fontSize.h3 }}>{office.name}</h2>
                  <address css={{ fontStyle: 'normal', color: theme.color.muted, marginBottom: theme.space.md }}>
                    {office.addressLines[0]}
                    <br />
                    {office.addressLines[1]}
                  </address>
                  <p css={{ margin: 0 }}>
                    <a href={telHref(office.phone)}>{office.phone}</a>
                  </p>
                  <p css={{ margin: 0, overflowWrap: 'anywhere' }}>
                    <a href={`mailto:${office.email}`}>{office.email}</a>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </Section>
    </>
  );
}
