/** Reading what a visitor typed and showing figures: the site's CAD formatter, cents for payments, never NaN. */
// no Intl here: the shared formatters write en-CA's figures without loading ICU's locale data (shared format.ts)
import { formatDecimal, formatDollars, formatPercentage, formatPrice, toNumber } from '@gta/shared';

/** Shown instead of a figure that cannot be computed. */
export const NO_FIGURE = '—';

/** '$1,250,000' (the site's formatPrice); '—' when not a finite number. */
export function formatMoney(value: number): string {
  return Number.isFinite(value) ? formatPrice(Math.round(value)) : NO_FIGURE;
}

/** '$2,326.42' for payments. */
export function formatCents(value: number): string {
  return Number.isFinite(value) ? formatDollars(value, 2) : NO_FIGURE;
}

/** 0.0525 -> '5.25%'. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? formatPercentage(value) : NO_FIGURE;
}

/** A published rate with two decimals: 0.031 -> '3.10%'. */
export function formatRate(value: number): string {
  return Number.isFinite(value) ? formatPercentage(value, 2, 2) : NO_FIGURE;
}

/** 1250000 -> '1,250,000' to put back into an input. */
export function formatInput(value: number): string {
  return Number.isFinite(value) ? formatDecimal(value, 0, 2) : '';
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
