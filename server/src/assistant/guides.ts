/**
 * Figures the assistant answers from the site's guides: land transfer tax and a mortgage payment, with the same
 * rules as the calculators on /mortgage-calculator: both read them from @gta/shared's core (mortgage/rates.ts,
 * landTransferTax.ts, payment.ts), so the chat and the calculators cannot disagree.
 */
import { MORTGAGE_DEFAULTS, ontarioLtt, regularPayment, roundCents, torontoMltt } from '@gta/shared/core';

/** The calculators' default figures. */
export const PAYMENT_DEFAULTS = {
  price: MORTGAGE_DEFAULTS.price,
  contractRate: MORTGAGE_DEFAULTS.contractRate,
  amortizationYears: MORTGAGE_DEFAULTS.amortizationYears,
  downPaymentShare: MORTGAGE_DEFAULTS.downPaymentShare,
} as const;

export interface LandTransferTax {
  ontario: number;
  toronto: number;
  /** Ontario's, plus Toronto's for a home in the City of Toronto. */
  inToronto: number;
  ontarioFirstTimeRebate: number;
  torontoFirstTimeRebate: number;
}

export function landTransferTax(price: number): LandTransferTax {
  const value = Math.max(0, Number.isFinite(price) ? price : 0);
  const ontario = ontarioLtt(value, true);
  const toronto = torontoMltt(value, true);
  return {
    ontario: ontario.total,
    toronto: toronto.total,
    inToronto: roundCents(ontario.total + toronto.total),
    ontarioFirstTimeRebate: ontario.rebate,
    torontoFirstTimeRebate: toronto.rebate,
  };
}

/** The monthly payment of a fixed-rate Canadian mortgage: compounded semi-annually, not in advance. */
export function monthlyPayment(principal: number, annualRate: number, amortizationYears: number): number {
  return regularPayment(principal, annualRate, amortizationYears, 'monthly');
}
