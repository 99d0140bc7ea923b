/**
 * The public query surface: what an anonymous caller of the records API may ask. The site's own pages send a small
 * family of list queries (shared/src/core/listingSearch.ts and mfe-listings: the listings search and its count, the
 * map, favourites and recently viewed by id, similar homes); an anonymous list query is checked against that
 * grammar before anything runs, and anything else is 422 saying the public API does not answer it. Staff sessions,
 * the server token and the server's own callers (RecordsService) keep the whole formula engine.
 *
 * The formula is parsed with the engine's parser (smaller limits) and its tree walked; the grammar, informally:
 *
 *   condition  := AND(condition, …) | OR(condition, …) | NOT(condition) | TRUE() | FALSE()
 *               | comparison | match | text
 *   comparison := subject op value | value op subject | match op number      op: = != < > <= >=
 *   match      := SEARCH(needle, text) | FIND(needle, text)
 *   subject    := text | RECORD_ID()
 *   text       := {Field} | LOWER(text) | UPPER(text) | TRIM(text) | text & … & text   (fields and text literals)
 *   needle     := 'literal' | LOWER(needle) | UPPER(needle) | TRIM(needle)
 *   value      := needle | number | -number | TRUE() | FALSE() | BLANK()
 *
 * with bounded sizes (PUBLIC_QUERY_LIMITS): the formula's length and parts, the terms of one AND/OR, the nesting of
 * AND/OR/NOT, the parts of one & chain, the length of a text literal; and bounded sort keys and fields[] (pageSize
 * is capped at 100 for everyone, as Airtable does).
 * Every accepted formula costs a few steps per record per term: the engine's budget (formula/limits.ts) still bounds
 * the whole request.
 */
import { DEFAULT_LIMITS, FormulaError, FormulaLimitError, parseFormula, type Expr } from '../formula';
import { ApiError } from './errors';
import type { ListQuery } from './query';

export interface PublicQueryLimits {
  /** Characters of formula text (the longest the site sends: a 200-character keyword of 100 words, ~16,000). */
  maxLength: number;
  /** Parts of the parsed formula (values, fields, operators, calls). */
  maxNodes: number;
  /** Terms of one AND or OR (favourites: up to FAVOURITES_MAX = 100 ids; a search: a term a keyword's word, up to 100). */
  maxTerms: number;
  /** AND/OR/NOT inside one another (the site: AND(OR(…)), two). */
  maxLogicDepth: number;
  /** Parts of one `&` chain (the keyword's haystack: 7 fields and 6 spaces). */
  maxJoinParts: number;
  /** Characters of one text literal. */
  maxTextLiteral: number;
  /** Sort keys (the site: 2). */
  maxSortKeys: number;
  /** Names in fields[] (the map: 10). */
  maxFields: number;
}

export const PUBLIC_QUERY_LIMITS: Readonly<PublicQueryLimits> = Object.freeze({
  maxLength: 24 * 1024,
  maxNodes: 2_500,
  maxTerms: 128,
  maxLogicDepth: 4,
  maxJoinParts: 16,
  maxTextLiteral: 500,
  maxSortKeys: 3,
  maxFields: 40,
});

const NOT_PUBLIC = 'the public records API answers only the queries the site sends (field comparisons, AND/OR/NOT, text search on fields, RECORD_ID() = "…")';

/** 422 INVALID_FILTER_BY_FORMULA (Airtable's shape): the formula is not one the public API answers. */
export class PublicQueryError extends FormulaError {
  constructor(detail: string, position?: number) {
    super(`${NOT_PUBLIC}: ${detail}`, position);
    this.name = 'PublicQueryError';
  }
}

function refusedParameter(detail: string): ApiError {
  return new ApiError(422, 'INVALID_REQUEST_UNKNOWN', `Invalid request: the public records API does not answer this query (${detail}).`);
}

const COMPARISONS: ReadonlySet<string> = new Set(['=', '!=', '<', '>', '<=', '>=']);
const TEXT_FUNCTIONS: ReadonlySet<string> = new Set(['LOWER', 'UPPER', 'TRIM']);
const MATCH_FUNCTIONS: ReadonlySet<string> = new Set(['SEARCH', 'FIND']);
const CONSTANTS: ReadonlySet<string> = new Set(['TRUE', 'FALSE', 'BLANK']);

const at = (e: Expr): string => ('pos' in e ? ` at character ${e.pos + 1}` : '');

function describe(e: Expr): string {
  switch (e.type) {
    case 'call':
      return `${e.name}()`;
    case 'field':
      return `{${e.name}}`;
    case 'literal':
      return typeof e.value === 'number' ? 'a number' : 'a text';
    case 'unary':
      return 'a sign';
    case 'chain':
      return `"${e.ops[0] ?? ''}"`;
  }
}

class Checker {
  constructor(private readonly limits: Readonly<PublicQueryLimits>) {}

