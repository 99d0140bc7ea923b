/**
 * The listings search, once (spec sections 3, 5 and 7): the filters as the URL query carries them, what each filter
 * asks for, and the one list of conditions a search is made of. Framework-free, so every part uses these very rules:
 *  - /active-listings, the map and the alerts dialog (mfe-listings) build the search's filterByFormula here, and the
 *    records API evaluates it (the server's formula engine, or Airtable itself): the formula is the rule;
 *  - a saved search (listing alerts, listingAlerts.ts) is these filters, and the server's alert matcher evaluates the
 *    same formula (alertFormula);
 *  - the featured page searches the featured properties it already loaded: matchesListingSearch reads the same
 *    condition list against a record's fields, each kind of condition meaning what its formula means.
 *
 * The conditions: an AND of one condition per filter with a value. Location is a case-insensitive substring of
 * Location, City/State, Postal Code or Property ID; Price <=; Property Type equal (case-insensitive); Bedrooms >=;
 * Bathrooms >=; Size (sq ft) <=. The keyword is split into words, and every word must be found, case-insensitively,
 * in the name, address, neighbourhood, description or features (LISTING_KEYWORD_FIELDS). A search lists homes for
 * sale only (Status 'Available') unless the Status filter asks for sold ones or for all: the status condition comes
 * last, and only with a search condition (without one there is no search, and /active-listings reads its list with
 * the status condition alone: listingListFormula).
 *
 * The visitor's text only ever enters a formula as one string literal made by `formulaString`, which escapes
 * backslashes and double quotes the way Airtable's formula language reads them, so `Oak"ville`, `{Price}` or
 * `"), TRUE(), ("` is searched for as text and can never add a condition or widen the query. Numbers enter only after
 * they were read as finite numbers (`formulaNumber`).
 */
import { toNumber } from './format';
import { TEAM_TIME_ZONE, addDays, dayIn } from './teamTime';

/**
 * The Status filter: '' lists what is for sale (Status 'Available', the status the listings base uses for a home on
 * the market), 'sold' only the Sold ones, 'all' every listing whatever its status. It is not a search of its own
 * (LISTING_SEARCH_KEYS leaves it out), and a search applies it too.
 */
export type ListingStatusFilter = '' | 'sold' | 'all';

/** The search filters, as the search form and the URL query keep them: every value text, '' when unused. */
export interface ListingSearchFilters {
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
  /** The lowest price (CAD): a step of PRICE_STEPS, or any number a link carries. */
  minPrice: string;
  /** The smallest size (sq ft). */
  minSqft: string;
  /** At least this many garage spaces (Garage). */
  garage: string;
  /** A lot of at least this many acres (Lot Size (acres)). */
  minLot: string;
  /** 'yes': waterfront homes only (the Waterfront checkbox, or 'waterfront'/'lakefront' in the name or features). */
  waterfront: string;
  /** 'yes': with a pool (in the features or the name). */
  pool: string;
  /** 'yes': on a ravine lot (in the features or the name). */
  ravine: string;
  /** A number of days: listed within that many days, today (in Toronto) included ('7': the last 7 days). */
  listedWithin: string;
  /** Which listings by their Status: for sale only unless the visitor asks for sold ones. */
  status: ListingStatusFilter;
}

/** The search filters proper (every key but the Status filter). */
export const LISTING_SEARCH_KEYS = [
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
  'minPrice',
  'minSqft',
  'garage',
  'minLot',
  'waterfront',
  'pool',
  'ravine',
  'listedWithin',
] as const satisfies readonly (keyof ListingSearchFilters)[];

export const EMPTY_LISTING_SEARCH: ListingSearchFilters = Object.freeze({
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
  minPrice: '',
  minSqft: '',
  garage: '',
  minLot: '',
  waterfront: '',
  pool: '',
  ravine: '',
  listedWithin: '',
  status: '',
});

/**
 * The price steps of the search (CAD), for homes of $1M to $20M: the minimum offers each, the maximum each but the
 * first (the page keeps those the listings on offer reach: priceStepsFor).
 */
