/**
 * The values a formula computes with, and how one kind reads as another, following Airtable's rules where the
 * site depends on them:
 * - a blank field is null: '' in text, 0 in arithmetic, equal to both '' and 0;
 * - text that holds a number ('1,250,000', '$899,000') counts as that number in arithmetic and comparisons;
 * - a date is a Date; as text it is its ISO 8601 form in UTC, as Airtable shows a date in a formula;
 * - a list (a multiple-select, attachments, a lookup) is an array; as text its items joined by ", ";
 * - an error (#ERROR!: division by zero, arithmetic on words, a date that cannot be read) is a value that flows
 *   through every operator and function except ISERROR and the branch IF does not take; a filter drops the record.
 */
import type { FieldValue } from '@gta/shared/core';
import type { DateNames } from './dates';

export const ERROR = Symbol('#ERROR!');
export type FormulaErrorValue = typeof ERROR;
export type Scalar = string | number | boolean | Date | null;
export type Value = Scalar | FormulaErrorValue | readonly Value[];

/**
 * A date with the zone and the locale DATETIME_FORMAT shows it in (SET_TIMEZONE, SET_LOCALE): the same instant as
 * any Date, so comparisons, DATEADD and DATETIME_DIFF see no difference.
 */
export class ShownDate extends Date {
  constructor(
    time: number,
    readonly timeZone: string | undefined,
    readonly names: DateNames | undefined,
  ) {
    super(time);
  }
}

export function isError(v: Value): v is FormulaErrorValue {
  return v === ERROR;
}

export function isList(v: Value): v is readonly Value[] {
  return Array.isArray(v);
}

/** A field's value as formulas see it: lists stay lists, attachments and linked objects become their text. */
export function fieldToValue(raw: FieldValue | undefined): Value {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map((item) => fieldToValue(item));
  const url = raw.url;
  const name = raw.filename ?? raw.name;
  if (typeof name === 'string' && typeof url === 'string') return `${name} (${url})`;
  if (typeof url === 'string') return url;
  if (typeof name === 'string') return name;
  return JSON.stringify(raw);
}

/** A value as text. Errors read as '' here; callers check for errors first. */
export function toText(v: Value): string {
  if (v === null || v === ERROR) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NaN';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  return (v as readonly Value[]).map(toText).join(', ');
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * True when the text is a plain decimal number: a sign ('-', or '+' too when `plus`), digits with an optional
 * fraction or a fraction alone, and (when `exponent`) an optional e±digits. One pass, no regular expression: a
 * backtracking pattern such as /^(\d+\.?\d*)$/ is quadratic on a long run of digits that ends in a letter.
 */
export function isNumberText(s: string, plus = true, exponent = true): boolean {
  let i = 0;
  if (s[i] === '-' || (plus && s[i] === '+')) i++;
  const start = i;
  while (isDigit(s[i])) i++;
  const whole = i - start;
  let fraction = 0;
  if (s[i] === '.') {
    i++;
    const from = i;
    while (isDigit(s[i])) i++;
    fraction = i - from;
  }
  if (whole === 0 && fraction === 0) return false;
  if (exponent && (s[i] === 'e' || s[i] === 'E')) {
    let j = i + 1;
    if (s[j] === '+' || s[j] === '-') j++;
    const from = j;
    while (isDigit(s[j])) j++;
    if (j === from) return false;
    i = j;
  }
  return i === s.length;
}

/** Reads a number from a value; text like '1,250,000' or '$899,000' counts. NaN when it is not a number. */
export function toNumber(v: Value): number {
  if (v === null) return 0;
  if (v === ERROR) return NaN;
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.getTime();
  if (Array.isArray(v)) {
    const list = v as readonly Value[];
    if (list.length === 0) return 0;
    return list.length === 1 ? toNumber(list[0] as Value) : NaN;
  }
  const cleaned = (v as string).trim().replace(/[$,\s]/g, '');
  if (cleaned === '') return 0;
  return isNumberText(cleaned) ? Number(cleaned) : NaN;
}

export function isBlank(v: Value): boolean {
  return v === null || v === '' || (Array.isArray(v) && (v as readonly Value[]).length === 0);
}

export function isTruthy(v: Value): boolean {
  if (v === null || v === ERROR) return false;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v !== '';
  if (typeof v === 'boolean') return v;
  if (v instanceof Date) return !Number.isNaN(v.getTime());
  return (v as readonly Value[]).length > 0;
}

/** Any error among the values (checked before a function uses them). */
export function anyError(values: readonly Value[]): boolean {
  for (const v of values) if (v === ERROR) return true;
  return false;
}

/** The items of a list argument (or the value itself), lists flattened. */
export function flatten(values: readonly Value[], into: Value[] = []): Value[] {
  for (const v of values) {
    if (Array.isArray(v)) flatten(v as readonly Value[], into);
    else into.push(v);
  }
  return into;
}
