/** Reading what a visitor typed and showing figures: the site's CAD formatter, cents for payments, never NaN. */
import { formatPrice, toNumber } from '@gta/shared';

const cents = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-CA', { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const plainNumber = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 2 });

/** Shown instead of a figure that cannot be computed. */
export const NO_FIGURE = '—';

/** '$1,250,000' (the site's formatPrice); '—' when not a finite number. */
export function formatMoney(value: number): string {
  return Number.isFinite(value) ? formatPrice(Math.round(value)) : NO_FIGURE;
}

/** '$2,326.42' for payments. */
export function formatCents(value: number): string {
  return Number.isFinite(value) ? cents.format(value) : NO_FIGURE;
}

/** 0.0525 -> '5.25%'. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? percent.format(value) : NO_FIGURE;
}

const rate2 = new Intl.NumberFormat('en-CA', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A published rate with two decimals: 0.031 -> '3.10%'. */
export function formatRate(value: number): string {
  return Number.isFinite(value) ? rate2.format(value) : NO_FIGURE;
}

/** 1250000 -> '1,250,000' to put back into an input. */
export function formatInput(value: number): string {
  return Number.isFinite(value) ? plainNumber.format(value) : '';
}

/** A number typed with or without $ and thousands separators; null when blank or not a number. */
export function parseAmount(text: string): number | null {
  const n = toNumber(text.replace(/%/g, ''));
  return n === null || !Number.isFinite(n) ? null : n;
}

/** A percentage typed as '4.79' or '4.79%', returned as a fraction (0.0479); null when blank or not a number. */
export function parsePercent(text: string): number | null {
  const n = parseAmount(text);
  return n === null ? null : n / 100;
}

/** Years like '25'. */
export function formatYears(years: number): string {
  if (!Number.isFinite(years)) return NO_FIGURE;
  const whole = Math.floor(years + 1e-9);
  const months = Math.round((years - whole) * 12);
  if (months === 0 || months === 12) return `${months === 12 ? whole + 1 : whole} years`;
  return `${whole} years ${months} month${months === 1 ? '' : 's'}`;
}
