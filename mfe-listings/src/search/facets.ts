/**
 * What the search form knows of the homes on offer, to fit its choices to them (issue 38): the few fields the
 * filters and the location box read, of every listing of the Status filter, read once the visitor turns to the form
 * (never on the first load) in pages of 100, at most FACETS_MAX. From them: the price steps the homes reach, the
 * number of homes each choice would leave (matchesListingFilters: the search's own rule, read against the fields),
 * and the location box's suggestions. A list longer than FACETS_MAX gives suggestions from the newest and no counts.
 */
import { useMemo } from 'react';
import { listingStatusFormula, matchesListingFilters, type ListingSearchFilters, type ListingStatusFilter } from '@gta/shared/listing-search';
import { listPropertyPage } from '../data/airtable';
import { useQuery } from '../data/queryCache';
import { locationIndex, type LocationSuggestion } from './locationSuggestions';

/** The fields the filters and the location box read. */
export const FACET_FIELDS = [
  'Property ID',
  'Property Name',
  'Property Type',
  'Status',
  'Address',
  'Location',
  'City/State',
  'Postal Code',
  'Price',
  'Bedrooms',
  'Bathrooms',
  'Size (sq ft)',
  'Garage',
  'Features',
  'Listing Date',
  'Lot Size (acres)',
  'Waterfront',
] as const;
/** Fields a base may not have (Airtable refuses a request naming an unknown field): asked again without them. */
const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['Lot Size (acres)', 'Waterfront']);

export const FACETS_MAX = 500;
const PAGE = 100;

export interface Facets {
  records: Readonly<Record<string, unknown>>[];
  /** More listings than FACETS_MAX: counts would be wrong, so none are given. */
  truncated: boolean;
  locations: LocationSuggestion[];
}

async function readAll(formula: string | null, fields: readonly string[]): Promise<{ records: Readonly<Record<string, unknown>>[]; truncated: boolean }> {
  const records: Readonly<Record<string, unknown>>[] = [];
  let offset: string | undefined;
  do {
    const page = await listPropertyPage({
      ...(formula ? { filterByFormula: formula } : {}),
      sort: [{ field: 'Listing Date', direction: 'desc' }],
      fields,
      pageSize: PAGE,
      ...(offset ? { offset } : {}),
    });
    records.push(...page.records.map((r) => r.fields as Readonly<Record<string, unknown>>));
    offset = page.offset;
  } while (offset && records.length < FACETS_MAX);
  return { records: records.slice(0, FACETS_MAX), truncated: Boolean(offset) || records.length > FACETS_MAX };
}

export async function loadFacets(status: ListingStatusFilter): Promise<Facets> {
  const formula = listingStatusFormula(status);
  let read: Awaited<ReturnType<typeof readAll>>;
  try {
    read = await readAll(formula, FACET_FIELDS);
  } catch {
    read = await readAll(
      formula,
      FACET_FIELDS.filter((f) => !OPTIONAL_FIELDS.has(f)),
    );
  }
  return { ...read, locations: locationIndex(read.records) };
}

/** The form's facets once `enabled` (the visitor turned to the form); null until read, or when they cannot be. */
export function useFacets(enabled: boolean, status: ListingStatusFilter): Facets | null {
  const { state } = useQuery(enabled ? `facets:${status}` : null, () => loadFacets(status), { retries: 1 });
  return state.status === 'success' ? state.data : null;
}

/**
 * The number of homes a choice leaves: the draft's filters with `patch` applied, over the facets' records; null
 * when it is not known cheaply (no facets yet, a list longer than the facets hold, or a keyword: its words are
 * looked for in descriptions the facets do not carry).
 */
export function useChoiceCounter(facets: Facets | null, draft: ListingSearchFilters): ((patch: Partial<ListingSearchFilters>) => number | null) | null {
  return useMemo(() => {
    if (!facets || facets.truncated || draft.keyword.trim() !== '') return null;
    return (patch) => {
      const filters = { ...draft, ...patch };
      let n = 0;
      for (const fields of facets.records) if (matchesListingFilters(fields, filters)) n += 1;
      return n;
    };
  }, [facets, draft]);
}
