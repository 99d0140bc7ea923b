/**
 * Limits that bound what one formula may cost, so one anonymous request cannot hold the event loop.
 * Checked at parse time: the text's length, the number of nodes (values, field references, calls and operators),
 * and the nesting depth (parentheses, function calls and unary signs; a flat chain such as `1+1+…+1` is one node
 * list evaluated in a loop, so it adds no depth, and has its own limit on its length). Checked while evaluating, per compiled formula (the records
 * service compiles once per request, so these are per request): the steps (nodes evaluated, summed over every
 * record; a regex match costs subject length × pattern length steps), the characters of text produced (per record,
 * and per request with an allowance for each record: honest work grows with the table, hostile work per record is
 * bounded), and the length of any one text value.
 */
export interface FormulaLimits {
  /** Characters of formula text. */
  maxLength: number;
  /** Nodes of the parsed formula. */
  maxNodes: number;
  /** Nesting depth: parentheses, function calls, unary signs. */
  maxDepth: number;
  /** Operators of one precedence level in a row (`1+1+…+1`, `a&b&…`). */
  maxChain: number;
  /** Work per compiled formula (per request): nodes evaluated, summed over every record, plus regex work. */
  maxSteps: number;
  /**
   * Characters of text produced per compiled formula (per request), summed over every record: this base plus
   * textCharsPerRecord for each record evaluated, so honest linear work over a large table (the site's keyword search
   * reads ~2-5k characters a record) is not refused while hostile work still stops after a few records.
   */
  maxTextChars: number;
  /** What each record evaluated adds to the request's text budget (maxTextChars). */
  textCharsPerRecord: number;
  /** Characters of text produced while evaluating one record (REPT, long formats, joins): reset on every record. */
  maxRecordTextChars: number;
  /** Characters of any one text value (Airtable: a long text field holds 100,000). */
  maxValueChars: number;
  /** Characters of a regular expression. */
  maxRegexLength: number;
}

export const DEFAULT_LIMITS: Readonly<FormulaLimits> = Object.freeze({
  maxLength: 64 * 1024,
  maxNodes: 5_000,
  maxDepth: 64,
  maxChain: 1_000,
  maxSteps: 10_000_000,
  maxTextChars: 32 * 1024 * 1024,
  textCharsPerRecord: 64 * 1024,
  maxRecordTextChars: 1_000_000,
  maxValueChars: 100_000,
  maxRegexLength: 1_000,
});

export function resolveLimits(overrides?: Partial<FormulaLimits>): Readonly<FormulaLimits> {
  return overrides ? { ...DEFAULT_LIMITS, ...overrides } : DEFAULT_LIMITS;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
