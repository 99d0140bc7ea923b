/**
 * The search form's dropdowns (spec section 5): the options of each filter, and of the Status filter. The filters
 * themselves, their URL query and the search's rules are the listings search of the shared package
 * (@gta/shared, shared/src/core/listingSearch.ts: ListingSearchFilters, listingSearchFromQuery, listingSearchFormula, ...).
 */
import { formatDecimal } from '@gta/shared';
import { CUSTOM_FILTER_VALUE, GARAGE_STEPS, LOT_STEPS, PRICE_STEPS, SQFT_STEPS, stepsFor, type ListingStatusFilter } from '@gta/shared/listing-search';

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

/** A price as the steps show it: $1M, $1.5M, $750K. */
export function compactPrice(n: number): string {
  if (n >= 1_000_000) return `$${formatDecimal(n / 1_000_000, 0, 2)}M`;
  if (n >= 1_000) return `$${formatDecimal(n / 1_000, 0, 1)}K`;
  return `$${formatDecimal(n)}`;
}

/**
 * The price choices (issue 38: the homes run from about $1M to $20M): a minimum at each step the homes on offer
 * reach, a maximum at each step above the cheapest (and 'Custom…'). `prices`: the prices of the homes on offer
 * when known (stepsFor), else every step.
 */
export function minPriceOptions(prices: readonly number[] = []): FilterOption[] {
  return stepsFor(PRICE_STEPS, prices, 'min').map((n) => ({ value: String(n), label: `${compactPrice(n)}+` }));
}
export function maxPriceOptions(prices: readonly number[] = []): FilterOption[] {
  return [...stepsFor(PRICE_STEPS, prices, 'max').map((n) => ({ value: String(n), label: `Up to ${compactPrice(n)}` })), customOption];
}
/** Before the homes are known: every step. */
export const PRICE_OPTIONS: readonly FilterOption[] = maxPriceOptions();
export function minSqftOptions(sizes: readonly number[] = []): FilterOption[] {
  return stepsFor(SQFT_STEPS, sizes, 'min').map((n) => ({ value: String(n), label: `From ${formatDecimal(n)} sq ft` }));
}
export function maxSqftOptions(sizes: readonly number[] = []): FilterOption[] {
  return [...stepsFor(SQFT_STEPS, sizes, 'max').map((n) => ({ value: String(n), label: `Up to ${formatDecimal(n)} sq ft` })), customOption];
}
export const SQFT_OPTIONS: readonly FilterOption[] = maxSqftOptions();
export const GARAGE_OPTIONS: readonly FilterOption[] = GARAGE_STEPS.map((n) => ({ value: String(n), label: `${n}+ ${n === 1 ? 'space' : 'spaces'}` }));
export const LOT_OPTIONS: readonly FilterOption[] = LOT_STEPS.map((n) => ({ value: String(n), label: `${formatDecimal(n, 0, 2)}+ acres` }));

/** The options with the value a link carries added when no option holds it (a minimum of $1,750,000), so the select shows it. */
export function withValue(options: readonly FilterOption[], value: string, label: (v: string) => string): FilterOption[] {
  const v = value.trim();
  if (v === '' || options.some((o) => o.value === v)) return [...options];
  return [...options, { value: v, label: label(v) }];
}
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