export const PRICE_STEPS: readonly number[] = [1_000_000, 1_500_000, 2_000_000, 3_000_000, 5_000_000, 10_000_000];
/** The size steps (sq ft): homes run from about 1,200 to 11,000. */
export const SQFT_STEPS: readonly number[] = [1_500, 2_000, 3_000, 4_000, 5_000, 7_500, 10_000];
/** The lot steps (acres). */
export const LOT_STEPS: readonly number[] = [0.25, 0.5, 1, 2, 5];
/** The garage minimums (spaces). */
export const GARAGE_STEPS: readonly number[] = [1, 2, 3, 4];
/** 'New listings': listed within this many days. */
export const NEW_LISTING_DAYS = 7;
/** The value of a yes/no filter that is on. */
export const FILTER_ON = 'yes';

/**
 * The steps that fit an inventory: for a minimum, those below the dearest value (each keeps at least one home), with
 * the step at or under the cheapest kept as the first; for a maximum, those above the cheapest value. Without values
 * (nothing read yet) every step.
 */
export function stepsFor(steps: readonly number[], values: readonly number[], side: 'min' | 'max'): number[] {
  if (values.length === 0) return [...steps];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (side === 'max') return steps.filter((s) => s > lo);
  const floor = steps.filter((s) => s <= lo).pop();
  return steps.filter((s) => s <= hi && (s > lo || s === floor));
}

/** A dropdown's value that says 'use the free input beside me instead'. */
export const CUSTOM_FILTER_VALUE = 'custom';

/** The Status filter a URL value stands for; anything unknown is the default (for sale). */
export function listingStatusFilterOf(value: string | null | undefined): ListingStatusFilter {
  const v = (value ?? '').trim().toLowerCase();
  return v === 'sold' || v === 'all' ? v : '';
}

/** The filters a listings page's URL query holds; unknown parameters are ignored. */
export function listingSearchFromQuery(query: string | URLSearchParams): ListingSearchFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const filters: ListingSearchFilters = { ...EMPTY_LISTING_SEARCH };
  for (const key of LISTING_SEARCH_KEYS) filters[key] = params.get(key) ?? '';
  filters.status = listingStatusFilterOf(params.get('status'));
  return filters;
}

/** Each filter the URL carries, with its free input (the one kept only when the dropdown says 'custom'). */
const QUERY_PAIRS: readonly (readonly [keyof ListingSearchFilters, keyof ListingSearchFilters | null])[] = [
  ['location', null],
  ['price', 'priceCustom'],
  ['propertyType', 'propertyTypeCustom'],
  ['beds', 'bedsCustom'],
  ['baths', 'bathsCustom'],
  ['sqft', 'sqftCustom'],
  ['keyword', null],
  ['minPrice', null],
  ['minSqft', null],
  ['garage', null],
  ['minLot', null],
  ['waterfront', null],
  ['pool', null],
  ['ravine', null],
  ['listedWithin', null],
];

/**
 * The filters as a URL query: only those with a value, and a custom input only when its dropdown says 'custom', so
 * a shared link carries exactly the search that was run (the inverse of listingSearchFromQuery).
 */
export function listingSearchToQuery(filters: ListingSearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, customKey] of QUERY_PAIRS) {
    const value = textOf(filters, key);
    if (!value) continue;
    params.set(key, value);
    if (customKey && value === CUSTOM_FILTER_VALUE && textOf(filters, customKey)) params.set(customKey, textOf(filters, customKey));
  }
  if (filters.status) params.set('status', filters.status);
  return params;
}

/** True when at least one search filter has a value (the keyword included; the Status filter is not a search). */
export function hasListingSearch(filters: ListingSearchFilters): boolean {
  return LISTING_SEARCH_KEYS.some((key) => textOf(filters, key) !== '');
}

/**
 * A filter's text, trimmed; '' for a key the filters lack (a search saved before the key existed: listing alerts
 * keep their criteria as they were saved).
 */
