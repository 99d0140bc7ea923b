/**
 * /interactive-maps: every listing for sale on a map of the region, clustered where they are dense, a card for the
 * selected one, and 'Search this area': the map's visible bounds filter the list beside it (area= in the URL).
 * The search form of /active-listings (its component and its filters in the URL, less the Status filter: the map
 * shows homes for sale) narrows the homes on the map; a search keeps the searched area, and both stay in the URL.
 * The list is the map's accessible twin and is what the server renders; the map (Leaflet, src/map/leafletMap.ts)
 * is fetched by this page only, in the browser, once it has rendered, and draws over a placeholder.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Global } from '@emotion/react';
import { Button, PageHero, mq, theme, usePageMeta } from '@gta/shared';
import { useMapListings } from '../map/data';
import { listingListFormula, listingSearchFormula, listingSearchToQuery, type ListingSearchFilters } from '@gta/shared/listing-search';
import { SearchForm } from '../search/SearchForm';
import { useUrlFilters } from '../search/useUrlFilters';
import { MapCard } from '../map/MapCard';
import { MapFrame, MapListPanel, SearchThisAreaButton, bringMapIntoView, homes, leftOffNote } from '../map/MapFrame';
import { mapStyles } from '../map/mapStyles';
import { useMapArea } from '../map/useMapArea';
import type { MapListing } from '../map/mapListing';

/** How many listings the list shows at first, and adds with 'Show more homes'. */
export const LIST_PAGE = 24;

