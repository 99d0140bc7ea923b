/** Mortgage default insurance (pure): minimum down payment, premium by loan-to-value band, Ontario PST on it. */
import { CMHC } from './rates';
import { roundCents } from './payment';

/** The least a buyer must put down: 5 % of the first $500,000, 10 % of the rest; 20 % at $1.5M and over. */
export function minimumDownPayment(price: number): number {
  if (!(price > 0)) return 0;
  const rule = CMHC.minimumDownPayment;
  if (price >= CMHC.insuredPriceCap) return roundCents(price * rule.uninsuredRate);
  const first = Math.min(price, rule.firstTierUpTo) * rule.firstTierRate;
  const rest = Math.max(0, price - rule.firstTierUpTo) * rule.remainderRate;
  return roundCents(first + rest);
}

/**
 * The premium rate of the band the loan-to-value falls in (bands are "up to and including"); 0 above the highest
 * insurable loan-to-value. LTV is compared at 4 decimals (0.1 %-point steps as published: 80.01 % is the next band).
 */
export function premiumRateForLtv(ltv: number): number {
  const l = Math.round(ltv * 10_000) / 10_000;
  for (const band of CMHC.premiumBands) if (l <= band.maxLtv) return band.rate;
  return 0;
}

export type CmhcStatus =
  /** Down payment of 20 % or more: no insurance required. */
  | 'not-required'
  /** Insured: premium added to the loan. */
  | 'insured'
  /** Down payment below the legal minimum for this price. */
  | 'below-minimum'
  /** Price at or above the insured cap and less than 20 % down. */
  | 'not-insurable';

export interface CmhcInput {
  price: number;
  downPayment: number;
  amortizationYears: number;
}

export interface CmhcResult {
  status: CmhcStatus;
  minimumDown: number;
  /** Loan before the premium. */
  loan: number;
  ltv: number;
  downShare: number;
  premiumRate: number;
  /** The 0.20 % surcharge for more than 25 years, included in premiumRate. */
  surcharge: number;
  premium: number;
  /** Ontario sales tax on the premium, due in cash at closing (not financed). */
  salesTax: number;
  /** Loan plus premium. */
  totalMortgage: number;
  /** True when the amortization exceeds 25 years on an insured loan (first-time buyers and new builds only). */
  extendedAmortization: boolean;
}

export function calculateCmhc({ price, downPayment, amortizationYears }: CmhcInput): CmhcResult {
  const p = Math.max(0, price);
  const down = Math.min(Math.max(0, downPayment), p);
  const loan = roundCents(p - down);
  const ltv = p > 0 ? loan / p : 0;
  const downShare = p > 0 ? down / p : 0;
  const minimumDown = minimumDownPayment(p);
  const base = { minimumDown, loan, ltv, downShare, premiumRate: 0, surcharge: 0, premium: 0, salesTax: 0, totalMortgage: loan, extendedAmortization: false };
  if (p === 0 || roundCents(down) < minimumDown) return { ...base, status: 'below-minimum' };
  if (Math.round(ltv * 10_000) / 10_000 <= CMHC.requiredAboveLtv) return { ...base, status: 'not-required' };
  if (p >= CMHC.insuredPriceCap) return { ...base, status: 'not-insurable' };
  const extendedAmortization = amortizationYears > CMHC.standardMaxAmortizationYears;
  const surcharge = extendedAmortization ? CMHC.extendedAmortizationSurcharge : 0;
  const premiumRate = premiumRateForLtv(ltv) + surcharge;
  const premium = roundCents(loan * premiumRate);
  return {
    ...base,
    status: 'insured',
    premiumRate,
    surcharge,
    premium,
    salesTax: roundCents(premium * CMHC.ontarioSalesTaxOnPremium),
    totalMortgage: roundCents(loan + premium),
    extendedAmortization,
  };
}
