/**
 * The property gallery (spec sections 2, 4, 9): a large main image (click for the full view), previous/next that
 * wrap, 'n of total', up to 12 thumbnails plus a '+N' tile, a full-screen viewer (shared Dialog, 'media'
 * variant: focus kept inside, Escape closes) with previous, next, close and the arrow keys, swipes over 50 px
 * on touch, and placeholders for broken images ('Image Not Available', 'N/A') or no images at all.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Dialog, mq, settledImage, theme } from '@gta/shared';
import { PHOTO_HEIGHT, PHOTO_WIDTH } from '../components/PropertyImage';
import { photoAttributes, placeholderStyle } from '../components/photoImage';

export const MAX_THUMBNAILS = 12;
export const SWIPE_THRESHOLD_PX = 50;

export interface GalleryProps {
  photos: readonly string[];
  name: string;
  /** Placeholder colours by photo URL (Listing.placeholders), painted until each photo loads. */
  placeholders?: Readonly<Record<string, string>>;
}

const navButtonCss = {
  position: 'absolute' as const,
  top: '50%',
  transform: 'translateY(-50%)',
  width: 48,
  height: 48,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: 'none',
  borderRadius: theme.radius.pill,
  background: 'rgba(20,22,26,0.6)',
  color: theme.color.ivory,
  cursor: 'pointer',
  fontSize: 22,
  zIndex: 1,
  '&:hover': { background: 'rgba(20,22,26,0.85)' },
};

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

function BrokenImage({ label = 'Image Not Available', dark = false }: { label?: string; dark?: boolean }) {
  return (
    <div
      role="img"
      aria-label={label}
      css={{
        width: '100%',
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: dark ? '#2a2d33' : '#d9d6d0',
        color: dark ? theme.color.mutedOnDark : theme.color.muted,
        fontSize: theme.fontSize.sm,
        letterSpacing: '0.08em',
      }}
    >
      {label}
    </div>
  );
}

/** Swipe handling: a horizontal movement over 50 px goes to the next photo (left) or the previous (right). */
function useSwipe(onNext: () => void, onPrevious: () => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      start.current = t ? { x: t.clientX, y: t.clientY } : null;
    },
    onTouchEnd: (e: TouchEvent) => {
      const t = e.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!t || !from) return;
      const dx = t.clientX - from.x;
      const dy = t.clientY - from.y;
      if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      if (dx < 0) onNext();
      else onPrevious();
    },
  };
}

