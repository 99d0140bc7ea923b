/** The full-screen home hero: six scenes cross-fading (each fetched just before its turn), the team's mark, and the three city doors. */
import { useEffect, useState } from 'react';
import { ButtonLink, Eyebrow, settledImage, siteProfile, textMeasure, theme, mq, visuallyHidden } from '@gta/shared';
import { HERO_FADE_MS, HERO_INTERVAL_MS, HERO_SLIDES } from '../content/heroSlides';
import { usePauseOnInteraction, usePrefersReducedMotion, useRotation } from '../components/motion';

const CITIES = [
  { name: 'Oakville', to: '/listings/oakville' },
  { name: 'Mississauga', to: '/listings/mississauga' },
  { name: 'Burlington', to: '/listings/burlington' },
] as const;

export default function HomeHero() {
  const reduced = usePrefersReducedMotion();
  const { paused, handlers } = usePauseOnInteraction();
  // The first scene loads on its own (eager, high priority). Each next one is added once the scene before it shows,
  // so it has the whole interval to arrive, and a visit that never sees the rotation does not fetch and decode all
  // six at the start, when the page is still busy becoming interactive. A dot adds the scene it jumps to.
  const [firstLoaded, setFirstLoaded] = useState(false);
  const { index, goTo } = useRotation(HERO_SLIDES.length, HERO_INTERVAL_MS, paused || reduced || !firstLoaded);
  const [mountedUpTo, setMountedUpTo] = useState(0);
  useEffect(() => {
    if (firstLoaded) setMountedUpTo((upTo) => Math.max(upTo, index + 1));
  }, [firstLoaded, index]);

  return (
    <section
      data-testid="home-hero"
      data-hero="" // a dark band under the navigation, which stays transparent over it (HERO_SELECTOR in @gta/shared)
      aria-roledescription="carousel"
      aria-label="Welcome"
      {...handlers}
      css={{
        position: 'relative',
        isolation: 'isolate',
        minHeight: '100vh',
        '@supports (min-height: 100svh)': { minHeight: '100svh' },
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        background: theme.color.ink,
        color: theme.color.ivory,
        textAlign: 'center',
        padding: `calc(${theme.layout.navHeight} + 2rem) ${theme.space.lg} 6rem`,
      }}
    >
      <div aria-hidden="true" css={{ position: 'absolute', inset: 0, zIndex: -2 }}>
        {HERO_SLIDES.map((slide, i) =>
          i === 0 || i === index || i <= mountedUpTo ? (
            <img
              key={i}
              src={slide.src}
              alt=""
              width={1600}
              height={900}
              loading="eager"
              fetchPriority={i === 0 ? 'high' : 'low'}
              decoding="async"
              data-slide={i}
              data-active={i === index ? 'true' : 'false'}
              ref={
                i === 0
                  ? settledImage(
                      () => setFirstLoaded(true),
                      () => setFirstLoaded(true),
                    )
                  : undefined
              }
              onLoad={i === 0 ? () => setFirstLoaded(true) : undefined}
              onError={i === 0 ? () => setFirstLoaded(true) : undefined}
              css={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                opacity: i === index ? 1 : 0,
                transition: reduced ? 'none' : `opacity ${HERO_FADE_MS}ms ease-in-out`,
              }}
            />
          ) : null,
        )}
      </div>
      <div
        aria-hidden="true"
        css={{
          position: 'absolute',
          inset: 0,
          zIndex: -1,
          background:
            'radial-gradient(ellipse at center, rgba(20,22,26,0.35) 0%, rgba(20,22,26,0.7) 70%), linear-gradient(180deg, rgba(20,22,26,0.55) 0%, rgba(20,22,26,0.2) 40%, rgba(20,22,26,0.75) 100%)',
        }}
      />
      <p css={visuallyHidden} aria-live="off">
        {HERO_SLIDES[index]?.alt}
      </p>

      <div css={{ maxWidth: 880 }}>
        <div
          aria-hidden="true"
          css={{
            width: 88,
            height: 88,
            margin: '0 auto 1.75rem',
            border: `1px solid ${theme.color.gold}`,
            display: 'grid',
            placeItems: 'center',
            fontFamily: theme.font.display,
            fontSize: '2.25rem',
            letterSpacing: '0.08em',
            color: theme.color.gold,
            outline: `1px solid rgba(200,171,120,0.35)`,
            outlineOffset: 6,
          }}
        >
          {siteProfile.monogram}
        </div>
        <Eyebrow onDark>Luxury Real Estate · Greater Toronto Area</Eyebrow>
        <h1 css={{ margin: '0 0 1rem', textShadow: '0 2px 24px rgba(0,0,0,0.35)' }}>{siteProfile.teamName}</h1>
        <p css={{ fontSize: theme.fontSize.lg, color: '#e9e4da', maxWidth: textMeasure(46), margin: '0 auto 2.5rem' }}>{siteProfile.tagline}</p>
        <nav
          aria-label="Homes by city"
          css={{
            display: 'flex',
            flexDirection: 'column',
            gap: theme.space.md,
            alignItems: 'stretch',
            maxWidth: 320,
            margin: '0 auto',
            [mq.sm]: { flexDirection: 'row', maxWidth: 'none', justifyContent: 'center' },
          }}
        >
          {CITIES.map((city) => (
            <ButtonLink
              key={city.to}
              to={city.to}
              variant="outlineLight"
              css={{ backdropFilter: 'blur(4px)', background: 'rgba(20,22,26,0.25)', minWidth: 180 }}
            >
              {city.name}
            </ButtonLink>
          ))}
        </nav>
      </div>

      <div
        role="group"
        aria-label="Choose a scene"
        css={{ position: 'absolute', bottom: '2rem', left: 0, right: 0, display: 'flex', justifyContent: 'center', gap: 4 }}
      >
        {HERO_SLIDES.map((slide, i) => (
          <button
            key={i}
            type="button"
            aria-label={`Show scene ${i + 1} of ${HERO_SLIDES.length}: ${slide.alt}`}
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
                display: 'block',
                width: i === index ? 22 : 8,
                height: 8,
                borderRadius: 4,
                background: i === index ? theme.color.gold : 'rgba(247,244,238,0.55)',
                transition: reduced ? 'none' : `width ${theme.motion.base}, background ${theme.motion.base}`,
              },
            }}
          />
        ))}
      </div>
    </section>
  );
}
