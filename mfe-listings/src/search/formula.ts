/**
 * The search formula of call 4 (spec sections 5 and 7), a pure module: an AND of conditions, one for each filter
 * that has a value. Location is a case-insensitive substring match over Location, City/State, Postal Code and
 * Property ID; Price <=; Property Type equal (case-insensitive); Bedrooms >=; Bathrooms >=; Size (sq ft) <=.
 * The keyword (the spec's seed read it and ignored it; the listings issue asked for it) is split into words,
 * and every word must be found, case-insensitively, in the name, address, neighbourhood, description or
 * features (KEYWORD_FIELDS). A search lists homes for sale only (Status 'Available') unless the Status filter
 * asks for sold ones or for all: the status condition comes last, and only with a search condition (without
 * one there is no search, and /active-listings reads its list with the status condition alone: buildListFormula).
 * Call 4 is now read a page of 20 at a time in the visitor's order (data/results.ts), not capped at 20.
 *
 * match.ts applies the same rules to listings already loaded; the server evaluates this formula with its
 * own engine (server/src/records/listingSearch.test.ts runs these very formulas over the seeded listings).
 *
 * The visitor's text only ever enters the formula as one string literal made by `formulaString`, which escapes
 * backslashes and double quotes the way Airtable's formula language reads them, so `Oak"ville`, `{Price}` or
 * `"), TRUE(), ("` is searched for as text and can never add a condition or widen the query. Numbers enter only
 * after they were read as finite numbers.
 */
import { resolveSearch, type ResolvedSearch, type SearchFilters, type StatusFilter } from './filters';

/** The fields the location text is looked for in. */
export const LOCATION_FIELDS = ['Location', 'City/State', 'Postal Code', 'Property ID'] as const;

/**
 * The fields the keyword's words are looked for in: the name, the address (street Address and City/State), the
 * neighbourhood (Location), the description (Description and Listing Description: the page shows the second,
 * or the first when it is empty) and the features.
 */
export const KEYWORD_FIELDS = ['Property Name', 'Address', 'Location', 'City/State', 'Description', 'Listing Description', 'Features'] as const;

/** The Status a status filter keeps (lower-case, trimmed), or null when it keeps every status. */
export const STATUS_WANTED: Readonly<Record<StatusFilter, string | null>> = { '': 'available', sold: 'sold', all: null };

/** A double-quoted Airtable string literal holding exactly `text`. Line breaks and tabs become spaces. */
export function formulaString(text: string): string {
  const escaped = text
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');
  return `"${escaped}"`;
}

/** A field reference; only the fixed field names of this module are passed here, never visitor text. */
function field(name: string): string {
  return `{${name}}`;
}

/** A number literal; only finite, non-negative numbers written in plain digits. */
export function formulaNumber(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`Not a searchable number: ${n}`);
  const text = String(n);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a searchable number: ${n}`);
  return text;
}

/** The conditions of a resolved search, in a fixed order. */
export function searchConditions(search: ResolvedSearch): string[] {
  const conditions: string[] = [];
  if (search.location !== null) {
    const needle = formulaString(search.location.toLowerCase());
    const matches = LOCATION_FIELDS.map((name) => `SEARCH(LOWER(${needle}), LOWER(${field(name)}&''))`);
    conditions.push(`OR(${matches.join(', ')})`);
  }
  if (search.maxPrice !== null) conditions.push(`${field('Price')} <= ${formulaNumber(search.maxPrice)}`);
  if (search.propertyType !== null) conditions.push(`LOWER(${field('Property Type')}&'') = LOWER(${formulaString(search.propertyType)})`);
  if (search.minBeds !== null) conditions.push(`${field('Bedrooms')} >= ${formulaNumber(search.minBeds)}`);
  if (search.minBaths !== null) conditions.push(`${field('Bathrooms')} >= ${formulaNumber(search.minBaths)}`);
  if (search.maxSqft !== null) conditions.push(`${field('Size (sq ft)')} <= ${formulaNumber(search.maxSqft)}`);
  if (search.keywords !== null) {
    // the fields as one text, a space between them (a word holds no space, so it cannot match across two fields)
    const haystack = `LOWER(${KEYWORD_FIELDS.map(field).join(`&' '&`)})`;
    for (const word of search.keywords) conditions.push(`SEARCH(LOWER(${formulaString(word)}), ${haystack})`);
  }
  return conditions;
}

/** The condition of a Status filter, or null when it keeps every status. */
export function statusCondition(status: StatusFilter): string | null {
  const wanted = STATUS_WANTED[status];
  return wanted === null ? null : `LOWER(TRIM(${field('Status')}&'')) = ${formulaString(wanted)}`;
}

/**
 * The filterByFormula of a search; '' when no search filter has a value (then there is nothing to search). A
 * search keeps the listings of the Status filter: for sale only, unless the visitor asked for sold ones or all.
 */
export function buildSearchFormula(filters: SearchFilters): string {
  const conditions = searchConditions(resolveSearch(filters));
  if (conditions.length === 0) return '';
  const status = statusCondition(filters.status);
  return `AND(${[...conditions, ...(status === null ? [] : [status])].join(', ')})`;
}

/**
 * The formula of the list /active-listings shows: the search's when a search filter has a value, else the Status
 * filter's condition alone (for sale by default), or '' (every listing) for 'All, including sold'.
 */
export function buildListFormula(filters: SearchFilters): string {
  return buildSearchFormula(filters) || (statusCondition(filters.status) ?? '');
}
