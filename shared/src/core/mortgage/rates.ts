/**
 * EVERY constant the five mortgage calculators use, in one dated table.
 *
 * To update: change the figure, the `effective` date of the block, its `sources` (name, address, the day you checked
 * it) and `RATES_CHECKED_ON`, then run `npx jest -c mfe-content/jest.config.cjs calculators` — the tests recompute the
 * worked examples of the public sources and tell you which ones moved.
 *
 * Amounts are Canadian dollars, rates are fractions (0.02 = 2 %). A bracket's `upTo` is inclusive ("up to and
 * including"); `null` means "and above".
 */

export const RATES_CHECKED_ON = '2026-11-22';

export interface RateSource {
  name: string;
  url: string;
  checked: string;
}

export interface TaxBracket {
  /** Upper bound of the bracket, inclusive; null for the open top bracket. */
  upTo: number | null;
  rate: number;
}

export interface PremiumBand {
  /** Loan-to-value upper bound, inclusive (0.65 = "up to and including 65 %"). */
  maxLtv: number;
  rate: number;
}

/** Mortgage default insurance (CMHC; Sagen and Canada Guaranty publish the same schedule). */
export const CMHC = {
  effective: '2017-03-17',
  /** Premium on the total loan amount, purchase, traditional down payment, amortization up to 25 years. */
  premiumBands: [
    { maxLtv: 0.65, rate: 0.006 },
    { maxLtv: 0.75, rate: 0.017 },
    { maxLtv: 0.8, rate: 0.024 },
    { maxLtv: 0.85, rate: 0.028 },
    { maxLtv: 0.9, rate: 0.031 },
    { maxLtv: 0.95, rate: 0.04 },
  ] satisfies PremiumBand[],
  /** Insurance is required by federally regulated lenders only above this loan-to-value (down payment under 20 %). */
  requiredAboveLtv: 0.8,
  /** Highest insurable loan-to-value (5 % down). */
  maxInsurableLtv: 0.95,
  /** Added to the premium rate when an insured loan is amortized over more than 25 years (CMHC, from 2024-08-01). */
  extendedAmortizationSurcharge: 0.002,
  standardMaxAmortizationYears: 25,
  /** When the current insured-mortgage rules (price cap, 30-year amortization) took effect. */
  insuredRulesEffective: '2024-12-15',
  /** Since 2024-12-15: first-time buyers (any home) and buyers of new builds may take 30 years on an insured loan. */
  extendedMaxAmortizationYears: 30,
  /** Since 2024-12-15: insured mortgages only for a purchase price below $1.5M (was $1M). */
  insuredPriceCap: 1_500_000,
  minimumDownPayment: {
    /** 5 % on the first $500,000 of the price ... */
    firstTierUpTo: 500_000,
    firstTierRate: 0.05,
    /** ... 10 % on the part above $500,000 (up to the insured price cap) ... */
    remainderRate: 0.1,
    /** ... and 20 % of the whole price at or above the cap, where insurance is unavailable. */
    uninsuredRate: 0.2,
  },
  /** Ontario retail sales tax on the insurance premium: paid in cash at closing, cannot be added to the loan. */
  ontarioSalesTaxOnPremium: 0.08,
  sources: [
    {
      name: 'CMHC, Premium information for homeowner and small rental loans (premium schedule; provincial sales tax on the premium cannot be added to the loan)',
      url: 'https://www.cmhc-schl.gc.ca/en/hoficlincl/moloin/hopr/hopr_007.cfm',
      checked: '2026-11-22',
    },
    {
      name: 'CMHC premium increase effective March 17, 2017 (0.60 / 1.70 / 2.40 / 2.80 / 3.10 / 4.00 %), as republished by The Wilson Team',
      url: 'https://wilsonteam.ca/increase-cmhc-insurance-fees',
      checked: '2026-11-22',
    },
    {
      name: 'Government of Canada mortgage rules effective December 15, 2024 ($1.5M insured cap; 30-year amortization for first-time buyers and new builds), summarized by Craig Barton and Mortgage Mom',
      url: 'https://craigbarton.ca/?p=1394',
      checked: '2026-11-22',
    },
    {
      name: 'CMHC 0.20 % surcharge for insured amortizations over 25 up to 30 years (Lisa Belanger Mortgages summary)',
      url: 'https://www.lisabelangermortgages.com/post/new-mortgage-rules-30-year-amortizations-higher-insured-caps-how-to-use-them-wisely',
      checked: '2026-11-22',
    },
    {
      name: 'nesto, PST on mortgage default insurance (Ontario 8 %, cash at closing)',
      url: 'https://www.nesto.ca/guides/provincial-sales-tax-pst-on-mortgage-default-insurance/',
      checked: '2026-11-22',
    },
  ] satisfies RateSource[],
} as const;

/** Ontario land transfer tax, a property with one or two single-family residences. */
export const ONTARIO_LTT = {
  effective: '2017-01-01',
  brackets: [
    { upTo: 55_000, rate: 0.005 },
    { upTo: 250_000, rate: 0.01 },
    { upTo: 400_000, rate: 0.015 },
    { upTo: 2_000_000, rate: 0.02 },
    { upTo: null, rate: 0.025 },
  ] satisfies TaxBracket[],
  /** First-time homebuyer refund, at most (covers the full tax up to $368,333). */
  firstTimeBuyerMaxRebate: 4_000,
  sources: [
    {
      name: 'Ontario Ministry of Finance land transfer tax rates, as listed by Simplus Law and Wise Law',
      url: 'http://www.simpluslaw.com/land-transfer-tax',
      checked: '2026-11-22',
    },
    {
      name: 'Ontario LTT table by price ($500,000 → $6,475), J. Scott Wilson',
      url: 'http://yourhome-downtown.com/4a_custpage_24687.html',
      checked: '2026-11-22',
    },
    {
      name: 'Ontario first-time homebuyer refund, maximum $4,000 from 2017-01-01',
      url: 'https://www.jacquesrobert.com/land-transfer-tax-rebate-ontario/',
      checked: '2026-11-22',
    },
  ] satisfies RateSource[],
} as const;

