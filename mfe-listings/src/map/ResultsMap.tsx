/**
 * The map view of /active-listings ('view=map'): the listings of the page's search (its formula) as markers on the
 * map of the interactive map page (the same Leaflet module, list and card), with the list of them beside the map as
 * its accessible twin. This module is its own chunk, fetched only when the visitor chooses the map (the list view
 * loads none of it), and Leaflet is fetched by it, in the browser, once it has rendered.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Global } from '@emotion/react';
import { mq, theme } from '@gta/shared';
import { REGION, areaOf } from './area';
import { useMapListings } from './data';
import { MapCard } from './MapCard';
import { MapFrame, MapListPanel, bringMapIntoView, homes, leftOffNote } from './MapFrame';
import { mapStyles } from './mapStyles';
import { useLeafletMap } from './useLeafletMap';
import type { MapListing } from './mapListing';
import { DEFAULT_SORT, type SortKey } from '../search/sort';

/** How many listings the list beside the map shows at first, and adds with 'Show more homes'. */
export const RESULTS_LIST_PAGE = 24;

export interface ResultsMapProps {
  /** The list's filterByFormula ('' for every listing). */
  formula: string;
  /** The list's order: the homes beside the map follow it. */
  sort?: SortKey;
}

export default function ResultsMap({ formula, sort = DEFAULT_SORT }: ResultsMapProps) {
  const { state, refetch } = useMapListings(formula, sort);
  const listings = useMemo<readonly MapListing[]>(() => (state.status === 'success' ? state.data.listings : []), [state]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [shown, setShown] = useState(RESULTS_LIST_PAGE);
  const mapElement = useRef<HTMLDivElement>(null);
  const mapSection = useRef<HTMLElement>(null);
  const revealNext = useRef(false);
  const latest = useRef(listings);
  latest.current = listings;

  const select = useCallback((id: string, reveal: boolean) => {
    revealNext.current = reveal;
    setSelectedId(id);
  }, []);

  const {
    controller,
    status: mapStatus,
    retry: retryMap,
  } = useLeafletMap(mapElement, () => ({
    listings: latest.current,
    initial: areaOf(latest.current) ?? REGION,
    onSelect: (id) => select(id, false),
    onMoveEnd: () => undefined,
  }));

  // the search's listings (loaded after the map, or a new search): drawn, and the map fitted to them
  useEffect(() => {
    const map = controller.current;
    if (mapStatus !== 'ready' || !map) return;
    map.setListings(listings);
    map.fit(areaOf(listings) ?? REGION);
    setShown(RESULTS_LIST_PAGE);
  }, [listings, mapStatus, controller]);

  useEffect(() => {
    const map = controller.current;
    if (mapStatus === 'ready' && map) map.select(selectedId, revealNext.current);
    revealNext.current = false;
    if (!selectedId) return;
    const index = listings.findIndex((l) => l.id === selectedId);
    if (index >= shown) setShown(Math.ceil((index + 1) / RESULTS_LIST_PAGE) * RESULTS_LIST_PAGE);
  }, [selectedId, mapStatus, listings, shown, controller]);

  const chooseInList = (id: string) => {
    select(id, true);
    bringMapIntoView(mapSection.current);
  };

  const selected = selectedId ? (listings.find((l) => l.id === selectedId) ?? null) : null;
  const data = state.status === 'success' ? state.data : null;

  return (
    <div
      data-testid="results-map"
      css={{ display: 'grid', gap: theme.space.lg, [mq.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 380px', alignItems: 'start' } }}
    >
      <Global styles={mapStyles} />
      <MapFrame
        sectionRef={mapSection}
        mapRef={mapElement}
        label="Map of the results"
        listId="results-map-list"
        status={mapStatus}
        onRetry={retryMap}
        wide={{ maxHeight: 760, minHeight: 480 }}
      >
        {selected ? <MapCard listing={selected} onClose={() => setSelectedId(null)} /> : null}
      </MapFrame>
      <MapListPanel
        id="results-map-list"
        headingId="results-map-heading"
        headingLevel="h3"
        heading="Homes on the map"
        status={state.status === 'error' ? 'error' : data ? 'ready' : 'loading'}
        onRetry={refetch}
        count={data ? `${homes(listings.length)} on the map${leftOffNote(data, ' (the newest shown)')}` : ''}
        empty="No home of this search has a map location."
        listings={listings}
        shown={shown}
        onShowMore={() => setShown((n) => n + RESULTS_LIST_PAGE)}
        selectedId={selectedId}
        onSelect={chooseInList}
      />
    </div>
  );
}
