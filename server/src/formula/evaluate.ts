/**
 * Evaluator: compiles an expression tree to a function of a record's fields, following Airtable's rules where
 * the site depends on them:
 * - a blank field is '' in text, 0 in arithmetic, and equals both '' and 0;
 * - comparing a number with text reads the text as a number ('1,250,000', '$899,000'); text that is not a number
 *   makes the comparison false; two texts compare as text (case-sensitive);
 * - SEARCH is case-insensitive and gives blank when not found, FIND is case-sensitive and gives 0;
 * - an error (division by zero, arithmetic on words) makes the whole formula false for that record.
 */
import type { FieldValue } from '@gta/shared/core';
import { FormulaError } from './errors';
import { parseFormula, referencedFields, type Expr } from './parser';

const ERROR = Symbol('#ERROR');
export type Value = string | number | boolean | null | typeof ERROR;
export type FieldsOf = Readonly<Record<string, FieldValue | undefined>>;
type Compiled = (fields: FieldsOf) => Value;

/** A field's value as formulas see it: arrays and objects become their text. */
export function fieldToValue(raw: FieldValue | undefined): Value {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map((item) => toText(fieldToValue(item))).join(', ');
  const url = raw.url;
  const name = raw.filename ?? raw.name;
  if (typeof name === 'string' && typeof url === 'string') return `${name} (${url})`;
  if (typeof url === 'string') return url;
  if (typeof name === 'string') return name;
  return JSON.stringify(raw);
}

function toText(v: Value): string {
  if (v === null || v === ERROR) return '';
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

/** Reads a number from a value; text like '1,250,000' or '$899,000' counts. NaN when it is not a number. */
function toNumber(v: Value): number {
  if (v === null) return 0;
  if (v === ERROR) return NaN;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const cleaned = v.trim().replace(/[$,\s]/g, '');
  if (cleaned === '') return 0;
  return /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned) ? Number(cleaned) : NaN;
}

export function isTruthy(v: Value): boolean {
  if (v === null || v === ERROR) return false;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v !== '';
  return v;
}

function isBlankValue(v: Value): boolean {
  return v === null || v === '';
}

function compare(op: string, a: Value, b: Value): Value {
  if (a === ERROR || b === ERROR) return ERROR;
  // blank equals '' and 0
  if (op === '=' || op === '!=') {
    let equal: boolean;
    if (isBlankValue(a) || isBlankValue(b)) {
      const other = isBlankValue(a) ? b : a;
      equal = isBlankValue(other) || other === 0 || other === false;
    } else if (typeof a === 'string' && typeof b === 'string') equal = a === b;
    else {
      const x = toNumber(a);
      const y = toNumber(b);
      equal = !Number.isNaN(x) && !Number.isNaN(y) && x === y;
    }
    return op === '=' ? equal : !equal;
  }
  let order: number;
  if (typeof a === 'string' && typeof b === 'string' && (Number.isNaN(toNumber(a)) || Number.isNaN(toNumber(b)) || a.trim() === '' || b.trim() === '')) {
    order = a < b ? -1 : a > b ? 1 : 0;
  } else {
    const x = toNumber(a);
    const y = toNumber(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return false;
    order = x < y ? -1 : x > y ? 1 : 0;
  }
  switch (op) {
    case '<':
      return order < 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    default:
      return order >= 0;
  }
}

function arithmetic(op: string, a: Value, b: Value): Value {
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return ERROR;
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    default:
      return y === 0 ? ERROR : x / y;
  }
}

