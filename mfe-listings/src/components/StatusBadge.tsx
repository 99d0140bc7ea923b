/** The status badge: Available green, Sold red, any other status yellow (spec section 4), colours from the theme. */
import { theme } from '@gta/shared';
import type { StatusTone } from '../data/listing';

export const STATUS_COLOURS: Record<StatusTone, string> = {
  available: theme.color.statusAvailable,
  sold: theme.color.statusSold,
  other: theme.color.statusOther,
};

export const badgeCss = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '0.4em',
  padding: '0.3rem 0.7rem',
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase' as const,
  lineHeight: 1.4,
  borderRadius: theme.radius.sm,
};

export function StatusBadge({ status, tone }: { status: string | null; tone: StatusTone }) {
  return (
    <span data-testid="status-badge" data-tone={tone} css={{ ...badgeCss, background: STATUS_COLOURS[tone], color: theme.color.paper }}>
      {status ?? 'Status unknown'}
    </span>
  );
}
