/**
 * The functions formulas may call, with Airtable's documented behaviour: each takes its arguments as thunks (so
 * IF, SWITCH and ISERROR evaluate only what they need) and gives a Value. Errors (#ERROR!) pass through: a
 * function given an error gives an error, except ISERROR and the branches IF and SWITCH do not take.
 * Regular expressions are RE2 (as in Airtable), run by re2js in time linear in the text: no pattern can backtrack
 * for ever.
 */
import { RE2JS } from 're2js';
import { addUnits, diffUnits, formatDate, fromWallTime, isTimeZone, localeNames, parseDate, parseDateWithFormat, readUnit, startOf, wallTime } from './dates';
import { FormulaLimitError } from './errors';
import { formatCount, type FormulaLimits } from './limits';
import { ERROR, ShownDate, anyError, flatten, isBlank, isError, isTruthy, toNumber, toText, type Value } from './values';
import { workdayAfter, workdayDiff, workingHolidays } from './workdays';

export type Thunk = () => Value;

/** What a function may use besides its arguments: the record, the clock, the zone, and the request's budget. */
export interface CallContext {
  readonly timeZone: string;
  /** The time of the request (NOW() is the same for every record of one request). */
  now(): Date;
  readonly recordId: string;
  readonly createdTime: string;
  /** When the record (no names), or the last of the fields named, was last modified (ISO 8601); its creation when never. */
  modifiedTime(fields: readonly string[]): string;
  readonly limits: Readonly<FormulaLimits>;
  /** Counts text produced or scanned against the request's budget; throws FormulaLimitError past it. */
  chargeText(chars: number): void;
  /** Counts work that is not text (a date read in a time zone, parts of a format) as steps of the request's budget. */
  chargeSteps(steps: number): void;
  /** A compiled RE2 pattern (cached per request); null when the pattern is not valid RE2. */
  regex(pattern: string): RE2JS | null;
}

export interface FunctionSpec {
  min: number;
  max: number;
  run(args: readonly Thunk[], ctx: CallContext): Value;
}

const all = (args: readonly Thunk[]): Value[] => args.map((a) => a());

/** A text result, checked against the limit on one value's length and charged to the request's text budget. */
function text(s: string, ctx: CallContext): Value {
  checkLength(s.length, ctx);
  ctx.chargeText(s.length);
  return s;
}

/** Checks and charges a text of `length` before it is built (REPT, SUBSTITUTE): the work is paid for before it is done. */
function reserve(length: number, ctx: CallContext): void {
  checkLength(length, ctx);
  ctx.chargeText(length);
}

function checkLength(length: number, ctx: CallContext): void {
  if (length > ctx.limits.maxValueChars) {
    throw new FormulaLimitError(
      'value',
      `a text value would be ${formatCount(length)} characters long; the limit is ${formatCount(ctx.limits.maxValueChars)} characters`,
    );
  }
}

function textOf(args: readonly Thunk[], fn: (s: string) => string, ctx: CallContext): Value {
  const v = (args[0] as Thunk)();
  return isError(v) ? ERROR : text(fn(toText(v)), ctx);
}

function numbers(args: readonly Thunk[], fn: (...n: number[]) => number | Value): Value {
  const values = all(args);
  if (anyError(values)) return ERROR;
  const ns = values.map(toNumber);
  if (ns.some(Number.isNaN)) return ERROR;
  const result = fn(...ns);
  return typeof result === 'number' && !Number.isFinite(result) ? ERROR : result;
}

/** Numbers among the values (lists flattened; blanks and words skipped, as MAX, MIN, SUM and AVERAGE do). */
function numericItems(values: readonly Value[]): number[] {
  const out: number[] = [];
  for (const v of flatten(values)) {
    if (v === null || v === '' || typeof v === 'boolean') continue;
    const n = toNumber(v);
    if (!Number.isNaN(n)) out.push(n);
  }
  return out;
}

