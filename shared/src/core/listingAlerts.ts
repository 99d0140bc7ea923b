/**
 * Saved searches and listing alerts, framework-free (the browser's "Alert me" dialog and the server share it):
 *  - the search criteria: the very filters of the listings search (listingSearch.ts, ListingSearchFilters), as the
 *    URL query carries them;
 *  - the request the dialog posts to POST /api/alerts and its validation (400 field errors, same texts both sides);
 *  - the search's formula: the filterByFormula /active-listings sends for those filters (listingSearch.ts builds
 *    both), so an alert finds exactly what the visitor's search finds; the server evaluates it with its own formula
 *    engine;
 *  - the search in words, for staff ('Listing Alerts' in /admin) and for the email n8n sends.
 */
import { formatDecimal, formatPrice } from './format';
import {
  CUSTOM_FILTER_VALUE,
  EMPTY_LISTING_SEARCH,
  FILTER_ON,
  LISTING_SEARCH_KEYS,
  listingListFormula,
  listingSearchFromQuery,
  listingSearchToQuery,
  resolveListingSearch,
  type ListingSearchFilters,
  type ListingStatusFilter,
  type ResolvedListingSearch,
} from './listingSearch';
import { validateField, type FieldErrors } from './validation';

/** How often a visitor hears about new or price-reduced listings: each matcher run, at most daily, at most weekly. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_FREQUENCY_LABELS: Readonly<Record<AlertFrequency, string>> = {
  instant: 'Instant',
  daily: 'Daily',
  weekly: 'Weekly',
};

/** The listings search's Status filter: '' for sale, 'sold' sold only, 'all' every status. */
export type AlertStatus = ListingStatusFilter;

/** The search filters, as the listings search keeps them (every value text, '' when unused). */
export type AlertCriteria = ListingSearchFilters;

/** Every key of the criteria: the search filters, then the Status filter. */
export const ALERT_CRITERIA_KEYS = [...LISTING_SEARCH_KEYS, 'status'] as const satisfies readonly (keyof AlertCriteria)[];

export const EMPTY_ALERT_CRITERIA: AlertCriteria = EMPTY_LISTING_SEARCH;

/** Longest text kept for one filter (the search box's own inputs are shorter than this). */
export const ALERT_CRITERIA_MAX_LENGTH = 200;

/** The body of POST /api/alerts. */
export interface AlertRequest {
  email: string;
  frequency: AlertFrequency;
  criteria: AlertCriteria;
}

export type AlertValidation = { ok: true; value: AlertRequest } | { ok: false; errors: FieldErrors };

export const ALERT_MESSAGES = {
  frequency: 'Please choose how often we should write.',
  criteria: 'This search cannot be saved. Please run the search again and retry.',
} as const;

const EMAIL_RULE = { kind: 'email', label: 'Email', required: true, maxLength: 254 } as const;

/** The message for the email field, or null when it is acceptable (the forms' rule). */
export function alertEmailError(email: unknown): string | null {
  return validateField(EMAIL_RULE, email);
}

export function isAlertFrequency(value: unknown): value is AlertFrequency {
  return typeof value === 'string' && (ALERT_FREQUENCIES as readonly string[]).includes(value);
}

/** A number filter: a plain number (a trailing '+' as in '5+'), or '' — anything else cannot be searched for. */
const NUMBER_TEXT = /^\d+(\.\d+)?\+?$/;

/**
 * Checks and cleans the criteria: every value text (or absent), not too long, numbers readable, the status one of
 * the filter's. A custom value is kept only when its dropdown says 'custom' (as the search's URL keeps it).
 */
export function validateAlertCriteria(input: unknown): { ok: true; value: AlertCriteria } | { ok: false; errors: FieldErrors } {
  if (input === undefined || input === null) return { ok: true, value: { ...EMPTY_ALERT_CRITERIA } };
  if (typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { criteria: ALERT_MESSAGES.criteria } };
  const source = input as Record<string, unknown>;
  const errors: FieldErrors = {};
  const value: AlertCriteria = { ...EMPTY_ALERT_CRITERIA };
  for (const key of ALERT_CRITERIA_KEYS) {
    const raw = source[key];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      errors[`criteria.${key}`] = 'must be text';
      continue;
    }
    const text = String(raw)
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text.length > ALERT_CRITERIA_MAX_LENGTH) {
      errors[`criteria.${key}`] = `must be at most ${ALERT_CRITERIA_MAX_LENGTH} characters`;
      continue;
    }
    if (key === 'status') {
      const status = text.toLowerCase();
      if (status !== '' && status !== 'sold' && status !== 'all') errors['criteria.status'] = 'must be "", "sold" or "all"';
      else value.status = status;
      continue;
    }
    value[key] = text;
  }
  for (const [key, customKey] of [
    ['price', 'priceCustom'],
    ['beds', 'bedsCustom'],
    ['baths', 'bathsCustom'],
    ['sqft', 'sqftCustom'],
  ] as const) {
    if (value[key] !== CUSTOM_FILTER_VALUE) value[customKey] = '';
    const effective = (value[key] === CUSTOM_FILTER_VALUE ? value[customKey] : value[key]).replace(/[$,\s]/g, '');
    if (effective !== '' && !NUMBER_TEXT.test(effective)) errors[`criteria.${value[key] === CUSTOM_FILTER_VALUE ? customKey : key}`] = 'must be a number';
  }
  for (const key of ['minPrice', 'minSqft', 'garage', 'minLot', 'listedWithin'] as const) {
    const effective = value[key].replace(/[$,\s]/g, '');
    if (effective !== '' && !NUMBER_TEXT.test(effective)) errors[`criteria.${key}`] = 'must be a number';
  }
  for (const key of ['waterfront', 'pool', 'ravine'] as const) {
    if (value[key] !== '' && value[key] !== FILTER_ON) errors[`criteria.${key}`] = `must be "" or "${FILTER_ON}"`;
  }
  if (value.propertyType !== CUSTOM_FILTER_VALUE) value.propertyTypeCustom = '';
  return Object.keys(errors).length > 0 ? { ok: false, errors: { criteria: ALERT_MESSAGES.criteria, ...errors } } : { ok: true, value };
}

