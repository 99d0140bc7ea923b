/**
 * The same search rules as the formula of call 4 (formula.ts), applied in the browser to a list already loaded:
 * the featured page searches its own featured properties, and /active-listings filters the loaded list by the
 * Status filter when there is no search. Kept beside formula.ts so the two stay the same rules.
 *
 * One difference the data forces: a listing in the browser keeps 'Description' only when 'Listing Description'
 * is empty (see detailFields), so a word found only in a hidden Description is found by the server's search and
 * not here.
 */
import type { Listing } from '../data/listing';
import { resolveSearch, type SearchFilters, type StatusFilter } from './filters';
import { KEYWORD_FIELDS, LOCATION_FIELDS, STATUS_WANTED } from './formula';

function fieldText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).toLowerCase();
}

/** The search filters (not the Status filter): location, price, type, beds, baths, size and keyword. */
export function matchesSearch(listing: Listing, filters: SearchFilters): boolean {
  const s = resolveSearch(filters);
  const f = listing.fields;
  if (s.location !== null) {
    const needle = s.location.toLowerCase();
    const haystacks = LOCATION_FIELDS.map((name) => fieldText(f[name]));
    if (!haystacks.some((h) => h.includes(needle))) return false;
  }
  if (s.maxPrice !== null && !(listing.price !== null && listing.price <= s.maxPrice)) return false;
  if (s.propertyType !== null && fieldText(f['Property Type']) !== s.propertyType.toLowerCase()) return false;
  if (s.minBeds !== null && !(listing.bedrooms !== null && listing.bedrooms >= s.minBeds)) return false;
  if (s.minBaths !== null && !(listing.bathrooms !== null && listing.bathrooms >= s.minBaths)) return false;
  if (s.maxSqft !== null && !(listing.size !== null && listing.size <= s.maxSqft)) return false;
  if (s.keywords !== null) {
    const haystack = KEYWORD_FIELDS.map((name) => fieldText(f[name])).join(' ');
    if (!s.keywords.every((word) => haystack.includes(word))) return false;
  }
  return true;
}

/** The Status filter: Status 'Available' (trimmed, any case) by default, 'Sold' for 'sold', any for 'all'. */
export function matchesStatus(listing: Listing, status: StatusFilter): boolean {
  const wanted = STATUS_WANTED[status];
  return wanted === null || fieldText(listing.status).trim() === wanted;
}

/** Every filter, the Status filter included: what the formula of the same filters finds. */
export function matchesFilters(listing: Listing, filters: SearchFilters): boolean {
  return matchesSearch(listing, filters) && matchesStatus(listing, filters.status);
}
