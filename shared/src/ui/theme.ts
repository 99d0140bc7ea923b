/**
 * A line length of `characters` characters of body text (Inter), in em. Not `ch`: a `ch` is the width of the "0" of
 * whichever face is drawing, and the metric-matched fallback face's is 6% narrower than Inter's (0.593 against
 * 0.631 em), so until the web font arrived a box sized in `ch` was narrower, its text wrapped onto one more line,
 * and the swap moved everything below it (the page heading's subtitle on /blogs at 1440 px: layout shift 0.012 with
 * the fonts 1.5 s late). In em the box is the same in both faces and only the text inside it changes.
 */
export function textMeasure(characters: number): string {
  return `${Math.round(characters * 0.631 * 100) / 100}em`;
}

/** The same for display text (Cormorant Garamond, whose "0" is 0.477 em). */
export function displayMeasure(characters: number): string {
  return `${Math.round(characters * 0.477 * 100) / 100}em`;
}

/** One theme for every remote (docs/architecture.md, look and feel): the site looks like one site. */
export const theme = {
  color: {
    ink: '#14161a', // deep charcoal: text on light, backgrounds of dark sections
    inkSoft: '#2a2d33',
    ivory: '#f7f4ee', // warm white page background
    paper: '#ffffff',
    stone: '#e7e1d6', // hairlines, skeletons
    muted: '#5d6169', // secondary text on light (7:1 on ivory)
    mutedOnDark: '#b9b4aa',
    gold: '#c8ab78', // metallic accent on dark backgrounds
    bronze: '#7a5c2e', // the accent for text and lines on light backgrounds (AA contrast)
    success: '#1f6b45',
    danger: '#a32a2a',
    warning: '#8a6100',
    statusAvailable: '#1f6b45',
    statusSold: '#a32a2a',
    statusOther: '#8a6100',
    focus: '#2f6fde',
  },
  font: {
    display: "'Cormorant Garamond', 'Cormorant Garamond Fallback', 'Iowan Old Style', 'Palatino Linotype', Georgia, serif",
    body: "'Inter', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    h3: 'clamp(1.5rem, 1.2rem + 1vw, 2rem)',
    h2: 'clamp(2rem, 1.5rem + 2vw, 3rem)',
    h1: 'clamp(2.5rem, 1.8rem + 3.2vw, 4.5rem)',
  },
  space: { xs: '0.25rem', sm: '0.5rem', md: '1rem', lg: '1.5rem', xl: '2.5rem', xxl: '4rem', section: 'clamp(4rem, 3rem + 5vw, 8rem)' },
  radius: { sm: '2px', md: '4px', lg: '8px', pill: '999px' },
  shadow: {
    card: '0 1px 2px rgba(20,22,26,0.06), 0 8px 24px rgba(20,22,26,0.06)',
    lifted: '0 4px 8px rgba(20,22,26,0.08), 0 24px 48px rgba(20,22,26,0.14)',
  },
  layout: { navMaxWidth: '1400px', contentMaxWidth: '1240px', proseMaxWidth: textMeasure(72), navHeight: '76px' },
  breakpoint: { sm: 640, md: 768, lg: 1024, xl: 1280 },
  /** Stacking order of the fixed layers: the top bar, the chat widget, menus, then modal dialogs over all. */
  layer: { nav: 900, chat: 1100, popover: 1150, dialog: 1200 },
  motion: { fast: '150ms', base: '300ms', slow: '700ms', ease: 'cubic-bezier(0.2, 0.6, 0.2, 1)' },
} as const;

export type SiteTheme = typeof theme;

/** Media query helpers: mq.md => '@media (min-width: 768px)'. */
export const mq = {
  sm: `@media (min-width: ${theme.breakpoint.sm}px)`,
  md: `@media (min-width: ${theme.breakpoint.md}px)`,
  lg: `@media (min-width: ${theme.breakpoint.lg}px)`,
  xl: `@media (min-width: ${theme.breakpoint.xl}px)`,
  belowMd: `@media (max-width: ${theme.breakpoint.md - 0.02}px)`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;

declare module '@emotion/react' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface Theme extends SiteTheme {}
}
