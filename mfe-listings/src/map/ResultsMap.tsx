/**
 * The map view of /active-listings ('view=map'): the listings of the page's search (its formula) as markers on the
 * map of the interactive map page (the same Leaflet module, list and card), with the list of them beside the map as
 * its accessible twin. This module is its own chunk, fetched only when the visitor chooses the map (the list view
 * loads none of it), and Leaflet is fetched by it, in the browser, once it has rendered.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Global } from '@emotion/react';
import { Button, formatNumber, mq, theme } from '@gta/shared';
import { REGION, areaOf } from './area';
import { useMapListings } from './data';
import { MapCard } from './MapCard';
import { MapFrame, bringMapIntoView, homes, leftOffNote } from './MapFrame';
import { MapList } from './MapList';
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
      <section
        id="results-map-list"
        aria-labelledby="results-map-heading"
        tabIndex={-1}
        css={{ outline: 'none', [mq.lg]: { maxHeight: `calc(100vh - ${theme.layout.navHeight} - 2rem)`, overflowY: 'auto', paddingRight: theme.space.xs } }}
      >
        <h3 id="results-map-heading" css={{ fontSize: theme.fontSize.xl, margin: `0 0 ${theme.space.xs}` }}>
          Homes on the map
        </h3>
        {state.status === 'error' ? (
          <div role="alert" css={{ color: theme.color.danger }}>
            <p>The listings could not be loaded.</p>
            <Button type="button" variant="outline" onClick={refetch}>
              Try again
            </Button>
          </div>
        ) : !data ? (
          <p role="status" css={{ color: theme.color.muted }}>
            Loading the listings…
          </p>
        ) : (
          <>
            <p role="status" data-testid="map-count" css={{ margin: `0 0 ${theme.space.md}`, color: theme.color.muted, fontSize: theme.fontSize.sm }}>
              {`${homes(listings.length)} on the map`}
              {leftOffNote(data, ' (the newest shown)')}
            </p>
            {listings.length === 0 ? (
              <p css={{ color: theme.color.muted }}>No home of this search has a map location.</p>
            ) : (
              <MapList listings={listings.slice(0, shown)} selectedId={selectedId} onSelect={chooseInList} />
            )}
            {listings.length > shown ? (
              <Button type="button" variant="outline" onClick={() => setShown((n) => n + RESULTS_LIST_PAGE)} css={{ marginTop: theme.space.md, width: '100%' }}>
                Show more homes ({formatNumber(listings.length - shown)} more)
              </Button>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