/** A float's binary noise removed: 15 significant digits, all a double holds exactly (0.3 / 0.1 is 2.9999999999999996). */
const decimal = (x: number): number => Number(x.toPrecision(15));

/**
 * ROUND as Airtable's formula reference states it: "to the nearest integer at the specified precision, with ties
 * broken by rounding half up toward positive infinity" (ROUND(-2.5, 0) is -2, ROUND(2.5, 0) is 3).
 */
function roundHalfUp(x: number, places: number): number {
  const p = Math.trunc(places);
  // 1.005 * 100 is 100.49999…: the decimal the float stands for decides the tie
  const scaled = decimal(p >= 0 ? x * 10 ** p : x / 10 ** -p);
  const rounded = Math.floor(scaled + 0.5);
  return p >= 0 ? rounded / 10 ** p : rounded * 10 ** -p;
}

/**
 * FLOOR and CEILING with a significance: the multiple itself, as the decimal it stands for (FLOOR(1.99, 0.1) is 1.9,
 * not 19 × 0.1 = 1.9000000000000001); the quotient is read the same way (0.3 / 0.1 is 3, so FLOOR(0.3, 0.1) is 0.3).
 */
function toMultiple(x: number, significance: number, onQuotient: (q: number) => number): number {
  if (significance === 0) return 0;
  const sig = Math.abs(significance);
  return decimal(onQuotient(decimal(x / sig)) * sig);
}

/** EVEN and ODD: away from zero to the next even (or odd) integer, as in spreadsheets (EVEN(-1) is -2, ODD(0) is 1). */
function toParity(x: number, odd: boolean): number {
  const magnitude = decimal(Math.abs(x));
  const up = odd ? Math.ceil((magnitude + 1) / 2) * 2 - 1 : Math.ceil(magnitude / 2) * 2;
  return x < 0 ? -up : up;
}

/** LOG(number, base = 10): exact for powers of the base (LOG(1000) is 3, LOG(125, 5) is 3). */
function logarithm(x: number, base = 10): number | Value {
  if (x <= 0 || base <= 0 || base === 1) return ERROR;
  return base === 10 ? Math.log10(x) : decimal(Math.log(x) / Math.log(base));
}

/** ROUNDUP (away from zero, Math.ceil on the magnitude) and ROUNDDOWN (toward zero, Math.floor on it). */
function roundAwayOrToward(x: number, places: number, onMagnitude: (n: number) => number): number {
  const f = 10 ** Math.trunc(places);
  return (Math.sign(x) * onMagnitude(Number((Math.abs(x) * f).toPrecision(15)))) / f;
}

/** MAX, MIN, SUM, AVERAGE: an error anywhere is an error; then the numbers among the values (numericItems). */
function aggregate(args: readonly Thunk[], fn: (ns: number[]) => Value): Value {
  const values = all(args);
  if (anyError(flatten(values))) return ERROR;
  return fn(numericItems(values));
}

function toDate(v: Value, ctx: CallContext): Date | null | typeof ERROR {
  if (isError(v)) return ERROR;
  if (v === null || v === '') return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? ERROR : v;
  if (typeof v === 'string') return parseDate(v, ctx.timeZone) ?? ERROR;
  if (Array.isArray(v)) return v.length === 1 ? toDate(v[0] as Value, ctx) : v.length === 0 ? null : ERROR;
  return ERROR;
}

function dateFn(args: readonly Thunk[], ctx: CallContext, fn: (d: Date) => Value): Value {
  const d = toDate((args[0] as Thunk)(), ctx);
  if (d === ERROR) return ERROR;
  return d === null ? null : fn(d);
}

function twoDates(args: readonly Thunk[], ctx: CallContext, fn: (a: Date, b: Date) => Value): Value {
  const a = toDate((args[0] as Thunk)(), ctx);
  const b = toDate((args[1] as Thunk)(), ctx);
  if (a === ERROR || b === ERROR) return ERROR;
  if (a === null || b === null) return null;
  return fn(a, b);
}

