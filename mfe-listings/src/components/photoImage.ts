/**
 * Listing photos at the sizes the server's image pipeline makes (server/src/media, issue 36). A visitor's Properties
 * answer gives each photo as `/media/photos/{record}/{attachment}`; `{that}/{width}` is the photo `width` pixels wide
 * in the best format the browser's Accept header takes (AVIF, WebP, else JPEG), cached for good. Any other URL (a
 * stock image, an old drawing) is used as it is. Once the server has made a photo, its object also carries
 * `placeholder: '#rrggbb'` (the photo's average colour), painted behind the photo's box until the photo loads.
 */
import type { CSSProperties } from 'react';

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

const COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * Each photo's placeholder colour, by its URL, from a Properties record's Photos value (the attachment objects the
 * server gives visitors; any other shape has none).
 */
export function photoPlaceholders(photos: unknown): Record<string, string> {
  const list: unknown[] = Array.isArray(photos) ? photos : photos && typeof photos === 'object' ? [photos] : [];
  const out: Record<string, string> = {};
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const { url, placeholder } = entry as { url?: unknown; placeholder?: unknown };
    if (typeof url === 'string' && typeof placeholder === 'string' && COLOUR.test(placeholder)) out[url.trim()] = placeholder;
  }
  return out;
}

/**
 * The inline style that paints a photo's placeholder colour on its box (an <img> with its width and height, so the box
 * is drawn before a byte of the photo arrives); none without one (the box's own background shows, stone on cards).
 */
export function placeholderStyle(colour: string | undefined, style?: CSSProperties): CSSProperties | undefined {
  return colour ? { ...style, backgroundColor: colour } : style;
}
