/**
 * Evaluator: compiles an expression tree to a function of a record, following Airtable's rules (values.ts for
 * how values read as one another, functions.ts for the functions):
 * - comparing a number with text reads the text as a number; text that is not a number makes the comparison
 *   false; two texts compare as text (case-sensitive); a date compares with a date or with text that reads as one;
 * - an error (#ERROR!) flows through every operator and function; a record whose filter gives an error is dropped.
 * Every compiled formula carries a budget (limits.ts): the nodes it may evaluate and the text it may produce,
 * summed over every record of the request. Past it, evaluation stops with a FormulaLimitError (422).
 */
import { RE2JS } from 're2js';
import type { FieldValue } from '@gta/shared/core';
import { FormulaError, FormulaLimitError } from './errors';
import { takeDateWork } from './dates';
import { FUNCTIONS, valueAsDate, type CallContext, type Thunk } from './functions';
import { formatCount, resolveLimits, type FormulaLimits } from './limits';
import { parseFormula, referencedFields, type Expr } from './parser';
import type { Operator } from './tokenizer';
import { ERROR, fieldToValue, isBlank, isError, isTruthy, toNumber, toText, type Value } from './values';

export { ERROR as FORMULA_ERROR_VALUE, fieldToValue, isTruthy, type Value };
export type FieldsOf = Readonly<Record<string, FieldValue | undefined>>;

/**
 * What RECORD_ID(), CREATED_TIME() and LAST_MODIFIED_TIME() read: the record's id and creation time, and when the
 * record and each field were last modified (ISO 8601). A record or field without a modification time was last
 * modified when the record was made.
 */
export interface RecordMeta {
  id?: string;
  createdTime?: string;
  lastModifiedTime?: string;
  fieldModifiedTimes?: Readonly<Record<string, string | undefined>>;
}

interface RecordInput extends RecordMeta {
  fields: FieldsOf;
}

export interface FormulaOptions {
  /** The base's time zone for dates (IANA name); UTC by default, as a new Airtable base. */
  timeZone?: string;
  /** The clock, for NOW() and TODAY() (tests fix it). */
  now?: () => Date;
  limits?: Partial<FormulaLimits>;
}

interface RunState extends CallContext {
  record: RecordInput;
  steps: number;
  /** Characters of text charged over every record evaluated, and in this record's evaluation. */
  text: number;
  recordText: number;
  /** Records evaluated (the request's text budget grows with them: limits.ts textCharsPerRecord). */
  evaluated: number;
}

type Compiled = (state: RunState) => Value;

function compare(op: Operator, a: Value, b: Value, timeZone: string): Value {
  if (isError(a) || isError(b)) return ERROR;
  if (a instanceof Date || b instanceof Date) {
    if (isBlank(a) || isBlank(b)) return op === '!=' ? !(isBlank(a) && isBlank(b)) : op === '=' ? isBlank(a) && isBlank(b) : false;
    const x = valueAsDate(a, timeZone);
    const y = valueAsDate(b, timeZone);
    if (!x || !y) return op === '!=';
    return ordered(op, Math.sign(x.getTime() - y.getTime()));
  }
  // blank equals '' and 0
  if (op === '=' || op === '!=') {
    let equal: boolean;
    if (isBlank(a) || isBlank(b)) {
      const other = isBlank(a) ? b : a;
      equal = isBlank(other) || other === 0 || other === false;
    } else if (typeof a === 'string' && typeof b === 'string') equal = a === b;
    else if (Array.isArray(a) || Array.isArray(b)) equal = toText(a) === toText(b);
    else {
      const x = toNumber(a);
      const y = toNumber(b);
      equal = !Number.isNaN(x) && !Number.isNaN(y) && x === y;
    }
    return op === '=' ? equal : !equal;
  }
  if (typeof a === 'string' && typeof b === 'string' && (Number.isNaN(toNumber(a)) || Number.isNaN(toNumber(b)) || a.trim() === '' || b.trim() === '')) {
    return ordered(op, a < b ? -1 : a > b ? 1 : 0);
  }
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return false;
  return ordered(op, x < y ? -1 : x > y ? 1 : 0);
}

