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

const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
const plain = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 2 });

/** '$1,250,000' (CAD, en-CA, no decimals); 'N/A' when empty or 'Not specified'. */
export function formatPrice(value: unknown): string {
  const n = toNumber(value);
  return n === null ? 'N/A' : cad.format(n);
}

/** '12,500' with thousands separators; 'N/A' when empty or 'Not specified'. Text that is not a number is shown as is. */
export function formatNumber(value: unknown): string {
  if (isBlank(value)) return 'N/A';
  const n = toNumber(value);
  if (n === null) return String(value);
  return plain.format(n);
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

/** Short month and day: '2026-03-14' -> 'Mar 14'. Invalid or empty dates give 'N/A'. */
export function formatShortDate(value: unknown): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return 'N/A';
  const text = String(value);
  // date-only strings are calendar dates: read them as such, not as UTC midnight shifted into a time zone
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(text);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleDateString('en-CA', { month: 'short', day: 'numeric' });
}

/** A long date for detail pages: 'March 14, 2026'. */
export function formatLongDate(value: unknown): string {
  if (isBlank(value) || (typeof value !== 'string' && typeof value !== 'number')) return 'Not specified';
  const text = String(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(text);
  if (Number.isNaN(date.getTime())) return 'Not specified';
  return date.toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric' });
}
