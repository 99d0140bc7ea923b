/**
 * The rules of rates.ts in words, for the calculators' hints, notes and error messages. Every figure is read from the
 * dated table, so updating a constant there updates what visitors read too (no percentage is typed into the UI).
 */
import { CMHC, ONTARIO_LTT, QUALIFYING, TORONTO_MLTT } from './rates';
import { longDate } from '@gta/shared';
import { formatMoney, formatPercent, formatRate } from './format';

/** '2024-12-15' -> 'December 15, 2024'. */
export function formatIsoDate(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? iso : longDate(d, 'utc');
}

const rule = CMHC.minimumDownPayment;

/** '20%': the down payment at which default insurance is no longer required. */
export const UNINSURED_DOWN = formatPercent(1 - CMHC.requiredAboveLtv);

/** '$1,500,000'. */
export const INSURED_CAP = formatMoney(CMHC.insuredPriceCap);

/** '5% of the first $500,000, 10% of the rest, 20% at $1,500,000 and over'. */
export const MINIMUM_DOWN_RULE = `${formatPercent(rule.firstTierRate)} of the first ${formatMoney(rule.firstTierUpTo)}, ${formatPercent(rule.remainderRate)} of the rest, ${formatPercent(rule.uninsuredRate)} at ${INSURED_CAP} and over`;

/** '20%, as insurance is not available at $1,500,000 and over'. */
export const OVER_CAP_RULE = `${formatPercent(rule.uninsuredRate)}, as insurance is not available at ${INSURED_CAP} and over`;

/** '8%': Ontario's sales tax on the premium. */
export const PREMIUM_SALES_TAX = formatPercent(CMHC.ontarioSalesTaxOnPremium);

/** '0.20%': the premium surcharge for an insured amortization over the standard maximum. */
export const AMORTIZATION_SURCHARGE = formatRate(CMHC.extendedAmortizationSurcharge);

/** 'December 15, 2024'. */
export const INSURED_RULES_SINCE = formatIsoDate(CMHC.insuredRulesEffective);

/** Who may take an insured amortization longer than the standard maximum, and at what cost. */
export const EXTENDED_AMORTIZATION_RULE = `Since ${INSURED_RULES_SINCE}, an insured mortgage amortized over more than ${CMHC.standardMaxAmortizationYears} years (up to ${CMHC.extendedMaxAmortizationYears}) is open only to first-time buyers and buyers of a newly built home, and the premium includes a ${AMORTIZATION_SURCHARGE} surcharge.`;

/** '5.25%', '2%', '39%', '44%'. */
export const FLOOR_RATE = formatPercent(QUALIFYING.floorRate);
export const STRESS_BUFFER = formatPercent(QUALIFYING.stressBuffer);
export const GDS_LIMIT = formatPercent(QUALIFYING.gdsLimit);
export const TDS_LIMIT = formatPercent(QUALIFYING.tdsLimit);

/** 'the greater of your rate plus 2% and 5.25%'. */
export const QUALIFYING_RULE = `the greater of your rate plus ${STRESS_BUFFER} and ${FLOOR_RATE}`;

/** Where Toronto's brackets start to differ from Ontario's: its luxury tiers ($3,000,000 in the current table). */
export const TORONTO_LUXURY_FROM = (() => {
  const k = TORONTO_MLTT.brackets.findIndex((b, i) => b.rate !== ONTARIO_LTT.brackets[i]?.rate);
  return k > 0 ? TORONTO_MLTT.brackets[k - 1]!.upTo : null;
})();
