/**
 * The map page's listings: every listing for sale (Status 'Available', the same condition as the listings search's
 * default) with the few fields the map shows, read from the records API 100 a page and kept in compact form, so a
 * server-rendered map page carries about 300 bytes a listing. At most MAP_MAX listings are read (the newest).
 */
import { listPropertyPage } from '../data/airtable';
import { useQuery, type QueryResult } from '../data/queryCache';
import { listingStatusFormula } from '@gta/shared/listing-search';
import { DEFAULT_SORT, SORT_FIELDS, type SortKey } from '../search/sort';
import { toMapListing, type MapListing } from './mapListing';

/** The fields a map listing is made of (the Properties table must have Latitude and Longitude: see the README). */
export const MAP_FIELDS = [
  'Property Name',
  'Price',
  'Bedrooms',
  'Bathrooms',
  'Photos',
  'Location',
  'City/State',
  'Property Type',
  'Latitude',
  'Longitude',
] as const;

export const MAP_PAGE_SIZE = 100;
/** The most listings the map reads (10 pages); more are left out, newest first, and the page says so. */
export const MAP_MAX = 1000;

export interface MapData {
  listings: MapListing[];
  /** Listings for sale that have no usable Latitude/Longitude (not on the map). */
  withoutLocation: number;
  /** True when more than MAP_MAX listings are for sale (the oldest are not on the map). */
  truncated: boolean;
}

/**
 * The listings on the map: those of a formula (the list's search on /active-listings), by default every one for sale,
 * in an order of the listings search (the list beside the map follows it; newest first by default).
 */
export async function loadMapListings(formula: string | null = listingStatusFormula(''), sort: SortKey = DEFAULT_SORT): Promise<MapData> {
  const filterByFormula = formula || undefined;
  const listings: MapListing[] = [];
  let withoutLocation = 0;
  let read = 0;
  let truncated = false;
  let offset: string | undefined;
  do {
    const page = await listPropertyPage({
      filterByFormula,
      sort: SORT_FIELDS[sort],
      fields: MAP_FIELDS,
      pageSize: MAP_PAGE_SIZE,
      ...(offset ? { offset } : {}),
    });
    for (const record of page.records) {
      if (read >= MAP_MAX) {
        truncated = true;
        break;
      }
      read += 1;
      const listing = toMapListing(record);
      if (listing) listings.push(listing);
      else withoutLocation += 1;
    }
    offset = page.offset;
  } while (offset && read < MAP_MAX);
  return { listings, withoutLocation, truncated: truncated || Boolean(offset) };
}

export const MAP_LISTINGS_KEY = 'map:available';

/** The query key of a formula's map listings in an order: the map page's (every one for sale, newest first) keeps MAP_LISTINGS_KEY. */
export function mapListingsKey(formula: string | null, sort: SortKey = DEFAULT_SORT): string {
  return formula === listingStatusFormula('') && sort === DEFAULT_SORT ? MAP_LISTINGS_KEY : `map:${sort}:${formula ?? ''}`;
}

/**
 * The map's listings, loaded once per formula (the server renders the map page with them). Without a formula:
 * every listing for sale (the map page); /active-listings' map view passes its list's formula.
 */
export function useMapListings(formula: string | null = listingStatusFormula(''), sort: SortKey = DEFAULT_SORT): QueryResult<MapData> {
  return useQuery(mapListingsKey(formula, sort), () => loadMapListings(formula, sort));
}
