/** Land transfer tax (pure): Ontario's brackets, Toronto's municipal tax on top, first-time buyer rebates. */
import { ONTARIO_LTT, TORONTO_MLTT, type TaxBracket } from './rates';
import { roundCents } from './payment';

export interface BracketRow {
  from: number;
  /** Inclusive upper bound; null for the open top bracket. */
  to: number | null;
  rate: number;
  /** The part of the price that falls in this bracket. */
  taxable: number;
  tax: number;
}

export interface BracketTax {
  rows: BracketRow[];
  total: number;
}

/** Marginal tax: each bracket's rate on the part of the price inside it. Every bracket is listed, even if empty. */
export function bracketTax(price: number, brackets: readonly TaxBracket[]): BracketTax {
  const value = Math.max(0, Number.isFinite(price) ? price : 0);
  let from = 0;
  let total = 0;
  const rows: BracketRow[] = [];
  for (const b of brackets) {
    const top = b.upTo ?? Infinity;
    const taxable = Math.max(0, Math.min(value, top) - from);
    const tax = roundCents(taxable * b.rate);
    total += tax;
    rows.push({ from, to: b.upTo, rate: b.rate, taxable, tax });
    from = top;
  }
  return { rows, total: roundCents(total) };
}

export interface LevyResult extends BracketTax {
  rebate: number;
  net: number;
}

function levy(price: number, brackets: readonly TaxBracket[], maxRebate: number, firstTimeBuyer: boolean): LevyResult {
  const t = bracketTax(price, brackets);
  const rebate = firstTimeBuyer ? Math.min(maxRebate, t.total) : 0;
  return { ...t, rebate, net: roundCents(t.total - rebate) };
}

export interface LttInput {
  price: number;
  toronto: boolean;
  firstTimeBuyer: boolean;
}

export interface LttResult {
  ontario: LevyResult;
  /** Null outside the City of Toronto. */
  toronto: LevyResult | null;
  totalBeforeRebates: number;
  totalRebates: number;
  total: number;
}

export function ontarioLtt(price: number, firstTimeBuyer = false): LevyResult {
  return levy(price, ONTARIO_LTT.brackets, ONTARIO_LTT.firstTimeBuyerMaxRebate, firstTimeBuyer);
}

export function torontoMltt(price: number, firstTimeBuyer = false, brackets: readonly TaxBracket[] = TORONTO_MLTT.brackets): LevyResult {
  return levy(price, brackets, TORONTO_MLTT.firstTimeBuyerMaxRebate, firstTimeBuyer);
}

export function calculateLandTransferTax({ price, toronto, firstTimeBuyer }: LttInput): LttResult {
  const on = ontarioLtt(price, firstTimeBuyer);
  const to = toronto ? torontoMltt(price, firstTimeBuyer) : null;
  const totalBeforeRebates = roundCents(on.total + (to?.total ?? 0));
  const totalRebates = roundCents(on.rebate + (to?.rebate ?? 0));
  return { ontario: on, toronto: to, totalBeforeRebates, totalRebates, total: roundCents(totalBeforeRebates - totalRebates) };
}
