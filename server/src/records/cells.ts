/**
 * How a record's fields are presented: cellFormat "string" (values as Airtable shows them, in a time zone and locale)
 * and returnFieldsByFieldId.
 */
import type { FieldValue } from '@gta/shared/core';
import type { Fields } from '../store/store';
import { errors } from './errors';
import { fieldTypeOf, type FieldType } from './fieldTypes';
import { fieldIdOf } from './ids';

export interface CellOptions {
  /** 'json' (default): values as stored; 'string': as Airtable shows them (formatCell). */
  cellFormat?: 'json' | 'string';
  /** IANA zone for date-times when cellFormat is 'string' (required then, as in Airtable). */
  timeZone?: string;
  /** BCP 47 locale for dates when cellFormat is 'string' (required then, as in Airtable). */
  userLocale?: string;
  /** Key the fields by their field ids (fieldIdOf) instead of their names. */
  returnFieldsByFieldId?: boolean;
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function validLocale(locale: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([locale]).length > 0 || /^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(locale);
  } catch {
    return false;
  }
}

/** Checks cellFormat/timeZone/userLocale as Airtable does: "string" needs both (422 naming the missing one); an unknown zone or locale is 422. */
export function checkCellOptions(options: CellOptions): void {
  if (options.cellFormat === undefined || options.cellFormat === 'json') return;
  if (options.cellFormat !== 'string') throw errors.invalidRequest('cellFormat must be "json" or "string"');
  if (!options.timeZone) throw errors.cellFormatNeeds('timeZone');
  if (!options.userLocale) throw errors.cellFormatNeeds('userLocale');
  if (!validTimeZone(options.timeZone)) throw errors.invalidRequest(`unknown timeZone "${options.timeZone.slice(0, 60)}"`);
  if (!validLocale(options.userLocale.replace(/_/g, '-'))) throw errors.invalidRequest(`unknown userLocale "${options.userLocale.slice(0, 60)}"`);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function formatDate(value: string, locale: string): string {
  const m = DATE_ONLY.exec(value);
  const at = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Date.parse(value);
  if (!Number.isFinite(at)) return value;
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' }).format(at);
}

function formatDateTime(value: string, locale: string, timeZone: string): string {
  const at = Date.parse(value);
  if (!Number.isFinite(at)) return value;
  const date = new Intl.DateTimeFormat(locale, { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  // Airtable writes 12-hour times as "2:30pm"
  return `${date} ${time.replace(/\s?([AaPp])\.?\s?[Mm]\.?$/, (_, ap: string) => `${ap.toLowerCase()}m`)}`;
}

export function formatPart(value: FieldValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map(formatPart)
      .filter((s) => s !== '')
      .join(', ');
  // an attachment reads "filename (url)", as in Airtable
  const url = typeof value.url === 'string' ? value.url : undefined;
  if (url) return `${typeof value.filename === 'string' ? value.filename : (url.split('/').pop() ?? url)} (${url})`;
  return JSON.stringify(value);
}

/**
 * A cell as Airtable's cellFormat=string writes it: numbers as plain decimals, checked boxes "checked", dates in
 * the user's locale (date-times in the time zone, "1/15/2026 2:30pm" in en-US), lists joined with ", ",
 * attachments "filename (url)". Empty cells (unchecked, blank) are left out, as in JSON.
 */
export function formatCell(value: FieldValue | undefined, type: FieldType, options: { timeZone: string; userLocale: string }): string | undefined {
  if (value === undefined || value === null || value === '' || value === false) return undefined;
  const locale = options.userLocale.replace(/_/g, '-');
  if (type === 'checkbox') return value === true ? 'checked' : formatPart(value);
  if (type === 'date' && typeof value === 'string') return formatDate(value, locale);
  if (type === 'dateTime' && typeof value === 'string') return formatDateTime(value, locale, options.timeZone);
  if (Array.isArray(value) && value.length === 0) return undefined;
  return formatPart(value);
}

/** A record's fields as asked: cellFormat and returnFieldsByFieldId applied (names kept when neither is asked). */
export function presentFields(table: string, fields: Fields, options: CellOptions): Fields {
  if (options.cellFormat !== 'string' && !options.returnFieldsByFieldId) return fields;
  const out: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    const key = options.returnFieldsByFieldId ? fieldIdOf(table, name) : name;
    if (options.cellFormat === 'string') {
      const text = formatCell(value, fieldTypeOf(table, name), { timeZone: options.timeZone ?? 'UTC', userLocale: options.userLocale ?? 'en-US' });
      if (text !== undefined) out[key] = text;
    } else out[key] = value;
  }
  return out;
}
