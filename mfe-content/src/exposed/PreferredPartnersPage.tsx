/** /preferred-partner: the professionals we trust, each with a way to reach them. */
import { useState } from 'react';
import { Container, PageHero, Section, settledImage, telHref, theme, mq, usePageMeta, visuallyHidden } from '@gta/shared';
import { PARTNERS, titleEmoji, titleText, type Partner } from '../content/partners';
import { SectionHeading } from '../components/layout';

function PartnerLogo({ partner }: { partner: Partner }) {
  const [broken, setBroken] = useState(false);
  // a logo that failed in the server's HTML before hydration fired its error before React listened: the ref sees it
  const box = {
    width: 64,
    height: 64,
    flex: '0 0 64px',
    borderRadius: '50%',
    background: theme.color.ivory,
    border: `1px solid ${theme.color.stone}`,
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
  } as const;
  if (partner.image && !broken) {
    return (
      <span css={box}>
        <img
          src={partner.image}
          alt={`${partner.company ?? titleText(partner.title)} logo`}
          width={64}
          height={64}
          loading="lazy"
          onError={() => setBroken(true)}
          ref={settledImage(undefined, () => setBroken(true))}
          css={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      </span>
    );
  }
  return (
    <span
      css={[box, { fontSize: '1.75rem', fontFamily: "'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', sans-serif" }]}
      role="img"
      aria-label={titleText(partner.title)}
      data-testid="partner-emoji"
    >
      {titleEmoji(partner.title)}
    </span>
  );
}

const row = { display: 'flex', gap: theme.space.sm, margin: 0, fontSize: theme.fontSize.sm } as const;
const label = { color: theme.color.muted, minWidth: '3.75rem' } as const;

export default function PreferredPartnersPage() {
  usePageMeta({
    title: 'Preferred Partners',
    description: 'The lawyers, lenders, inspectors, designers and trades our clients rely on across the Greater Toronto Area.',
  });
  return (
    <>
      <PageHero
        eyebrow="Selling"
        title="Preferred Partners"
        subtitle="A circle of professionals we have worked beside for years, and would call for our own homes."
      />
      <Section tone="light">
        <Container>
          <SectionHeading
            title="Trusted, tested, recommended"
            lead="From financing to the final coat of paint, each partner below has earned our clients’ confidence. Mention our team when you call."
          />
          <ul
            data-testid="partners"
            css={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gap: theme.space.lg,
              [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
              [mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            {PARTNERS.map((partner) => (
              <li
                key={`${partner.title}-${partner.company}`}
                data-testid="partner-card"
                css={{
                  background: theme.color.paper,
                  border: `1px solid ${theme.color.stone}`,
                  padding: theme.space.lg,
                  display: 'flex',
                  flexDirection: 'column',
                  gap: theme.space.md,
                  minWidth: 0,
                }}
              >
                <div css={{ display: 'flex', gap: theme.space.md, alignItems: 'center' }}>
                  <PartnerLogo partner={partner} />
                  <div css={{ minWidth: 0 }}>
                    <p
                      css={{
                        margin: 0,
                        fontSize: theme.fontSize.xs,
                        letterSpacing: '0.16em',
                        textTransform: 'uppercase',
                        color: theme.color.bronze,
                        fontWeight: 600,
                      }}
                    >
                      {titleText(partner.title)}
                    </p>
                    {partner.company ? <h2 css={{ fontSize: theme.fontSize.xl, margin: 0 }}>{partner.company}</h2> : null}
                    {partner.name ? <p css={{ margin: 0, color: theme.color.muted, fontSize: theme.fontSize.sm }}>{partner.name}</p> : null}
                  </div>
                </div>
                <div css={{ display: 'grid', gap: 4, overflowWrap: 'anywhere' }}>
                  {partner.office ? (
                    <p css={row}>
                      <span css={label}>Office</span>
                      <a href={telHref(partner.office)}>{partner.office}</a>
                    </p>
                  ) : null}
                  {partner.mobile ? (
                    <p css={row}>
                      <span css={label}>Mobile</span>
                      <a href={telHref(partner.mobile)}>{partner.mobile}</a>
                    </p>
                  ) : null}
                  {partner.email ? (
                    <p css={row}>
                      <span css={label}>Email</span>
                      <a href={`mailto:${partner.email}`}>{partner.email}</a>
                    </p>
                  ) : null}
                  {partner.website ? (
                    <p css={row}>
                      <span css={label}>Website</span>
                      <a href={partner.website} target="_blank" rel="noopener noreferrer">
                        {partner.website.replace(/^https?:\/\//, '')}
                        <span css={visuallyHidden}> (opens in a new tab)</span>
                      </a>
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Container>
      </Section>
    </>
  );
}
