/**
 * The map itself: Leaflet, loaded only by the map page, in the browser, after the page has rendered (dynamic
 * import in an effect: Leaflet reads `window` when it loads, so it never runs on the server). The page keeps the
 * state (the listings, the selected one, the searched area); this module draws it and reports clicks and moves.
 * The base map (baseMapKind): the configured vector-tile archive (config.map.pmtilesUrl, drawn by protomaps-leaflet,
 * its own chunk fetched only then) or raster tile provider (config.map.tileUrl), else the embedded one
 * (generated/basemap.json, made at build time from npm data packages: lakes, the border, place names; plus the
 * listings' own neighbourhood names), fetched with this chunk. createLocationMap is a property page's small map.
 * Markers are hidden from assistive technology: the list beside the map is their accessible twin.
 */
import * as L from 'leaflet';
import type { FeatureCollection, Geometry } from 'geojson';
import type { MapTilesConfig, VectorTilesConfig } from '@gta/shared';
import { REGION, type Area } from './area';
import { neighbourhoodLabels } from './neighbourhoods';
import { BASEMAP_URL } from './basemapFile';
import { NO_CLUSTER_ZOOM, clusterPoints, zoomToReveal, type Cluster } from './cluster';
import { shortPrice, type MapListing } from './mapListing';

export interface MapOptions {
  /** The tile provider, when one is configured; else the embedded base map. */
  tiles?: MapTilesConfig;
  /** What the map shows first. */
  initial: Area;
  /** A marker was clicked. */
  onSelect: (id: string) => void;
  /** The view changed: byUser is false for the moves the page asked for (fit). */
  onMoveEnd: (bounds: Area, byUser: boolean) => void;
}

export interface MapController {
  setListings(listings: readonly MapListing[]): void;
  /** Marks a listing as selected (null: none); `reveal` moves the map so that it shows on its own. */
  select(id: string | null, reveal: boolean): void;
  /** Shows an area (a move that is not the visitor's). */
  fit(area: Area): void;
  bounds(): Area;
  destroy(): void;
}

export const MIN_ZOOM = 7;
export const MAX_ZOOM = 17;

interface BaseMapFile extends FeatureCollection<Geometry, { kind: string; name?: string; rank?: number }> {
  attribution: string;
}

const toBounds = (a: Area) => L.latLngBounds([a.south, a.west], [a.north, a.east]);

function toArea(b: L.LatLngBounds): Area {
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Where the base map comes from: a vector-tile archive, a raster tile provider, or the embedded file. */
export type BaseMapKind = 'vector' | 'raster' | 'embedded';

export function baseMapKind(tiles: MapTilesConfig | undefined): BaseMapKind {
  if (!tiles) return 'embedded';
  return 'pmtilesUrl' in tiles ? 'vector' : 'raster';
}

async function addEmbeddedBaseMap(map: L.Map, credits: L.Control.Attribution): Promise<void> {
  const answer = await fetch(BASEMAP_URL);
  if (!answer.ok) throw new Error(`The base map answered ${answer.status}`);
  const data = (await answer.json()) as BaseMapFile;
  const pane = map.createPane('gta-basemap');
  pane.style.zIndex = '250';
  L.geoJSON(data, {
    pane: 'gta-basemap',
    interactive: false,
    filter: (f) => f.properties.kind === 'water' || f.properties.kind === 'border' || f.properties.kind === 'road',
    // water: the fill's own colour as its outline hides the seams of the source's tiled polygons
    style: (f) =>
      f?.properties.kind === 'border'
        ? { color: '#8a8173', weight: 1.2, dashArray: '6 4', opacity: 0.9, fill: false }
        : f?.properties.kind === 'road'
          ? { color: '#d9c9a8', weight: 3, opacity: 0.95, fill: false, lineCap: 'round', className: 'gta-map-road' }
          : { color: '#c6d4dc', weight: 1, fillColor: '#c6d4dc', fillOpacity: 1, opacity: 1 },
  }).addTo(map);
  for (const f of data.features) {
    const kind = f.properties.kind;
    if ((kind !== 'place' && kind !== 'water-label' && kind !== 'road-label') || f.geometry.type !== 'Point') continue;
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const modifier = kind === 'water-label' ? ' gta-map-place--water' : kind === 'road-label' ? ' gta-map-place--road' : '';
    placeLabel(map, lat, lng, f.properties.name ?? '', `gta-map-place--rank${f.properties.rank ?? 2}${modifier}`);
  }
  credits.addAttribution(data.attribution);
}

/** A name on the map (under the listings' markers: the marker pane is 600). */
function placeLabel(map: L.Map, lat: number, lng: number, name: string, modifier: string): L.Marker {
  if (!map.getPane('gta-places')) map.createPane('gta-places').style.zIndex = '450';
  return L.marker([lat, lng], {
    pane: 'gta-places',
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ className: `gta-map-place ${modifier}`, html: `<span>${escapeHtml(name)}</span>`, iconSize: undefined }),
  }).addTo(map);
}

