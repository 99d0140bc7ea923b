/** 'What Our Clients Are Saying': one story at a time, advancing every 8 s, wrapping both ways, paused on hover and focus. */
import { theme, mq } from '@gta/shared';
import { TESTIMONIAL_INTERVAL_MS, type Testimonial } from '../content/home';
import { usePauseOnInteraction, usePrefersReducedMotion, useRotation } from './motion';

const arrowButton = {
  width: 48,
  height: 48,
  borderRadius: '50%',
  border: `1px solid ${theme.color.stone}`,
  background: theme.color.paper,
  color: theme.color.ink,
  cursor: 'pointer',
  fontSize: '1.25rem',
  display: 'grid',
  placeItems: 'center',
  transition: `background ${theme.motion.fast}, color ${theme.motion.fast}`,
  '&:hover': { background: theme.color.ink, color: theme.color.ivory },
} as const;

export function Stars({ rating = 5 }: { rating?: number }) {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p
      role="img"
      aria-label={`Rated ${full} out of 5`}
      css={{ margin: 0, color: theme.color.bronze, letterSpacing: '0.2em', fontSize: theme.fontSize.lg }}
      data-testid="stars"
    >
      {'★'.repeat(full)}
      <span css={{ color: theme.color.stone }}>{'★'.repeat(5 - full)}</span>
    </p>
  );
}

export function TestimonialsCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const reduced = usePrefersReducedMotion();
  const { paused, handlers } = usePauseOnInteraction();
  const { index, goTo, next, previous } = useRotation(testimonials.length, TESTIMONIAL_INTERVAL_MS, paused || reduced);
  const current = testimonials[index];
  if (!current) return null;
  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      data-testid="testimonials"
      data-paused={paused ? 'true' : 'false'}
      {...handlers}
    >
      <figure
        key={current.id}
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${testimonials.length}`}
        css={{
          margin: 0,
          background: theme.color.paper,
          border: `1px solid ${theme.color.stone}`,
          padding: 'clamp(1.5rem, 1rem + 3vw, 3rem)',
          minHeight: 320,
          display: 'flex',
          flexDirection: 'column',
          gap: theme.space.lg,
          boxShadow: theme.shadow.card,
          animation: reduced ? 'none' : `gta-testimonial-in ${theme.motion.slow} ${theme.motion.ease}`,
          '@keyframes gta-testimonial-in': { from: { opacity: 0, transform: 'translateX(16px)' }, to: { opacity: 1, transform: 'none' } },
        }}
      >
        <Stars rating={current.rating ?? 5} />
        <blockquote css={{ margin: 0, fontFamily: theme.font.display, fontSize: 'clamp(1.35rem, 1.1rem + 0.9vw, 1.85rem)', lineHeight: 1.35, flex: 1 }}>
          <p css={{ margin: 0 }}>“{current.text}”</p>
        </blockquote>
        <figcaption css={{ display: 'flex', alignItems: 'center', gap: theme.space.md }}>
          {current.avatar ? (
            <img src={current.avatar} alt="" width={56} height={56} loading="lazy" css={{ width: 56, height: 56, borderRadius: '50%', objectFit: 'cover' }} />
          ) : (
            <span
              aria-hidden="true"
              data-testid="avatar-initial"
              css={{
                width: 56,
                height: 56,
                borderRadius: '50%',
                background: theme.color.ink,
                color: theme.color.gold,
                display: 'grid',
                placeItems: 'center',
                fontFamily: theme.font.display,
                fontSize: '1.6rem',
              }}
            >
              {current.author.charAt(0)}
            </span>
          )}
          <span>
            <strong css={{ display: 'block', fontWeight: 600 }}>{current.author}</strong>
            <span css={{ color: theme.color.muted, fontSize: theme.fontSize.sm }}>{current.position}</span>
          </span>
        </figcaption>
      </figure>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginTop: theme.space.lg, gap: theme.space.md }}>
        <div css={{ display: 'flex', gap: 2 }} role="group" aria-label="Choose a testimonial">
          {testimonials.map((t, i) => (
            <button
              key={t.id}
              type="button"
              aria-label={`Show testimonial ${i + 1} of ${testimonials.length}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
              css={{
                width: 32,
                height: 32,
                padding: 0,
                border: 0,
                background: 'transparent',
                cursor: 'pointer',
                display: 'grid',
                placeItems: 'center',
                '&::before': {
                  content: '""',
                  width: i === index ? 22 : 8,
                  height: 8,
                  borderRadius: 4,
                  background: i === index ? theme.color.bronze : theme.color.stone,
                },
              }}
            />
          ))}
        </div>
        <div css={{ display: 'flex', gap: theme.space.sm, [mq.md]: { gap: theme.space.md } }}>
          <button type="button" aria-label="Previous testimonial" onClick={previous} css={arrowButton}>
            ←
          </button>
          <button type="button" aria-label="Next testimonial" onClick={next} css={arrowButton}>
            →
          </button>
        </div>
      </div>
    </div>
  );
}
