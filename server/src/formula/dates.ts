/**
 * Dates for formulas, in the base's time zone (UTC unless configured), with moment.js's format tokens and units
 * as Airtable documents them for DATETIME_FORMAT, DATETIME_PARSE, DATEADD, DATETIME_DIFF and IS_SAME.
 */

/** A wall-clock time in a zone: month 1-12, weekday 0 (Sunday) - 6. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, f);
  }
  return f;
}

/**
 * The work the date functions did since evaluate.ts last took it, in formula steps, so that it counts in a request's
 * budget: reading a wall-clock time in a zone other than UTC goes through Intl and costs about ZONE_READ_STEPS steps
 * (measured: YEAR() of a date is ~25 times a comparison in America/Toronto), reading a date's text a few.
 */
let dateWork = 0;
const ZONE_READ_STEPS = 16;
const TEXT_READ_STEPS = 2;

export function takeDateWork(): number {
  const work = dateWork;
  dateWork = 0;
  return work;
}

export function wallTime(date: Date, timeZone: string): WallTime {
  dateWork += timeZone === 'UTC' ? 1 : ZONE_READ_STEPS;
  const ms = ((date.getTime() % 1000) + 1000) % 1000;
  if (timeZone === 'UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      ms,
    };
  }
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(date)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    ms,
  };
}

/** The instant at a wall-clock time in a zone (the earlier one when a clock change repeats it). */
export function fromWallTime(w: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
  if (timeZone === 'UTC') return new Date(asUtc);
  // the zone's offset at that moment, found in two steps (enough across one clock change)
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallTime(new Date(guess), timeZone);
    const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second, seen.ms);
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/** Minutes east of UTC of the zone at that instant. */
export function offsetMinutes(date: Date, timeZone: string): number {
  const w = wallTime(date, timeZone);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms) - date.getTime()) / 60000);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export type Unit = 'milliseconds' | 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'quarters' | 'years';

const UNIT_NAMES: Readonly<Record<string, Unit>> = {
  ms: 'milliseconds',
  millisecond: 'milliseconds',
  milliseconds: 'milliseconds',
  s: 'seconds',
  second: 'seconds',
  seconds: 'seconds',
  m: 'minutes',
  minute: 'minutes',
  minutes: 'minutes',
  h: 'hours',
  hour: 'hours',
  hours: 'hours',
  d: 'days',
  day: 'days',
  days: 'days',
  w: 'weeks',
  week: 'weeks',
  weeks: 'weeks',
  M: 'months',
  month: 'months',
  months: 'months',
  Q: 'quarters',
  quarter: 'quarters',
  quarters: 'quarters',
  y: 'years',
  year: 'years',
  years: 'years',
};

/** A unit specifier as Airtable reads it: long or short form ('M' is months, 'm' minutes); undefined when unknown. */
export function readUnit(text: string): Unit | undefined {
  const exact = UNIT_NAMES[text.trim()];
  if (exact) return exact;
  const lower = text.trim().toLowerCase();
  return lower.length > 1 ? UNIT_NAMES[lower] : undefined;
}

const FIXED_MS: Partial<Record<Unit, number>> = { milliseconds: 1, seconds: 1000, minutes: 60_000, hours: 3_600_000 };

