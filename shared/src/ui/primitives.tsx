/** Small building blocks every remote uses, so five teams' pages share one look. */
import styled from '@emotion/styled';
import { Link } from 'react-router-dom';
import { useState, type ReactNode } from 'react';
import { theme, mq, displayMeasure, textMeasure } from './theme';
import { settledImage } from './imageEvents';

export const Container = styled.div<{ narrow?: boolean }>(({ narrow }) => ({
  width: '100%',
  maxWidth: narrow ? '880px' : theme.layout.contentMaxWidth,
  margin: '0 auto',
  paddingLeft: theme.space.lg,
  paddingRight: theme.space.lg,
  [mq.md]: { paddingLeft: theme.space.xl, paddingRight: theme.space.xl },
}));

export const Section = styled.section<{ tone?: 'light' | 'paper' | 'dark' }>(({ tone = 'light' }) => ({
  paddingTop: theme.space.section,
  paddingBottom: theme.space.section,
  background: tone === 'dark' ? theme.color.ink : tone === 'paper' ? theme.color.paper : theme.color.ivory,
  color: tone === 'dark' ? theme.color.ivory : theme.color.ink,
}));

/** The small uppercase line above a heading. */
export const Eyebrow = styled('p', { shouldForwardProp: (prop) => prop !== 'onDark' })<{ onDark?: boolean }>(({ onDark }) => ({
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.xs,
  fontWeight: 600,
  letterSpacing: '0.22em',
  textTransform: 'uppercase',
  color: onDark ? theme.color.gold : theme.color.bronze,
  margin: `0 0 ${theme.space.md}`,
}));

const buttonBase = (variant: ButtonVariant) => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.space.sm,
  minHeight: 48,
  padding: '0.8rem 1.8rem',
  fontFamily: theme.font.body,
  fontSize: theme.fontSize.sm,
  fontWeight: 600,
  letterSpacing: '0.14em',
  textTransform: 'uppercase' as const,
  textDecoration: 'none',
  borderRadius: theme.radius.sm,
  cursor: 'pointer',
  transition: `background ${theme.motion.fast}, color ${theme.motion.fast}, border-color ${theme.motion.fast}`,
  border: '1px solid',
  ...(variant === 'primary' && {
    background: theme.color.ink,
    color: theme.color.ivory,
    borderColor: theme.color.ink,
    '&:hover': { background: theme.color.inkSoft },
  }),
  ...(variant === 'gold' && {
    background: theme.color.gold,
    color: theme.color.ink,
    borderColor: theme.color.gold,
    '&:hover': { background: '#d6bd8f' },
  }),
  ...(variant === 'outline' && {
    background: 'transparent',
    color: theme.color.ink,
    borderColor: theme.color.ink,
    '&:hover': { background: theme.color.ink, color: theme.color.ivory },
  }),
  ...(variant === 'outlineLight' && {
    background: 'transparent',
    color: theme.color.ivory,
    borderColor: 'rgba(247,244,238,0.7)',
    '&:hover': { background: theme.color.ivory, color: theme.color.ink },
  }),
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
});

export type ButtonVariant = 'primary' | 'gold' | 'outline' | 'outlineLight';

export const Button = styled.button<{ variant?: ButtonVariant }>(({ variant = 'primary' }) => buttonBase(variant));
export const ButtonLink = styled(Link, { shouldForwardProp: (p) => p !== 'variant' })<{ variant?: ButtonVariant }>(({ variant = 'primary' }) =>
  buttonBase(variant),
);

