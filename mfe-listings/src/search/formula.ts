/**
 * The search formula of call 4 (spec sections 5 and 7), a pure module: an AND of conditions, one for each filter
 * that has a value. Location is a case-insensitive substring match over Location, City/State, Postal Code and
 * Property ID; Price <=; Property Type equal (case-insensitive); Bedrooms >=; Bathrooms >=; Size (sq ft) <=.
 *
 * The visitor's text only ever enters the formula as one string literal made by `formulaString`, which escapes
 * backslashes and double quotes the way Airtable's formula language reads them, so `Oak"ville`, `{Price}` or
 * `"), TRUE(), ("` is searched for as text and can never add a condition or widen the query. Numbers enter only
 * after they were read as finite numbers.
 */
import { resolveSearch, type ResolvedSearch, type SearchFilters } from './filters';

/** The fields the location text is looked for in. */
export const LOCATION_FIELDS = ['Location', 'City/State', 'Postal Code', 'Property ID'] as const;

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
  return conditions;
}

/** The filterByFormula of a search; '' when no filter has a value (then there is nothing to search). */
export function buildSearchFormula(filters: SearchFilters): string {
  const conditions = searchConditions(resolveSearch(filters));
  return conditions.length === 0 ? '' : `AND(${conditions.join(', ')})`;
}