export function Gallery({ photos, name, placeholders = {} }: GalleryProps) {
  const total = photos.length;
  const [index, setIndex] = useState(0);
  const [fullscreen, setFullscreen] = useState(false);
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const photosKey = photos.join('\n');
  // a new set of photos (another property) starts at the first photo
  useEffect(() => {
    setIndex(0);
    setFullscreen(false);
  }, [photosKey]);

  const next = useCallback(() => setIndex((i) => (total === 0 ? 0 : (i + 1) % total)), [total]);
  const previous = useCallback(() => setIndex((i) => (total === 0 ? 0 : (i - 1 + total) % total)), [total]);
  const markBroken = (url: string) => {
    console.warn('[listings] photo failed to load:', url);
    setBroken((s) => new Set(s).add(url));
  };
  const swipe = useSwipe(next, previous);

  useEffect(() => {
    if (!fullscreen) return undefined;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'ArrowRight') {
        event.preventDefault();
        next();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        previous();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [fullscreen, next, previous]);

  if (total === 0) {
    return (
      <div
        data-testid="gallery-empty"
        css={{
          aspectRatio: '16 / 9',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: theme.space.sm,
          background: theme.color.paper,
          border: `1px dashed ${theme.color.stone}`,
          borderRadius: theme.radius.md,
          textAlign: 'center',
          padding: theme.space.lg,
        }}
      >
        <p css={{ fontFamily: theme.font.display, fontSize: theme.fontSize.h3, margin: 0 }}>No Images Available</p>
        <p css={{ color: theme.color.muted, margin: 0 }}>Property photos will be displayed here</p>
      </div>
    );
  }

  const current = photos[index] ?? photos[0]!;
  const counter = `${index + 1} of ${total}`;
  const onRegionKey = (event: KeyboardEvent) => {
    // keys inside the full view (a portal, whose React events bubble here too) are handled by its own listener
    if (fullscreen) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      next();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      previous();
    }
  };
  const thumbs = photos.slice(0, MAX_THUMBNAILS);
  const rest = total - thumbs.length;

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the carousel's arrow keys, for the buttons inside it
    <div role="region" aria-roledescription="carousel" aria-label={`Photos of ${name}`} onKeyDown={onRegionKey} data-testid="gallery">
      <div
        {...swipe}
        css={{
          position: 'relative',
          aspectRatio: '3 / 2',
          background: theme.color.ink,
          borderRadius: theme.radius.md,
          overflow: 'hidden',
          [mq.lg]: { aspectRatio: '16 / 9' },
        }}
      >
        <button
          type="button"
          onClick={() => setFullscreen(true)}
          aria-label={`Open photo ${counter} in full view`}
          data-testid="gallery-main"
          css={{ display: 'block', width: '100%', height: '100%', padding: 0, border: 'none', background: 'none', cursor: 'zoom-in' }}
        >
          {broken.has(current) ? (
            <BrokenImage dark />
          ) : (
            <img
              key={current}
              {...photoAttributes(current, { width: 1280, max: 2560 })}
              alt={`${name}, ${counter}`}
              width={PHOTO_WIDTH}
              height={PHOTO_HEIGHT}
              sizes="(min-width: 1240px) 1160px, 100vw"
              style={placeholderStyle(placeholders[current])}
              fetchPriority="high"
              ref={settledImage(undefined, () => markBroken(current))}
              onError={() => markBroken(current)}
              css={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
        </button>
        {total > 1 ? (
          <>
            <button type="button" onClick={previous} aria-label="Previous photo" css={{ ...navButtonCss, left: theme.space.md }}>
              <Chevron direction="left" />
            </button>
            <button type="button" onClick={next} aria-label="Next photo" css={{ ...navButtonCss, right: theme.space.md }}>
              <Chevron direction="right" />
            </button>
          </>
        ) : null}
        <p
          aria-live="polite"
          data-testid="gallery-counter"
          css={{
            position: 'absolute',
            // bottom left: the chat button sits at the bottom right of a phone's screen, where the gallery of a
            // property page opened from a link first shows
            bottom: theme.space.md,
            left: theme.space.md,
            margin: 0,
            padding: '0.25rem 0.75rem',
            background: 'rgba(20,22,26,0.7)',
            color: theme.color.ivory,
            fontSize: theme.fontSize.sm,
            letterSpacing: '0.06em',
            borderRadius: theme.radius.pill,
          }}
        >
          {counter}
        </p>
      </div>
      {total > 1 ? (
        <p css={{ margin: `${theme.space.sm} 0 0`, color: theme.color.muted, fontSize: theme.fontSize.sm, [mq.md]: { display: 'none' } }}>
          Swipe the photo to see the next one.
        </p>
      ) : null}
      {total > 1 ? (
        <ul
          aria-label="Thumbnails"
          css={{
            listStyle: 'none',
            margin: `${theme.space.md} 0 0`,
            padding: 0,
            display: 'grid',
            gap: theme.space.sm,
            gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
            [mq.sm]: { gridTemplateColumns: 'repeat(6, minmax(0, 1fr))' },
            [mq.lg]: { gridTemplateColumns: 'repeat(8, minmax(0, 1fr))' },
          }}
        >
          {thumbs.map((url, i) => (
            <li key={`${i}-${url}`}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1} of ${total}`}
                aria-current={i === index ? 'true' : undefined}
                data-testid="gallery-thumb"
                css={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '3 / 2',
                  padding: 0,
                  border: `2px solid ${i === index ? theme.color.bronze : 'transparent'}`,
                  borderRadius: theme.radius.sm,
                  overflow: 'hidden',
                  cursor: 'pointer',
                  background: theme.color.stone,
                  opacity: i === index ? 1 : 0.78,
                  transition: `opacity ${theme.motion.fast}`,
                  '&:hover': { opacity: 1 },
                }}
              >
                {broken.has(url) ? (
                  <BrokenImage label="N/A" />
                ) : (
                  <img
                    {...photoAttributes(url, { width: 320, max: 480 })}
                    alt=""
                    width={PHOTO_WIDTH}
                    height={PHOTO_HEIGHT}
                    sizes="160px"
                    style={placeholderStyle(placeholders[url])}
                    loading="lazy"
                    decoding="async"
                    ref={settledImage(undefined, () => markBroken(url))}
                    onError={() => markBroken(url)}
                    css={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                )}
              </button>
            </li>
          ))}
          {rest > 0 ? (
            <li>
              <button
                type="button"
                onClick={() => {
                  setIndex(MAX_THUMBNAILS);
                  setFullscreen(true);
                }}
                aria-label={`Show ${rest} more photos`}
                css={{
                  width: '100%',
                  aspectRatio: '3 / 2',
                  border: 'none',
                  borderRadius: theme.radius.sm,
                  background: theme.color.ink,
                  color: theme.color.ivory,
                  fontFamily: theme.font.display,
                  fontSize: theme.fontSize.xl,
                  cursor: 'pointer',
                }}
              >
                +{rest}
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
      <Dialog open={fullscreen} onClose={() => setFullscreen(false)} title={name} subtitle={counter} variant="media" closeLabel="Close full view">
        <div
          {...swipe}
          data-testid="gallery-fullscreen"
          css={{
            position: 'relative',
            width: '100%',
            minWidth: 0,
            height: 'calc(100dvh - 9rem)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          {broken.has(current) ? (
            <div css={{ width: 'min(100%, 960px)', aspectRatio: '3 / 2' }}>
              <BrokenImage dark />
            </div>
          ) : (
            <img
              key={current}
              {...photoAttributes(current, { width: 1920, min: 800, max: 2560 })}
              alt={`${name}, ${counter}`}
              width={PHOTO_WIDTH}
              height={PHOTO_HEIGHT}
              sizes="100vw"
              style={placeholderStyle(placeholders[current])}
              ref={settledImage(undefined, () => markBroken(current))}
              onError={() => markBroken(current)}
              css={{ display: 'block', width: '100%', height: '100%', minWidth: 0, objectFit: 'contain' }}
            />
          )}
          {total > 1 ? (
            <>
              <button type="button" onClick={previous} aria-label="Previous photo" css={{ ...navButtonCss, left: 0 }}>
                <Chevron direction="left" />
              </button>
              <button type="button" onClick={next} aria-label="Next photo" css={{ ...navButtonCss, right: 0 }}>
                <Chevron direction="right" />
              </button>
            </>
          ) : null}
        </div>
      </Dialog>
    </div>
  );
}
