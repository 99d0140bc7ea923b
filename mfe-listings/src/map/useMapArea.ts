/**
 * A map of listings with a searched area, as /interactive-maps and the map view of /active-listings both have it:
 * the area in the URL (area=) and the listings within it, the Leaflet map (useLeafletMap) opened on the area or on
 * the listings and following them as they change, the map going to an area that came by Back/Forward or a link, 'Search this area' once the visitor
 * has moved the map, and the listing selected on the map or in the list.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import { REGION, areaOf, formatArea, parseArea, withinArea, type Area } from './area';
import { useLeafletMap, type LeafletMap } from './useLeafletMap';
import type { MapListing } from './mapListing';

export interface MapArea {
  /** The searched area (area= in the URL), null when none. */
  area: Area | null;
  /** The listings within the searched area (all of them when none). */
  listed: readonly MapListing[];
  /** The map's bounds after the visitor moved it, until they search there (shows 'Search this area'). */
  movedTo: Area | null;
  /** Whether the visitor has moved the map since it was last fitted (new listings then leave the view alone). */
  userMoved: RefObject<boolean>;
  selectedId: string | null;
  /** Selects a listing; `reveal`: the map moves to it (chosen in the list), or not (clicked on the map). */
  select: (id: string, reveal: boolean) => void;
  /** Whether the selection being made should move the map to it (read once by the selection's effect). */
  revealNext: RefObject<boolean>;
  clearSelection: () => void;
  map: LeafletMap;
  /** Searches the map's visible bounds. */
  searchThisArea: () => void;
  /** Lets the searched area go ('Show all listings'). */
  showAll: () => void;
}

/** `onNewArea`: called when the visitor searches an area or lets it go (the list starts again from its top). */
export function useMapArea(mapElement: RefObject<HTMLDivElement | null>, listings: readonly MapListing[], onNewArea: () => void): MapArea {
  const [params, setParams] = useSearchParams();
  const areaText = params.get('area');
  const area = useMemo(() => parseArea(areaText), [areaText]);
  const listed = useMemo(() => withinArea(listings, area), [listings, area]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [movedTo, setMovedTo] = useState<Area | null>(null);
  const userMoved = useRef(false);
  const revealNext = useRef(false);
  // the area this map itself searched (the map is there already: no fit); anything else came by Back or a link
  const searchedHere = useRef<string | null>(null);
  const latest = useRef({ listings, area });
  latest.current = { listings, area };

  const select = useCallback((id: string, reveal: boolean) => {
    revealNext.current = reveal;
    setSelectedId(id);
  }, []);

  const map = useLeafletMap(mapElement, () => ({
    listings: latest.current.listings,
    initial: latest.current.area ?? areaOf(latest.current.listings) ?? REGION,
    onSelect: (id) => select(id, false),
    onMoveEnd: (bounds, byUser) => {
      if (!byUser) return;
      userMoved.current = true;
      setMovedTo(bounds);
    },
  }));
  const { controller, status } = map;

  // the listings (loaded after the map, or a new search): drawn, and the map fitted to them (the region when there
  // are none) unless an area is searched or the visitor has moved the map
  useEffect(() => {
    const leaflet = controller.current;
    if (status !== 'ready' || !leaflet) return;
    leaflet.setListings(listings);
    if (!latest.current.area && !userMoved.current) leaflet.fit(areaOf(listings) ?? REGION);
  }, [listings, status, controller]);

  // an area that came by Back/Forward or a link (not by this map's own search): the map goes there
  useEffect(() => {
    const leaflet = controller.current;
    if (status !== 'ready' || !leaflet) return;
    if (areaText !== null && areaText === searchedHere.current) return;
    searchedHere.current = null;
    leaflet.fit(area ?? areaOf(latest.current.listings) ?? REGION);
    userMoved.current = false;
    setMovedTo(null);
  }, [areaText, area, status, controller]);

  const setArea = (text: string | null) => {
    onNewArea();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text) next.set('area', text);
        else next.delete('area');
        return next;
      },
      { preventScrollReset: true },
    );
  };

  return {
    area,
    listed,
    movedTo,
    userMoved,
    selectedId,
    select,
    revealNext,
    clearSelection: () => setSelectedId(null),
    map,
    searchThisArea: () => {
      const leaflet = controller.current;
      if (!leaflet) return;
      const text = formatArea(leaflet.bounds());
      searchedHere.current = text;
      setMovedTo(null);
      setArea(text);
    },
    showAll: () => setArea(null),
  };
}
