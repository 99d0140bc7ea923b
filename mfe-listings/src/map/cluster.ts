/**
 * Marker clustering for the map page, a pure module (no Leaflet): at a zoom level, listings closer together on
 * screen than `radius` pixels are drawn as one cluster with their count. Greedy, in the listings' order: each
 * listing joins the first cluster whose first listing is within the radius (looked up in a grid of radius-sized
 * cells, so the cost stays linear), else starts a new one. Positions are Web Mercator pixels, as Leaflet draws them.
 */
import { areaOf, type Area, type LatLng } from './area';

export interface ClusterPoint extends LatLng {
  id: string;
}

export interface Cluster<T extends ClusterPoint> {
  /** 'c:' and the first member's id: stable while the same listing leads it. */
  id: string;
  /** The members' mean position (where the cluster is drawn). */
  lat: number;
  lng: number;
  members: T[];
  /** The box of its members (a click on the cluster zooms to it). */
  bounds: Area;
}

/** Leaflet's tile size: the world is 256 * 2^zoom pixels wide. */
const TILE = 256;
const MAX_LATITUDE = 85.0511287798;

/** A point's Web Mercator pixel position at a zoom level (EPSG:3857, as Leaflet's default CRS). */
export function project(point: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** The default distance under which listings are drawn as one cluster, in screen pixels. */
export const CLUSTER_RADIUS = 56;

/** From this zoom on every listing is drawn on its own (street level: homes a few metres apart stay apart). */
export const NO_CLUSTER_ZOOM = 15;

export function clusterPoints<T extends ClusterPoint>(points: readonly T[], zoom: number, radius: number = CLUSTER_RADIUS): Cluster<T>[] {
  if (zoom >= NO_CLUSTER_ZOOM || radius <= 0) return points.map((p) => single(p));
  interface Open {
    x: number;
    y: number;
    members: T[];
  }
  const clusters: Open[] = [];
  const grid = new Map<string, Open[]>();
  const cellOf = (x: number, y: number) => [Math.floor(x / radius), Math.floor(y / radius)] as const;
  for (const point of points) {
    const { x, y } = project(point, zoom);
    const [cx, cy] = cellOf(x, y);
    let home: Open | undefined;
    for (let dx = -1; dx <= 1 && !home; dx++) {
      for (let dy = -1; dy <= 1 && !home; dy++) {
        home = grid.get(`${cx + dx}:${cy + dy}`)?.find((c) => (c.x - x) ** 2 + (c.y - y) ** 2 <= radius * radius);
      }
    }
    if (home) {
      home.members.push(point);
      continue;
    }
    const created: Open = { x, y, members: [point] };
    clusters.push(created);
    const key = `${cx}:${cy}`;
    grid.set(key, [...(grid.get(key) ?? []), created]);
  }
  return clusters.map((c) => (c.members.length === 1 ? single(c.members[0] as T) : group(c.members)));
}

function single<T extends ClusterPoint>(point: T): Cluster<T> {
  return {
    id: `c:${point.id}`,
    lat: point.lat,
    lng: point.lng,
    members: [point],
    bounds: { south: point.lat, north: point.lat, west: point.lng, east: point.lng },
  };
}

function group<T extends ClusterPoint>(members: T[]): Cluster<T> {
  const lat = members.reduce((s, m) => s + m.lat, 0) / members.length;
  const lng = members.reduce((s, m) => s + m.lng, 0) / members.length;
  return { id: `c:${(members[0] as T).id}`, lat, lng, members, bounds: areaOf(members) as Area };
}

/**
 * The lowest zoom, from `from` up to `maxZoom`, at which the listing `id` is drawn on its own: where the map goes
 * when that listing is chosen in the list while it is inside a cluster. maxZoom when it never is.
 */
export function zoomToReveal<T extends ClusterPoint>(points: readonly T[], id: string, from: number, maxZoom: number, radius: number = CLUSTER_RADIUS): number {
  for (let zoom = Math.max(0, Math.floor(from)); zoom < maxZoom; zoom++) {
    const mine = clusterPoints(points, zoom, radius).find((c) => c.members.some((m) => m.id === id));
    if (!mine || mine.members.length === 1) return zoom;
  }
  return maxZoom;
}