/** Validates the whole request (email, frequency, criteria); errors by field, as the form endpoints answer them. */
export function validateAlertRequest(input: unknown): AlertValidation {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { _form: 'The request must be a JSON object.' } };
  const source = input as Record<string, unknown>;
  const errors: FieldErrors = {};
  const emailError = alertEmailError(source.email);
  if (emailError) errors.email = emailError;
  if (!isAlertFrequency(source.frequency)) errors.frequency = ALERT_MESSAGES.frequency;
  const criteria = validateAlertCriteria(source.criteria);
  if (!criteria.ok) Object.assign(errors, criteria.errors);
  if (Object.keys(errors).length > 0 || !criteria.ok) return { ok: false, errors };
  return { ok: true, value: { email: String(source.email).trim(), frequency: source.frequency as AlertFrequency, criteria: criteria.value } };
}

// ---- the search: the listings search's own (listingSearch.ts) ----

/** What each filter asks for, null where it asks nothing. */
export type ResolvedAlertSearch = ResolvedListingSearch;

/**
 * What an alert watches: the search's formula, or without any search filter the listings the Status filter keeps
 * (every listing for sale, as /active-listings lists them without a search): the formula of the list
 * /active-listings shows for these filters, and TRUE() where that list is every listing.
 */
export function alertFormula(criteria: AlertCriteria): string {
  return listingListFormula(criteria) || 'TRUE()';
}

/** The search as the listings page's URL query carries it (active-listings?…), without empty values. */
export function alertSearchQuery(criteria: AlertCriteria): string {
  return listingSearchToQuery(criteria).toString();
}

/** The criteria the listings page's URL query holds (the inverse of alertSearchQuery); unknown keys ignored. */
export function alertCriteriaFromQuery(query: string | URLSearchParams): AlertCriteria {
  return listingSearchFromQuery(query);
}

const plural = (n: number, one: string): string => `${formatDecimal(n, 0, 2)}+ ${one}${n === 1 ? '' : 's'}`;

/**
 * The search in words: 'Condo in “Oakville”, up to $1,000,000, 3+ beds, 2+ baths, up to 2,000 sq ft, with
 * “pool”, “ravine” (for sale)'. Every listing for sale without a filter: 'Every listing (for sale)'.
 */
export function describeAlertCriteria(criteria: AlertCriteria): string {
  const s = resolveListingSearch(criteria);
  const parts: string[] = [];
  let head = s.propertyType ?? '';
  if (s.location !== null) head = `${head ? `${head} in` : 'In'} “${s.location}”`;
  if (head) parts.push(head);
  if (s.minPrice !== null && s.maxPrice !== null) parts.push(`${formatPrice(s.minPrice)} to ${formatPrice(s.maxPrice)}`);
  else if (s.minPrice !== null) parts.push(`from ${formatPrice(s.minPrice)}`);
  else if (s.maxPrice !== null) parts.push(`up to ${formatPrice(s.maxPrice)}`);
  if (s.minBeds !== null) parts.push(plural(s.minBeds, 'bed'));
  if (s.minBaths !== null) parts.push(plural(s.minBaths, 'bath'));
  if (s.minSqft !== null && s.maxSqft !== null) parts.push(`${formatDecimal(s.minSqft, 0, 2)} to ${formatDecimal(s.maxSqft, 0, 2)} sq ft`);
  else if (s.minSqft !== null) parts.push(`from ${formatDecimal(s.minSqft, 0, 2)} sq ft`);
  else if (s.maxSqft !== null) parts.push(`up to ${formatDecimal(s.maxSqft, 0, 2)} sq ft`);
  if (s.minGarage !== null) parts.push(plural(s.minGarage, 'garage space'));
  if (s.minLot !== null) parts.push(`lot of ${formatDecimal(s.minLot, 0, 2)}+ acres`);
  if (s.waterfront) parts.push('waterfront');
  if (s.pool) parts.push('with a pool');
  if (s.ravine) parts.push('ravine lot');
  if (s.listedOn !== null) parts.push(`listed in the last ${s.listedOn.length} day${s.listedOn.length === 1 ? '' : 's'}`);
  if (s.keywords !== null) parts.push(`with ${s.keywords.map((w) => `“${w}”`).join(', ')}`);
  const status = criteria.status === '' ? 'for sale' : criteria.status === 'sold' ? 'sold only' : 'sold included';
  return `${parts.length > 0 ? parts.join(', ') : 'Every listing'} (${status})`;
}

// ---- the staff table ----

/** The staff table of saved searches (/admin). Local mode: the server presents its saved searches under this name; Airtable mode: rows in the team's base. */
export const LISTING_ALERTS_TABLE = 'Listing Alerts';
/** Its fields, as the records API and the team's base name them. */
export const LISTING_ALERT_FIELDS = {
  created: 'Received At',
  email: 'Email',
  frequency: 'Frequency',
  search: 'Search',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
} as const;

/** The webhook paths the server posts to n8n for listing alerts (the site sends no email itself). */
export const ALERT_WEBHOOKS = { confirm: 'listing-alert-confirm', alert: 'listing-alert' } as const;

/** The site's endpoints (server): the dialog posts here; the email links open the other two. */
export const ALERT_API = {
  create: '/api/alerts',
  confirm: '/api/alerts/confirm',
  unsubscribe: '/api/alerts/unsubscribe',
} as const;