function compile(expr: Expr): Compiled {
  switch (expr.type) {
    case 'literal': {
      const value = expr.value;
      return () => value;
    }
    case 'field': {
      const name = expr.name;
      return (fields) => fieldToValue(fields[name]);
    }
    case 'unary': {
      const operand = compile(expr.operand);
      return (f) => {
        const n = toNumber(operand(f));
        return Number.isNaN(n) ? ERROR : -n;
      };
    }
    case 'binary': {
      const left = compile(expr.left);
      const right = compile(expr.right);
      const op = expr.op;
      if (op === '&') return (f) => {
        const a = left(f);
        const b = right(f);
        return a === ERROR || b === ERROR ? ERROR : toText(a) + toText(b);
      };
      if (op === '+' || op === '-' || op === '*' || op === '/') return (f) => arithmetic(op, left(f), right(f));
      return (f) => compare(op, left(f), right(f));
    }
    case 'call':
      return compileCall(expr.name, expr.args.map(compile));
  }
}

function compileCall(name: string, args: Compiled[]): Compiled {
  const [a, b, c] = args as [Compiled, Compiled | undefined, Compiled | undefined];
  switch (name) {
    case 'TRUE':
      return () => true;
    case 'FALSE':
      return () => false;
    case 'AND':
      return (f) => args.every((arg) => isTruthy(arg(f)));
    case 'OR':
      return (f) => args.some((arg) => isTruthy(arg(f)));
    case 'NOT':
      return (f) => !isTruthy(a(f));
    case 'IF':
      return (f) => (isTruthy(a(f)) ? (b as Compiled)(f) : c ? c(f) : null);
    case 'LOWER':
      return (f) => textFn(a(f), (s) => s.toLowerCase());
    case 'UPPER':
      return (f) => textFn(a(f), (s) => s.toUpperCase());
    case 'TRIM':
      return (f) => textFn(a(f), (s) => s.trim());
    case 'LEN':
      return (f) => {
        const v = a(f);
        return v === ERROR ? ERROR : toText(v).length;
      };
    case 'VALUE':
      return (f) => {
        const v = a(f);
        if (v === ERROR) return ERROR;
        const cleaned = toText(v).replace(/[^0-9.eE+-]/g, '');
        const n = cleaned === '' ? 0 : Number(cleaned);
        return Number.isNaN(n) ? ERROR : n;
      };
    case 'SEARCH':
    case 'FIND': {
      const insensitive = name === 'SEARCH';
      return (f) => {
        const needle = a(f);
        const haystack = (b as Compiled)(f);
        const start = c ? toNumber(c(f)) : 1;
        if (needle === ERROR || haystack === ERROR || Number.isNaN(start)) return ERROR;
        let n = toText(needle);
        let h = toText(haystack);
        if (insensitive) {
          n = n.toLowerCase();
          h = h.toLowerCase();
        }
        const index = h.indexOf(n, Math.max(0, Math.floor(start) - 1));
        if (index < 0) return insensitive ? null : 0;
        return index + 1;
      };
    }
    default:
      throw new FormulaError(`Unknown function names: ${name}`);
  }
}

function textFn(v: Value, fn: (s: string) => string): Value {
  return v === ERROR ? ERROR : fn(toText(v));
}

export interface CompiledFormula {
  /** True when the record passes the filter. */
  matches(fields: FieldsOf): boolean;
  /** The raw result (for tests and the assistant). */
  evaluate(fields: FieldsOf): Value;
  fields: ReadonlySet<string>;
}

/**
 * Parses and compiles a formula. Throws FormulaError naming the problem: a syntax error, an unknown function,
 * or (when `knownFields` is given) field names the table does not have.
 */
export function compileFormula(text: string, knownFields?: ReadonlySet<string>): CompiledFormula {
  const expr = parseFormula(text);
  const fields = referencedFields(expr);
  if (knownFields) {
    const unknown = [...fields].filter((f) => !knownFields.has(f));
    if (unknown.length > 0) throw new FormulaError(`Unknown field names: ${unknown.join(', ')}`);
  }
  const run = compile(expr);
  return {
    fields,
    evaluate: (f) => run(f),
    matches: (f) => isTruthy(run(f)),
  };
}

export { ERROR as FORMULA_ERROR_VALUE };
