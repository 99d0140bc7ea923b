/**
 * The photo normaliser (spec section 3). Photos may arrive as an array of objects with url, an array of strings,
 * a comma-separated string, or a single object with url. Empty, 'undefined' and 'null' entries are dropped.
 */
const DROPPED = new Set(['', 'undefined', 'null']);

function urlOf(entry: unknown): string | null {
  if (typeof entry === 'string') return entry.trim();
  if (entry && typeof entry === 'object' && 'url' in entry) {
    const url = (entry as { url: unknown }).url;
    return typeof url === 'string' ? url.trim() : null;
  }
  return null;
}

export function normalisePhotos(photos: unknown): string[] {
  let entries: unknown[];
  if (Array.isArray(photos)) entries = photos;
  else if (typeof photos === 'string') entries = photos.split(',');
  else if (photos && typeof photos === 'object') entries = [photos];
  else entries = [];
  const urls: string[] = [];
  for (const entry of entries) {
    const url = urlOf(entry);
    if (url !== null && !DROPPED.has(url.toLowerCase())) urls.push(url);
  }
  return urls;
}

/** The stock image used on cards when a property has no photo. */
export const FALLBACK_PROPERTY_IMAGE = '/media/fallback/property.svg';
