import { Link } from 'react-router-dom';
import { siteProfile, theme, mq, visuallyHidden } from '@gta/shared';

/** The team's mark: monogram tile and name (from the site profile). */
export function Logo({ onNavigate, size = 'nav' }: { onNavigate?: () => void; size?: 'nav' | 'footer' }) {
  const footer = size === 'footer';
  return (
    <Link
      to="/"
      onClick={onNavigate}
      css={{ display: 'inline-flex', alignItems: 'center', gap: '0.75rem', textDecoration: 'none', color: theme.color.ivory, flexShrink: 0 }}
    >
      <span
        aria-hidden="true"
        css={{
          width: footer ? 52 : 42,
          height: footer ? 52 : 42,
          display: 'grid',
          placeItems: 'center',
          border: `1px solid ${theme.color.gold}`,
          // its own dark ground, so the gold letters keep their contrast over any page top the bar floats above
          background: theme.color.ink,
          color: theme.color.gold,
          fontFamily: theme.font.display,
          fontSize: footer ? 22 : 18,
          letterSpacing: '0.08em',
        }}
      >
        {siteProfile.monogram}
      </span>
      <span
        css={{
          fontFamily: theme.font.display,
          fontSize: footer ? '1.5rem' : '1.1rem',
          lineHeight: 1.05,
          letterSpacing: '0.02em',
          display: 'block',
          [mq.sm]: { fontSize: footer ? '1.5rem' : '1.25rem' },
          // 768-1279 px: the bar is full, so the name is read but not shown (the link keeps the name it shows elsewhere)
          [mq.md]: footer ? {} : visuallyHidden,
          [mq.xl]: { position: 'static', width: 'auto', height: 'auto', margin: 0, overflow: 'visible', clip: 'auto', clipPath: 'none', whiteSpace: 'normal' },
        }}
      >
        {siteProfile.teamName}
      </span>
    </Link>
  );
}
