/**
 * A listing photo with fixed dimensions (no layout shift), the pipeline's widths in srcset (photoImage.ts) for the
 * card's `sizes`, lazy below the fold, its placeholder colour painted until it loads, and a fallback.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { FALLBACK_PROPERTY_IMAGE, settledImage } from '@gta/shared';
import { photoAttributes, placeholderStyle } from './photoImage';

/** The listing photos are shown at 3:2 (camera photographs; the pipeline keeps each photo's own ratio, cropped by CSS). */
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;

/** The sizes of a card photo in the 1/2/3-column grid. */
export const CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

export interface PropertyImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> {
  src: string;
  alt: string;
  /** Above the fold: load now, with high priority. */
  eager?: boolean;
  /** The photo's placeholder colour ('#rrggbb', from the server), painted on the box until the photo loads. */
  placeholder?: string;
}

export function PropertyImage({ src, alt, eager = false, sizes = CARD_SIZES, placeholder, style, ...rest }: PropertyImageProps) {
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
      {...photoAttributes(shown, { width: 800, max: 1920, fallbackWidth: PHOTO_WIDTH })}
      sizes={sizes}
      alt={alt}
      style={placeholderStyle(shown === src ? placeholder : undefined, style)}
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
