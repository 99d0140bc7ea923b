/**
 * Form validation rules of spec section 5, defined once and used by the browser forms (field messages) and the
 * server's webhook receivers (400 with field errors). Framework-free.
 */
import type { WebhookPath } from './config';
import { formatDecimal } from './format';
import { FORMS, formSchemaOf, type DeclaredFieldName } from './forms';
import { TEAM_TIME_ZONE, dayIn } from './teamTime';
import { showingSlotError } from './showings';

/** 'date' is a calendar day written YYYY-MM-DD (what a date input gives); 'time' a time of day, HH:MM in 24 hours. */
export type FieldKind = 'text' | 'longtext' | 'email' | 'phone' | 'number' | 'choice' | 'date' | 'time';

export interface FieldRule {
  kind: FieldKind;
  label: string;
  required: boolean;
  /** number: inclusive bounds and step */
  min?: number;
  max?: number;
  step?: number;
  /** choice: the allowed values */
  options?: readonly string[];
  /** text: maximum length (defaults keep a single submission small) */
  maxLength?: number;
  /** date: from today (in the team's time zone) to this many days ahead; earlier days and later ones are refused. */
  upcomingDays?: number;
  /**
   * time: a showing's time, the day being this field of the same form: a slot within the team's hours of that day,
   * never in the past (showings.ts, showingSlotError).
   */
  showingDayField?: string;
}

export type FormSchema = Record<string, FieldRule>;

// the option lists and the showing's reach are the forms' (forms.ts), named here too as they always were
export {
  CONTACT_SOURCES,
  DEVELOPMENT_BUDGETS,
  DEVELOPMENT_PROPERTY_TYPES,
  INTEREST_TYPES,
  LISTING_PROPERTY_TYPES,
  ROOM_OPTIONS,
  SHOWING_DAYS_AHEAD,
  SQUARE_FOOT_OPTIONS,
  type ContactSource,
} from './forms';

// the team's clock (teamTime.ts), named here too as it always was
export { TEAM_TIME_ZONE, dayIn } from './teamTime';

/** One schema per webhook path, derived from the forms' declarations (forms.ts). Fields not named here are not stored. */
export const FORM_SCHEMAS = Object.fromEntries(Object.entries(FORMS).map(([path, declaration]) => [path, formSchemaOf(declaration)])) as {
  readonly [P in WebhookPath]: Readonly<Record<DeclaredFieldName<P>, FieldRule>>;
};

export type FormName = keyof typeof FORM_SCHEMAS;
export type FieldErrors = Record<string, string>;
export type SubmissionValue = string | number;
export type ValidationResult = { ok: true; value: Record<string, SubmissionValue> } | { ok: false; errors: FieldErrors };

/** The part before the @: no white space or @, no dot first, last or twice in a row (ada..b@, .ada@). */
const EMAIL_LOCAL = /^[^\s@.]+(?:\.[^\s@.]+)*$/u;
/** A domain label: letters and digits, hyphens inside only. */
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;
/** The last label: two letters or more (com, ca, xn--p1ai). */
const EMAIL_TOP = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/**
 * An address mail can be sent to, as people type them: one @, a local part without empty dot-separated pieces, and
 * a domain of at least two labels none of them empty (`ada@example..com`, `ada@.example.com` and `ada@example.c`
 * are refused).
 */
export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0 || text.indexOf('@') !== at) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  if (!EMAIL_LOCAL.test(local) || labels.length < 2) return false;
  return labels.every((label) => EMAIL_LABEL.test(label)) && EMAIL_TOP.test(labels[labels.length - 1] as string);
}
/** A number as people type it: digits, an optional decimal part, thousands commas allowed; never 0x10, 1e3 or Infinity. */
const PLAIN_NUMBER = /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/;
/**
 * Characters no visitor means to send: C0/C1 controls other than tab and line feed, the bidirectional overrides and
 * isolates (U+202A-U+202E, U+2066-U+2069) that can make stored text read differently from what it is, and the BOM.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** Text as it is stored: line endings made \n, unwanted control and direction characters removed, trimmed. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(UNWANTED, '').trim();
}

/** A form's number, or NaN when the text is not a plain number. */
export function parseFormNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const s = value.trim();
  return PLAIN_NUMBER.test(s) ? Number(s.replace(/,/g, '')) : Number.NaN;
}
const PHONE_CHARS = /^[+()\d\s.\-x]+$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A YYYY-MM-DD day as a UTC midnight timestamp, or NaN when it is not a real day (2026-02-30). */
function dayValue(day: string): number {
  const m = ISO_DATE.exec(day);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? t : Number.NaN;
}

