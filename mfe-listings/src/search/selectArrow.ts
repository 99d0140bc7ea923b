/**
 * The site's select: the native control (keyboard, screen readers and the phone's picker are the platform's own)
 * without the browser's default arrow, which looks different in every browser; a thin chevron in the accent colour
 * takes its place. Spread into a select's css.
 */
import { theme } from '@gta/shared';

/** The arrow, an inline SVG (no request, no font glyph). */
const CHEVRON = `url("data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns='http://www.w3.org/2000/svg' width='12' height='8' viewBox='0 0 12 8'><path d='M1 1.5l5 5 5-5' fill='none' stroke='${theme.color.bronze}' stroke-width='1.5'/></svg>`,
)}")`;

export const selectArrowCss = {
  appearance: 'none',
  backgroundImage: CHEVRON,
  backgroundRepeat: 'no-repeat',
  backgroundPosition: 'right 0.9rem center',
  paddingRight: '2.5rem',
  cursor: 'pointer',
  // Windows high contrast draws no background images: the platform's arrow comes back there
  '@media (forced-colors: active)': { appearance: 'auto' },
} as const;
