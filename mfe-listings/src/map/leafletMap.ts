/**
 * The map itself: Leaflet, loaded only by the map page, in the browser, after the page has rendered (dynamic
 * import in an effect: Leaflet reads `window` when it loads, so it never runs on the server). The page keeps the
 * state (the listings, the selected one, the searched area); this module draws it and reports clicks and moves.
 * The base map is the configured tile provider (config.map) or the embedded one (generated/basemap.json, made at
 * build time from npm data packages: lakes, the border, place names), fetched with this chunk.
 * Markers are hidden from assistive technology: the list beside the map is their accessible twin.
 */
import * as L from 'leaflet';
import type { FeatureCollection, Geometry } from 'geojson';
import type { MapTilesConfig } from '@gta/shared';
import { REGION, type Area } from './area';
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

/** The embedded base map, written by scripts/build-basemap.mjs before each build. */
const BASEMAP_URL = new URL('../../generated/basemap.json', import.meta.url);

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

async function addBaseMap(map: L.Map, credits: L.Control.Attribution): Promise<void> {
  const answer = await fetch(BASEMAP_URL);
  if (!answer.ok) throw new Error(`The base map answered ${answer.status}`);
  const data = (await answer.json()) as BaseMapFile;
  const pane = map.createPane('gta-basemap');
  pane.style.zIndex = '250';
  L.geoJSON(data, {
    pane: 'gta-basemap',
    interactive: false,
    filter: (f) => f.properties.kind === 'water' || f.properties.kind === 'border',
    // water: the fill's own colour as its outline hides the seams of the source's tiled polygons
    style: (f) =>
      f?.properties.kind === 'border'
        ? { color: '#8a8173', weight: 1.2, dashArray: '6 4', opacity: 0.9, fill: false }
        : { color: '#c6d4dc', weight: 1, fillColor: '#c6d4dc', fillOpacity: 1, opacity: 1 },
  }).addTo(map);
  // place names under the listings' markers (the marker pane is 600)
  map.createPane('gta-places').style.zIndex = '450';
  for (const f of data.features) {
    if ((f.properties.kind !== 'place' && f.properties.kind !== 'water-label') || f.geometry.type !== 'Point') continue;
    const [lng, lat] = f.geometry.coordinates as [number, number];
    L.marker([lat, lng], {
      pane: 'gta-places',
      interactive: false,
      keyboard: false,
      icon: L.divIcon({
        className: `gta-map-place gta-map-place--rank${f.properties.rank ?? 2}${f.properties.kind === 'water-label' ? ' gta-map-place--water' : ''}`,
        html: `<span>${escapeHtml(f.properties.name ?? '')}</span>`,
        iconSize: undefined,
      }),
    }).addTo(map);
  }
  credits.addAttribution(data.attribution);
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
  // the credits: bottom right on wide screens; on a phone bottom left, kept clear of the chat button (mapStyles)
  const wide = window.matchMedia?.('(min-width: 1024px)').matches ?? true;
  const credits = L.control.attribution({ position: wide ? 'bottomright' : 'bottomleft', prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  element.setAttribute('role', 'region');
  element.setAttribute('aria-roledescription', 'map');
  element.setAttribute(
    'aria-label',
    'Map of the listings. Arrow keys move the map, plus and minus zoom. The list of homes beside the map holds the same listings.',
  );
  element.classList.add('gta-map');

  if (options.tiles) {
    L.tileLayer(options.tiles.tileUrl, { attribution: options.tiles.attribution, maxZoom: MAX_ZOOM, crossOrigin: true }).addTo(map);
  } else {
    element.classList.add('gta-map--embedded');
    addBaseMap(map, credits).catch((error: unknown) => console.warn('[listings] the embedded base map could not be loaded:', error));
  }

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

  // place names of rank 2 only from zoom 10 on (the CSS reads this class)
  const markZoom = () => element.classList.toggle('gta-map--far', map.getZoom() < 10);
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