export default function InteractiveMapPage() {
  usePageMeta({
    title: 'Interactive Map of Luxury Listings',
    description:
      'Every luxury home for sale with our team on one map of Oakville, Mississauga, Burlington, Halton, Peel and Niagara: search any area, see the homes in it.',
    canonical: '/interactive-maps',
  });
  // the list's filters, for sale only (the map has no Status filter); no filter: the map page's own query
  const { filters: urlFilters } = useUrlFilters();
  const filters = useMemo<ListingSearchFilters>(() => ({ ...urlFilters, status: '' }), [urlFilters]);
  const searching = listingSearchFormula(filters) !== '';
  const { state, refetch } = useMapListings(listingListFormula(filters));
  const listings = useMemo<readonly MapListing[]>(() => (state.status === 'success' ? state.data.listings : []), [state]);
  const [, setParams] = useSearchParams();
  const [shown, setShown] = useState(LIST_PAGE);
  // the map's stylesheet joins the page with the map (in the browser), not the server's HTML
  const [mapStyled, setMapStyled] = useState(false);
  const mapElement = useRef<HTMLDivElement>(null);
  const listElement = useRef<HTMLUListElement>(null);
  const listSection = useRef<HTMLElement>(null);
  const mapSection = useRef<HTMLElement>(null);
  // the map: Leaflet and the base map are fetched now, in the browser, and never on the server
  useEffect(() => setMapStyled(true), []);
  const { area, listed, movedTo, selectedId, select, revealNext, clearSelection, map, searchThisArea, showAll } = useMapArea(mapElement, listings, () =>
    setShown(LIST_PAGE),
  );
  const { controller, status: mapStatus, retry: retryMap } = map;

  // the selection: marked on the map (and shown there when it was chosen in the list), scrolled to in the list
  useEffect(() => {
    const leaflet = controller.current;
    const fromList = revealNext.current;
    if (mapStatus === 'ready' && leaflet) leaflet.select(selectedId, fromList);
    revealNext.current = false;
    if (!selectedId || fromList) return;
    const index = listed.findIndex((l) => l.id === selectedId);
    if (index >= shown) {
      setShown(Math.ceil((index + 1) / LIST_PAGE) * LIST_PAGE);
      return; // scrolled to once the item is rendered
    }
    // a marker was clicked: its item is brought into view inside the list when the list scrolls on its own (wide
    // screens); on a phone the list is below the map and the page is not scrolled away from the map
    const section = listSection.current;
    const item = listElement.current?.querySelector<HTMLElement>(`[data-listing-id="${selectedId.replace(/["\\]/g, '\\$&')}"]`);
    if (!section || !item || section.scrollHeight <= section.clientHeight + 1) return;
    const box = section.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    if (itemBox.top < box.top || itemBox.bottom > box.bottom) section.scrollTop += itemBox.top - box.top - 8;
  }, [selectedId, mapStatus, listed, shown, controller, revealNext]);

  // a search keeps the searched area (Show all listings lets it go); a new history entry, so Back returns to the last
  const search = (next: ListingSearchFilters) => {
    setShown(LIST_PAGE);
    setParams((current) => {
      const query = listingSearchToQuery({ ...next, status: '' });
      const searchedArea = current.get('area');
      if (searchedArea) query.set('area', searchedArea);
      return query;
    });
  };
  const clearSearch = () => {
    setShown(LIST_PAGE);
    setParams(
      (current) => {
        const query = new URLSearchParams();
        const searchedArea = current.get('area');
        if (searchedArea) query.set('area', searchedArea);
        return query;
      },
      { replace: true },
    );
  };

  // a home chosen in the list is shown on the map (and the map brought back into view on a phone)
  const chooseInList = (id: string) => {
    select(id, true);
    bringMapIntoView(mapSection.current);
  };

  const selected = selectedId ? (listings.find((l) => l.id === selectedId) ?? null) : null;
  const data = state.status === 'success' ? state.data : null;

  return (
    <>
      {mapStyled ? <Global styles={mapStyles} /> : null}
      <PageHero
        eyebrow="Explore"
        title="Interactive Maps"
        subtitle="Every home we have for sale, on one map of the region. Filter them, move the map, then search that area."
        compact
      />
      <div
        css={{
          maxWidth: theme.layout.navMaxWidth,
          margin: '0 auto',
          padding: `${theme.space.lg} clamp(0.75rem, 2vw, 2rem) ${theme.space.section}`,
          display: 'grid',
          gap: theme.space.lg,
          [mq.lg]: { gridTemplateColumns: 'minmax(0, 1fr) 400px', alignItems: 'start' },
        }}
      >
        <div css={{ [mq.lg]: { gridColumn: '1 / -1' } }}>
          <SearchForm
            filters={filters}
            onSearch={search}
            onClear={clearSearch}
            busy={searching && state.status === 'loading'}
            label="Search the homes on the map"
          />
        </div>
        <MapFrame
          sectionRef={mapSection}
          mapRef={mapElement}
          label="Map"
          listId="map-list"
          status={mapStatus}
          onRetry={retryMap}
          wide={{ maxHeight: 860, minHeight: 520 }}
        >
          {mapStatus === 'ready' && movedTo ? <SearchThisAreaButton onClick={searchThisArea} /> : null}
          {selected ? <MapCard listing={selected} onClose={clearSelection} /> : null}
        </MapFrame>

        <MapListPanel
          sectionRef={listSection}
          listRef={listElement}
          id="map-list"
          headingId="map-list-heading"
          headingLevel="h2"
          heading={area ? 'Homes in the searched area' : searching ? 'Homes matching your search' : 'Homes for sale on the map'}
          status={state.status === 'error' ? 'error' : data ? 'ready' : 'loading'}
          onRetry={refetch}
          count={
            data
              ? `${homes(listed.length)} for sale${searching ? ' matching the search' : ''}${area ? ' in this area' : ''}${leftOffNote(data, ' (the newest shown; see Active Listings for all)')}`
              : ''
          }
          empty={
            area
              ? `No homes for sale${searching ? ' matching the search' : ''} in this area. Zoom out or move the map, then search again.`
              : searching
                ? 'No homes for sale match this search. Change or clear the filters above.'
                : 'No homes for sale have a map location yet.'
          }
          listings={listed}
          shown={shown}
          onShowMore={() => setShown((n) => n + LIST_PAGE)}
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
    </>
  );
}
