/**
 * The search form's dropdowns (spec section 5): the options of each filter, and of the Status filter. The filters
 * themselves, their URL query and the search's rules are the listings search of the shared package
 * (@gta/shared, shared/src/core/listingSearch.ts: ListingSearchFilters, listingSearchFromQuery, listingSearchFormula, ...).
 */
import { formatDecimal, formatPrice } from '@gta/shared';
import { CUSTOM_FILTER_VALUE, type ListingStatusFilter } from '@gta/shared/listing-search';

/**
 * The Status filter's choices: for sale (Status 'Available'), every listing whatever its status (Sold and
 * Conditional included, each card marked by its status badge), or only the Sold ones.
 */
export const STATUS_OPTIONS: readonly { value: ListingStatusFilter; label: string }[] = [
  { value: '', label: 'For sale' },
  { value: 'all', label: 'All, including sold' },
  { value: 'sold', label: 'Sold only' },
];

export interface FilterOption {
  value: string;
  label: string;
}

const customOption: FilterOption = { value: CUSTOM_FILTER_VALUE, label: 'Custom…' };

export const PRICE_OPTIONS: readonly FilterOption[] = [
  ...[30000, 40000, 50000, 100000, 200000, 300000, 400000, 500000, 1000000].map((n) => ({ value: String(n), label: `Under ${formatPrice(n)}` })),
  customOption,
];
export const SQFT_OPTIONS: readonly FilterOption[] = [
  ...[1000, 1500, 2000].map((n) => ({ value: String(n), label: `Under ${formatDecimal(n)} sq ft` })),
  customOption,
];
const countOptions = (noun: string): FilterOption[] => [
  ...['1', '2', '3', '4'].map((n) => ({ value: n, label: `${n}+ ${noun}` })),
  { value: '5+', label: `5+ ${noun}` },
  customOption,
];
export const BEDS_OPTIONS: readonly FilterOption[] = countOptions('beds');
export const BATHS_OPTIONS: readonly FilterOption[] = countOptions('baths');
export const PROPERTY_TYPE_OPTIONS: readonly FilterOption[] = [
  ...['Condo', 'House', 'Town House', 'Detached Home', 'Residential', 'Commercial', 'Other'].map((t) => ({ value: t, label: t })),
  customOption,
];
