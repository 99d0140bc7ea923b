/** Shared look of the admin screens: calm cards, quiet inputs, all from the site theme. */
import { css } from '@emotion/react';
import { mq, theme } from '@gta/shared';

export const cardCss = css({
  background: theme.color.paper,
  border: `1px solid ${theme.color.stone}`,
  borderRadius: theme.radius.lg,
  boxShadow: theme.shadow.card,
  padding: theme.space.lg,
  [mq.md]: { padding: theme.space.xl },
});

export const labelCss = css({
  display: 'block',
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase',
  color: theme.color.inkSoft,
  marginBottom: theme.space.sm,
});

export const inputCss = css({
  display: 'block',
  width: '100%',
  minHeight: 48,
  padding: '0.7rem 0.9rem',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.md,
  color: theme.color.ink,
  background: theme.color.paper,
  border: `1px solid ${theme.color.stone}`,
  borderRadius: theme.radius.md,
  transition: `border-color ${theme.motion.fast}`,
  '&:hover': { borderColor: theme.color.muted },
  '&:focus-visible': { outline: `2px solid ${theme.color.focus}`, outlineOffset: 1, borderColor: theme.color.ink },
  '&[aria-invalid="true"]': { borderColor: theme.color.danger },
  '&:disabled': { background: theme.color.ivory, cursor: 'not-allowed' },
});