/** Adds whole units; days and longer follow the zone's calendar (a month from Jan 31 is Feb 28 or 29). */
export function addUnits(date: Date, count: number, unit: Unit, timeZone: string): Date {
  const fixed = FIXED_MS[unit];
  if (fixed !== undefined) return new Date(date.getTime() + count * fixed);
  const w = wallTime(date, timeZone);
  const whole = Math.trunc(count);
  if (unit === 'days' || unit === 'weeks') {
    const days = unit === 'weeks' ? whole * 7 : whole;
    const shifted = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
    return fromWallTime({ ...w, year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }, timeZone);
  }
  const months = unit === 'months' ? whole : unit === 'quarters' ? whole * 3 : whole * 12;
  const total = w.year * 12 + (w.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return fromWallTime({ ...w, year, month, day: Math.min(w.day, daysInMonth(year, month)) }, timeZone);
}

/** date1 - date2 in whole units, truncated toward zero (as moment's diff, which Airtable uses). */
export function diffUnits(a: Date, b: Date, unit: Unit, timeZone: string): number {
  const delta = a.getTime() - b.getTime();
  switch (unit) {
    case 'milliseconds':
      return delta;
    case 'seconds':
      return Math.trunc(delta / 1000);
    case 'minutes':
      return Math.trunc(delta / 60_000);
    case 'hours':
      return Math.trunc(delta / 3_600_000);
    case 'days':
      return Math.trunc((delta - (offsetMinutes(b, timeZone) - offsetMinutes(a, timeZone)) * 60_000) / 86_400_000);
    case 'weeks':
      return Math.trunc(diffUnits(a, b, 'days', timeZone) / 7);
    default: {
      const months = monthDiff(a, b, timeZone);
      return unit === 'months' ? months : unit === 'quarters' ? Math.trunc(months / 3) : Math.trunc(months / 12);
    }
  }
}

/** Whole calendar months from b to a (negative when a is earlier). */
function monthDiff(a: Date, b: Date, timeZone: string): number {
  if (a.getTime() < b.getTime()) return -monthDiff(b, a, timeZone);
  const wa = wallTime(a, timeZone);
  const wb = wallTime(b, timeZone);
  let months = (wa.year - wb.year) * 12 + (wa.month - wb.month);
  while (months > 0 && addUnits(b, months, 'months', timeZone).getTime() > a.getTime()) months--;
  return months;
}

/** The start of the unit that holds the date (for IS_SAME). */
export function startOf(date: Date, unit: Unit, timeZone: string): number {
  const w = wallTime(date, timeZone);
  switch (unit) {
    case 'years':
      return fromWallTime({ year: w.year, month: 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone).getTime();
    case 'quarters':
      return fromWallTime({ year: w.year, month: Math.floor((w.month - 1) / 3) * 3 + 1, day: 1, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone).getTime();
    case 'months':
      return fromWallTime({ ...w, day: 1, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone).getTime();
    case 'weeks': {
      const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
      return addUnits(new Date(startOf(date, 'days', timeZone)), -weekday, 'days', timeZone).getTime();
    }
    case 'days':
      return fromWallTime({ ...w, hour: 0, minute: 0, second: 0, ms: 0 }, timeZone).getTime();
    case 'hours':
      return fromWallTime({ ...w, minute: 0, second: 0, ms: 0 }, timeZone).getTime();
    case 'minutes':
      return fromWallTime({ ...w, second: 0, ms: 0 }, timeZone).getTime();
    case 'seconds':
      return fromWallTime({ ...w, ms: 0 }, timeZone).getTime();
    default:
      return date.getTime();
  }
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width = 2): string => String(Math.abs(n)).padStart(width, '0');

function ordinal(n: number): string {
  const rem100 = n % 100;
  if (rem100 >= 11 && rem100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}${colon ? ':' : ''}${pad(m % 60)}`;
}

/**
 * A format split into literal text and moment.js tokens, by a scan in one pass: at each character the longest token
 * starting with it, a `[...]` literal, or one literal character. No regular expression: linear in the format.
 */
export type FormatPart = { literal: string; token?: undefined } | { token: string; literal?: undefined };

function tokenTable(tokens: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const byFirst = new Map<string, string[]>();
  for (const t of [...tokens].sort((a, b) => b.length - a.length)) {
    const list = byFirst.get(t[0] as string) ?? [];
    list.push(t);
    byFirst.set(t[0] as string, list);
  }
  return byFirst;
}

/** The time of day, and Unix seconds and milliseconds: the same tokens when formatting and when parsing, in this order. */
const CLOCK_TOKENS = ['HH', 'H', 'hh', 'h', 'mm', 'm', 'ss', 's', 'SSS', 'A', 'a', 'X', 'x'] as const;

const FORMAT_TOKENS = tokenTable([
  'YYYY',
  'YY',
  'Q',
  'MMMM',
  'MMM',
  'MM',
  'Mo',
  'M',
  'DDDD',
  'DDD',
  'Do',
  'DD',
  'D',
  'dddd',
  'ddd',
  'dd',
  'd',
  ...CLOCK_TOKENS,
  'ZZ',
  'Z',
  'LLLL',
  'LLL',
  'LL',
  'L',
  'll',
  'l',
]);
const PARSE_TOKENS = tokenTable(['YYYY', 'YY', 'MMMM', 'MMM', 'MM', 'M', 'Do', 'DD', 'D', ...CLOCK_TOKENS, 'dddd', 'ddd']);

export function splitFormat(format: string, tokens: ReadonlyMap<string, readonly string[]> = FORMAT_TOKENS): FormatPart[] {
  const parts: FormatPart[] = [];
  let literal = '';
  // once no ']' follows, every later '[' is a literal character (so "[[[[…" is not scanned again and again)
  let closingAhead = true;
  let i = 0;
  while (i < format.length) {
    const c = format[i] as string;
    if (c === '[' && closingAhead) {
      const close = format.indexOf(']', i + 1);
      if (close >= 0) {
        literal += format.slice(i + 1, close);
        i = close + 1;
        continue;
      }
      closingAhead = false;
    }
    const token = tokens.get(c)?.find((t) => format.startsWith(t, i));
    if (token === undefined) {
      literal += c;
      i += 1;
      continue;
    }
    if (literal !== '') parts.push({ literal });
    literal = '';
    parts.push({ token });
    i += token.length;
  }
  if (literal !== '') parts.push({ literal });
  return parts;
}

const LOCALIZED = {
  L: splitFormat('MM/DD/YYYY'),
  l: splitFormat('M/D/YYYY'),
  LL: splitFormat('MMMM D, YYYY'),
  ll: splitFormat('MMM D, YYYY'),
  LLL: splitFormat('MMMM D, YYYY h:mm A'),
  LLLL: splitFormat('dddd, MMMM D, YYYY h:mm A'),
};

/** Month and weekday names of a locale (SET_LOCALE), for MMMM, MMM, dddd, ddd and dd. */
export interface DateNames {
  readonly locale: string;
  readonly months: readonly string[];
  readonly monthsShort: readonly string[];
  readonly weekdays: readonly string[];
  readonly weekdaysShort: readonly string[];
}

const ENGLISH: DateNames = {
  locale: 'en',
  months: MONTHS,
  monthsShort: MONTHS.map((m) => m.slice(0, 3)),
  weekdays: WEEKDAYS,
  weekdaysShort: WEEKDAYS.map((d) => d.slice(0, 3)),
};

/** What reading a locale's names costs the first time (Intl builds 4 formatters and formats 38 dates), in steps. */
const LOCALE_READ_STEPS = 64;
const localeNamesCache = new Map<string, DateNames>();

/**
 * The names of a locale as Intl knows them ('fr': 'novembre', 'mardi'), or null when Intl does not know the locale
 * (SET_LOCALE then gives #ERROR!). Cached per canonical locale: there are a few hundred, the cache stays small.
 */
export function localeNames(locale: string): DateNames | null {
  // Intl reads the tag on every call (about what a date read in a zone costs)
  dateWork += ZONE_READ_STEPS;
  let canonical: string | undefined;
  try {
    canonical = Intl.DateTimeFormat.supportedLocalesOf(locale)[0];
  } catch {
    return null;
  }
  if (!canonical) return null;
  if (canonical.toLowerCase() === 'en' || canonical.toLowerCase().startsWith('en-')) return { ...ENGLISH, locale: canonical };
  const cached = localeNamesCache.get(canonical);
  if (cached) return cached;
  dateWork += LOCALE_READ_STEPS;
  const names = (options: Intl.DateTimeFormatOptions, dates: readonly Date[]): string[] => {
    const f = new Intl.DateTimeFormat(canonical, { ...options, timeZone: 'UTC' });
    return dates.map((d) => f.format(d));
  };
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2026, i, 15)));
  // 2026-11-22 is a Sunday
  const week = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 22 + i)));
  const found: DateNames = {
    locale: canonical,
    months: names({ month: 'long' }, months),
    monthsShort: names({ month: 'short' }, months),
    weekdays: names({ weekday: 'long' }, week),
    weekdaysShort: names({ weekday: 'short' }, week),
  };
  localeNamesCache.set(canonical, found);
  return found;
}

/** True when Intl knows the zone (SET_TIMEZONE); reading it the first time costs what a date read in a zone costs. */
export function isTimeZone(zone: string): boolean {
  if (zone === 'UTC') return true;
  dateWork += ZONE_READ_STEPS;
  if (partFormatters.has(zone)) return true;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The last format split, and its last text (a formula formats every record with the same format: it is split once). */
let lastFormat: { format: string; parts: FormatPart[]; at: number; zone: string; locale: string; text: string } | undefined;

/**
 * Formats a date with moment.js tokens in the zone; Airtable's default is ISO 8601 in UTC. `check` (when given) is
 * called with the length produced so far after every part, so a caller's budget stops a long expansion as it grows.
 */
export function formatDate(date: Date, format: string, timeZone: string, check?: (length: number) => void, names: DateNames = ENGLISH): string {
  const w = wallTime(date, timeZone);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  const hour12 = w.hour % 12 === 0 ? 12 : w.hour % 12;
  const dayOfYear = Math.round((Date.UTC(w.year, w.month - 1, w.day) - Date.UTC(w.year, 0, 1)) / 86_400_000) + 1;
  const offset = offsetMinutes(date, timeZone);
  const tokenText = (token: string): string => {
    switch (token) {
      case 'YYYY':
        return String(w.year).padStart(4, '0');
      case 'YY':
        return pad(w.year % 100);
      case 'Q':
        return String(Math.floor((w.month - 1) / 3) + 1);
      case 'MMMM':
        return names.months[w.month - 1] as string;
      case 'MMM':
        return names.monthsShort[w.month - 1] as string;
      case 'MM':
        return pad(w.month);
      case 'Mo':
        return ordinal(w.month);
      case 'M':
        return String(w.month);
      case 'DDDD':
        return pad(dayOfYear, 3);
      case 'DDD':
        return String(dayOfYear);
      case 'Do':
        return ordinal(w.day);
      case 'DD':
        return pad(w.day);
      case 'D':
        return String(w.day);
      case 'dddd':
        return names.weekdays[weekday] as string;
      case 'ddd':
        return names.weekdaysShort[weekday] as string;
      case 'dd':
        return (names.weekdays[weekday] as string).slice(0, 2);
      case 'd':
        return String(weekday);
      case 'HH':
        return pad(w.hour);
      case 'H':
        return String(w.hour);
      case 'hh':
        return pad(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return pad(w.minute);
      case 'm':
        return String(w.minute);
      case 'ss':
        return pad(w.second);
      case 's':
        return String(w.second);
      case 'SSS':
        return pad(w.ms, 3);
      case 'A':
        return w.hour < 12 ? 'AM' : 'PM';
      case 'a':
        return w.hour < 12 ? 'am' : 'pm';
      case 'X':
        return String(Math.floor(date.getTime() / 1000));
      case 'x':
        return String(date.getTime());
      case 'ZZ':
        return offsetText(offset, false);
      case 'Z':
        return offsetText(offset, true);
      case 'L':
        return expand(LOCALIZED.L);
      case 'l':
        return expand(LOCALIZED.l);
      case 'LL':
        return expand(LOCALIZED.LL);
      case 'll':
        return expand(LOCALIZED.ll);
      case 'LLL':
        return expand(LOCALIZED.LLL);
      default:
        return expand(LOCALIZED.LLLL);
    }
  };
  const expand = (parts: readonly FormatPart[]): string => {
    let out = '';
    for (const part of parts) {
      out += part.literal ?? tokenText(part.token as string);
      check?.(out.length);
    }
    return out;
  };
  if (lastFormat?.format !== format) lastFormat = { format, parts: splitFormat(format), at: NaN, zone: '', locale: '', text: '' };
  // the same date in the same format (NOW() on every record): the text already made
  if (lastFormat.at === date.getTime() && lastFormat.zone === timeZone && lastFormat.locale === names.locale) return lastFormat.text;
  const text = expand(lastFormat.parts);
  Object.assign(lastFormat, { at: date.getTime(), zone: timeZone, locale: names.locale, text });
  return text;
}

/** The longest text read as a date without a format (the longest ISO 8601 form is 35 characters). */
const MAX_DATE_TEXT = 64;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?)?$/i;

function valid(w: WallTime): boolean {
  return w.month >= 1 && w.month <= 12 && w.day >= 1 && w.day <= daysInMonth(w.year, w.month) && w.hour <= 23 && w.minute <= 59 && w.second <= 59;
}

/**
 * Reads a date written as ISO 8601 ('2024-03-15', '2024-03-15 14:30', '2024-03-15T14:30:00Z', '…+05:00') or as
 * 'M/D/YYYY [h:mm [am|pm]]'. A time without an offset is in the zone. Null when it is not a date (or is longer than
 * MAX_DATE_TEXT characters).
 */
export function parseDate(text: string, timeZone: string): Date | null {
  dateWork += TEXT_READ_STEPS;
  const t = text.trim();
  // no date is written in more characters than this: the patterns below then run on a short text only
  if (t.length > MAX_DATE_TEXT) return null;
  let m = ISO.exec(t);
  if (m) {
    const w: WallTime = {
      year: Number(m[1]),
      month: Number(m[2]),
      day: Number(m[3]),
      hour: Number(m[4] ?? 0),
      minute: Number(m[5] ?? 0),
      second: Number(m[6] ?? 0),
      ms: m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0,
    };
    if (!valid(w)) return null;
    const zone = m[8];
    if (!zone) return fromWallTime(w, timeZone);
    const utc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms);
    if (zone.toUpperCase() === 'Z') return new Date(utc);
    const digits = zone.replace(':', '');
    const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
    return new Date(utc - (digits[0] === '-' ? -minutes : minutes) * 60_000);
  }
  m = US.exec(t);
  if (m) {
    let hour = Number(m[4] ?? 0);
    const meridiem = m[7]?.toLowerCase();
    if (meridiem === 'pm' && hour < 12) hour += 12;
    if (meridiem === 'am' && hour === 12) hour = 0;
    const w: WallTime = { year: Number(m[3]), month: Number(m[1]), day: Number(m[2]), hour, minute: Number(m[5] ?? 0), second: Number(m[6] ?? 0), ms: 0 };
    return valid(w) ? fromWallTime(w, timeZone) : null;
  }
  return null;
}

const isSpace = (c: string | undefined): boolean => c !== undefined && c.trim() === '';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
const isLetter = (c: string | undefined): boolean => c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));

/** Reads one token's text at `i` (greedy, never backtracking, as moment.js reads each token); the end, or -1. */
function readToken(text: string, i: number, token: string): number {
  const digits = (from: number, min: number, max: number): number => {
    let j = from;
    while (j - from < max && isDigit(text[j])) j++;
    return j - from >= min ? j : -1;
  };
  switch (token) {
    case 'MMMM':
    case 'MMM':
    case 'dddd':
    case 'ddd': {
      let j = i;
      while (isLetter(text[j])) j++;
      if (j === i) return -1;
      return text[j] === '.' ? j + 1 : j;
    }
    case 'A':
    case 'a':
      return 'AaPp'.includes(text[i] ?? '_') && 'Mm'.includes(text[i + 1] ?? '_') ? i + 2 : -1;
    case 'Do': {
      const j = digits(i, 1, 2);
      return j >= 0 && ['st', 'nd', 'rd', 'th'].includes(text.slice(j, j + 2)) ? j + 2 : -1;
    }
    case 'X':
    case 'x': {
      let j = digits(text[i] === '-' ? i + 1 : i, 1, Infinity);
      if (j >= 0 && text[j] === '.' && isDigit(text[j + 1])) j = digits(j + 1, 1, Infinity);
      return j;
    }
    case 'YYYY':
      return digits(i, 4, 4);
    case 'SSS':
      return digits(i, 1, 3);
    default:
      return digits(i, 1, 2);
  }
}

/**
 * Reads a date in a moment.js format ('DD/MM/YYYY', 'MMMM D, YYYY h:mm a', 'X'); null when the text does not fit.
 * One pass over the format's parts and the text, each token read greedily (no regular expression, no backtracking):
 * linear in the lengths of both. White space in the format stands for any white space (at least one character).
 */
export function parseDateWithFormat(text: string, format: string, timeZone: string, now: Date): Date | null {
  const fields: string[] = [];
  const values: string[] = [];
  let i = 0;
  while (isSpace(text[i])) i++;
  for (const part of splitFormat(format, PARSE_TOKENS)) {
    if (part.literal !== undefined) {
      for (let k = 0; k < part.literal.length; k++) {
        const c = part.literal[k] as string;
        if (isSpace(c)) {
          while (isSpace(part.literal[k + 1])) k++;
          if (!isSpace(text[i])) return null;
          while (isSpace(text[i])) i++;
        } else if (text[i] === c) i++;
        else return null;
      }
      continue;
    }
    const token = part.token as string;
    const end = readToken(text, i, token);
    if (end < 0) return null;
    fields.push(token);
    values.push(token === 'Do' ? text.slice(i, end - 2) : text.slice(i, end));
    i = end;
  }
  while (isSpace(text[i])) i++;
  if (i !== text.length) return null;
  const today = wallTime(now, timeZone);
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let ms = 0;
  let pm: boolean | undefined;
  for (let i = 0; i < fields.length; i++) {
    const token = fields[i] as string;
    const raw = values[i] as string;
    const n = Number(raw);
    switch (token) {
      case 'X':
        return new Date(n * 1000);
      case 'x':
        return new Date(n);
      case 'YYYY':
        year = n;
        break;
      case 'YY':
        year = n + (n > 68 ? 1900 : 2000);
        break;
      case 'MMMM':
      case 'MMM': {
        const index = MONTHS.findIndex((name) => name.toLowerCase().startsWith(raw.replace('.', '').toLowerCase()) && raw.replace('.', '').length >= 3);
        if (index < 0) return null;
        month = index + 1;
        break;
      }
      case 'MM':
      case 'M':
        month = n;
        break;
      case 'Do':
      case 'DD':
      case 'D':
        day = n;
        break;
      case 'HH':
      case 'H':
      case 'hh':
      case 'h':
        hour = n;
        break;
      case 'mm':
      case 'm':
        minute = n;
        break;
      case 'ss':
      case 's':
        second = n;
        break;
      case 'SSS':
        ms = Number(raw.padEnd(3, '0'));
        break;
      case 'A':
      case 'a':
        pm = raw.toLowerCase() === 'pm';
        break;
      default:
        break;
    }
  }
  if (pm === true && hour < 12) hour += 12;
  if (pm === false && hour === 12) hour = 0;
  const noDate = year === undefined && month === undefined && day === undefined;
  const w: WallTime = {
    year: year ?? today.year,
    month: month ?? (noDate ? today.month : 1),
    day: day ?? (noDate ? today.day : 1),
    hour,
    minute,
    second,
    ms,
  };
  return valid(w) ? fromWallTime(w, timeZone) : null;
}
