/** A listing photo with fixed dimensions (no layout shift), responsive sizes, lazy below the fold, and a fallback. */
import { useState, type ImgHTMLAttributes } from 'react';
import { FALLBACK_PROPERTY_IMAGE, settledImage } from '@gta/shared';

/** The listing photos are 1200 x 800 (3:2). */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

/** The sizes of a card photo in the 1/2/3-column grid. */
export const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

export interface PropertyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> {
  src: string;
  alt: string;
  /** Above the fold: load now, with high priority. */
  eager?: boolean;
}

/** A srcset entry only for URLs a srcset can carry (no commas or spaces). */
function srcSetFor(src: string): string | undefined {
  return /[\s,]/.test(src) ? undefined : `${src} ${PHOTO_WIDTH}w`;
}

export function PropertyImage({ src, alt, eager = false, sizes = CARD_SIZES, ...rest }: PropertyImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === src ? FALLBACK_PROPERTY_IMAGE : src;
  const fail = () => {
    if (shown !== FALLBACK_PROPERTY_IMAGE) {
      console.warn('[listings] image failed to load:', src);
      setFailed(src);
    }
  };
  return (
    <img
      {...rest}
      src={shown}
      srcSet={srcSetFor(shown)}
      sizes={sizes}
      alt={alt}
      width={PHOTO_WIDTH}
      height={PHOTO_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      ref={settledImage(undefined, fail)}
      onError={fail}
    />
  );
}
