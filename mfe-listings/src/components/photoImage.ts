/**
 * Listing photos at the sizes the server's image pipeline makes (server/src/media, issue 36). A visitor's Properties
 * answer gives each photo as `/media/photos/{record}/{attachment}`; `{that}/{width}` is the photo `width` pixels wide
 * in the best format the browser's Accept header takes (AVIF, WebP, else JPEG), cached for good. Any other URL (a
 * stock image, an old drawing) is used as it is.
 */

/** The widths the server makes (server/src/media/photoPipeline.ts PHOTO_WIDTHS); any other is a 404. */
export const PHOTO_WIDTHS = [320, 480, 640, 800, 1080, 1280, 1600, 1920, 2560] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

const SITE_PHOTO = /^(?:https?:\/\/[^/]+)?\/media\/photos\/rec[A-Za-z0-9]+\/[A-Za-z0-9_-]+$/;

/** Whether a photo URL is one of the pipeline's (sizes can be asked for). */
export function isSitePhoto(url: string): boolean {
  return SITE_PHOTO.test(url);
}

/** The photo `width` pixels wide (a pipeline photo), else the URL as it is. */
export function photoAt(url: string, width: PhotoWidth): string {
  return isSitePhoto(url) ? `${url}/${width}` : url;
}

export interface PhotoAttributes {
  src: string;
  srcSet?: string;
}

/**
 * `src` and `srcSet` of an <img>: the pipeline's widths from `min` to `max` (the browser picks by `sizes` and the
 * screen's density), `src` at `width` for a browser without srcset. Another URL gets itself, described as
 * `fallbackWidth` wide when a srcset can carry it (no commas or spaces).
 */
export function photoAttributes(
  url: string,
  { width, min = 320, max = 1920, fallbackWidth = 1200 }: { width: PhotoWidth; min?: number; max?: number; fallbackWidth?: number },
): PhotoAttributes {
  if (!isSitePhoto(url)) return { src: url, srcSet: /[\s,]/.test(url) ? undefined : `${url} ${fallbackWidth}w` };
  const widths = PHOTO_WIDTHS.filter((w) => w >= min && w <= max);
  return { src: `${url}/${width}`, srcSet: widths.map((w) => `${url}/${w} ${w}w`).join(', ') };
}
