/** The agent card used on several pages (About, Contact, Buying Resources, property pages). Identity from the site profile. */
import { siteProfile, telHref } from '../core/siteProfile';
import { mq, theme } from './theme';

export function AgentCard({ compact = false }: { compact?: boolean }) {
  const { agent, brokerage, social } = siteProfile;
  const row = { margin: 0, display: 'flex', gap: theme.space.sm, flexWrap: 'wrap' as const };
  const label = { color: theme.color.muted, minWidth: '4.5rem' };
  return (
    <aside
      aria-label="Your agent"
      data-testid="agent-card"
      css={{
        background: theme.color.paper,
        border: `1px solid ${theme.color.stone}`,
        borderRadius: theme.radius.md,
        padding: theme.space.lg,
        display: 'grid',
        gap: theme.space.md,
        // the photo sits beside the details from 640 px up; on a phone it stacks above them
        gridTemplateColumns: '1fr',
        [mq.sm]: { gridTemplateColumns: compact ? '1fr' : '96px minmax(0, 1fr)' },
        alignItems: 'start',
        minWidth: 0,
        overflowWrap: 'anywhere',
      }}
    >
      <img
        src={agent.photo}
        alt={`Portrait of ${agent.name}`}
        width={96}
        height={96}
        loading="lazy"
        css={{ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover', background: theme.color.stone }}
      />
      <div>
        <p css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.xl, margin: 0 }}>{agent.name}</p>
        <p css={{ color: theme.color.bronze, fontSize: theme.fontSize.sm, letterSpacing: '0.06em', margin: '0 0 0.75rem' }}>{agent.designation}</p>
        <p css={row}>
          <span css={label}>Office</span> <a href={telHref(agent.officePhone)}>{agent.officePhone}</a>
        </p>
        <p css={row}>
          <span css={label}>Mobile</span> <a href={telHref(agent.mobilePhone)}>{agent.mobilePhone}</a>
        </p>
        <p css={row}>
          <span css={label}>Email</span> <a href={`mailto:${agent.email}`}>{agent.email}</a>
        </p>
        <address css={{ fontStyle: 'normal', color: theme.color.muted, marginTop: '0.75rem', fontSize: theme.fontSize.sm }}>
          {agent.addressLines[0]}
          <br />
          {agent.addressLines[1]}
        </address>
        <p css={{ fontSize: theme.fontSize.xs, letterSpacing: '0.12em', textTransform: 'uppercase', color: theme.color.muted, margin: '0.75rem 0' }}>
          {brokerage} · {agent.badges.join(' · ')}
        </p>
        <nav aria-label="Agent social links" css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space.md, fontSize: theme.fontSize.sm }}>
          <a href={social.facebook} target="_blank" rel="noopener noreferrer">
            Facebook
          </a>
          <a href={social.linkedin} target="_blank" rel="noopener noreferrer">
            LinkedIn
          </a>
          <a href={social.instagram} target="_blank" rel="noopener noreferrer">
            Instagram
          </a>
        </nav>
      </div>
    </aside>
  );
}
