/** Shared look of the admin screens: calm cards, quiet inputs, all from the site theme. */
import { css } from '@emotion/react';
import { mq, theme } from '@gta/shared';
import { fieldControlCss, fieldLabelCss } from '@gta/shared/fields';

export const cardCss = css({
  background: theme.color.paper,
  border: `1px solid ${theme.color.stone}`,
  borderRadius: theme.radius.lg,
  boxShadow: theme.shadow.card,
  padding: theme.space.lg,
  [mq.md]: { padding: theme.space.xl },
});

/** The field kit's label (@gta/shared fields), so the staff screens' fields read like the site's. */
export const labelCss = css(fieldLabelCss);

/** The field kit's control look; a field marked aria-invalid takes its message colour. */
export const inputCss = css({
  ...fieldControlCss(false),
  '&[aria-invalid="true"]': { borderColor: theme.color.danger },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
});