function regexArgs(args: readonly Thunk[], ctx: CallContext): { subject: string; re: RE2JS } | typeof ERROR {
  const subject = (args[0] as Thunk)();
  const pattern = (args[1] as Thunk)();
  if (isError(subject) || isError(pattern)) return ERROR;
  const source = toText(pattern);
  if (source.length > ctx.limits.maxRegexLength) {
    throw new FormulaLimitError(
      'regex',
      `a regular expression is ${formatCount(source.length)} characters long; the limit is ${formatCount(ctx.limits.maxRegexLength)} characters`,
    );
  }
  const re = ctx.regex(source);
  if (!re) return ERROR;
  const s = toText(subject);
  // RE2 runs in time linear in the text (times the pattern's size): charge the text it reads
  ctx.chargeText(s.length);
  return { subject: s, re };
}

function compareForSwitch(a: Value, b: Value): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  const x = toNumber(a);
  const y = toNumber(b);
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x === y;
  return toText(a) === toText(b);
}

export const FUNCTIONS: Readonly<Record<string, FunctionSpec>> = {
  // logic
  TRUE: { min: 0, max: 0, run: () => true },
  FALSE: { min: 0, max: 0, run: () => false },
  BLANK: { min: 0, max: 0, run: () => null },
  ERROR: { min: 0, max: 0, run: () => ERROR },
  AND: {
    min: 1,
    max: Infinity,
    run: (args) => {
      const values = flatten(all(args));
      return anyError(values) ? ERROR : values.every(isTruthy);
    },
  },
  OR: {
    min: 1,
    max: Infinity,
    run: (args) => {
      const values = flatten(all(args));
      return anyError(values) ? ERROR : values.some(isTruthy);
    },
  },
  XOR: {
    min: 1,
    max: Infinity,
    run: (args) => {
      const values = flatten(all(args));
      return anyError(values) ? ERROR : values.filter(isTruthy).length % 2 === 1;
    },
  },
  NOT: {
    min: 1,
    max: 1,
    run: (args) => {
      const v = (args[0] as Thunk)();
      return isError(v) ? ERROR : !isTruthy(v);
    },
  },
  IF: {
    min: 2,
    max: 3,
    run: (args) => {
      const condition = (args[0] as Thunk)();
      if (isError(condition)) return ERROR;
      if (isTruthy(condition)) return (args[1] as Thunk)();
      return args[2] ? args[2]() : null;
    },
  },
  SWITCH: {
    min: 2,
    max: Infinity,
    run: (args) => {
      const subject = (args[0] as Thunk)();
      if (isError(subject)) return ERROR;
      let i = 1;
      for (; i + 1 < args.length; i += 2) {
        const pattern = (args[i] as Thunk)();
        if (isError(pattern)) return ERROR;
        if (compareForSwitch(subject, pattern)) return (args[i + 1] as Thunk)();
      }
      return i < args.length ? (args[i] as Thunk)() : null;
    },
  },
  ISERROR: { min: 1, max: 1, run: (args) => isError((args[0] as Thunk)()) },

  // text
  LOWER: { min: 1, max: 1, run: (args, ctx) => textOf(args, (s) => s.toLowerCase(), ctx) },
  UPPER: { min: 1, max: 1, run: (args, ctx) => textOf(args, (s) => s.toUpperCase(), ctx) },
  TRIM: { min: 1, max: 1, run: (args, ctx) => textOf(args, (s) => s.trim(), ctx) },
  LEN: {
    min: 1,
    max: 1,
    run: (args) => {
      const v = (args[0] as Thunk)();
      return isError(v) ? ERROR : toText(v).length;
    },
  },
  T: {
    min: 1,
    max: 1,
    run: (args) => {
      const v = (args[0] as Thunk)();
      if (isError(v)) return ERROR;
      return typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => typeof x === 'string') ? toText(v) : null;
    },
  },
  VALUE: {
    min: 1,
    max: 1,
    run: (args) => {
      const v = (args[0] as Thunk)();
      if (isError(v)) return ERROR;
      if (typeof v === 'number') return v;
      const cleaned = toText(v).replace(/[^0-9.eE+-]/g, '');
      const n = cleaned === '' ? 0 : Number(cleaned);
      return Number.isNaN(n) ? ERROR : n;
    },
  },
  CONCATENATE: {
    min: 1,
    max: Infinity,
    run: (args, ctx) => {
      const values = all(args);
      if (anyError(values)) return ERROR;
      let length = 0;
      const parts = values.map((v) => {
        const s = toText(v);
        length += s.length;
        checkLength(length, ctx);
        return s;
      });
      return text(parts.join(''), ctx);
    },
  },
  LEFT: {
    min: 2,
    max: 2,
    run: (args, ctx) => {
      const [s, n] = all(args) as [Value, Value];
      const count = toNumber(n);
      if (isError(s) || Number.isNaN(count) || count < 0) return ERROR;
      return text(toText(s).slice(0, Math.floor(count)), ctx);
    },
  },
  RIGHT: {
    min: 2,
    max: 2,
    run: (args, ctx) => {
      const [s, n] = all(args) as [Value, Value];
      const count = toNumber(n);
      if (isError(s) || Number.isNaN(count) || count < 0) return ERROR;
      const t = toText(s);
      const k = Math.floor(count);
      return text(k === 0 ? '' : t.slice(Math.max(0, t.length - k)), ctx);
    },
  },
  MID: {
    min: 3,
    max: 3,
    run: (args, ctx) => {
      const [s, start, count] = all(args) as [Value, Value, Value];
      const from = toNumber(start);
      const n = toNumber(count);
      if (isError(s) || Number.isNaN(from) || Number.isNaN(n) || from < 1 || n < 0) return ERROR;
      const begin = Math.floor(from) - 1;
      return text(toText(s).slice(begin, begin + Math.floor(n)), ctx);
    },
  },
  FIND: { min: 2, max: 3, run: (args, ctx) => findIn(args, false, ctx) },
  SEARCH: { min: 2, max: 3, run: (args, ctx) => findIn(args, true, ctx) },
  SUBSTITUTE: {
    min: 3,
    max: 4,
    run: (args, ctx) => {
      const values = all(args);
      if (anyError(values)) return ERROR;
      const [s, from, to] = values.map(toText) as [string, string, string];
      if (from === '') return text(s, ctx);
      // the text is scanned once for every occurrence: charged before the split
      ctx.chargeText(s.length);
      const parts = s.split(from);
      ctx.chargeSteps(parts.length);
      if (values.length === 4) {
        const index = toNumber(values[3] as Value);
        if (Number.isNaN(index) || index < 1) return ERROR;
        const k = Math.floor(index);
        if (k >= parts.length) return text(s, ctx);
        return text(parts.slice(0, k).join(from) + to + parts.slice(k).join(from), ctx);
      }
      checkLength(s.length + (parts.length - 1) * (to.length - from.length), ctx);
      return text(parts.join(to), ctx);
    },
  },
  REPLACE: {
    min: 4,
    max: 4,
    run: (args, ctx) => {
      const [s, start, count, replacement] = all(args) as [Value, Value, Value, Value];
      const from = toNumber(start);
      const n = toNumber(count);
      if (isError(s) || isError(replacement) || Number.isNaN(from) || Number.isNaN(n) || from < 1 || n < 0) return ERROR;
      const t = toText(s);
      const begin = Math.floor(from) - 1;
      const r = toText(replacement);
      checkLength(t.length + r.length, ctx);
      return text(t.slice(0, begin) + r + t.slice(begin + Math.floor(n)), ctx);
    },
  },
  REPT: {
    min: 2,
    max: 2,
    run: (args, ctx) => {
      const [s, n] = all(args) as [Value, Value];
      const times = toNumber(n);
      if (isError(s) || Number.isNaN(times) || times < 0) return ERROR;
      const t = toText(s);
      const k = Math.floor(times);
      reserve(t.length * k, ctx);
      return t.repeat(k);
    },
  },
  ENCODE_URL_COMPONENT: { min: 1, max: 1, run: (args, ctx) => textOf(args, (s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD')), ctx) },
  REGEX_MATCH: {
    min: 2,
    max: 2,
    run: (args, ctx) => {
      const r = regexArgs(args, ctx);
      return r === ERROR ? ERROR : r.re.matcher(r.subject).find();
    },
  },
  REGEX_EXTRACT: {
    min: 2,
    max: 2,
    run: (args, ctx) => {
      const r = regexArgs(args, ctx);
      if (r === ERROR) return ERROR;
      const m = r.re.matcher(r.subject);
      // no match is #ERROR! in Airtable (wrap it in IF(REGEX_MATCH(…), …) to avoid that)
      return m.find() ? text(m.group() ?? '', ctx) : ERROR;
    },
  },
  REGEX_REPLACE: {
    min: 3,
    max: 3,
    run: (args, ctx) => {
      const r = regexArgs(args, ctx);
      if (r === ERROR) return ERROR;
      const replacement = (args[2] as Thunk)();
      if (isError(replacement)) return ERROR;
      const with_ = toText(replacement);
      // the longest it could get: every position replaced
      checkLength(r.subject.length + (r.subject.length + 1) * with_.length, ctx);
      return text(r.re.matcher(r.subject).replaceAll(with_), ctx);
    },
  },

  // numbers
  ABS: { min: 1, max: 1, run: (args) => numbers(args, Math.abs) },
  INT: { min: 1, max: 1, run: (args) => numbers(args, Math.floor) },
  ROUND: { min: 1, max: 2, run: (args) => numbers(args, (x, p = 0) => roundHalfUp(x, p)) },
  ROUNDUP: { min: 1, max: 2, run: (args) => numbers(args, (x, p = 0) => roundAwayOrToward(x, p, Math.ceil)) },
  ROUNDDOWN: { min: 1, max: 2, run: (args) => numbers(args, (x, p = 0) => roundAwayOrToward(x, p, Math.floor)) },
  CEILING: { min: 1, max: 2, run: (args) => numbers(args, (x, sig = 1) => toMultiple(x, sig, Math.ceil)) },
  FLOOR: { min: 1, max: 2, run: (args) => numbers(args, (x, sig = 1) => toMultiple(x, sig, Math.floor)) },
  EVEN: { min: 1, max: 1, run: (args) => numbers(args, (x) => toParity(x, false)) },
  ODD: { min: 1, max: 1, run: (args) => numbers(args, (x) => toParity(x, true)) },
  LOG: { min: 1, max: 2, run: (args) => numbers(args, (x, base) => logarithm(x, base)) },
  EXP: { min: 1, max: 1, run: (args) => numbers(args, Math.exp) },
  MOD: { min: 2, max: 2, run: (args) => numbers(args, (x, d) => (d === 0 ? ERROR : x % (d as number))) },
  POWER: { min: 2, max: 2, run: (args) => numbers(args, (x, y) => x ** (y as number)) },
  SQRT: { min: 1, max: 1, run: (args) => numbers(args, (x) => (x < 0 ? ERROR : Math.sqrt(x))) },
  MAX: { min: 1, max: Infinity, run: (args) => aggregate(args, (ns) => (ns.length === 0 ? 0 : ns.reduce((a, b) => Math.max(a, b)))) },
  MIN: { min: 1, max: Infinity, run: (args) => aggregate(args, (ns) => (ns.length === 0 ? 0 : ns.reduce((a, b) => Math.min(a, b)))) },
  SUM: { min: 1, max: Infinity, run: (args) => aggregate(args, (ns) => ns.reduce((a, b) => a + b, 0)) },
  AVERAGE: { min: 1, max: Infinity, run: (args) => aggregate(args, (ns) => (ns.length === 0 ? ERROR : ns.reduce((a, b) => a + b, 0) / ns.length)) },
  COUNT: { min: 1, max: Infinity, run: (args) => flatten(all(args)).filter((v) => typeof v === 'number').length },
  COUNTA: { min: 1, max: Infinity, run: (args) => flatten(all(args)).filter((v) => !isBlank(v)).length },
  COUNTALL: { min: 1, max: Infinity, run: (args) => flatten(all(args)).length },

  // lists
  ARRAYJOIN: {
    min: 1,
    max: 2,
    run: (args, ctx) => {
      const list = (args[0] as Thunk)();
      const sep = args[1] ? args[1]() : ', ';
      if (isError(list) || isError(sep)) return ERROR;
      const items = Array.isArray(list) ? flatten(list) : isBlank(list) ? [] : [list];
      if (anyError(items)) return ERROR;
      return text(items.map(toText).join(toText(sep)), ctx);
    },
  },
  ARRAYCOMPACT: {
    min: 1,
    max: 1,
    run: (args) => {
      const list = (args[0] as Thunk)();
      if (isError(list)) return ERROR;
      return Array.isArray(list) ? flatten(list).filter((v) => !isBlank(v)) : isBlank(list) ? [] : [list];
    },
  },
  ARRAYUNIQUE: {
    min: 1,
    max: 1,
    run: (args) => {
      const list = (args[0] as Thunk)();
      if (isError(list)) return ERROR;
      const seen = new Set<string>();
      return (Array.isArray(list) ? flatten(list) : [list]).filter((v) => {
        const key = `${typeof v}:${toText(v)}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  },
  ARRAYFLATTEN: {
    min: 1,
    max: 1,
    run: (args) => {
      const list = (args[0] as Thunk)();
      if (isError(list)) return ERROR;
      return Array.isArray(list) ? flatten(list) : [list];
    },
  },

  // dates (in the base's zone)
  NOW: { min: 0, max: 0, run: (_args, ctx) => ctx.now() },
  TODAY: { min: 0, max: 0, run: (_args, ctx) => new Date(startOf(ctx.now(), 'days', ctx.timeZone)) },
  CREATED_TIME: { min: 0, max: 0, run: (_args, ctx) => new Date(ctx.createdTime) },
  // LAST_MODIFIED_TIME({Field}, …) reads field names, not values: evaluate.ts compiles it (this is the call without fields)
  LAST_MODIFIED_TIME: { min: 0, max: Infinity, run: (_args, ctx) => new Date(ctx.modifiedTime([])) },
  RECORD_ID: { min: 0, max: 0, run: (_args, ctx) => ctx.recordId },
  YEAR: { min: 1, max: 1, run: (args, ctx) => dateFn(args, ctx, (d) => wallTime(d, ctx.timeZone).year) },
  MONTH: { min: 1, max: 1, run: (args, ctx) => dateFn(args, ctx, (d) => wallTime(d, ctx.timeZone).month) },
  DAY: { min: 1, max: 1, run: (args, ctx) => dateFn(args, ctx, (d) => wallTime(d, ctx.timeZone).day) },
  HOUR: { min: 1, max: 1, run: (args, ctx) => dateFn(args, ctx, (d) => wallTime(d, ctx.timeZone).hour) },
  MINUTE: { min: 1, max: 1, run: (args, ctx) => dateFn(args, ctx, (d) => wallTime(d, ctx.timeZone).minute) },
  SECOND: { min: 1, max: 1, run: (args, ctx) => dateFn(args, ctx, (d) => wallTime(d, ctx.timeZone).second) },
  WEEKDAY: {
    min: 1,
    max: 2,
    run: (args, ctx) =>
      dateFn(args, ctx, (d) => {
        const w = wallTime(d, ctx.timeZone);
        const day = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
        const start = args[1] ? toText(args[1]()).toLowerCase() : 'sunday';
        return start === 'monday' ? (day + 6) % 7 : day;
      }),
  },
  IS_AFTER: { min: 2, max: 2, run: (args, ctx) => twoDates(args, ctx, (a, b) => a.getTime() > b.getTime()) },
  IS_BEFORE: { min: 2, max: 2, run: (args, ctx) => twoDates(args, ctx, (a, b) => a.getTime() < b.getTime()) },
  IS_SAME: {
    min: 2,
    max: 3,
    run: (args, ctx) =>
      twoDates(args, ctx, (a, b) => {
        if (!args[2]) return a.getTime() === b.getTime();
        const unit = readUnit(toText(args[2]()));
        if (!unit) return ERROR;
        return startOf(a, unit, ctx.timeZone) === startOf(b, unit, ctx.timeZone);
      }),
  },
  DATEADD: {
    min: 3,
    max: 3,
    run: (args, ctx) =>
      dateFn(args, ctx, (d) => {
        const count = toNumber((args[1] as Thunk)());
        const unitValue = (args[2] as Thunk)();
        const unit = isError(unitValue) ? undefined : readUnit(toText(unitValue));
        if (Number.isNaN(count) || !unit) return ERROR;
        const result = addUnits(d, count, unit, ctx.timeZone);
        return Number.isNaN(result.getTime()) ? ERROR : result;
      }),
  },
  DATETIME_DIFF: {
    min: 2,
    max: 3,
    run: (args, ctx) =>
      twoDates(args, ctx, (a, b) => {
        const unitValue = args[2] ? args[2]() : 'seconds';
        if (isError(unitValue)) return ERROR;
        // Airtable: seconds when no unit is given, milliseconds when the unit is not one it knows
        return diffUnits(a, b, readUnit(toText(unitValue)) ?? 'milliseconds', ctx.timeZone);
      }),
  },
  DATETIME_FORMAT: {
    min: 1,
    max: 2,
    run: (args, ctx) =>
      dateFn(args, ctx, (d) => {
        const format = args[1] ? args[1]() : null;
        if (isError(format)) return ERROR;
        if (format === null) return d.toISOString();
        const f = toText(format);
        // the format is read once a record and its expansion checked as it grows: a long format stops at the limits
        ctx.chargeText(f.length);
        // SET_TIMEZONE and SET_LOCALE choose the zone and the names a date is shown in
        const shown = d instanceof ShownDate ? d : undefined;
        return text(
          formatDate(d, f, shown?.timeZone ?? ctx.timeZone, (length) => checkLength(length, ctx), shown?.names),
          ctx,
        );
      }),
  },
  SET_TIMEZONE: {
    min: 2,
    max: 2,
    run: (args, ctx) =>
      dateFn(args, ctx, (d) => {
        const zone = (args[1] as Thunk)();
        if (isError(zone)) return ERROR;
        const name = toText(zone).trim();
        ctx.chargeText(name.length);
        if (name.length > MAX_NAME_LENGTH || !isTimeZone(name)) return ERROR;
        return new ShownDate(d.getTime(), name, d instanceof ShownDate ? d.names : undefined);
      }),
  },
  SET_LOCALE: {
    min: 2,
    max: 2,
    run: (args, ctx) =>
      dateFn(args, ctx, (d) => {
        const locale = (args[1] as Thunk)();
        if (isError(locale)) return ERROR;
        const name = toText(locale).trim();
        ctx.chargeText(name.length);
        const names = name.length > MAX_NAME_LENGTH ? null : localeNames(name);
        if (!names) return ERROR;
        return new ShownDate(d.getTime(), d instanceof ShownDate ? d.timeZone : undefined, names);
      }),
  },
  WORKDAY: {
    min: 2,
    max: 3,
    run: (args, ctx) =>
      dateFn(args, ctx, (d) => {
        const count = toNumber((args[1] as Thunk)());
        const holidays = holidayDays(args[2], ctx);
        if (Number.isNaN(count) || holidays === ERROR) return ERROR;
        // a count beyond any calendar (±275,000 years of working days) is no date
        if (Math.abs(count) > 70_000_000) return ERROR;
        const day = workdayAfter(dayNumber(d, ctx), Math.trunc(count), holidays);
        const at = new Date(day * DAY_MS);
        return fromWallTime(
          { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate(), hour: 0, minute: 0, second: 0, ms: 0 },
          ctx.timeZone,
        );
      }),
  },
  WORKDAY_DIFF: {
    min: 2,
    max: 3,
    run: (args, ctx) =>
      twoDates(args, ctx, (a, b) => {
        const holidays = holidayDays(args[2], ctx);
        if (holidays === ERROR) return ERROR;
        return workdayDiff(dayNumber(a, ctx), dayNumber(b, ctx), holidays);
      }),
  },
  DATETIME_PARSE: {
    min: 1,
    max: 3,
    run: (args, ctx) => {
      const v = (args[0] as Thunk)();
      if (isError(v)) return ERROR;
      if (v instanceof Date) return v;
      if (isBlank(v)) return null;
      const format = args[1] ? args[1]() : null;
      if (isError(format)) return ERROR;
      const t = toText(v);
      const f = format === null ? '' : toText(format);
      // one pass over the text and the format (dates.ts): charged as text read
      ctx.chargeText(t.length + f.length);
      const date = f === '' ? parseDate(t, ctx.timeZone) : parseDateWithFormat(t, f, ctx.timeZone, ctx.now());
      return date ?? ERROR;
    },
  },
};

/** The longest zone or locale name read (the longest IANA zone is 32 characters). */
const MAX_NAME_LENGTH = 64;
const DAY_MS = 86_400_000;

/** The calendar day of a date in the base's zone, as days since 1970-01-01. */
function dayNumber(d: Date, ctx: CallContext): number {
  const w = wallTime(d, ctx.timeZone);
  return Date.UTC(w.year, w.month - 1, w.day) / DAY_MS;
}

/**
 * The holidays of WORKDAY and WORKDAY_DIFF: ISO dates in a text separated by commas ('2020-10-20, 2020-10-21'), or a
 * list of them (a lookup); charged as text read and a step each. A holiday that is not a date is #ERROR!.
 */
function holidayDays(arg: Thunk | undefined, ctx: CallContext): number[] | typeof ERROR {
  if (!arg) return [];
  const v = arg();
  if (isError(v)) return ERROR;
  const items = flatten([v]);
  if (anyError(items)) return ERROR;
  const days: number[] = [];
  for (const item of items) {
    if (item instanceof Date) {
      days.push(dayNumber(item, ctx));
      continue;
    }
    const t = toText(item);
    ctx.chargeText(t.length);
    for (const part of t.split(',')) {
      if (part.trim() === '') continue;
      ctx.chargeSteps(1);
      const d = parseDate(part, ctx.timeZone);
      if (!d) return ERROR;
      days.push(dayNumber(d, ctx));
    }
  }
  ctx.chargeSteps(days.length);
  return workingHolidays(days);
}

function findIn(args: readonly Thunk[], insensitive: boolean, ctx: CallContext): Value {
  const needle = (args[0] as Thunk)();
  const haystack = (args[1] as Thunk)();
  const start = args[2] ? toNumber(args[2]()) : 1;
  if (isError(needle) || isError(haystack) || Number.isNaN(start)) return ERROR;
  let n = toText(needle);
  let h = toText(haystack);
  ctx.chargeText(h.length);
  if (insensitive) {
    n = n.toLowerCase();
    h = h.toLowerCase();
  }
  const index = h.indexOf(n, Math.max(0, Math.floor(start) - 1));
  // SEARCH gives blank when the text is not there, FIND gives 0
  if (index < 0) return insensitive ? null : 0;
  return index + 1;
}

/** The date a value holds, for comparisons: a Date, or text that reads as one. */
export function valueAsDate(v: Value, timeZone: string): Date | null {
  if (v instanceof Date) return v;
  if (typeof v === 'string') return parseDate(v, timeZone);
  return null;
}