/** Streets and names from a vector-tile archive (protomaps-leaflet: its own chunk, fetched only for this base map). */
async function addVectorBaseMap(map: L.Map, tiles: VectorTilesConfig): Promise<void> {
  // protomaps-leaflet extends the global L (L.GridLayer): the bundled Leaflet is that global for it
  const global = window as unknown as { L?: typeof L };
  global.L ??= L;
  const { leafletLayer } = await import(/* webpackChunkName: "map-vector" */ 'protomaps-leaflet');
  const layer = leafletLayer({ url: tiles.pmtilesUrl, flavor: 'light', lang: 'en', attribution: tiles.attribution, maxDataZoom: 15 });
  (layer as unknown as L.Layer).addTo(map);
}

/** Draws the base map; `dataset.baseMap` says which one (tests and support read it). */
function addBase(map: L.Map, element: HTMLElement, credits: L.Control.Attribution, tiles: MapTilesConfig | undefined): void {
  const kind = baseMapKind(tiles);
  element.dataset.baseMap = kind;
  const embedded = () => {
    element.classList.add('gta-map--embedded');
    addEmbeddedBaseMap(map, credits).catch((error: unknown) => console.warn('[listings] the embedded base map could not be loaded:', error));
  };
  if (tiles && 'tileUrl' in tiles) {
    L.tileLayer(tiles.tileUrl, { attribution: tiles.attribution, maxZoom: MAX_ZOOM, crossOrigin: true }).addTo(map);
  } else if (tiles && 'pmtilesUrl' in tiles) {
    element.classList.add('gta-map--vector');
    addVectorBaseMap(map, tiles).catch((error: unknown) => {
      // the archive or its chunk failed: the embedded map, so the visitor still sees where the homes are
      console.warn('[listings] the vector base map could not be loaded, the embedded one is shown:', error);
      element.classList.remove('gta-map--vector');
      element.dataset.baseMap = 'embedded';
      embedded();
    });
  } else embedded();
}

