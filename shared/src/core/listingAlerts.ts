/**
 * Saved searches and listing alerts, framework-free (the browser's "Alert me" dialog and the server share it):
 *  - the search criteria: the very filters of the listings search (mfe-listings/src/search/filters.ts,
 *    SearchFilters), as the URL query carries them;
 *  - the request the dialog posts to POST /api/alerts and its validation (400 field errors, same texts both sides);
 *  - the search's formula: the same filterByFormula /active-listings sends for those filters
 *    (mfe-listings/src/search/formula.ts; a test there checks the two are equal), so an alert finds exactly what the
 *    visitor's search finds; the server evaluates it with its own formula engine;
 *  - the search in words, for staff ('Listing Alerts' in /admin) and for the email n8n sends.
 */
import { formatDecimal, formatPrice } from './format';
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
export type AlertStatus = '' | 'sold' | 'all';

/** The search filters, as the listings search keeps them (every value text, '' when unused). */
export interface AlertCriteria {
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
  keyword: string;
  status: AlertStatus;
}

export const ALERT_CRITERIA_KEYS = [
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
  'status',
] as const satisfies readonly (keyof AlertCriteria)[];

export const EMPTY_ALERT_CRITERIA: AlertCriteria = Object.freeze({
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

const CUSTOM = 'custom';
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
    if (value[key] !== CUSTOM) value[customKey] = '';
    const effective = (value[key] === CUSTOM ? value[customKey] : value[key]).replace(/[$,\s]/g, '');
    if (effective !== '' && !NUMBER_TEXT.test(effective)) errors[`criteria.${value[key] === CUSTOM ? customKey : key}`] = 'must be a number';
  }
  if (value.propertyType !== CUSTOM) value.propertyTypeCustom = '';
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

// ---- the search as the listings search runs it (mfe-listings/src/search/filters.ts and formula.ts) ----

/** The fields the location text is looked for in. */
export const ALERT_LOCATION_FIELDS = ['Location', 'City/State', 'Postal Code', 'Property ID'] as const;
/** The fields the keyword's words are looked for in. */
export const ALERT_KEYWORD_FIELDS = ['Property Name', 'Address', 'Location', 'City/State', 'Description', 'Listing Description', 'Features'] as const;
const STATUS_WANTED: Readonly<Record<AlertStatus, string | null>> = { '': 'available', sold: 'sold', all: null };

function effective(value: string, custom: string): string {
  return (value === CUSTOM ? custom : value).trim();
}

function numberOf(value: string, custom: string): number | null {
  const raw = effective(value, custom)
    .replace(/\+$/, '')
    .replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n <= Number.MAX_SAFE_INTEGER ? n : null;
}

function keywordWordsOf(keyword: string): string[] {
  return [
    ...new Set(
      keyword
        .toLowerCase()
        .split(/[\s,;]+/u)
        .filter((w) => w !== ''),
    ),
  ];
}

/** What each filter asks for, null where it asks nothing. */
export interface ResolvedAlertSearch {
  location: string | null;
  maxPrice: number | null;
  propertyType: string | null;
  minBeds: number | null;
  minBaths: number | null;
  maxSqft: number | null;
  keywords: string[] | null;
}

export function resolveAlertSearch(c: AlertCriteria): ResolvedAlertSearch {
  const words = keywordWordsOf(c.keyword);
  const location = c.location.replace(/\s+/g, ' ').trim();
  const propertyType = effective(c.propertyType, c.propertyTypeCustom).replace(/\s+/g, ' ');
  return {
    location: location || null,
    maxPrice: numberOf(c.price, c.priceCustom),
    propertyType: propertyType || null,
    minBeds: numberOf(c.beds, c.bedsCustom),
    minBaths: numberOf(c.baths, c.bathsCustom),
    maxSqft: numberOf(c.sqft, c.sqftCustom),
    keywords: words.length > 0 ? words : null,
  };
}

function formulaString(text: string): string {
  return `"${text
    .replace(/[\r\n\t\u2028\u2029]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')}"`;
}

function formulaNumber(n: number): string {
  const text = String(n);
  if (!Number.isFinite(n) || n < 0 || !/^\d+(\.\d+)?$/.test(text)) throw new RangeError(`Not a searchable number: ${n}`);
  return text;
}

const field = (name: string): string => `{${name}}`;

function conditionsOf(s: ResolvedAlertSearch): string[] {
  const conditions: string[] = [];
  if (s.location !== null) {
    const needle = formulaString(s.location.toLowerCase());
    conditions.push(`OR(${ALERT_LOCATION_FIELDS.map((name) => `SEARCH(LOWER(${needle}), LOWER(${field(name)}&''))`).join(', ')})`);
  }
  if (s.maxPrice !== null) conditions.push(`${field('Price')} <= ${formulaNumber(s.maxPrice)}`);
  if (s.propertyType !== null) conditions.push(`LOWER(${field('Property Type')}&'') = LOWER(${formulaString(s.propertyType)})`);
  if (s.minBeds !== null) conditions.push(`${field('Bedrooms')} >= ${formulaNumber(s.minBeds)}`);
  if (s.minBaths !== null) conditions.push(`${field('Bathrooms')} >= ${formulaNumber(s.minBaths)}`);
  if (s.maxSqft !== null) conditions.push(`${field('Size (sq ft)')} <= ${formulaNumber(s.maxSqft)}`);
  if (s.keywords !== null) {
    const haystack = `LOWER(${ALERT_KEYWORD_FIELDS.map(field).join(`&' '&`)})`;
    for (const word of s.keywords) conditions.push(`SEARCH(LOWER(${formulaString(word)}), ${haystack})`);
  }
  return conditions;
}

function statusConditionOf(status: AlertStatus): string | null {
  const wanted = STATUS_WANTED[status];
  return wanted === null ? null : `LOWER(TRIM(${field('Status')}&'')) = ${formulaString(wanted)}`;
}

/** The listings search's filterByFormula for these criteria: '' when no search filter has a value. */
export function alertSearchFormula(criteria: AlertCriteria): string {
  const conditions = conditionsOf(resolveAlertSearch(criteria));
  if (conditions.length === 0) return '';
  const status = statusConditionOf(criteria.status);
  return `AND(${[...conditions, ...(status === null ? [] : [status])].join(', ')})`;
}

/**
 * What an alert watches: the search's formula, or without any search filter the listings the Status filter keeps
 * (every listing for sale, as /active-listings lists them without a search).
 */
export function alertFormula(criteria: AlertCriteria): string {
  return alertSearchFormula(criteria) || statusConditionOf(criteria.status) || 'TRUE()';
}

/** The search as the listings page's URL query carries it (active-listings?…), without empty values. */
export function alertSearchQuery(criteria: AlertCriteria): string {
  const params = new URLSearchParams();
  const pairs: [keyof AlertCriteria, keyof AlertCriteria | null][] = [
    ['location', null],
    ['price', 'priceCustom'],
    ['propertyType', 'propertyTypeCustom'],
    ['beds', 'bedsCustom'],
    ['baths', 'bathsCustom'],
    ['sqft', 'sqftCustom'],
    ['keyword', null],
  ];
  for (const [key, customKey] of pairs) {
    const value = criteria[key].trim();
    if (!value) continue;
    params.set(key, value);
    if (customKey && value === CUSTOM && criteria[customKey].trim()) params.set(customKey, criteria[customKey].trim());
  }
  if (criteria.status) params.set('status', criteria.status);
  return params.toString();
}

/** The criteria the listings page's URL query holds (the inverse of alertSearchQuery); unknown keys ignored. */
export function alertCriteriaFromQuery(query: string | URLSearchParams): AlertCriteria {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const value: AlertCriteria = { ...EMPTY_ALERT_CRITERIA };
  for (const key of ALERT_CRITERIA_KEYS) {
    if (key === 'status') {
      const s = (params.get('status') ?? '').trim().toLowerCase();
      value.status = s === 'sold' || s === 'all' ? s : '';
    } else value[key] = params.get(key) ?? '';
  }
  return value;
}

const plural = (n: number, one: string): string => `${formatDecimal(n, 0, 2)}+ ${one}${n === 1 ? '' : 's'}`;

/**
 * The search in words: 'Condo in “Oakville”, up to $1,000,000, 3+ beds, 2+ baths, up to 2,000 sq ft, with
 * “pool”, “ravine” (for sale)'. Every listing for sale without a filter: 'Every listing (for sale)'.
 */
export function describeAlertCriteria(criteria: AlertCriteria): string {
  const s = resolveAlertSearch(criteria);
  const parts: string[] = [];
  let head = s.propertyType ?? '';
  if (s.location !== null) head = `${head ? `${head} in` : 'In'} “${s.location}”`;
  if (head) parts.push(head);
  if (s.maxPrice !== null) parts.push(`up to ${formatPrice(s.maxPrice)}`);
  if (s.minBeds !== null) parts.push(plural(s.minBeds, 'bed'));
  if (s.minBaths !== null) parts.push(plural(s.minBaths, 'bath'));
  if (s.maxSqft !== null) parts.push(`up to ${formatDecimal(s.maxSqft, 0, 2)} sq ft`);
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
