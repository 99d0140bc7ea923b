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
  /** Words looked for in the name, address, neighbourhood, description and features; every word must be found. */
  keyword: string;
  /** Which listings by their Status (see STATUS_FILTERS): for sale only unless the visitor asks for sold ones. */
  status: StatusFilter;
}

/**
 * The Status filter: '' lists what is for sale (Status 'Available', the status the listings base uses for a home
 * on the market), 'sold' only the Sold ones, 'all' every listing whatever its status (Sold and Conditional
 * included, each card marked by its status badge). Kept apart from FILTER_KEYS: it is not a search of its own,
 * and a search applies it too.
 */
export type StatusFilter = '' | 'sold' | 'all';

export const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: '', label: 'For sale' },
  { value: 'all', label: 'All, including sold' },
  { value: 'sold', label: 'Sold only' },
];

/** The Status filter a URL value stands for; anything unknown is the default (for sale). */
export function statusFilterOf(value: string | null | undefined): StatusFilter {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'sold' || v === 'all' ? v : '';
}

export const FILTER_KEYS = [
  'location',
  'price',
  'priceCustom',
  'propertyType',
  'propertyTypeCustom',
  'beds',
  'bedsCustom',
  'baths',
  'bathsCustom',
  'sqft',
  'sqftCustom',
  'keyword',
] as const satisfies readonly (keyof SearchFilters)[];

export const EMPTY_FILTERS: SearchFilters = Object.freeze({
  location: '',
  price: '',
  priceCustom: '',
  propertyType: '',
  propertyTypeCustom: '',
  beds: '',
  bedsCustom: '',
  baths: '',
  bathsCustom: '',
  sqft: '',
  sqftCustom: '',
  keyword: '',
  status: '',
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
  filters.status = statusFilterOf(params.get('status'));
  return filters;
}

/**
 * Writes the filters as a URL query, only those with a value, and a custom input only when its dropdown says
 * 'custom', so a shared link carries exactly the search that was run.
 */
export function filtersToParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const pairs: [keyof SearchFilters, keyof SearchFilters | null][] = [
    ['location', null],
    ['price', 'priceCustom'],
    ['propertyType', 'propertyTypeCustom'],
    ['beds', 'bedsCustom'],
    ['baths', 'bathsCustom'],
    ['sqft', 'sqftCustom'],
    ['keyword', null],
  ];
  for (const [key, customKey] of pairs) {
    const value = filters[key].trim();
    if (!value) continue;
    params.set(key, value);
    if (customKey && value === CUSTOM && filters[customKey].trim()) params.set(customKey, filters[customKey].trim());
  }
  if (filters.status) params.set('status', filters.status);
  return params;
}

/** True when at least one search filter has a value (the keyword included; the Status filter is not a search). */
export function hasAnyFilter(filters: SearchFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].trim() !== '');
}

/** True when the filters differ from the page's default (no search, listings for sale). */
export function differsFromDefault(filters: SearchFilters): boolean {
  return hasAnyFilter(filters) || filters.status !== '';
}

/** The value a filter stands for: its dropdown, or its free input when the dropdown says 'custom'. */
export function effectiveValue(value: string, custom: string): string {
  return (value === CUSTOM ? custom : value).trim();
}

/** A number filter's value ('5+' reads as 5), or null when there is no usable number. */
export function numberValue(value: string, custom: string): number | null {
  const raw = effectiveValue(value, custom)
    .replace(/\+$/, '')
    .replace(/[$,\s]/g, '');
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
  /** The keyword's words, lower-case, each once; null when there are none. */
  keywords: string[] | null;
}

/**
 * The words of a keyword search: split at white space and commas (so 'pool, ravine' is two words), lower-case,
 * each once, in the order typed.
 */
export function keywordWords(keyword: string): string[] {
  return [
    ...new Set(
      keyword
        .toLowerCase()
        .split(/[\s,;]+/u)
        .filter((w) => w !== ''),
    ),
  ];
}

export function resolveSearch(filters: SearchFilters): ResolvedSearch {
  const words = keywordWords(filters.keyword);
  const location = filters.location.replace(/\s+/g, ' ').trim();
  const propertyType = effectiveValue(filters.propertyType, filters.propertyTypeCustom).replace(/\s+/g, ' ');
  return {
    location: location || null,
    maxPrice: numberValue(filters.price, filters.priceCustom),
    propertyType: propertyType || null,
    minBeds: numberValue(filters.beds, filters.bedsCustom),
    minBaths: numberValue(filters.baths, filters.bathsCustom),
    maxSqft: numberValue(filters.sqft, filters.sqftCustom),
    keywords: words.length > 0 ? words : null,
  };
}