/** City of Toronto municipal land transfer tax (MLTT), one or two single-family residences; on top of Ontario's. */
export const TORONTO_MLTT = {
  effective: '2026-04-01',
  brackets: [
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
  ] satisfies TaxBracket[],
  /** The luxury tiers in force from 2024-01-01 to 2026-03-31 (kept for transactions registered then, and the tests). */
  previous: {
    effective: '2024-01-01',
    until: '2026-03-31',
    brackets: [
      { upTo: 55_000, rate: 0.005 },
      { upTo: 250_000, rate: 0.01 },
      { upTo: 400_000, rate: 0.015 },
      { upTo: 2_000_000, rate: 0.02 },
      { upTo: 3_000_000, rate: 0.025 },
      { upTo: 4_000_000, rate: 0.035 },
      { upTo: 5_000_000, rate: 0.045 },
      { upTo: 10_000_000, rate: 0.055 },
      { upTo: 20_000_000, rate: 0.065 },
      { upTo: null, rate: 0.075 },
    ] satisfies TaxBracket[],
  },
  /** First-time purchaser rebate, at most (covers the full MLTT up to $400,000). */
  firstTimeBuyerMaxRebate: 4_475,
  sources: [
    {
      name: 'City of Toronto, MLTT rates and fees (rates as of April 1, 2026: 4.40 / 5.45 / 6.50 / 7.55 / 8.60 % above $3M; council 2025-12-17, item EX28.1)',
      url: 'https://www.toronto.ca/services-payments/property-taxes-utilities/municipal-land-transfer-tax-mltt/municipal-land-transfer-tax-mltt-rates-and-fees',
      checked: '2026-11-22',
    },
    {
      name: 'Miller Thomson, MLTT increase for high value residential properties, January 2024 (worked totals)',
      url: 'https://www.millerthomson.com/fr/perspectives-juridiques/breaking-ground-ontario-fr/municipal-land-transfer-tax-increase-high-value-residential-properties/',
      checked: '2026-11-22',
    },
    {
      name: 'City of Toronto, MLTT rebate opportunities (first-time purchaser rebate up to $4,475)',
      url: 'https://www.toronto.ca/services-payments/property-taxes-utilities/municipal-land-transfer-tax-mltt/municipal-land-transfer-tax-mltt-rebate-opportunities/',
      checked: '2026-11-22',
    },
  ] satisfies RateSource[],
} as const;

/** Qualifying a borrower: debt-service limits and the stress test (minimum qualifying rate). */
export const QUALIFYING = {
  effective: '2021-07-05',
  /** Gross debt service: P&I + property tax + heat + half the condo fees, as a share of gross income. */
  gdsLimit: 0.39,
  /** Total debt service: the GDS costs plus other monthly debt payments. */
  tdsLimit: 0.44,
  /** Share of condominium fees counted in GDS and TDS. */
  condoFeeShare: 0.5,
  /** Qualifying rate = max(contract rate + buffer, floor). */
  stressBuffer: 0.02,
  floorRate: 0.0525,
  sources: [
    {
      name: 'OSFI Guideline B-20, minimum qualifying rate: greater of contract rate + 2 % or 5.25 % (from 2021-06-01; reviewed each December)',
      url: 'https://www.osfi-bsif.gc.ca/eng/fi-if/rg-ro/gdn-ort/gl-ld/Pages/b20-faq.aspx',
      checked: '2026-11-22',
    },
    { name: 'CMHC debt service limits GDS 39 % / TDS 44 %, half of condo fees counted', url: 'https://thelocalbroker.ca/?p=11807', checked: '2026-11-22' },
    {
      name: 'CMHC, Calculating GDS / TDS (what each ratio includes)',
      url: 'https://www.cmhc-schl.gc.ca/en/finance-and-investing/mortgage-loan-insurance/calculating-gds-tds',
      checked: '2026-11-22',
    },
  ] satisfies RateSource[],
} as const;

/** Payment arithmetic: Canadian fixed-rate mortgages compound semi-annually, not in advance (Interest Act, s. 6). */
export const COMPOUNDING = {
  periodsPerYear: 2,
  sources: [
    {
      name: 'Interest Act (R.S.C. 1985, c. I-15) s. 6; periodic rate (1 + r/2)^(2/n) − 1; worked example $800,000 at 5.5 % over 25 years = $4,883.13/month (Bronson Job)',
      url: 'https://www.bronsonjob.com/calculators/mortgage',
      checked: '2026-11-22',
    },
  ] satisfies RateSource[],
} as const;

/** Defaults shown in the forms (not rules): a staff member may change them freely. */
export const MORTGAGE_DEFAULTS = {
  price: 1_250_000,
  contractRate: 0.0449,
  amortizationYears: 25,
  termYears: 5,
  downPaymentShare: 0.2,
} as const;
