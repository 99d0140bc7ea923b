/**
 * The monthly payment shown on a property page: a rough figure with its assumptions stated, linking to the payment
 * calculator (content remote) for the real work. The calculators' own arithmetic lives in mfe-content, which this
 * remote may not import; this is the same formula for the one case shown (Canadian fixed rate: interest compounded
 * semi-annually, not in advance, so the monthly rate is (1 + r/2)^(1/6) - 1), and the same assumptions as the
 * payment calculator's defaults, so the figure matches what the calculator shows for this price.
 */

export const ESTIMATE_ASSUMPTIONS = {
  /** 20 % down: no mortgage default insurance (CMHC) to add. */
  downPaymentShare: 0.2,
  /** The payment calculator's default five-year fixed rate (mfe-content calculators/rates.ts DEFAULTS.contractRate). */
  annualRate: 0.0449,
  amortizationYears: 25,
} as const;

/** The monthly payment, to the cent, that repays `principal` over `years` at a nominal annual rate compounded semi-annually. */
export function monthlyPayment(principal: number, annualRate: number, years: number): number {
  if (!(principal > 0) || !(years > 0)) return 0;
  const n = Math.round(years * 12);
  const i = Math.pow(1 + annualRate / 2, 2 / 12) - 1;
  const exact = i === 0 ? principal / n : (principal * i) / (1 - Math.pow(1 + i, -n));
  return Math.round(exact * 100) / 100;
}

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
  return { price, downPayment, mortgage, monthly: monthlyPayment(mortgage, annualRate, amortizationYears) };
}

/** The payment calculator with this price filled in. */
export function paymentCalculatorPath(price: number): string {
  return `/mortgage-calculator?tab=payment&price=${Math.round(price)}`;
}
