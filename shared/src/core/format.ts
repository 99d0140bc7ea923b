/** Display formatters of spec section 9. */

const EMPTY_MARKERS = new Set(['', 'not specified', 'undefined', 'null', 'n/a']);

/** True for values the site shows as 'N/A' / 'Not specified': null, undefined, blank, 'Not specified'. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  if (typeof value === 'string') return EMPTY_MARKERS.has(value.trim().toLowerCase());
  return false;
}

/** Reads a number from a number or numeric text ('1,250,000', '$899,000'); null when there is none. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || isBlank(value)) return null;
  const cleaned = value.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/*
 * Figures and dates are written out here instead of with Intl: a page's first Intl call makes Chromium load ICU's
 * locale data, 40 to 140 ms on a slow phone, inside the long task that starts the page (docs/performance.md). The
 * output is en-CA's, character for character (format.test.ts compares them with Intl).
 */

/** The shortest decimal form of a non-negative number rounded to `digits` decimals, half away from zero, as Intl does. */
function roundedDecimal(abs: number, digits: number): string {
  const shortest = String(abs);
  // 1.005 is stored just below 1.005: shifting its decimal form ('1.005e2' = 100.5) rounds what the visitor sees
  if (/e/i.test(shortest)) return abs.toFixed(digits);
  return Number(`${Math.round(Number(`${shortest}e${digits}`))}e-${digits}`).toFixed(digits);
}

/**
 * '1,234,567.89': thousands separated by commas, at least `minFraction` and at most `maxFraction` decimals (trailing
 * zeros past the minimum dropped). A negative number that rounds to zero is shown as 0.
 */
export function formatDecimal(value: number, minFraction = 0, maxFraction = Math.max(minFraction, 0)): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', decimals = ''] = roundedDecimal(Math.abs(value), maxFraction).split('.');
  let fraction = decimals.replace(/0+$/, '');
  if (fraction.length < minFraction) fraction = fraction.padEnd(minFraction, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = fraction ? `${grouped}.${fraction}` : grouped;
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** '$1,250,000', or '-$1,250' below zero, with `minFraction` to `maxFraction` decimals (none by default). */
export function formatDollars(value: number, minFraction = 0, maxFraction = minFraction): string {
  const text = formatDecimal(value, minFraction, maxFraction);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** A fraction as a percentage: 0.0525 -> '5.25%' (the decimal point moved on the number's decimal form, not by * 100). */
export function formatPercentage(fraction: number, minFraction = 0, maxFraction = 2): string {
  if (!Number.isFinite(fraction)) return String(fraction);
  const shortest = String(fraction);
  const hundredths = /e/i.test(shortest) ? fraction * 100 : Number(`${shortest}e2`);
  return `${formatDecimal(hundredths, minFraction, maxFraction)}%`;
}

/** '$1,250,000' (CAD, en-CA, no decimals); 'N/A' when empty or 'Not specified'. */
export function formatPrice(value: unknown): string {
  const n = toNumber(value);
  return n === null ? 'N/A' : formatDollars(n);
}

/** '12,500' with thousands separators; 'N/A' when empty or 'Not specified'. Text that is not a number is shown as is. */
export function formatNumber(value: unknown): string {
  if (isBlank(value)) return 'N/A';
  const n = toNumber(value);
  if (n === null) return String(value);
  return formatDecimal(n, 0, 2);
}

/** Size in thousands with one decimal plus K: 2450 -> '2.5K'; 'N/A' when empty. */
export function formatSizeK(value: unknown): string {
  const n = toNumber(value);
  if (n === null) return 'N/A';
  // round in tenths of a thousand first: (850 / 1000).toFixed(1) would give 0.8 (binary 0.85 is just below)
  return `${(Math.round(n / 100) / 10).toFixed(1)}K`;
}

/** A text value, or 'N/A' when empty or 'Not specified'. */
export function displayValue(value: unknown, fallback = 'N/A'): string {
  if (isBlank(value)) return fallback;
  return typeof value === 'number' ? formatNumber(value) : String(value).trim();
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** 'March 14, 2026' for a date's calendar day in the page's time zone, or in UTC. */
export function longDate(date: Date, zone: 'local' | 'utc' = 'local'): string {
  return zone === 'utc'
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** Short month and day: '2026-03-14' -> 'Mar 14'. Invalid or empty dates give 'N/A'. */
export function formatShortDate(value: unknown): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return 'N/A';
  const text = String(value);
  // date-only strings are calendar dates: read them as such, not as UTC midnight shifted into a time zone
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(text);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}`;
}

/** A long date for detail pages: 'March 14, 2026'. */
export function formatLongDate(value: unknown): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return 'Not specified';
  const text = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(text);
  if (Number.isNaN(date.getTime())) return 'Not specified';
  return longDate(date);
}