/** The credits line: bottom right on wide screens; on a phone bottom left, kept clear of the chat button (mapStyles). */
function creditsControl(map: L.Map): L.Control.Attribution {
  const wide = window.matchMedia?.('(min-width: 1024px)').matches ?? true;
  return L.control.attribution({ position: wide ? 'bottomright' : 'bottomleft', prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
}

/** Neighbourhood names (from the listings) on the embedded base map, from zoom 11 on (the CSS reads gta-map--far). */
function neighbourhoodLayer(map: L.Map, element: HTMLElement) {
  const group = L.layerGroup().addTo(map);
  return (listings: readonly MapListing[]) => {
    group.clearLayers();
    if (!element.classList.contains('gta-map--embedded')) return;
    for (const label of neighbourhoodLabels(listings)) group.addLayer(placeLabel(map, label.lat, label.lng, label.name, 'gta-map-place--hood'));
  };
}

export function createMap(element: HTMLElement, options: MapOptions): MapController {
  const map = L.map(element, {
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    maxBounds: toBounds({ south: REGION.south - 0.5, west: REGION.west - 0.6, north: REGION.north + 0.5, east: REGION.east + 0.6 }),
    maxBoundsViscosity: 0.8,
    zoomSnap: 0.5,
    attributionControl: false,
    // the page's own motion preference: no animated zooms for those who asked for less motion
    zoomAnimation: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
  });
  const credits = creditsControl(map);
  element.setAttribute('role', 'region');
  element.setAttribute('aria-roledescription', 'map');
  element.setAttribute(
    'aria-label',
    'Map of the listings. Arrow keys move the map, plus and minus zoom. The list of homes beside the map holds the same listings.',
  );
  element.classList.add('gta-map');

  addBase(map, element, credits, options.tiles);
  const drawNeighbourhoods = neighbourhoodLayer(map, element);

  let listings: readonly MapListing[] = [];
  let selected: string | null = null;
  let quietMoves = 0;
  const markers = L.layerGroup().addTo(map);
  const markerOf = new Map<string, L.Marker>();

  const fitQuietly = (area: Area) => {
    quietMoves += 1;
    try {
      const b = toBounds(area);
      if (b.getNorth() - b.getSouth() < 0.002 && b.getEast() - b.getWest() < 0.002) map.setView(b.getCenter(), 14, { animate: false });
      else map.fitBounds(b, { animate: false, padding: [24, 24] });
    } finally {
      quietMoves -= 1;
    }
  };

  const drawMarkers = () => {
    markers.clearLayers();
    markerOf.clear();
    const zoom = map.getZoom();
    for (const cluster of clusterPoints(listings, zoom)) {
      const marker = cluster.members.length === 1 ? listingMarker(cluster.members[0] as MapListing) : clusterMarker(cluster);
      markers.addLayer(marker);
      const el = marker.getElement();
      if (el) {
        el.setAttribute('aria-hidden', 'true');
        el.removeAttribute('tabindex');
      }
    }
  };

  const listingMarker = (listing: MapListing): L.Marker => {
    const isSelected = listing.id === selected;
    const marker = L.marker([listing.lat, listing.lng], {
      keyboard: false,
      title: listing.name,
      zIndexOffset: isSelected ? 1000 : 0,
      icon: L.divIcon({
        className: `gta-map-marker${isSelected ? ' is-selected' : ''}`,
        html: `<span class="gta-map-pin" data-listing-id="${escapeHtml(listing.id)}">${escapeHtml(shortPrice(listing.price))}</span>`,
        iconSize: undefined,
      }),
    });
    marker.on('click', () => options.onSelect(listing.id));
    markerOf.set(listing.id, marker);
    return marker;
  };

  const clusterMarker = (cluster: Cluster<MapListing>): L.Marker => {
    const size = cluster.members.length >= 100 ? 'l' : cluster.members.length >= 10 ? 'm' : 's';
    const holdsSelected = selected !== null && cluster.members.some((m) => m.id === selected);
    const marker = L.marker([cluster.lat, cluster.lng], {
      keyboard: false,
      title: `${cluster.members.length} homes: zoom in`,
      icon: L.divIcon({
        className: `gta-map-cluster gta-map-cluster--${size}${holdsSelected ? ' is-selected' : ''}`,
        html: `<span data-cluster-size="${cluster.members.length}">${cluster.members.length}</span>`,
        iconSize: undefined,
      }),
    });
    marker.on('click', () => {
      const b = toBounds(cluster.bounds);
      const next = Math.min(map.getBoundsZoom(b.pad(0.2)), NO_CLUSTER_ZOOM);
      map.setView(b.getCenter(), Math.max(next, map.getZoom() + 1));
    });
    return marker;
  };

  // place names of rank 2 only from zoom 10 on, neighbourhoods and roads' names from 11 on (the CSS reads these classes)
  const markZoom = () => {
    element.classList.toggle('gta-map--far', map.getZoom() < 10);
    element.classList.toggle('gta-map--town', map.getZoom() < 11);
  };
  map.on('zoomend', () => {
    markZoom();
    drawMarkers();
  });
  map.on('moveend', () => options.onMoveEnd(toArea(map.getBounds()), quietMoves === 0));
  fitQuietly(options.initial);
  markZoom();

  return {
    setListings(next) {
      listings = next;
      drawNeighbourhoods(next);
      drawMarkers();
    },
    select(id, reveal) {
      selected = id;
      const listing = id ? listings.find((l) => l.id === id) : undefined;
      if (listing && reveal) {
        const zoom = zoomToReveal(listings, listing.id, map.getZoom(), MAX_ZOOM);
        if (zoom > map.getZoom()) {
          map.setView([listing.lat, listing.lng], zoom);
          return; // zoomend redraws with the selection
        }
        if (!map.getBounds().pad(-0.1).contains([listing.lat, listing.lng])) map.panTo([listing.lat, listing.lng]);
      }
      drawMarkers();
    },
    fit: fitQuietly,
    bounds: () => toArea(map.getBounds()),
    destroy: () => map.remove(),
  };
}

export interface LocationMapOptions {
  tiles?: MapTilesConfig;
  lat: number;
  lng: number;
  /** The home's name (the pin's title) and what the pin says (its neighbourhood or town). */
  name: string;
  label: string;
}

/**
 * How close the property page's map shows the home: its streets with a tile provider's map; on the embedded one
 * (no streets) the town and the shore around it, so the map says where the home is.
 */
export const LOCATION_ZOOM = { tiles: 15, embedded: 12 } as const;

/**
 * A property page's small map: the home as a pin, at street level, with zoom buttons and the credits. Dragging and
 * the scroll wheel are off (the page scrolls through it; on a phone a finger on the map must not trap the page);
 * the +/- buttons and the keyboard zoom it.
 */
export function createLocationMap(element: HTMLElement, options: LocationMapOptions): { destroy(): void } {
  const map = L.map(element, {
    center: [options.lat, options.lng],
    zoom: options.tiles ? LOCATION_ZOOM.tiles : LOCATION_ZOOM.embedded,
    minZoom: 9,
    maxZoom: MAX_ZOOM,
    zoomSnap: 1,
    dragging: false,
    scrollWheelZoom: false,
    touchZoom: 'center',
    doubleClickZoom: 'center',
    attributionControl: false,
    zoomAnimation: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
  });
  const credits = creditsControl(map);
  element.setAttribute('role', 'region');
  element.setAttribute('aria-roledescription', 'map');
  element.setAttribute('aria-label', `Map: where ${options.name} is (${options.label}). Plus and minus zoom.`);
  element.classList.add('gta-map');
  addBase(map, element, credits, options.tiles);
  if (element.classList.contains('gta-map--embedded') && options.label.trim())
    placeLabel(map, options.lat, options.lng, options.label, 'gta-map-place--hood gta-map-place--below');
  L.marker([options.lat, options.lng], {
    keyboard: false,
    interactive: false,
    title: options.name,
    icon: L.divIcon({
      className: 'gta-map-marker is-selected',
      html: '<span class="gta-map-pin gta-map-pin--home" aria-hidden="true">This home</span>',
      iconSize: undefined,
    }),
  }).addTo(map);
  const markZoom = () => {
    element.classList.toggle('gta-map--far', map.getZoom() < 10);
    element.classList.toggle('gta-map--town', map.getZoom() < 11);
  };
  map.on('zoomend', markZoom);
  markZoom();
  return { destroy: () => map.remove() };
}