  condition(e: Expr, depth: number): void {
    if (e.type === 'call') {
      if (e.name === 'AND' || e.name === 'OR' || e.name === 'NOT') {
        if (depth >= this.limits.maxLogicDepth) throw new PublicQueryError(`AND, OR and NOT nest more than ${this.limits.maxLogicDepth} deep${at(e)}`, e.pos);
        if (e.args.length > this.limits.maxTerms) throw new PublicQueryError(`${e.name} has more than ${this.limits.maxTerms} terms${at(e)}`, e.pos);
        for (const arg of e.args) this.condition(arg, depth + 1);
        return;
      }
      if ((e.name === 'TRUE' || e.name === 'FALSE') && e.args.length === 0) return;
      if (MATCH_FUNCTIONS.has(e.name)) return this.match(e);
    }
    if (e.type === 'chain' && e.ops.length === 1 && COMPARISONS.has(e.ops[0] as string)) return this.comparison(e.operands[0] as Expr, e.operands[1] as Expr);
    if (this.isText(e)) return;
    throw new PublicQueryError(`${describe(e)} is not a condition it answers${at(e)}`, 'pos' in e ? e.pos : undefined);
  }

  private comparison(a: Expr, b: Expr): void {
    if ((this.isSubject(a) && this.isValue(b)) || (this.isValue(a) && this.isSubject(b))) return;
    const isMatch = (e: Expr): e is Expr & { type: 'call' } => e.type === 'call' && MATCH_FUNCTIONS.has(e.name);
    if (isMatch(a) && this.isNumber(b)) return this.match(a);
    if (isMatch(b) && this.isNumber(a)) return this.match(b);
    throw new PublicQueryError(`a comparison must set a field (or RECORD_ID()) against a value, not ${describe(a)} against ${describe(b)}${at(a)}`);
  }

  private match(e: Expr & { type: 'call' }): void {
    const [needle, haystack, ...rest] = e.args;
    if (rest.length > 0 || !needle || !haystack || !this.isNeedle(needle) || !this.isText(haystack)) {
      throw new PublicQueryError(`${e.name} must look for a text in fields${at(e)}`, e.pos);
    }
  }

  private isSubject(e: Expr): boolean {
    return this.isText(e) || (e.type === 'call' && e.name === 'RECORD_ID' && e.args.length === 0);
  }

  /** Field text: a field, LOWER/UPPER/TRIM of field text, or fields and text literals joined with &. */
  private isText(e: Expr): boolean {
    if (e.type === 'field') return true;
    if (e.type === 'call') return TEXT_FUNCTIONS.has(e.name) && e.args.length === 1 && this.isText(e.args[0] as Expr);
    if (e.type === 'chain' && e.ops.every((op) => op === '&')) {
      if (e.operands.length > this.limits.maxJoinParts) throw new PublicQueryError(`an & chain joins more than ${this.limits.maxJoinParts} parts`);
      return e.operands.some((o) => o.type !== 'literal') && e.operands.every((o) => this.isText(o) || this.isTextLiteral(o));
    }
    return false;
  }

  private isTextLiteral(e: Expr): boolean {
    if (e.type !== 'literal' || typeof e.value !== 'string') return false;
    if (e.value.length > this.limits.maxTextLiteral) throw new PublicQueryError(`a text is longer than ${this.limits.maxTextLiteral} characters`);
    return true;
  }

  private isNeedle(e: Expr): boolean {
    if (this.isTextLiteral(e)) return true;
    return e.type === 'call' && TEXT_FUNCTIONS.has(e.name) && e.args.length === 1 && this.isNeedle(e.args[0] as Expr);
  }

  private isNumber(e: Expr): boolean {
    if (e.type === 'literal') return typeof e.value === 'number';
    return e.type === 'unary' && e.operand.type === 'literal' && typeof e.operand.value === 'number';
  }

  private isValue(e: Expr): boolean {
    if (this.isNeedle(e) || this.isNumber(e)) return true;
    return e.type === 'call' && CONSTANTS.has(e.name) && e.args.length === 0;
  }
}

/** Throws PublicQueryError (422) unless the formula is of the public grammar; syntax errors are the parser's own. */
export function checkPublicFormula(formula: string, limits: Readonly<PublicQueryLimits> = PUBLIC_QUERY_LIMITS): void {
  const text = formula.trim();
  if (text === '') return;
  if (text.length > limits.maxLength) throw new PublicQueryError(`the formula is longer than ${limits.maxLength.toLocaleString('en-US')} characters`);
  let expr: Expr;
  try {
    expr = parseFormula(text, { ...DEFAULT_LIMITS, maxLength: limits.maxLength, maxNodes: limits.maxNodes });
  } catch (err) {
    // a formula over the public part count is refused as not public; any other parse error is the engine's message
    if (err instanceof FormulaLimitError && err.limit === 'nodes') {
      throw new PublicQueryError(`the formula has more than ${limits.maxNodes.toLocaleString('en-US')} parts`);
    }
    throw err;
  }
  new Checker(limits).condition(expr, 0);
}

/** Checks an anonymous list query: the formula's grammar, and bounded sort keys and fields[] (pageSize is capped at 100 for everyone). */
export function checkPublicListQuery(query: ListQuery, limits: Readonly<PublicQueryLimits> = PUBLIC_QUERY_LIMITS): void {
  if (query.sort && query.sort.length > limits.maxSortKeys) throw refusedParameter(`at most ${limits.maxSortKeys} sort keys`);
  if (query.fields && query.fields.length > limits.maxFields) throw refusedParameter(`at most ${limits.maxFields} fields`);
  if (query.filterByFormula !== undefined) checkPublicFormula(query.filterByFormula, limits);
}
