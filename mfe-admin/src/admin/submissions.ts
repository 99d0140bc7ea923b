/**
 * Pure rules of the admin table: which columns a table has, how a cell reads, newest-first order, the text filter
 * and sorting by a column. No React here; the components and the CSV export share these.
 */
import { FORM_SCHEMAS, type FieldValue, type SubmissionRecord, type WebhookPath } from '@gta/shared/core';

/** A stored form submission as staff read it (the records API always returns createdTime). */
export type Submission = SubmissionRecord;

/** The field the server writes when a submission arrives. */
export const RECEIVED_AT_FIELD = 'Received At';

/** What an empty cell shows. */
export const EMPTY_CELL = '—';

/**
 * The columns of a table: the union of every record's field names (not only the first record's). 'Received At'
 * leads, then the form's own fields in the order of the form, then any other field in the order first seen.
 */
export function columnsOf(records: readonly Submission[], path?: WebhookPath): string[] {
  const seen = new Set<string>();
  for (const record of records) for (const name of Object.keys(record.fields)) seen.add(name);
  const formOrder = path ? Object.keys(FORM_SCHEMAS[path]) : [];
  const ordered: string[] = [];
  if (seen.has(RECEIVED_AT_FIELD)) ordered.push(RECEIVED_AT_FIELD);
  for (const name of formOrder) if (seen.has(name) && !ordered.includes(name)) ordered.push(name);
  for (const name of seen) if (!ordered.includes(name)) ordered.push(name);
  return ordered;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const dateTimeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
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

/** What a cell shows: '—' when empty, dates in Toronto time, lists joined. */
export function cellText(value: FieldValue | undefined): string {
  const text = rawText(value);
  if (!text) return EMPTY_CELL;
  if (typeof value === 'string' && ISO_DATE_TIME.test(value.trim())) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return dateTimeFormat.format(date);
  }
  return text;
}

/** When a submission arrived: its 'Received At' field when it is a date, else the record's createdTime. */
export function receivedAt(record: Submission): number {
  const field = record.fields[RECEIVED_AT_FIELD];
  if (typeof field === 'string') {
    const t = Date.parse(field);
    if (!Number.isNaN(t)) return t;
  }
  const created = record.createdTime ? Date.parse(record.createdTime) : NaN;
  return Number.isNaN(created) ? 0 : created;
}

/** Newest first (a copy). Records that arrived at the same time keep their order. */
export function newestFirst(records: readonly Submission[]): Submission[] {
  return records
    .map((record, index) => ({ record, index, at: receivedAt(record) }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .map((x) => x.record);
}

/**
 * The rows that match a text filter: every word of the query must appear (case- and accent-insensitive) in some
 * cell of the row, as shown or as stored.
 */
export function filterSubmissions(records: readonly Submission[], columns: readonly string[], query: string): Submission[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...records];
  return records.filter((record) => {
    const haystack = columns.map((c) => `${rawText(record.fields[c])}\u0000${cellText(record.fields[c])}`).map(fold).join('\u0000');
    return words.every((w) => haystack.includes(w));
  });
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export type SortDirection = 'ascending' | 'descending';
export interface SortOrder {
  column: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en-CA', { numeric: true, sensitivity: 'base' });

function sortKey(value: FieldValue | undefined): { kind: 'empty' } | { kind: 'number'; n: number } | { kind: 'text'; s: string } {
  if (isEmptyValue(value)) return { kind: 'empty' };
  if (typeof value === 'number') return { kind: 'number', n: value };
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (ISO_DATE_TIME.test(trimmed)) return { kind: 'number', n: Date.parse(trimmed) };
    if (/^-?\d+(\.\d+)?$/.test(trimmed)) return { kind: 'number', n: Number(trimmed) };
  }
  return { kind: 'text', s: rawText(value) };
}

/** Sorted by one column (a copy): numbers and dates by value, text in natural order; empty cells always last. */
export function sortSubmissions(records: readonly Submission[], order: SortOrder): Submission[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return records
    .map((record, index) => ({ record, index, key: sortKey(record.fields[order.column]) }))
    .sort((a, b) => {
      if (a.key.kind === 'empty' || b.key.kind === 'empty') {
        if (a.key.kind === b.key.kind) return a.index - b.index;
        return a.key.kind === 'empty' ? 1 : -1;
      }
      let c: number;
      if (a.key.kind === 'number' && b.key.kind === 'number') c = a.key.n - b.key.n;
      else c = collator.compare(a.key.kind === 'number' ? String(a.key.n) : a.key.s, b.key.kind === 'number' ? String(b.key.n) : b.key.s);
      return c * sign || a.index - b.index;
    })
    .map((x) => x.record);
}

/** The next order when a column header is clicked: a new column sorts ascending; the same column flips. */
export function nextSortOrder(current: SortOrder | null, column: string): SortOrder {
  if (current?.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: 'ascending' };
}
