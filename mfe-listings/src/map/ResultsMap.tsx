/**
 * The map view of /active-listings ('view=map'): the listings of the page's search (its formula) as markers on the
 * map of the interactive map page (the same Leaflet module, list and card), with the list of them beside the map as
 * its accessible twin. Once the visitor has moved the map, 'Search this area' keeps the homes of the search within
 * the visible bounds (area= in the URL, as on the map page; a new search or 'Show all listings' lets it go).
 * This module is its own chunk, fetched only when the visitor chooses the map (the list view loads none of it),
 * and Leaflet is fetched by it, in the browser, once it has rendered.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Global } from '@emotion/react';
import { Button, mq, theme } from '@gta/shared';
import { useMapListings } from './data';
import { MapCard } from './MapCard';
import { MapFrame, MapListPanel, SearchThisAreaButton, bringMapIntoView, homes, leftOffNote } from './MapFrame';
import { mapStyles } from './mapStyles';
import { useMapArea } from './useMapArea';
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
  const [shown, setShown] = useState(RESULTS_LIST_PAGE);
  const mapElement = useRef<HTMLDivElement>(null);
  const mapSection = useRef<HTMLElement>(null);
  const { area, listed, movedTo, selectedId, select, revealNext, clearSelection, map, searchThisArea, showAll } = useMapArea(mapElement, listings, () =>
    setShown(RESULTS_LIST_PAGE),
  );
  const { controller, status: mapStatus, retry: retryMap } = map;
  // a new search starts its list from the top
  useEffect(() => setShown(RESULTS_LIST_PAGE), [listings]);

  useEffect(() => {
    const leaflet = controller.current;
    if (mapStatus === 'ready' && leaflet) leaflet.select(selectedId, revealNext.current);
    revealNext.current = false;
    if (!selectedId) return;
    const index = listed.findIndex((l) => l.id === selectedId);
    if (index >= shown) setShown(Math.ceil((index + 1) / RESULTS_LIST_PAGE) * RESULTS_LIST_PAGE);
  }, [selectedId, mapStatus, listed, shown, controller, revealNext]);

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
        {mapStatus === 'ready' && movedTo ? <SearchThisAreaButton onClick={searchThisArea} /> : null}
        {selected ? <MapCard listing={selected} onClose={clearSelection} /> : null}
      </MapFrame>
      <MapListPanel
        id="results-map-list"
        headingId="results-map-heading"
        headingLevel="h3"
        heading={area ? 'Homes in the searched area' : 'Homes on the map'}
        status={state.status === 'error' ? 'error' : data ? 'ready' : 'loading'}
        onRetry={refetch}
        count={data ? `${homes(listed.length)} ${area ? 'in this area' : 'on the map'}${leftOffNote(data, ' (the newest shown)')}` : ''}
        empty={area ? 'No home of this search in this area. Zoom out or move the map, then search again.' : 'No home of this search has a map location.'}
        listings={listed}
        shown={shown}
        onShowMore={() => setShown((n) => n + RESULTS_LIST_PAGE)}
        selectedId={selectedId}
        onSelect={chooseInList}
      >
        {area ? (
          <Button type="button" variant="outline" onClick={showAll} css={{ marginBottom: theme.space.md }}>
            Show all listings
          </Button>
        ) : null}
      </MapListPanel>
    </div>
  );
}
