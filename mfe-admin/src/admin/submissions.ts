/**
 * Pure rules of the admin table: its columns and their labels, how a cell reads, the text filter as a records-API
 * formula, the count line of a page, and a chat transcript split into turns. No React here; the components and the
 * CSV export share these.
 */
import type { FieldValue, StaffColumn, StaffTable, SubmissionRecord } from '@gta/shared/core';

/** A stored row as staff read it (the records API always returns createdTime). */
export type Submission = SubmissionRecord;

/** What an empty cell shows. */
export const EMPTY_CELL = '—';

/** Rows per page: the admin never asks for a whole table at once. */
export const PAGE_SIZE = 50;

/**
 * The columns of a table: its declared columns (the time received first, then the form's fields in the form's
 * order, under their labels), then any other field the rows carry, under its own name, in the order first seen.
 */
export function columnsFor(table: StaffTable, records: readonly Submission[]): StaffColumn[] {
  const columns = [...table.columns];
  const known = new Set(columns.map((c) => c.field));
  for (const record of records) {
    for (const field of Object.keys(record.fields)) {
      if (known.has(field)) continue;
      known.add(field);
      columns.push({ field, label: field });
    }
  }
  return columns;
}

/** A cell's stored value; the time-received column falls back on the record's createdTime. */
export function valueOf(table: StaffTable, record: Submission, field: string): FieldValue | undefined {
  const value = record.fields[field];
  if (field === table.receivedField && (value === undefined || value === null || value === '')) return record.createdTime;
  return value;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** "Jan 20, 2026, 10:00 a.m. EST": the team works in Toronto, whatever the browser's zone. */
const torontoTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

function isEmptyValue(value: FieldValue | undefined): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmptyValue);
  return false;
}

/** The plain text of a value, without display formatting (the CSV export writes this). Empty values give ''. */
export function rawText(value: FieldValue | undefined): string {
  if (isEmptyValue(value)) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(rawText).filter(Boolean).join(', ');
  // an attachment or collaborator object: its url, name or email reads best; otherwise the JSON
  const obj = value as { [key: string]: FieldValue };
  for (const key of ['url', 'name', 'email', 'filename']) {
    const v = obj[key];
    if (typeof v === 'string' && v) return v;
  }
  return JSON.stringify(obj);
}

/** What a cell shows: '—' when empty, date-times in Toronto time with the zone, lists joined. */
export function cellText(value: FieldValue | undefined): string {
  const text = rawText(value);
  if (!text) return EMPTY_CELL;
  if (typeof value === 'string' && ISO_DATE_TIME.test(value.trim())) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return torontoTime.format(date);
  }
  return text;
}

function formulaString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function formulaField(name: string): string {
  return `{${name.replace(/\\/g, '\\\\').replace(/}/g, '\\}')}}`;
}

/**
 * The text filter as an Airtable formula, so the records API filters the whole table (not only the page shown):
 * every word must appear, case ignored, in one of the fields. Undefined for an empty query.
 * `Sam oakville` over name, city → AND(OR(SEARCH("sam", {name}), SEARCH("sam", {city})), OR(…"oakville"…)).
 */
export function filterFormula(query: string, fields: readonly string[]): string | undefined {
  const words = [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
  if (words.length === 0 || fields.length === 0) return undefined;
  const clauses = words.map((word) => `OR(${fields.map((f) => `SEARCH(${formulaString(word)}, ${formulaField(f)})`).join(', ')})`);
  return clauses.length === 1 ? clauses[0] : `AND(${clauses.join(', ')})`;
}

export type SortDirection = 'ascending' | 'descending';
export interface SortOrder {
  column: string;
  direction: SortDirection;
}

/** The next order when a column header is clicked: a new column sorts ascending; the same column flips. */
export function nextSortOrder(current: SortOrder | null, column: string): SortOrder {
  if (current?.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: 'ascending' };
}

/** The records API's sort for an order: the column, then newest first among equal values. */
export function apiSort(order: SortOrder, receivedField: string): { field: string; direction: 'asc' | 'desc' }[] {
  const sort = [{ field: order.column, direction: order.direction === 'ascending' ? ('asc' as const) : ('desc' as const) }];
  if (order.column !== receivedField) sort.push({ field: receivedField, direction: 'desc' });
  return sort;
}

const number = (n: number) => n.toLocaleString('en-CA');

/**
 * The count line over a page: "Showing 51–100 of 22,000 records". `total` is null when the server cannot count
 * (Airtable mode): then "of more than 100" while further pages exist, and the exact number on the last page.
 */
export function pageSummary({
  first,
  shown,
  total,
  hasMore,
  filtered,
}: {
  first: number;
  shown: number;
  total: number | null;
  hasMore: boolean;
  filtered: boolean;
}): string {
  const noun = (n: number) => `${filtered ? 'matching ' : ''}${n === 1 ? 'record' : 'records'}`;
  const last = first + shown - 1;
  const known = total ?? (hasMore ? null : last);
  if (shown === 0) return known === null ? '' : `${number(known)} ${noun(known)}`;
  const range = shown === 1 ? number(first) : `${number(first)}–${number(last)}`;
  if (known === null) return `Showing ${range} of more than ${number(last)} ${noun(2)}`;
  return `Showing ${range} of ${number(known)} ${noun(known)}`;
}

export interface TranscriptTurn {
  /** Who spoke, when the line says so. */
  speaker: 'Visitor' | 'Assistant' | null;
  text: string;
}

/**
 * A chat transcript as the assistant stores it ("Visitor: …" and "Assistant: …" lines; a reply may run over several
 * lines) split into turns. Text only: it is shown as text, never as HTML.
 */
export function transcriptTurns(text: string): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const m = /^(Visitor|Assistant):\s?(.*)$/.exec(line);
    if (m) turns.push({ speaker: m[1] as 'Visitor' | 'Assistant', text: m[2] ?? '' });
    else if (turns.length > 0) turns[turns.length - 1]!.text += `\n${line}`;
    else turns.push({ speaker: null, text: line });
  }
  return turns.map((t) => ({ ...t, text: t.text.trim() })).filter((t) => t.text !== '' || t.speaker !== null);
}