function ordered(op: Operator, order: number): boolean {
  switch (op) {
    case '=':
      return order === 0;
    case '!=':
      return order !== 0;
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

function arithmetic(op: Operator, a: Value, b: Value): Value {
  // a date plus or minus a number of days is not Airtable's rule (DATEADD is); dates here read as milliseconds
  const x = toNumber(a);
  const y = toNumber(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return ERROR;
  let r: number;
  switch (op) {
    case '+':
      r = x + y;
      break;
    case '-':
      r = x - y;
      break;
    case '*':
      r = x * y;
      break;
    default:
      if (y === 0) return ERROR;
      r = x / y;
  }
  return Number.isFinite(r) ? r : ERROR;
}

/** `a & b`; the chain charges the text it made once, at its end (limits.ts: a rope in V8, not a copy per `&`). */
function join(a: Value, b: Value, state: RunState): Value {
  if (isError(a) || isError(b)) return ERROR;
  const left = toText(a);
  const right = toText(b);
  const length = left.length + right.length;
  if (length > state.limits.maxValueChars) {
    throw new FormulaLimitError(
      'value',
      `a text value would be ${formatCount(length)} characters long; the limit is ${formatCount(state.limits.maxValueChars)} characters`,
    );
  }
  return left + right;
}

/** Charges the date functions' work since the last charge (dates.ts takeDateWork) to the request's steps. */
function chargeDateWork(state: RunState): void {
  const work = takeDateWork();
  if (work > 0) state.chargeSteps(work);
}

function step(state: RunState): void {
  if (++state.steps > state.limits.maxSteps) {
    throw new FormulaLimitError(
      'steps',
      `evaluating the formula over the table took more than ${formatCount(state.limits.maxSteps)} steps; the limit is ${formatCount(state.limits.maxSteps)} steps per request (simplify the formula)`,
    );
  }
}

function compile(expr: Expr): Compiled {
  switch (expr.type) {
    case 'literal': {
      const value = expr.value;
      return (s) => {
        step(s);
        return value;
      };
    }
    case 'field': {
      const name = expr.name;
      return (s) => {
        step(s);
        return fieldToValue(s.record.fields[name]);
      };
    }
    case 'unary': {
      const operand = compile(expr.operand);
      return (s) => {
        step(s);
        const n = toNumber(operand(s));
        return Number.isNaN(n) ? ERROR : -n;
      };
    }
    case 'chain': {
      const operands = expr.operands.map(compile);
      const ops = expr.ops;
      return (s) => {
        step(s);
        let acc = (operands[0] as Compiled)(s);
        let joined = false;
        for (let i = 0; i < ops.length; i++) {
          const op = ops[i] as Operator;
          const next = (operands[i + 1] as Compiled)(s);
          if (op === '&') {
            acc = join(acc, next, s);
            joined = true;
          } else if (op === '+' || op === '-' || op === '*' || op === '/') acc = arithmetic(op, acc, next);
          else acc = compare(op, acc, next, s.timeZone);
        }
        // `a&' '&b&…` made one text: its length, not the sum of every partial join (quadratic in the parts)
        if (joined && typeof acc === 'string') s.chargeText(acc.length);
        chargeDateWork(s);
        return acc;
      };
    }
    case 'call': {
      if (expr.name === 'LAST_MODIFIED_TIME' && expr.args.length > 0) return compileLastModified(expr.args);
      const spec = FUNCTIONS[expr.name];
      if (!spec) throw new FormulaError(`Unknown function names: ${expr.name}`);
      const args = expr.args.map(compile);
      return (s) => {
        step(s);
        const thunks: Thunk[] = args.map((arg) => () => arg(s));
        const value = spec.run(thunks, s);
        chargeDateWork(s);
        return value;
      };
    }
  }
}

/** LAST_MODIFIED_TIME({Field}, …): the latest modification of the fields named (their names, not their values). */
function compileLastModified(args: readonly Expr[]): Compiled {
  const names = args.map((arg) => {
    if (arg.type !== 'field') throw new FormulaError('LAST_MODIFIED_TIME takes field names, such as LAST_MODIFIED_TIME({Price}), not values');
    return arg.name;
  });
  return (s) => {
    step(s);
    s.chargeSteps(names.length);
    return new Date(s.modifiedTime(names));
  };
}

export interface CompiledFormula {
  /** True when the record passes the filter (an error or a blank result does not). */
  matches(fields: FieldsOf, meta?: RecordMeta): boolean;
  /** The raw result (for tests and the assistant). */
  evaluate(fields: FieldsOf, meta?: RecordMeta): Value;
  fields: ReadonlySet<string>;
  /** Work done so far (summed over every record evaluated): nodes and characters of text. */
  readonly usage: { steps: number; textChars: number };
}

const MAX_CACHED_PATTERNS = 32;

/**
 * Parses and compiles a formula. Throws FormulaError naming the problem: a syntax error, an unknown function,
 * a limit (FormulaLimitError), or (when `knownFields` is given) field names the table does not have.
 * The compiled formula keeps one budget for all the records it is run on: compile once per request.
 */
export function compileFormula(text: string, knownFields?: ReadonlySet<string>, options: FormulaOptions = {}): CompiledFormula {
  const limits = resolveLimits(options.limits);
  const expr = parseFormula(text, limits);
  const fields = referencedFields(expr);
  if (knownFields) {
    const unknown = [...fields].filter((f) => !knownFields.has(f));
    if (unknown.length > 0) throw new FormulaError(`Unknown field names: ${unknown.join(', ')}`);
  }
  const run = compile(expr);
  const clock = options.now ?? (() => new Date());
  let requestTime: Date | undefined;
  const patterns = new Map<string, RE2JS | null>();
  const state: RunState = {
    timeZone: options.timeZone ?? 'UTC',
    limits,
    record: { fields: {} },
    steps: 0,
    text: 0,
    recordText: 0,
    evaluated: 0,
    get recordId() {
      return this.record.id ?? '';
    },
    get createdTime() {
      return this.record.createdTime ?? '';
    },
    modifiedTime(names: readonly string[]) {
      const { createdTime = '', lastModifiedTime, fieldModifiedTimes } = this.record;
      if (names.length === 0) return lastModifiedTime ?? createdTime;
      let latest = createdTime;
      for (const name of names) {
        const at = fieldModifiedTimes?.[name];
        if (at !== undefined && !(Date.parse(at) <= Date.parse(latest))) latest = at;
      }
      return latest;
    },
    now() {
      requestTime ??= clock();
      return requestTime;
    },
    chargeText(chars: number) {
      this.text += chars;
      this.recordText += chars;
      // hostile work on one record (REPT, a huge format) stops here, whatever the table's size
      if (this.recordText > limits.maxRecordTextChars) {
        throw new FormulaLimitError(
          'text',
          `evaluating the formula on one record produced more than ${formatCount(limits.maxRecordTextChars)} characters of text; the limit is ${formatCount(limits.maxRecordTextChars)} per record`,
        );
      }
      // over the request: a base, plus an allowance for each record evaluated (honest work grows with the table)
      const budget = limits.maxTextChars + this.evaluated * limits.textCharsPerRecord;
      if (this.text > budget) {
        throw new FormulaLimitError(
          'text',
          `evaluating the formula over the table produced more than ${formatCount(budget)} characters of text; the limit is ${formatCount(limits.maxTextChars)} per request plus ${formatCount(limits.textCharsPerRecord)} per record`,
        );
      }
    },
    chargeSteps(steps: number) {
      this.steps += steps;
      if (this.steps > limits.maxSteps) step(this);
    },
    regex(pattern: string) {
      if (patterns.has(pattern)) return patterns.get(pattern) ?? null;
      let compiled: RE2JS | null;
      try {
        compiled = RE2JS.compile(pattern);
      } catch {
        compiled = null;
      }
      if (patterns.size < MAX_CACHED_PATTERNS) patterns.set(pattern, compiled);
      return compiled;
    },
  };
  const evaluate = (fieldValues: FieldsOf, meta?: RecordMeta): Value => {
    state.record = {
      fields: fieldValues,
      id: meta?.id,
      createdTime: meta?.createdTime,
      lastModifiedTime: meta?.lastModifiedTime,
      fieldModifiedTimes: meta?.fieldModifiedTimes,
    };
    state.evaluated++;
    state.recordText = 0;
    // work left by an evaluation a limit stopped is not this one's
    takeDateWork();
    return run(state);
  };
  return {
    fields,
    evaluate,
    matches: (fieldValues, meta) => isTruthy(evaluate(fieldValues, meta)),
    get usage() {
      return { steps: state.steps, textChars: state.text };
    },
  };
}
