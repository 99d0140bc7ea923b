/**
 * Neighbourhood names for the embedded base map, from the listings themselves: the homes whose Location reads as
 * a neighbourhood (a name, not an address or the town) are grouped by it, and the name is placed at the middle of
 * its homes. A name whose homes lie far apart (a Location used for a whole town or a region) is not a
 * neighbourhood and gets no label. Nothing is geocoded: the coordinates are the listings' own.
 */
import type { LatLng } from './area';

export interface PlaceLabel extends LatLng {
  name: string;
  /** How many listings stand behind the label. */
  homes: number;
}

/** The widest spread (degrees of latitude or longitude, about 4 km) of a neighbourhood's homes. */
export const MAX_SPREAD = 0.04;

interface Located extends LatLng {
  location: string;
  city: string | null;
}

/** 'Oakville, ON' -> 'oakville'. */
const townOf = (city: string | null) => (city ?? '').split(',')[0]?.trim().toLowerCase() ?? '';

/** A Location that names a neighbourhood: words only (no street number or postal code), not the town itself. */
export function isNeighbourhoodName(location: string, city: string | null): boolean {
  const name = location.trim();
  if (name.length < 3 || name.length > 40 || /\d/.test(name) || name.includes(',')) return false;
  return name.toLowerCase() !== townOf(city);
}

export function neighbourhoodLabels(listings: readonly Located[]): PlaceLabel[] {
  const groups = new Map<string, { name: string; points: LatLng[] }>();
  for (const l of listings) {
    if (!isNeighbourhoodName(l.location, l.city)) continue;
    const name = l.location.trim().replace(/\s+/g, ' ');
    const key = name.toLowerCase();
    const group = groups.get(key) ?? { name, points: [] };
    group.points.push({ lat: l.lat, lng: l.lng });
    groups.set(key, group);
  }
  const labels: PlaceLabel[] = [];
  for (const { name, points } of groups.values()) {
    const lats = points.map((p) => p.lat);
    const lngs = points.map((p) => p.lng);
    if (Math.max(...lats) - Math.min(...lats) > MAX_SPREAD || Math.max(...lngs) - Math.min(...lngs) > MAX_SPREAD) continue;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    labels.push({ name, lat: mean(lats), lng: mean(lngs), homes: points.length });
  }
  return labels.sort((a, b) => b.homes - a.homes || a.name.localeCompare(b.name));
}