/** A grey shimmering block for loading states. */
/**
 * Visually hidden, still read by screen readers (and not display:none, which the simplest bots skip): the one
 * definition every part uses, as `css={visuallyHidden}`.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

export const Skeleton = styled.div<{ height?: number | string; width?: number | string }>(({ height = 16, width = '100%' }) => ({
  height,
  width,
  borderRadius: theme.radius.sm,
  background: `linear-gradient(90deg, ${theme.color.stone} 0%, #f0ebe2 50%, ${theme.color.stone} 100%)`,
  backgroundSize: '200% 100%',
  animation: 'gta-shimmer 1.4s ease-in-out infinite',
  '@keyframes gta-shimmer': { '0%': { backgroundPosition: '200% 0' }, '100%': { backgroundPosition: '-200% 0' } },
}));

export interface PageHeroProps {
  title: ReactNode;
  eyebrow?: string;
  subtitle?: ReactNode;
  /** Background image URL (loaded eagerly: it is above the fold). */
  image?: string;
  /** Shown instead when the image fails (a listing's stock photo); without it a failed image is removed. Not used without an image. */
  imageFallback?: string;
  /** Widths of the image for the browser to pick from (`url 800w, …`), with `imageSizes` (default 100vw). */
  imageSrcSet?: string;
  imageSizes?: string;
  /** The image's placeholder colour ('#rrggbb'), painted on its box until it loads (a listing photo's). */
  imagePlaceholder?: string;
  children?: ReactNode;
  compact?: boolean;
}

/**
 * The mark of a dark band at the top of a page, under the fixed navigation: PageHero, the home hero (content), the
 * shell's 404 and error screens carry `data-hero`. The navigation is transparent at the top of the page only while
 * such a band is on the page; without one (a page region that failed or is still loading) it keeps its dark
 * background, or its light text would sit on the light page.
 */
export const HERO_SELECTOR = '[data-hero]';

/** The dark banner at the top of inner pages (sits under the fixed navigation). */
export function PageHero({ title, eyebrow, subtitle, image, imageFallback, imageSrcSet, imageSizes, imagePlaceholder, children, compact }: PageHeroProps) {
  // the URLs that failed to load: the banner shows the first that has not (the browser's broken image never),
  // including a failure in the server's HTML before the page hydrated (settledImage)
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = (image ? [image, imageFallback] : []).find((src): src is string => Boolean(src) && !failed.has(src as string));
  const fail = () => {
    if (shown) setFailed((f) => (f.has(shown) ? f : new Set(f).add(shown)));
  };
  return (
    <header
      data-hero=""
      css={{
        position: 'relative',
        isolation: 'isolate',
        background: theme.color.ink,
        color: theme.color.ivory,
        paddingTop: `calc(${theme.layout.navHeight} + ${compact ? '2.5rem' : 'clamp(3rem, 2rem + 5vw, 6rem)'})`,
        paddingBottom: compact ? '2.5rem' : 'clamp(3rem, 2rem + 4vw, 5.5rem)',
        overflow: 'hidden',
      }}
    >
      {shown ? (
        <img
          key={shown}
          src={shown}
          srcSet={shown === image ? imageSrcSet : undefined}
          sizes={shown === image && imageSrcSet ? (imageSizes ?? '100vw') : undefined}
          style={shown === image && imagePlaceholder ? { backgroundColor: imagePlaceholder } : undefined}
          alt=""
          width={1600}
          height={900}
          fetchPriority="high"
          ref={settledImage(undefined, fail)}
          onError={fail}
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', zIndex: -2, opacity: 0.55 }}
        />
      ) : null}
      <div
        aria-hidden="true"
        css={{ position: 'absolute', inset: 0, zIndex: -1, background: 'linear-gradient(180deg, rgba(20,22,26,0.55) 0%, rgba(20,22,26,0.85) 100%)' }}
      />
      <Container>
        {eyebrow ? <Eyebrow onDark>{eyebrow}</Eyebrow> : null}
        <h1 css={{ maxWidth: displayMeasure(18), marginBottom: subtitle ? '0.4em' : 0 }}>{title}</h1>
        {subtitle ? <p css={{ maxWidth: textMeasure(60), color: theme.color.mutedOnDark, fontSize: theme.fontSize.lg, margin: 0 }}>{subtitle}</p> : null}
        {children}
      </Container>
    </header>
  );
}