function textOf(filters: ListingSearchFilters, key: keyof ListingSearchFilters): string {
  const value: unknown = (filters as Partial<ListingSearchFilters>)[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** The value a filter stands for: its dropdown, or its free input when the dropdown says 'custom'. */
function filterValue(value: string, custom: string): string {
  return (value === CUSTOM_FILTER_VALUE ? custom : value).trim();
}

/** A number filter's value ('5+' reads as 5, '$1,250,000' as 1250000), or null when there is no usable number. */
export function filterNumber(value: string, custom: string): number | null {
  const raw = filterValue(value, custom)
    .replace(/\+$/, '')
    .replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n <= Number.MAX_SAFE_INTEGER ? n : null;
}

/**
 * The words of a keyword search: split at white space, commas and semicolons (so 'pool, ravine' is two words),
 * lower-case, each once, in the order typed.
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

/** The resolved search: what each filter asks for, null where it asks nothing. */
export interface ResolvedListingSearch {
  location: string | null;
  maxPrice: number | null;
  propertyType: string | null;
  minBeds: number | null;
  minBaths: number | null;
  maxSqft: number | null;
  /** The keyword's words, lower-case, each once; null when there are none. */
  keywords: string[] | null;
  minPrice: number | null;
  minSqft: number | null;
  minGarage: number | null;
  minLot: number | null;
  waterfront: boolean;
  pool: boolean;
  ravine: boolean;
  /** The days (YYYY-MM-DD, Toronto) a new listing may have been listed on, today first; null when not asked. */
  listedOn: string[] | null;
}

/** The most days 'listed within' reaches back (a link may ask for any number: more days are a longer formula). */
export const LISTED_WITHIN_MAX = 31;

/** `now` is the clock of 'listed within' (today in Toronto). */
export function resolveListingSearch(filters: ListingSearchFilters, now: Date = new Date()): ResolvedListingSearch {
  const text = (key: keyof ListingSearchFilters) => textOf(filters, key);
  const words = keywordWords(text('keyword'));
  const location = text('location').replace(/\s+/g, ' ');
  const propertyType = filterValue(text('propertyType'), text('propertyTypeCustom')).replace(/\s+/g, ' ');
  const within = filterNumber(text('listedWithin'), '');
  const days = within === null ? 0 : Math.min(LISTED_WITHIN_MAX, Math.floor(within));
  const today = days > 0 ? dayIn(TEAM_TIME_ZONE, now) : '';
  return {
    location: location || null,
    maxPrice: filterNumber(text('price'), text('priceCustom')),
    propertyType: propertyType || null,
    minBeds: filterNumber(text('beds'), text('bedsCustom')),
    minBaths: filterNumber(text('baths'), text('bathsCustom')),
    maxSqft: filterNumber(text('sqft'), text('sqftCustom')),
    keywords: words.length > 0 ? words : null,
    minPrice: filterNumber(text('minPrice'), ''),
    minSqft: filterNumber(text('minSqft'), ''),
    minGarage: filterNumber(text('garage'), ''),
    minLot: filterNumber(text('minLot'), ''),
    waterfront: text('waterfront') === FILTER_ON,
    pool: text('pool') === FILTER_ON,
    ravine: text('ravine') === FILTER_ON,
    listedOn: days > 0 ? Array.from({ length: days }, (_, i) => addDays(today, -i)) : null,
  };
}

/** The fields the location text is looked for in: the street address, the neighbourhood, the city, the postal code, the property ID. */
export const LISTING_LOCATION_FIELDS = ['Address', 'Location', 'City/State', 'Postal Code', 'Property ID'] as const;

/** Street words as people shorten them, and the word the listings spell out. */
const STREET_WORDS: Readonly<Record<string, string>> = {
  rd: 'road',
  dr: 'drive',
  ave: 'avenue',
  av: 'avenue',
  st: 'street',
  blvd: 'boulevard',
  cres: 'crescent',
  cr: 'crescent',
  ct: 'court',
  ln: 'lane',
  pl: 'place',
  cir: 'circle',
  pkwy: 'parkway',
  hwy: 'highway',
  e: 'east',
  w: 'west',
  n: 'north',
  s: 'south',
};

/** The most comma-separated parts of the location box a search looks for (each once; an address has four). */
export const LOCATION_MAX_PARTS = 6;

/** A full Canadian postal code, with or without its space (l5h3k2, L5H 3K2). */
const POSTAL_CODE = /^([a-z]\d[a-z])\s?(\d[a-z]\d)$/;

/**
 * The location box's text as what to look for: its comma-separated parts ('Lorne Park, Mississauga' is the
 * neighbourhood and the city), each to be found in one of the location fields; each part as the listings spell it
 * (lower case; a full postal code with its space; a street word spelt out where it was shortened: 'chartwell rd' is
 * also 'chartwell road'), the spellings of one part being alternatives.
 */
export function locationParts(location: string): string[][] {
  const parts = [
    ...new Set(
      location
        .toLowerCase()
        .split(',')
        .map((part) => part.replace(/\s+/g, ' ').trim())
        .filter((part) => part !== ''),
    ),
  ].slice(0, LOCATION_MAX_PARTS);
  return parts.map((part) => {
    const postal = POSTAL_CODE.exec(part);
    if (postal) return [`${postal[1]} ${postal[2]}`];
    const words = part.split(' ');
    const last = (words[words.length - 1] as string).replace(/\.$/, '');
    const long = words.length > 1 ? STREET_WORDS[last] : undefined;
    const spelt = long ? [...words.slice(0, -1), long].join(' ') : null;
    const plain = part.replace(/\.$/, '');
    return spelt && spelt !== plain ? [plain, spelt] : [plain];
  });
}

/** The fields a yes/no filter looks in for its words (besides a checkbox of its own, for waterfront). */
export const LISTING_FEATURE_FIELDS = ['Property Name', 'Features'] as const;
/** The words of each yes/no filter, any of them found in the name or the features. */
export const FEATURE_WORDS = {
  waterfront: ['waterfront', 'lakefront'],
  pool: ['pool'],
  ravine: ['ravine'],
} as const;

/**
 * The fields the keyword's words are looked for in: the name, the address (street Address and City/State), the
 * neighbourhood (Location), the description (Description and Listing Description: the page shows the second, or the
 * first when it is empty) and the features.
 */
export const LISTING_KEYWORD_FIELDS = ['Property Name', 'Address', 'Location', 'City/State', 'Description', 'Listing Description', 'Features'] as const;

/** The Status a status filter keeps (lower-case, trimmed), or null when it keeps every status. */
const STATUS_WANTED: Readonly<Record<ListingStatusFilter, string | null>> = { '': 'available', sold: 'sold', all: null };

// ---- the conditions: one list, read as a formula (the records API) and against a record's fields (the browser) ----

type Condition =
  /** The text (lower-case) is part of one of the fields, any case. */
  | { kind: 'text-in-any'; fields: readonly string[]; text: string }
  /** One of the texts (lower-case) is part of one of the fields, any case. */
  | { kind: 'texts-in-any'; fields: readonly string[]; texts: readonly string[] }
  /** The field's number compared with the value; a field without a number fails. */
  | { kind: 'number'; field: string; op: '<=' | '>='; value: number }
  /** The field's text equals the text, any case. */
  | { kind: 'text-equals'; field: string; text: string }
  /** The word (lower-case) is part of the fields' texts joined by spaces, any case (a word holds no space, so it cannot span two fields). */
  | { kind: 'word-in'; fields: readonly string[]; word: string }
  /** The field's text, trimmed and lower-case, equals the value. */
  | { kind: 'trimmed-equals'; field: string; value: string }
  /** The field is a ticked checkbox (true). */
  | { kind: 'checked'; field: string }
  /** At least one of the conditions holds. */
  | { kind: 'any'; of: readonly Condition[] };

function conditionsOf(search: ResolvedListingSearch): Condition[] {
  const conditions: Condition[] = [];
  if (search.location !== null) {
    for (const spellings of locationParts(search.location)) {
      conditions.push(
        spellings.length === 1
          ? { kind: 'text-in-any', fields: LISTING_LOCATION_FIELDS, text: spellings[0] as string }
          : { kind: 'texts-in-any', fields: LISTING_LOCATION_FIELDS, texts: spellings },
      );
    }
  }
  if (search.minPrice !== null) conditions.push({ kind: 'number', field: 'Price', op: '>=', value: search.minPrice });
  if (search.maxPrice !== null) conditions.push({ kind: 'number', field: 'Price', op: '<=', value: search.maxPrice });
  if (search.propertyType !== null) conditions.push({ kind: 'text-equals', field: 'Property Type', text: search.propertyType });
  if (search.minBeds !== null) conditions.push({ kind: 'number', field: 'Bedrooms', op: '>=', value: search.minBeds });
  if (search.minBaths !== null) conditions.push({ kind: 'number', field: 'Bathrooms', op: '>=', value: search.minBaths });
  if (search.minSqft !== null) conditions.push({ kind: 'number', field: 'Size (sq ft)', op: '>=', value: search.minSqft });
  if (search.maxSqft !== null) conditions.push({ kind: 'number', field: 'Size (sq ft)', op: '<=', value: search.maxSqft });
  if (search.minGarage !== null) conditions.push({ kind: 'number', field: 'Garage', op: '>=', value: search.minGarage });
  if (search.minLot !== null) conditions.push({ kind: 'number', field: 'Lot Size (acres)', op: '>=', value: search.minLot });
  if (search.waterfront)
    conditions.push({
      kind: 'any',
      of: [
        { kind: 'checked', field: 'Waterfront' },
        { kind: 'texts-in-any', fields: LISTING_FEATURE_FIELDS, texts: FEATURE_WORDS.waterfront },
      ],
    });
  if (search.pool) conditions.push({ kind: 'texts-in-any', fields: LISTING_FEATURE_FIELDS, texts: FEATURE_WORDS.pool });
  if (search.ravine) conditions.push({ kind: 'texts-in-any', fields: LISTING_FEATURE_FIELDS, texts: FEATURE_WORDS.ravine });
  if (search.listedOn !== null)
    conditions.push({ kind: 'any', of: search.listedOn.map((day) => ({ kind: 'trimmed-equals', field: 'Listing Date', value: day })) });
  if (search.keywords !== null) for (const word of search.keywords) conditions.push({ kind: 'word-in', fields: LISTING_KEYWORD_FIELDS, word });
  return conditions;
}

function statusConditionOf(status: ListingStatusFilter): Condition | null {
  const wanted = STATUS_WANTED[status];
  return wanted === null ? null : { kind: 'trimmed-equals', field: 'Status', value: wanted };
}

// ---- as a formula ----

/** A double-quoted Airtable string literal holding exactly `text`. Line breaks and tabs become spaces. */
export function formulaString(text: string): string {
  const escaped = text
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');
  return `"${escaped}"`;
}

/** A number literal; only finite, non-negative numbers written in plain digits (else a RangeError). */
export function formulaNumber(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`Not a searchable number: ${n}`);
  const text = String(n);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a searchable number: ${n}`);
  return text;
}

/** A field reference; only the fixed field names of this module are passed here, never visitor text. */
const field = (name: string): string => `{${name}}`;

function formulaOf(c: Condition): string {
  switch (c.kind) {
    case 'text-in-any': {
      const needle = formulaString(c.text);
      if (c.fields.length === 1) return `SEARCH(LOWER(${needle}), LOWER(${field(c.fields[0] as string)}&''))`;
      return `OR(${c.fields.map((name) => `SEARCH(LOWER(${needle}), LOWER(${field(name)}&''))`).join(', ')})`;
    }
    case 'texts-in-any':
      return `OR(${c.texts.flatMap((text) => c.fields.map((name) => `SEARCH(LOWER(${formulaString(text)}), LOWER(${field(name)}&''))`)).join(', ')})`;
    case 'number':
      return `${field(c.field)} ${c.op} ${formulaNumber(c.value)}`;
    case 'text-equals':
      return `LOWER(${field(c.field)}&'') = LOWER(${formulaString(c.text)})`;
    case 'word-in':
      return `SEARCH(LOWER(${formulaString(c.word)}), LOWER(${c.fields.map(field).join(`&' '&`)}))`;
    case 'trimmed-equals':
      return `LOWER(TRIM(${field(c.field)}&'')) = ${formulaString(c.value)}`;
    case 'checked':
      return `${field(c.field)} = TRUE()`;
    case 'any':
      return `OR(${c.of.map(formulaOf).join(', ')})`;
  }
}

/** The formula of a Status filter alone, or null when it keeps every status ('all'). */
export function listingStatusFormula(status: ListingStatusFilter): string | null {
  const condition = statusConditionOf(status);
  return condition === null ? null : formulaOf(condition);
}

/**
 * The filterByFormula of a search; '' when no search filter has a value (then there is nothing to search). A search
 * keeps the listings of the Status filter: for sale only, unless the visitor asked for sold ones or all.
 */
export function listingSearchFormula(filters: ListingSearchFilters): string {
  const conditions = conditionsOf(resolveListingSearch(filters));
  if (conditions.length === 0) return '';
  const status = statusConditionOf(filters.status);
  return `AND(${[...conditions, ...(status === null ? [] : [status])].map(formulaOf).join(', ')})`;
}

/**
 * The formula of the list /active-listings shows: the search's when a search filter has a value, else the Status
 * filter's condition alone (for sale by default), or '' (every listing) for 'All, including sold'.
 */
export function listingListFormula(filters: ListingSearchFilters): string {
  return listingSearchFormula(filters) || (listingStatusFormula(filters.status) ?? '');
}

// ---- against a record's fields (a list already loaded in the browser) ----

/** A field's text as LOWER({field}&'') reads it: nothing for a missing field. */
function fieldText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value).toLowerCase();
}

function matches(c: Condition, fields: Readonly<Record<string, unknown>>): boolean {
  switch (c.kind) {
    case 'text-in-any':
      return c.fields.some((name) => fieldText(fields[name]).includes(c.text));
    case 'texts-in-any':
      return c.texts.some((text) => c.fields.some((name) => fieldText(fields[name]).includes(text)));
    case 'number': {
      const n = toNumber(fields[c.field]);
      return n !== null && (c.op === '<=' ? n <= c.value : n >= c.value);
    }
    case 'text-equals':
      return fieldText(fields[c.field]) === c.text.toLowerCase();
    case 'word-in':
      return c.fields
        .map((name) => fieldText(fields[name]))
        .join(' ')
        .includes(c.word);
    case 'trimmed-equals':
      return fieldText(fields[c.field]).trim() === c.value;
    case 'checked':
      return fields[c.field] === true;
    case 'any':
      return c.of.some((o) => matches(o, fields));
  }
}

/** A record's fields, as the records API returns them (PropertyFields, or a listing's fields). */
type RecordFields = object;
const readable = (fields: RecordFields): Readonly<Record<string, unknown>> => fields as Readonly<Record<string, unknown>>;

/**
 * The search filters (not the Status filter) applied to a record's fields: what listingSearchFormula's search
 * conditions find. The featured page searches its featured properties with it. A listing in the browser keeps
 * 'Description' only when 'Listing Description' is empty (mfe-listings detailFields), so a word found only in a hidden
 * Description is found by the records API's search and not in such a listing's fields.
 */
export function matchesListingSearch(fields: RecordFields, filters: ListingSearchFilters): boolean {
  const f = readable(fields);
  return conditionsOf(resolveListingSearch(filters)).every((c) => matches(c, f));
}

/** The Status filter applied to a record's fields: Status 'Available' (trimmed, any case) by default, 'Sold' for 'sold', any for 'all'. */
export function matchesListingStatus(fields: RecordFields, status: ListingStatusFilter): boolean {
  const condition = statusConditionOf(status);
  return condition === null || matches(condition, readable(fields));
}

/** Every filter, the Status filter included: what listingListFormula of the same filters finds. */
export function matchesListingFilters(fields: RecordFields, filters: ListingSearchFilters): boolean {
  return matchesListingSearch(fields, filters) && matchesListingStatus(fields, filters.status);
}

// ---- the lists of the featured and city pages, and a property page's listing by its slug ----

/** A list's condition: the formula the records API is asked with, and what it keeps read against a record's fields. */
export interface ListingQuery {
  formula: string;
  matches: (fields: RecordFields) => boolean;
}

function queryOf(conditions: readonly Condition[]): ListingQuery {
  const formula = conditions.length === 1 ? formulaOf(conditions[0] as Condition) : `AND(${conditions.map(formulaOf).join(', ')})`;
  return { formula, matches: (fields) => conditions.every((c) => matches(c, readable(fields))) };
}

/**
 * The featured page's list (spec section 2): the featured properties (Featured ticked) whatever their status, and
 * with a search its conditions (not the Status filter: the featured page has none).
 */
export function featuredListingsQuery(filters: ListingSearchFilters = EMPTY_LISTING_SEARCH): ListingQuery {
  return queryOf([{ kind: 'checked', field: 'Featured' }, ...conditionsOf(resolveListingSearch(filters))]);
}

/** A city page's list (spec section 4): City/State equal to the city's label and Status 'Available', both trimmed and in any case. */
export function cityListingsQuery(cityLabel: string): ListingQuery {
  return queryOf([
    { kind: 'trimmed-equals', field: 'City/State', value: cityLabel.trim().toLowerCase() },
    { kind: 'trimmed-equals', field: 'Status', value: 'available' },
  ]);
}

/** A slug as propertySlug makes it: lower-case letters and digits joined by single hyphens. */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The most words of a slug a lookup asks for (the longest; the exact slug is checked in the answer anyway). */
export const SLUG_QUERY_MAX_WORDS = 12;
/** The most characters of one slug word a lookup asks for (its start: still part of the name when the word is). */
const SLUG_QUERY_MAX_WORD = 100;

/** The two lookups of a property by its slug (see propertySlugQueries). */
export interface PropertySlugQueries {
  /** Every word of the slug is part of the Property Name (any case): the name of nearly every listing. */
  words: ListingQuery;
  /** Every word has one of its three pieces in the name: a word the slug rule took characters out of ("Queen's"). */
  pieces: ListingQuery;
}

/** A word cut into up to three pieces of near equal length (one piece for a word of one character). */
function piecesOf(word: string): string[] {
  const n = Math.min(3, word.length);
  const pieces = Array.from({ length: n }, (_, i) => word.slice(Math.floor((i * word.length) / n), Math.floor(((i + 1) * word.length) / n)));
  return [...new Set(pieces)];
}

/**
 * The records that may have the slug `slug` (lower case), found with the public query grammar, which has no way to
 * redo the slug rule in a formula (it drops characters and joins words with hyphens): the slug's words are looked
 * for in the Property Name, and the page keeps the record whose name has exactly this slug (slug.ts, propertySlug).
 *
 *  - `words`: each word of the slug is part of the name, any case. A word of the slug is a word of the name with the
 *    characters the rule drops taken out, so it is part of the name unless one was dropped from its middle.
 *  - `pieces`: for those ("Queen's Quay" is queens-quay; "O'Brien's" is obriens): each word has one of its three
 *    pieces in the name. Characters taken out at k places of a word's middle break at most k of the pieces, so a
 *    piece is whole while they were taken out at one or two places of one word.
 *
 * 'property', the slug of a name without letters or digits, also finds the listings without a name. Null when no
 * name can have this slug (it is not made of lower-case letters, digits and single hyphens): nothing to ask.
 */
export function propertySlugQueries(slug: string): PropertySlugQueries | null {
  if (!SLUG_PATTERN.test(slug)) return null;
  const words = [...new Set(slug.split('-'))]
    .sort((a, b) => b.length - a.length)
    .slice(0, SLUG_QUERY_MAX_WORDS)
    .map((w) => w.slice(0, SLUG_QUERY_MAX_WORD));
  const inName = (text: string): Condition => ({ kind: 'text-in-any', fields: ['Property Name'], text });
  const unnamed: Condition[] = slug === 'property' ? [{ kind: 'trimmed-equals', field: 'Property Name', value: '' }] : [];
  const orUnnamed = (conditions: Condition[]): Condition[] => (unnamed.length === 0 ? conditions : [{ kind: 'any', of: [...conditions, ...unnamed] }]);
  return {
    words: queryOf(orUnnamed(words.map(inName))),
    pieces: queryOf(orUnnamed(words.map((w) => ({ kind: 'any', of: piecesOf(w).map(inName) })))),
  };
}
