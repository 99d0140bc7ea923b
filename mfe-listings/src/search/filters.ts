/**
 * The search filters (spec sections 3 and 5): what the form holds, how they live in the URL query (so a search
 * can be shared, bookmarked and restored with Back) and the options of each dropdown.
 */
import { formatDecimal, formatPrice } from '@gta/shared';

export interface SearchFilters {
  location: string;
  price: string;
  priceCustom: string;
  propertyType: string;
  propertyTypeCustom: string;
  beds: string;
  bedsCustom: string;
  baths: string;
  bathsCustom: string;
  sqft: string;
  sqftCustom: string;
  /** Read but adds no condition (spec section 5). */
  keyword: string;
}

export const FILTER_KEYS = [
  'location', 'price', 'priceCustom', 'propertyType', 'propertyTypeCustom', 'beds', 'bedsCustom',
  'baths', 'bathsCustom', 'sqft', 'sqftCustom', 'keyword',
] as const satisfies readonly (keyof SearchFilters)[];

export const EMPTY_FILTERS: SearchFilters = Object.freeze({
  location: '', price: '', priceCustom: '', propertyType: '', propertyTypeCustom: '', beds: '', bedsCustom: '',
  baths: '', bathsCustom: '', sqft: '', sqftCustom: '', keyword: '',
});

export const CUSTOM = 'custom';

export interface FilterOption {
  value: string;
  label: string;
}

const customOption: FilterOption = { value: CUSTOM, label: 'Custom…' };

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

/** Reads the filters from the URL query; unknown parameters are ignored. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const filters: SearchFilters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params.get(key) ?? '';
  return filters;
}

/**
 * Writes the filters as a URL query, only those with a value, and a custom input only when its dropdown says
 * 'custom', so a shared link carries exactly the search that was run.
 */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const pairs: [keyof SearchFilters, keyof SearchFilters | null][] = [
    ['location', null], ['price', 'priceCustom'], ['propertyType', 'propertyTypeCustom'], ['beds', 'bedsCustom'],
    ['baths', 'bathsCustom'], ['sqft', 'sqftCustom'], ['keyword', null],
  ];
  for (const [key, customKey] of pairs) {
    const value = filters[key].trim();
    if (!value) continue;
    params.set(key, value);
    if (customKey && value === CUSTOM && filters[customKey].trim()) params.set(customKey, filters[customKey].trim());
  }
  return params;
}

/** True when at least one filter has a value (the keyword included: it is part of what the visitor asked). */
export function hasAnyFilter(filters: SearchFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].trim() !== '');
}

/** The value a filter stands for: its dropdown, or its free input when the dropdown says 'custom'. */
export function effectiveValue(value: string, custom: string): string {
  return (value === CUSTOM ? custom : value).trim();
}

/** A number filter's value ('5+' reads as 5), or null when there is no usable number. */
export function numberValue(value: string, custom: string): number | null {
  const raw = effectiveValue(value, custom).replace(/\+$/, '').replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n <= Number.MAX_SAFE_INTEGER ? n : null;
}

/** The resolved search: what each filter asks for, null where it asks nothing. */
export interface ResolvedSearch {
  location: string | null;
  maxPrice: number | null;
  propertyType: string | null;
  minBeds: number | null;
  minBaths: number | null;
  maxSqft: number | null;
}

export function resolveSearch(filters: SearchFilters): ResolvedSearch {
  const location = filters.location.replace(/\s+/g, ' ').trim();
  const propertyType = effectiveValue(filters.propertyType, filters.propertyTypeCustom).replace(/\s+/g, ' ');
  return {
    location: location || null,
    maxPrice: numberValue(filters.price, filters.priceCustom),
    propertyType: propertyType || null,
    minBeds: numberValue(filters.beds, filters.bedsCustom),
    minBaths: numberValue(filters.baths, filters.bathsCustom),
    maxSqft: numberValue(filters.sqft, filters.sqftCustom),
  };
}
