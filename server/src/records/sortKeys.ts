/**
 * Airtable's sort order of field values: blanks first (ascending), then numbers (numeric text counts), then text by
 * collation. A value is turned into its key once per record, then keys are compared.
 */
import { isNumberText } from '../formula/values';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders values as Airtable does: blanks first (ascending), then numbers (numeric text counts), then text by collation. */
export function compareFieldValues(a: unknown, b: unknown): number {
  return compareSortKeys(sortKey(a), sortKey(b));
}

/** A value prepared for sorting: blank, a number, or text. */
export type SortKey = { kind: 0 } | { kind: 1; n: number } | { kind: 2; t: string };

export function sortKey(v: unknown): SortKey {
  if (v === undefined || v === null || v === '') return { kind: 0 };
  if (typeof v === 'number') return { kind: 1, n: v };
  if (typeof v === 'boolean') return { kind: 1, n: Number(v) };
  if (typeof v === 'string') {
    const cleaned = v.replace(/[$,\s]/g, '');
    return isNumberText(cleaned, false, false) ? { kind: 1, n: Number(cleaned) } : { kind: 2, t: v };
  }
  return { kind: 2, t: JSON.stringify(v) };
}

/** Same order as compareFieldValues: blanks first, numbers before text, text by collation. */
export function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.kind !== b.kind) return a.kind - b.kind;
  if (a.kind === 1 && b.kind === 1) return a.n - b.n;
  if (a.kind === 2 && b.kind === 2) return collator.compare(a.t, b.t);
  return 0;
}
