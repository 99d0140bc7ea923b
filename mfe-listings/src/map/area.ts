/**
 * The searched area of the map page: a box of latitudes and longitudes ('search this area' keeps the listings
 * inside the map's visible bounds). It lives in the URL as area=south,west,north,east (4 decimals, about 10 m), so
 * Back, a shared link and the server's first screen show the same list.
 */
import region from './region.json';

export interface Area {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** The team's region (Halton, Peel, Toronto and Niagara): where the map starts when it has nothing to show. */
export const REGION: Area = { south: region.south, west: region.west, north: region.north, east: region.east };

/** True when the point is inside the area (edges included). */
export function inArea(point: LatLng, area: Area): boolean {
  return point.lat >= area.south && point.lat <= area.north && point.lng >= area.west && point.lng <= area.east;
}

/** The listings inside the area, in their order; all of them when there is no area. */
export function withinArea<T extends LatLng>(points: readonly T[], area: Area | null): T[] {
  return area ? points.filter((p) => inArea(p, area)) : [...points];
}

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/** The URL form of an area: 'south,west,north,east', 4 decimals. */
export function formatArea(area: Area): string {
  return [area.south, area.west, area.north, area.east].map((n) => String(round4(n))).join(',');
}

/**
 * An area from its URL form, or null for anything else: four finite numbers, latitudes within ±90 and south below
 * north, longitudes within ±180 and west left of east (the region is far from the antimeridian).
 */
export function parseArea(text: string | null | undefined): Area | null {
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || Math.abs(west) > 180 || Math.abs(east) > 180) return null;
  if (!(south < north && west < east)) return null;
  return { south, west, north, east };
}

/** The smallest area holding every point, or null when there are none. */
export function areaOf(points: readonly LatLng[]): Area | null {
  if (points.length === 0) return null;
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const p of points) {
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
  }
  return { south, west, north, east };
}
