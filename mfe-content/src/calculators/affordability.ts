/**
 * Affordability (pure): the largest price a household qualifies for under the GDS and TDS limits at the stress-test
 * qualifying rate, given its down payment (with the insurance premium added to the loan below 20 % down).
 */
import { CMHC, QUALIFYING } from './rates';
import { periodicRate, presentValue, roundCents } from './payment';
import { minimumDownPayment, premiumRateForLtv } from './cmhc';

export interface AffordabilityInput {
  /** Gross annual household income. */
  annualIncome: number;
  /** Other monthly debt payments (car, loans, 3 % of card and line-of-credit balances). */
  monthlyDebts: number;
  downPayment: number;
  /** Contract rate, as a fraction. */
  annualRate: number;
  amortizationYears: number;
  annualPropertyTax: number;
  monthlyHeating: number;
  monthlyCondoFees: number;
}

export type BindingLimit = 'GDS' | 'TDS';

export interface AffordabilityResult {
  qualifyingRate: number;
  /** True when the 5.25 % floor is higher than contract + 2 %. */
  floorApplies: boolean;
  monthlyIncome: number;
  housingCosts: number;
  /** Largest P&I payment each ratio allows (may be negative when costs alone exceed the limit). */
  gdsRoom: number;
  tdsRoom: number;
  binding: BindingLimit;
  maxPayment: number;
  /** Largest mortgage (premium included) the payment carries at the qualifying rate. */
  maxMortgage: number;
  /** Largest price the down payment covers under the minimum down payment rules. */
  priceLimitByDownPayment: number;
  maxPrice: number;
  /** True when the amortization is over 25 years on an insured mortgage (first-time buyers and new builds only, with the surcharge). */
  extendedAmortization: boolean;
  /** What stops the price going higher. */
  limitedBy: 'income' | 'down-payment';
  loan: number;
  premium: number;
  /** Payment at the contract rate on the mortgage for the maximum price. */
  contractPayment: number;
  gdsAtMax: number;
  tdsAtMax: number;
}

export function qualifyingRate(contractRate: number): number {
  return Math.max(contractRate + QUALIFYING.stressBuffer, QUALIFYING.floorRate);
}

/** Largest price whose minimum down payment the buyer's down payment meets. */
export function priceLimitByDownPayment(down: number): number {
  if (!(down > 0)) return 0;
  const r = CMHC.minimumDownPayment;
  const firstTierMax = r.firstTierUpTo * r.firstTierRate; // $25,000 buys $500,000
  const insured = down <= firstTierMax ? down / r.firstTierRate : r.firstTierUpTo + (down - firstTierMax) / r.remainderRate;
  // insurance stops just below the cap; at and above it 20 % of the whole price is needed
  const insuredLimit = Math.min(insured, CMHC.insuredPriceCap - 1);
  return Math.max(insuredLimit, down / r.uninsuredRate);
}

/**
 * The loan, premium included, needed to buy at `price` with `down` (premium only above 80 % loan-to-value), with the
 * 0.20 % surcharge of an insured amortization over 25 years, as the Payment and CMHC tabs (cmhc.ts) apply it.
 */
export function financedAmount(
  price: number,
  down: number,
  amortizationYears: number = CMHC.standardMaxAmortizationYears,
): { loan: number; premium: number; total: number } {
  const loan = Math.max(0, price - down);
  const ltv = price > 0 ? loan / price : 0;
  const insured = Math.round(ltv * 10_000) / 10_000 > CMHC.requiredAboveLtv && price < CMHC.insuredPriceCap;
  const surcharge = amortizationYears > CMHC.standardMaxAmortizationYears ? CMHC.extendedAmortizationSurcharge : 0;
  const premium = insured ? loan * (premiumRateForLtv(ltv) + surcharge) : 0;
  return { loan, premium, total: loan + premium };
}

export function calculateAffordability(input: AffordabilityInput): AffordabilityResult {
  const monthlyIncome = Math.max(0, input.annualIncome) / 12;
  const housingCosts =
    Math.max(0, input.annualPropertyTax) / 12 + Math.max(0, input.monthlyHeating) + QUALIFYING.condoFeeShare * Math.max(0, input.monthlyCondoFees);
  const gdsRoom = QUALIFYING.gdsLimit * monthlyIncome - housingCosts;
  const tdsRoom = QUALIFYING.tdsLimit * monthlyIncome - housingCosts - Math.max(0, input.monthlyDebts);
  const binding: BindingLimit = tdsRoom < gdsRoom ? 'TDS' : 'GDS';
  const maxPayment = Math.max(0, Math.min(gdsRoom, tdsRoom));
  const qRate = qualifyingRate(input.annualRate);
  const n = Math.round(input.amortizationYears * 12);
  const maxMortgage = presentValue(maxPayment, periodicRate(qRate, 12), n);
  const down = Math.max(0, input.downPayment);
  const byDown = priceLimitByDownPayment(down);

  // the financed amount grows with the price, so the largest price it fits is found by bisection
  let lo = down;
  let hi = Math.max(down, byDown);
  if (financedAmount(hi, down, input.amortizationYears).total <= maxMortgage) {
    lo = hi;
  } else {
    for (let k = 0; k < 80; k++) {
      const mid = (lo + hi) / 2;
      if (financedAmount(mid, down, input.amortizationYears).total <= maxMortgage) lo = mid;
      else hi = mid;
    }
  }
  const maxPrice = Math.floor(lo);
  const limitedBy: AffordabilityResult['limitedBy'] = maxPrice >= Math.floor(byDown) ? 'down-payment' : 'income';
  const f = financedAmount(maxPrice, down, input.amortizationYears);
  const contractPayment = presentValueInverse(f.total, input.annualRate, n);
  const qualifyingPayment = presentValueInverse(f.total, qRate, n);
  return {
    qualifyingRate: qRate,
    floorApplies: input.annualRate + QUALIFYING.stressBuffer < QUALIFYING.floorRate,
    monthlyIncome,
    housingCosts,
    gdsRoom,
    tdsRoom,
    binding,
    maxPayment,
    maxMortgage: roundCents(maxMortgage),
    priceLimitByDownPayment: byDown,
    maxPrice,
    limitedBy,
    extendedAmortization: f.premium > 0 && input.amortizationYears > CMHC.standardMaxAmortizationYears,
    loan: roundCents(f.loan),
    premium: roundCents(f.premium),
    contractPayment: roundCents(contractPayment),
    gdsAtMax: monthlyIncome > 0 ? (qualifyingPayment + housingCosts) / monthlyIncome : 0,
    tdsAtMax: monthlyIncome > 0 ? (qualifyingPayment + housingCosts + Math.max(0, input.monthlyDebts)) / monthlyIncome : 0,
  };
}

function presentValueInverse(principal: number, annualRate: number, periods: number): number {
  if (principal <= 0 || periods <= 0) return 0;
  const i = periodicRate(annualRate, 12);
  return i === 0 ? principal / periods : (principal * i) / (1 - Math.pow(1 + i, -periods));
}

export { minimumDownPayment };