const DAY_MS = 86_400_000;

/** The days a date field with `upcomingDays` accepts: [today, last], YYYY-MM-DD in the team's time zone (a date input's min and max). */
export function upcomingDayRange(rule: FieldRule, now: Date = new Date()): { min: string; max: string } {
  const today = dayIn(TEAM_TIME_ZONE, now);
  const last = new Date(dayValue(today) + (rule.upcomingDays ?? 0) * DAY_MS).toISOString().slice(0, 10);
  return { min: today, max: last };
}

/**
 * Validates one field. Returns the message to show, or null when the value is acceptable. `now` is the clock of
 * an upcoming date's 'today'.
 */
export function validateField(rule: FieldRule, raw: unknown, now: Date = new Date()): string | null {
  const value = typeof raw === 'string' ? raw.trim() : raw;
  const empty = value === undefined || value === null || value === '';
  if (empty) return rule.required ? `${rule.label} is required.` : null;
  switch (rule.kind) {
    case 'number': {
      const n = parseFormNumber(value);
      if (!Number.isFinite(n)) return `${rule.label} must be a number.`;
      if (rule.min !== undefined && n < rule.min) return `${rule.label} must be at least ${rule.min}.`;
      if (rule.max !== undefined && n > rule.max) return `${rule.label} must be at most ${formatDecimal(rule.max, 0, 3)}.`;
      if (rule.step !== undefined && Math.abs(n / rule.step - Math.round(n / rule.step)) > 1e-9) return `${rule.label} must be in steps of ${rule.step}.`;
      return null;
    }
    case 'choice':
      if (typeof value !== 'string' || !rule.options?.includes(value)) return `Please choose a ${rule.label.toLowerCase()} from the list.`;
      return null;
    case 'date': {
      const day = typeof value === 'string' ? dayValue(value) : Number.NaN;
      if (Number.isNaN(day)) return `${rule.label} must be a date (YYYY-MM-DD).`;
      if (rule.upcomingDays !== undefined) {
        const { min, max } = upcomingDayRange(rule, now);
        if (day < dayValue(min)) return `${rule.label} cannot be in the past.`;
        if (day > dayValue(max)) return `${rule.label} must be within ${rule.upcomingDays} days.`;
      }
      return null;
    }
    case 'time':
      if (typeof value !== 'string' || !TIME_OF_DAY.test(value)) return `${rule.label} must be a time (HH:MM).`;
      return null;
    default: {
      if (typeof value !== 'string' && typeof value !== 'number') return `${rule.label} must be text.`;
      const s = String(value);
      if (rule.maxLength !== undefined && s.length > rule.maxLength) return `${rule.label} must be at most ${rule.maxLength} characters.`;
      if (rule.kind === 'email' && !isEmailAddress(s)) return 'Please enter a valid email address.';
      if (rule.kind === 'phone') {
        const digits = s.replace(/\D/g, '').length;
        if (!PHONE_CHARS.test(s) || digits < 7 || digits > 15) return 'Please enter a valid phone number.';
      }
      return null;
    }
  }
}

/** Validates a whole submission against its form's schema; the value keeps only the schema's fields, trimmed. */
export function validateSubmission(form: FormName, input: unknown, now: Date = new Date()): ValidationResult {
  const schema: FormSchema = FORM_SCHEMAS[form];
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: { _form: 'The submission must be a JSON object.' } };
  const source = input as Record<string, unknown>;
  const errors: FieldErrors = {};
  const value: Record<string, SubmissionValue> = {};
  for (const [field, rule] of Object.entries(schema)) {
    const message = validateField(rule, source[field], now);
    if (message) {
      errors[field] = message;
      continue;
    }
    if (rule.kind === 'time' && rule.showingDayField !== undefined) {
      const day = source[rule.showingDayField];
      const slot = showingSlotError(typeof day === 'string' ? day : undefined, typeof source[field] === 'string' ? (source[field] as string) : undefined, now);
      if (slot) {
        errors[field] = slot;
        continue;
      }
    }
    const raw = source[field];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) continue;
    value[field] = rule.kind === 'number' ? parseFormNumber(raw) : cleanText(String(raw));
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value };
}

export function isFormName(name: string): name is FormName {
  return Object.prototype.hasOwnProperty.call(FORM_SCHEMAS, name);
}
