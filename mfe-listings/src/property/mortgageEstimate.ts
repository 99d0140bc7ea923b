/**
 * The monthly payment shown on a property page: a rough figure with its assumptions stated, linking to the payment
 * calculator (content remote) for the real work. The arithmetic and the defaults are the calculators' own, from
 * @gta/shared's mortgage rules (Canadian fixed rate: interest compounded semi-annually, not in advance), so the
 * figure is the one the payment calculator shows for this price: 20 % down (no default insurance), the default rate,
 * 25 years.
 */
import { MORTGAGE_DEFAULTS, regularPayment } from '@gta/shared/mortgage';

export const ESTIMATE_ASSUMPTIONS = {
  /** 20 % down: no mortgage default insurance (CMHC) to add. */
  downPaymentShare: MORTGAGE_DEFAULTS.downPaymentShare,
  /** The payment calculator's default five-year fixed rate. */
  annualRate: MORTGAGE_DEFAULTS.contractRate,
  amortizationYears: MORTGAGE_DEFAULTS.amortizationYears,
} as const;

export interface PaymentEstimate {
  price: number;
  downPayment: number;
  mortgage: number;
  monthly: number;
}

/** The estimate for a price (null for a listing without one). */
export function paymentEstimate(price: number | null): PaymentEstimate | null {
  if (price === null || !Number.isFinite(price) || price <= 0) return null;
  const { downPaymentShare, annualRate, amortizationYears } = ESTIMATE_ASSUMPTIONS;
  const downPayment = Math.round(price * downPaymentShare * 100) / 100;
  const mortgage = Math.round((price - downPayment) * 100) / 100;
  return { price, downPayment, mortgage, monthly: regularPayment(mortgage, annualRate, amortizationYears, 'monthly') };
}

/** The payment calculator with this price filled in. */
export function paymentCalculatorPath(price: number): string {
  return `/mortgage-calculator?tab=payment&price=${Math.round(price)}`;
}
