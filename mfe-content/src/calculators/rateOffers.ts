/** Rate comparison (pure): two to four offers on the same mortgage, payment and cost over each offer's term. */
import { amortize, roundCents } from './payment';

export interface RateOffer {
  label: string;
  annualRate: number;
  termYears: number;
  amortizationYears: number;
  /** The yearly lump-sum prepayment the borrower plans to use, as a share of the original principal (0.1 = 10 %). */
  annualPrepaymentShare: number;
}

export interface OfferResult {
  label: string;
  payment: number;
  /** Interest paid over the offer's term. */
  termInterest: number;
  /** Principal repaid over the term (regular payments plus prepayments). */
  termPrincipal: number;
  /** Balance owing at renewal. */
  balanceAtRenewal: number;
  /** Interest per year of term: the fair basis when the terms differ. */
  interestPerYear: number;
}

export interface ComparisonResult {
  offers: OfferResult[];
  /** Index of the cheapest offer, or null when two or more tie. */
  cheapest: number | null;
  /** 'term' when every term is the same length (compare interest over the term), else 'per-year'. */
  basis: 'term' | 'per-year';
  /** How much less the cheapest costs than the next cheapest, on the basis. */
  saving: number;
}

export function compareOffers(principal: number, offers: readonly RateOffer[]): ComparisonResult {
  const results = offers.map<OfferResult>((o) => {
    const s = amortize(principal, o.annualRate, o.amortizationYears, 'monthly', {
      horizonYears: o.termYears,
      annualPrepayment: roundCents(principal * Math.max(0, o.annualPrepaymentShare)),
    });
    const termInterest = roundCents(s.years.reduce((sum, y) => sum + y.interest, 0));
    const termPrincipal = roundCents(s.years.reduce((sum, y) => sum + y.principal, 0));
    const last = s.years[s.years.length - 1];
    return {
      label: o.label,
      payment: s.payment,
      termInterest,
      termPrincipal,
      balanceAtRenewal: last ? last.endingBalance : Math.max(0, principal),
      interestPerYear: o.termYears > 0 ? roundCents(termInterest / o.termYears) : 0,
    };
  });
  const sameTerm = offers.every((o) => o.termYears === offers[0]?.termYears);
  const basis: ComparisonResult['basis'] = sameTerm ? 'term' : 'per-year';
  const cost = (r: OfferResult) => (basis === 'term' ? r.termInterest : r.interestPerYear);
  const sorted = results.map((r, i) => ({ i, c: cost(r) })).sort((a, b) => a.c - b.c);
  const best = sorted[0];
  const next = sorted[1];
  const tie = !best || !next || Math.abs(best.c - next.c) < 0.005;
  return { offers: results, cheapest: tie ? null : best.i, basis, saving: tie ? 0 : roundCents(next.c - best.c) };
}
