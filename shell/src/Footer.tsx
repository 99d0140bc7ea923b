/** The footer (spec section 2): logo, tagline, social links, Menu/Buying/Selling/Contact columns, three office cards, copyright, Privacy Policy. */
import { Link } from 'react-router-dom';
import { siteProfile, telHref, textMeasure, theme, mq } from '@gta/shared';
import { Logo } from './Logo';
import { FOOTER_COLUMNS } from './siteLinks';

const SOCIAL_ICONS: Record<'facebook' | 'instagram' | 'linkedin', string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v10h4V14h3l1-4h-4V8.6c0-.4.3-.6.6-.6z',
  instagram:
    'M12 7.5A4.5 4.5 0 1 0 12 16.5 4.5 4.5 0 0 0 12 7.5zm0 7.4a2.9 2.9 0 1 1 0-5.8 2.9 2.9 0 0 1 0 5.8zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2zM12 3c-2.4 0-2.7 0-3.7.1C4.6 3.3 3.3 4.6 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7c.2 3.7 1.5 5 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.7-.2 5-1.5 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.2-3.7-1.5-5-5.2-5.2C14.7 3 14.4 3 12 3z',
  linkedin:
    'M4 9h3.6v11H4zM5.8 3.5a2.1 2.1 0 1 1 0 4.2 2.1 2.1 0 0 1 0-4.2zM9.8 9h3.4v1.5c.5-.9 1.7-1.8 3.5-1.8 3.7 0 4.3 2.4 4.3 5.5V20h-3.6v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H9.8z',
};

const heading = {
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.22em',
  textTransform: 'uppercase' as const,
  color: theme.color.gold,
  margin: '0 0 1.25rem',
};
const linkStyle = { color: theme.color.mutedOnDark, textDecoration: 'none', '&:hover, &:focus-visible': { color: theme.color.ivory } };

export function Footer() {
  const year = new Date().getFullYear();
  const { social, offices, agent, teamName, brokerage, tagline } = siteProfile;
  return (
    <footer data-testid="site-footer" css={{ background: theme.color.ink, color: theme.color.ivory, paddingTop: theme.space.xxl }}>
      <div css={{ maxWidth: theme.layout.contentMaxWidth, margin: '0 auto', padding: `0 ${theme.space.lg}`, [mq.md]: { padding: `0 ${theme.space.xl}` } }}>
        <div css={{ display: 'grid', gap: theme.space.xl, [mq.lg]: { gridTemplateColumns: '1.4fr repeat(4, 1fr)' } }}>
          <div>
            <Logo size="footer" />
            <p css={{ color: theme.color.mutedOnDark, marginTop: theme.space.lg, maxWidth: textMeasure(34) }}>{tagline}</p>
            <ul aria-label="Social media" css={{ display: 'flex', gap: theme.space.sm, listStyle: 'none', padding: 0, margin: 0 }}>
              {(Object.keys(SOCIAL_ICONS) as (keyof typeof SOCIAL_ICONS)[]).map((network) => (
                <li key={network}>
                  <a
                    href={social[network]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${teamName} on ${network === 'linkedin' ? 'LinkedIn' : network[0]!.toUpperCase() + network.slice(1)}`}
                    css={{
                      display: 'grid',
                      placeItems: 'center',
                      width: 44,
                      height: 44,
                      border: '1px solid rgba(200,171,120,0.45)',
                      color: theme.color.gold,
                      '&:hover': { background: theme.color.gold, color: theme.color.ink },
                    }}
                  >
                    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
                      <path d={SOCIAL_ICONS[network]} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div
            css={{
              display: 'grid',
              gap: theme.space.xl,
              gridTemplateColumns: 'repeat(2, 1fr)',
              [mq.md]: { gridTemplateColumns: 'repeat(4, 1fr)' },
              [mq.lg]: { gridColumn: 'span 4' },
            }}
          >
            {FOOTER_COLUMNS.map((column) => (
              <nav key={column.label} aria-label={`Footer: ${column.label}`}>
                <h2 css={heading}>{column.label}</h2>
                <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.6rem', fontSize: theme.fontSize.sm }}>
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} css={linkStyle}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
            <div>
              <h2 css={heading}>Contact</h2>
              <ul css={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '0.6rem', fontSize: theme.fontSize.sm }}>
                <li>
                  <a href={telHref(agent.officePhone)} css={linkStyle}>
                    {agent.officePhone}
                  </a>
                </li>
                <li>
                  <a href={`mailto:${agent.email}`} css={linkStyle}>
                    {agent.email}
                  </a>
                </li>
                <li>
                  <Link to="/contact" css={linkStyle}>
                    Contact Us
                  </Link>
                </li>
                <li>
                  <Link to="/our-offices" css={linkStyle}>
                    Our Offices
                  </Link>
                </li>
              </ul>
            </div>
          </div>
        </div>
        <ul
          aria-label="Our offices"
          css={{
            listStyle: 'none',
            padding: 0,
            margin: `${theme.space.xxl} 0 0`,
            display: 'grid',
            gap: theme.space.md,
            [mq.md]: { gridTemplateColumns: 'repeat(3, 1fr)' },
          }}
        >
          {offices.map((office) => (
            <li key={office.id} css={{ border: '1px solid rgba(200,171,120,0.25)', padding: theme.space.lg }}>
              <h2 css={{ fontSize: theme.fontSize.xl, margin: '0 0 0.5rem' }}>{office.name} Office</h2>
              <address css={{ fontStyle: 'normal', color: theme.color.mutedOnDark, fontSize: theme.fontSize.sm }}>
                {office.addressLines[0]}
                <br />
                {office.addressLines[1]}
              </address>
              <a href={telHref(office.phone)} css={{ ...linkStyle, display: 'inline-block', marginTop: '0.5rem', color: theme.color.ivory }}>
                {office.phone}
              </a>
            </li>
          ))}
        </ul>
        <div
          css={{
            marginTop: theme.space.xxl,
            padding: `${theme.space.lg} 0`,
            borderTop: '1px solid rgba(247,244,238,0.12)',
            display: 'flex',
            flexWrap: 'wrap',
            gap: theme.space.md,
            justifyContent: 'space-between',
            fontSize: theme.fontSize.xs,
            color: theme.color.mutedOnDark,
            letterSpacing: '0.04em',
          }}
        >
          <p css={{ margin: 0 }}>
            © {year} {teamName}. {brokerage}. All rights reserved.
          </p>
          <Link to="/privacy-policy" css={linkStyle}>
            Privacy Policy
          </Link>
        </div>
      </div>
    </footer>
  );
}
