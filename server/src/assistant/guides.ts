/**
 * Figures the assistant answers from the site's guides: land transfer tax and a mortgage payment, computed with the
 * same rules as the calculators on /mortgage-calculator (mfe-content/src/calculators: rates.ts, landTransferTax.ts,
 * payment.ts). The server cannot import a remote's source, so the brackets and defaults are repeated here;
 * guides.test.ts checks them against the calculators' own functions, so a change there fails here until copied.
 */

export interface TaxBracket {
  /** Inclusive upper bound; null for the open top bracket. */
  upTo: number | null;
  rate: number;
}

/** Ontario land transfer tax (one or two single-family residences), from 2017-01-01. */
export const ONTARIO_LTT_BRACKETS: readonly TaxBracket[] = [
  { upTo: 55_000, rate: 0.005 },
  { upTo: 250_000, rate: 0.01 },
  { upTo: 400_000, rate: 0.015 },
  { upTo: 2_000_000, rate: 0.02 },
  { upTo: null, rate: 0.025 },
];
export const ONTARIO_FIRST_TIME_REBATE = 4_000;

/** City of Toronto municipal land transfer tax, from 2026-04-01. */
export const TORONTO_MLTT_BRACKETS: readonly TaxBracket[] = [
  { upTo: 55_000, rate: 0.005 },
  { upTo: 250_000, rate: 0.01 },
  { upTo: 400_000, rate: 0.015 },
  { upTo: 2_000_000, rate: 0.02 },
  { upTo: 3_000_000, rate: 0.025 },
  { upTo: 4_000_000, rate: 0.044 },
  { upTo: 5_000_000, rate: 0.0545 },
  { upTo: 10_000_000, rate: 0.065 },
  { upTo: 20_000_000, rate: 0.0755 },
  { upTo: null, rate: 0.086 },
];
export const TORONTO_FIRST_TIME_REBATE = 4_475;

/** The calculators' default figures (rates.ts DEFAULTS). */
export const PAYMENT_DEFAULTS = { price: 1_250_000, contractRate: 0.0449, amortizationYears: 25, downPaymentShare: 0.2 } as const;

/** Rounds to cents, half away from zero (as the calculators do). */
export function roundCents(value: number): number {
  return (Math.sign(value) * Math.round(Math.abs(value) * 100 + Number.EPSILON)) / 100;
}

/** Marginal tax: each bracket's rate on the part of the price inside it, each bracket rounded to cents. */
export function bracketTax(price: number, brackets: readonly TaxBracket[]): number {
  const value = Math.max(0, Number.isFinite(price) ? price : 0);
  let from = 0;
  let total = 0;
  for (const b of brackets) {
    const top = b.upTo ?? Infinity;
    total += roundCents(Math.max(0, Math.min(value, top) - from) * b.rate);
    from = top;
  }
  return roundCents(total);
}

export interface LandTransferTax {
  ontario: number;
  toronto: number;
  /** Ontario's, plus Toronto's for a home in the City of Toronto. */
  inToronto: number;
  ontarioFirstTimeRebate: number;
  torontoFirstTimeRebate: number;
}

export function landTransferTax(price: number): LandTransferTax {
  const ontario = bracketTax(price, ONTARIO_LTT_BRACKETS);
  const toronto = bracketTax(price, TORONTO_MLTT_BRACKETS);
  return {
    ontario,
    toronto,
    inToronto: roundCents(ontario + toronto),
    ontarioFirstTimeRebate: Math.min(ONTARIO_FIRST_TIME_REBATE, ontario),
    torontoFirstTimeRebate: Math.min(TORONTO_FIRST_TIME_REBATE, toronto),
  };
}

/** The monthly payment of a fixed-rate Canadian mortgage: compounded semi-annually, not in advance. */
export function monthlyPayment(principal: number, annualRate: number, amortizationYears: number): number {
  if (principal <= 0 || amortizationYears <= 0) return 0;
  const periods = Math.round(amortizationYears * 12);
  const i = Math.pow(1 + annualRate / 2, 2 / 12) - 1;
  if (i === 0) return roundCents(principal / periods);
  return roundCents((principal * i) / (1 - Math.pow(1 + i, -periods)));
}
