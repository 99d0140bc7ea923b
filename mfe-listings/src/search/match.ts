/**
 * The same search rules as the formula of call 4, applied in the browser to a list already loaded (the featured
 * page searches its own featured properties). Kept beside formula.ts so the two stay the same rules.
 */
import type { Listing } from '../data/listing';
import { resolveSearch, type SearchFilters } from './filters';

function fieldText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).toLowerCase();
}

export function matchesFilters(listing: Listing, filters: SearchFilters): boolean {
  const s = resolveSearch(filters);
  const f = listing.fields;
  if (s.location !== null) {
    const needle = s.location.toLowerCase();
    const haystacks = [f.Location, f['City/State'], f['Postal Code'], f['Property ID']].map(fieldText);
    if (!haystacks.some((h) => h.includes(needle))) return false;
  }
  if (s.maxPrice !== null && !(listing.price !== null && listing.price <= s.maxPrice)) return false;
  if (s.propertyType !== null && fieldText(f['Property Type']) !== s.propertyType.toLowerCase()) return false;
  if (s.minBeds !== null && !(listing.bedrooms !== null && listing.bedrooms >= s.minBeds)) return false;
  if (s.minBaths !== null && !(listing.bathrooms !== null && listing.bathrooms >= s.minBaths)) return false;
  if (s.maxSqft !== null && !(listing.size !== null && listing.size <= s.maxSqft)) return false;
  return true;
}
