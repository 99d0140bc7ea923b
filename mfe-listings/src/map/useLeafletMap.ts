/**
 * The Leaflet map of a page (the interactive map page and the map view of /active-listings): once the element is
 * on the page, the map chunk (Leaflet and the base map, src/map/leafletMap.ts) is fetched, in the browser only, the
 * map created over the element with what `start()` returns at that moment, and destroyed with the component.
 * `retry` fetches it again after a failure (the frame's 'Try again').
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { getRuntimeConfig } from '@gta/shared';
import type { MapStatus } from './MapFrame';
import type { MapController, MapOptions } from './leafletMap';
import type { MapListing } from './mapListing';

/** What the map starts with, read when the chunk has arrived (the page's state may have moved on meanwhile). */
export interface MapStart extends Omit<MapOptions, 'tiles'> {
  listings: readonly MapListing[];
}

export interface LeafletMap {
  /** The map once it is 'ready' (null before, after a failure and after unmounting). */
  controller: RefObject<MapController | null>;
  status: MapStatus;
  retry: () => void;
}

export function useLeafletMap(element: RefObject<HTMLDivElement | null>, start: () => MapStart): LeafletMap {
  const [status, setStatus] = useState<MapStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const controller = useRef<MapController | null>(null);
  const latestStart = useRef(start);
  latestStart.current = start;

  useEffect(() => {
    const target = element.current;
    if (!target) return undefined;
    let cancelled = false;
    let created: MapController | null = null;
    setStatus('loading');
    import(/* webpackChunkName: "map" */ './leafletMap')
      .then(({ createMap }) => {
        if (cancelled) return;
        const { listings, ...options } = latestStart.current();
        created = createMap(target, { ...options, tiles: getRuntimeConfig().map });
        created.setListings(listings);
        controller.current = created;
        setStatus('ready');
      })
      .catch((error: unknown) => {
        console.warn('[listings] the map could not be loaded:', error);
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      controller.current = null;
      created?.destroy();
    };
  }, [attempt, element]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { controller, status, retry };
}
