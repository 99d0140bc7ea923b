/**
 * The records service: Airtable's list semantics (filterByFormula, sort, fields, maxRecords, pageSize, offset)
 * and create over the local store. Used by the records API and by other server modules (the chat assistant).
 */
import crypto from 'node:crypto';
import { FORM_SCHEMAS, PROPERTIES_TABLE, SUBMISSION_TABLES, type FieldValue, type WebhookPath } from '@gta/shared/core';
import { compileFormula, DEFAULT_LIMITS, FormulaError } from '../formula';
import { isNumberText } from '../formula/values';
import type { Fields, Store, StoredRecord } from '../store/store';
import { errors } from './errors';
import { filterLanes } from './filterLanes';
import { SearchCache } from './searchCache';

export interface SortSpec {
  field: string;
  direction?: 'asc' | 'desc';
}

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

export interface ListQuery extends CellOptions {
  /** A view's name or id: only the table's "Grid view" exists here (every record, in creation order). */
  view?: string;
  filterByFormula?: string;
  sort?: readonly SortSpec[];
  fields?: readonly string[];
  maxRecords?: number;
  pageSize?: number;
  offset?: string;
  /** Ours, not Airtable's: add the list's `count` to the answer (airtable.js ignores the extra field). */
  returnCount?: boolean;
  /** Who asks (a client address), for the filter lanes' bound per caller (filterLanes.ts); not an Airtable parameter. */
  caller?: string;
  /** The formula may be any the engine runs (a staff session, the server token over HTTP): paced past a few
   * milliseconds and stopped on time (filterLanes.ts). Not an Airtable parameter. */
  anyFormula?: boolean;
  /** Asked by an API request (filterLanes.ts: only these queue and may get 503); not an Airtable parameter. */
  request?: boolean;
}

export interface ListedRecord {
  id: string;
  createdTime: string;
  fields: Fields;
}

export interface ListPage {
  records: ListedRecord[];
  offset?: string;
  /** Ours, not Airtable's (asked with returnCount): how many records the whole list holds, every page together. */
  count?: number;
}

export const MAX_PAGE_SIZE = 100;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders values as Airtable does: blanks first (ascending), then numbers (numeric text counts), then text by collation. */
export function compareFieldValues(a: unknown, b: unknown): number {
  return compareSortKeys(sortKey(a), sortKey(b));
}

/** A value prepared for sorting: blank, a number, or text. */
type SortKey = { kind: 0 } | { kind: 1; n: number } | { kind: 2; t: string };

function sortKey(v: unknown): SortKey {
  if (v === undefined || v === null || v === '') return { kind: 0 };
  if (typeof v === 'number') return { kind: 1, n: v };
  if (typeof v === 'boolean') return { kind: 1, n: Number(v) };
  if (typeof v === 'string') {
    const cleaned = v.replace(/[$,\s]/g, '');
    return isNumberText(cleaned, false, false) ? { kind: 1, n: Number(cleaned) } : { kind: 2, t: v };
  }
  return { kind: 2, t: JSON.stringify(v) };
}

/** Same order as compareFieldValues: blanks first, numbers before text, text by collation. */
function compareSortKeys(a: SortKey, b: SortKey): number {
  if (a.kind !== b.kind) return a.kind - b.kind;
  if (a.kind === 1 && b.kind === 1) return a.n - b.n;
  if (a.kind === 2 && b.kind === 2) return collator.compare(a.t, b.t);
  return 0;
}

/** Offsets are opaque to callers: `itr<position>/<last record id>`; a stale one is refused, never misread. */
function encodeOffset(position: number, lastId: string): string {
  return `itr${position.toString(36)}/${lastId}`;
}

function decodeOffset(offset: string, ordered: readonly StoredRecord[]): number {
  const m = /^itr([0-9a-z]+)\/(rec[A-Za-z0-9]+)$/.exec(offset);
  if (!m) throw errors.invalidOffset();
  const position = parseInt(m[1] as string, 36);
  if (!Number.isFinite(position) || position <= 0 || position > ordered.length) throw errors.invalidOffset();
  if (ordered[position - 1]?.id !== m[2]) throw errors.invalidOffset();
  return position;
}

/** The one view every table has, as a new Airtable table does: every record, oldest first. */
export const DEFAULT_VIEW = 'Grid view';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A stable 14-character id body (Airtable ids are a 3-letter prefix and 14 characters) from a SHA-256 of `parts`. */
function stableId(prefix: string, ...parts: string[]): string {
  const digest = crypto.createHash('sha256').update(parts.join('\u0000')).digest();
  let id = prefix;
  for (let i = 0; i < 14; i++) id += ID_ALPHABET[(digest[i] as number) % ID_ALPHABET.length];
  return id;
}

/** A field's id: `fld` + 14 characters of SHA-256("<table>\0<field name>"): the same on every server and every start. */
export function fieldIdOf(table: string, field: string): string {
  return stableId('fld', table, field);
}

/** The id of a table's "Grid view": `viw` + 14 characters of SHA-256("<table>\0view\0Grid view"). */
export function viewIdOf(table: string): string {
  return stableId('viw', table, 'view', DEFAULT_VIEW);
}

/** A view given by name or id must be the table's Grid view; anything else is Airtable's 422 VIEW_NAME_NOT_FOUND. */
export function checkView(table: string, view: string | undefined): void {
  if (view === undefined || view === DEFAULT_VIEW || view === viewIdOf(table)) return;
  throw errors.viewNotFound(view);
}

/** The field types this base has (what Airtable's schema would say). */
export type FieldType = 'text' | 'number' | 'checkbox' | 'date' | 'dateTime' | 'attachments';

const PROPERTY_TYPES: Readonly<Record<string, FieldType>> = {
  Price: 'number',
  Bedrooms: 'number',
  Bathrooms: 'number',
  'Size (sq ft)': 'number',
  Garage: 'number',
  'Year Built': 'number',
  'Tax Amount': 'number',
  'Parking Spaces': 'number',
  'School Count': 'number',
  'Parks Count': 'number',
  Featured: 'checkbox',
  'Listing Date': 'date',
  Photos: 'attachments',
};

const SUBMISSION_TABLE_FORMS = new Map<string, WebhookPath>(
  (Object.entries(SUBMISSION_TABLES) as [WebhookPath, string][]).map(([path, table]) => [table, path]),
);

/** A field's type: Properties by its schema, submission tables by their form's rules, `Received At`/`Submitted At` date-times, else text. */
export function fieldTypeOf(table: string, field: string): FieldType {
  if (table === PROPERTIES_TABLE) return PROPERTY_TYPES[field] ?? 'text';
  if (field === 'Received At' || field === 'Submitted At') return 'dateTime';
  const form = SUBMISSION_TABLE_FORMS.get(table);
  const rule = form ? (FORM_SCHEMAS[form] as Record<string, { kind: string } | undefined>)[field] : undefined;
  return rule?.kind === 'number' ? 'number' : 'text';
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

function formatPart(value: FieldValue): string {
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

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on', 'checked']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', '']);

/**
 * A value for a create, as Airtable takes it: the field's own type as is; with typecast, text is converted
 * ("12" or "1,250,000" to a number, "true"/"yes" to a checkbox, a date in any form Date.parse reads, a URL to an
 * attachment) and numbers/checkboxes become text in a text field. Anything else is 422 INVALID_VALUE_FOR_COLUMN.
 */
export function castValue(field: string, type: FieldType, value: FieldValue, typecast: boolean): FieldValue {
  if (value === null) return null;
  const refuse = (): never => {
    throw errors.invalidValueForColumn(field);
  };
  switch (type) {
    case 'number': {
      if (typeof value === 'number') return Number.isFinite(value) ? value : refuse();
      if (!typecast || typeof value !== 'string') return refuse();
      const cleaned = value.replace(/[\s,$]/g, '');
      if (cleaned === '') return null;
      return isNumberText(cleaned, false, false) ? Number(cleaned) : refuse();
    }
    case 'checkbox': {
      if (typeof value === 'boolean') return value;
      if (!typecast) return refuse();
      const word = String(value).trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return true;
      if (FALSE_WORDS.has(word)) return false;
      return refuse();
    }
    case 'date':
    case 'dateTime': {
      if (typeof value !== 'string') return refuse();
      const iso = type === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
      if (iso.test(value) && Number.isFinite(Date.parse(value))) return type === 'dateTime' ? new Date(value).toISOString() : value;
      if (!typecast) return refuse();
      const at = Date.parse(value);
      if (!Number.isFinite(at)) return refuse();
      return type === 'date' ? new Date(at).toISOString().slice(0, 10) : new Date(at).toISOString();
    }
    case 'attachments': {
      const list = Array.isArray(value)
        ? value
        : typecast && typeof value === 'string'
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : refuse();
      return list.map((item) => {
        if (typecast && typeof item === 'string' && /^https?:\/\//.test(item)) return { url: item };
        if (item && typeof item === 'object' && !Array.isArray(item) && typeof item.url === 'string' && /^https?:\/\//.test(item.url)) return item;
        return refuse();
      });
    }
    default: {
      if (typeof value === 'string') return value;
      if (typecast && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
      if (typecast && Array.isArray(value)) return formatPart(value);
      return refuse();
    }
  }
}

/** Maps a field given by name or by id (fieldIdOf) to its name; 422 UNKNOWN_FIELD_NAME for neither. */
function fieldNameResolver(table: string, known: ReadonlySet<string>): (field: string) => string {
  const byId = new Map([...known].map((name) => [fieldIdOf(table, name), name]));
  return (field) => {
    if (known.has(field)) return field;
    const name = byId.get(field);
    if (name === undefined) throw errors.unknownField(field);
    return name;
  };
}

/**
 * A read-only table the server presents from its own state (the saved searches of listing alerts as 'Listing
 * Alerts'): listed, sorted, filtered and counted like a stored table; never written through the API.
 */
export interface DerivedTable {
  /** Field names declared for it (records may carry more). */
  fields: readonly string[];
  /** Its records now, in creation order. */
  records(): Promise<readonly StoredRecord[]>;
}

export class RecordsService {
  private readonly derived = new Map<string, DerivedTable>();
  private readonly writeListeners: ((table: string) => void)[] = [];
  /** Recent searches' ordered results: a later page of the same search is a slice (searchCache.ts). */
  readonly searches = new SearchCache();

  /**
   * @param timeZone the base's time zone for dates in formulas (IANA name), as Airtable's base setting; UTC by default.
   */
  constructor(
    readonly store: Store,
    readonly timeZone = 'UTC',
  ) {}

  /** Presents a read-only table (see DerivedTable) under this name. */
  addDerivedTable(name: string, table: DerivedTable): void {
    this.derived.set(name, table);
  }

  isDerived(table: string): boolean {
    return this.derived.has(table);
  }

  /** Calls `listener` with the table's name after records were written to it through the records API. */
  onWrite(listener: (table: string) => void): void {
    this.writeListeners.push(listener);
  }

  /** The records API wrote to this table (locally, or to Airtable in proxy mode), or a sync changed its copy. */
  written(table: string): void {
    this.searches.invalidate(table);
    for (const listener of this.writeListeners) listener(table);
  }

  async hasTable(table: string): Promise<boolean> {
    return this.derived.has(table) || this.store.hasTable(table);
  }

  /** Every field name of a table: declared ones plus any a record carries. */
  async fieldNames(table: string): Promise<Set<string>> {
    const derived = this.derived.get(table);
    if (!derived) return this.store.fieldNames(table);
    const names = new Set(derived.fields);
    for (const r of await derived.records()) for (const key of Object.keys(r.fields)) names.add(key);
    return names;
  }

  /** Every record of a table, in creation order (shared: do not mutate). */
  all(table: string): Promise<readonly StoredRecord[]> {
    return this.derived.get(table)?.records() ?? this.store.all(table);
  }

  async count(table: string): Promise<number> {
    return this.derived.has(table) ? (await this.all(table)).length : this.store.count(table);
  }

  /**
   * The matching records, ordered, before paging (all of them, up to maxRecords). Throws ApiError. The same search
   * of an unchanged table within a short while is answered from `searches` (searchCache.ts): shared, do not mutate.
   */
  async select(table: string, query: Omit<ListQuery, 'pageSize' | 'offset'>): Promise<readonly StoredRecord[]> {
    const known = await this.fieldNames(table);
    checkView(table, query.view);
    // sort keys and fields[] name the table's fields: never more of them than it has (bounds rows × keys for everyone)
    if ((query.sort?.length ?? 0) > known.size) throw errors.invalidRequest(`at most ${known.size} sort keys (the table has ${known.size} fields)`);
    if ((query.fields?.length ?? 0) > known.size) throw errors.invalidRequest(`at most ${known.size} fields (the table has ${known.size} fields)`);
    // fields and sorts may name a field or give its id (fieldIdOf), as in Airtable
    const nameOf = fieldNameResolver(table, known);
    if (query.fields) query = { ...query, fields: query.fields.map(nameOf) };
    if (query.sort) query = { ...query, sort: query.sort.map((s) => ({ ...s, field: nameOf(s.field) })) };
    for (const s of query.sort ?? []) {
      if (s.direction !== undefined && s.direction !== 'asc' && s.direction !== 'desc') throw errors.invalidRequest(`sort direction must be "asc" or "desc"`);
    }
    const source = await this.all(table);
    // a derived table is a new array on every read: nothing kept of it would ever be used again
    const key = this.derived.has(table) ? undefined : SearchCache.keyOf(table, query);
    const kept = key === undefined ? undefined : this.searches.get(key, table, source);
    if (kept) return kept;
    let records: StoredRecord[] = [...source];
    const formula = query.filterByFormula?.trim();
    if (formula) {
      // compiled in its lane (a long formula takes milliseconds to parse: twenty at once would hold page requests)
      records = await filterLanes.filter(
        records,
        () => {
          let compiled;
          try {
            compiled = compileFormula(formula, known, { timeZone: this.timeZone });
          } catch (err) {
            if (err instanceof FormulaError) throw errors.invalidFormula(err.message);
            throw err;
          }
          return (r) => compiled.matches(r.fields, r);
        },
        { caller: query.caller, anyFormula: query.anyFormula, request: query.request },
      );
    }
    const sort = query.sort ?? [];
    if (sort.length > 0) {
      // decorate once (sort keys), compare cheaply, undecorate
      const decorated = records.map((record) => ({ record, keys: sort.map((s) => sortKey(record.fields[s.field])) }));
      // every key compared counts against the same budget as a formula's steps
      let compared = 0;
      decorated.sort((a, b) => {
        for (let i = 0; i < sort.length; i++) {
          if (++compared > DEFAULT_LIMITS.maxSteps) throw errors.invalidRequest(`sorting took more than ${DEFAULT_LIMITS.maxSteps} comparisons`);
          const c = compareSortKeys(a.keys[i] as SortKey, b.keys[i] as SortKey);
          if (c !== 0) return sort[i]?.direction === 'desc' ? -c : c;
        }
        return 0;
      });
      records = decorated.map((d) => d.record);
    }
    if (query.maxRecords !== undefined && query.maxRecords > 0) records = records.slice(0, query.maxRecords);
    if (key !== undefined) this.searches.set(key, table, source, records);
    return records;
  }

  /** One page of results in Airtable's shape. Throws ApiError (422 for bad formulas, fields, offsets). */
  async list(table: string, query: ListQuery): Promise<ListPage> {
    const pageSize = query.pageSize ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(pageSize) || pageSize < 1) throw errors.invalidRequest('pageSize must be a whole number from 1 to 100');
    if (query.maxRecords !== undefined && (!Number.isInteger(query.maxRecords) || query.maxRecords < 0))
      throw errors.invalidRequest('maxRecords must be a whole number');
    const size = Math.min(pageSize, MAX_PAGE_SIZE);
    checkCellOptions(query);
    const ordered = await this.select(table, query);

    const start = query.offset ? decodeOffset(query.offset, ordered) : 0;
    const page = ordered.slice(start, start + size);
    const end = start + page.length;
    const nameOf = query.fields ? fieldNameResolver(table, await this.fieldNames(table)) : null;
    const wanted = query.fields && nameOf ? new Set(query.fields.map(nameOf)) : null;
    const records = page.map((r) => ({
      id: r.id,
      createdTime: r.createdTime,
      fields: presentFields(table, wanted ? Object.fromEntries(Object.entries(r.fields).filter(([k]) => wanted.has(k))) : r.fields, query),
    }));
    const last = page[page.length - 1];
    const answer: ListPage = end < ordered.length && last ? { records, offset: encodeOffset(end, last.id) } : { records };
    if (query.returnCount) answer.count = ordered.length;
    return answer;
  }

  /**
   * For server modules: every matching record (no paging). Example (the chat assistant):
   * `records.listRecords('Properties', { filterByFormula: "{Status} = 'Available'", sort: [{ field: 'Price' }], maxRecords: 5 })`
   */
  async listRecords(table: string, query: Omit<ListQuery, 'pageSize' | 'offset'> = {}): Promise<ListedRecord[]> {
    if (!(await this.hasTable(table))) return [];
    return (await this.select(table, query)).map((r) => ({ id: r.id, createdTime: r.createdTime, fields: r.fields }));
  }

  /** Stores a record (committed before this returns); the table is created when new. */
  async createRecord(table: string, fields: Fields): Promise<ListedRecord> {
    if (this.derived.has(table)) throw errors.invalidPermissions(`${table} is kept by the server and cannot be written.`);
    const r = await this.store.createRecord(table, fields);
    return { id: r.id, createdTime: r.createdTime, fields: r.fields };
  }

  async find(table: string, id: string): Promise<ListedRecord | undefined> {
    const derived = this.derived.get(table);
    if (derived) return (await derived.records()).find((r) => r.id === id);
    return this.store.find(table, id);
  }
}
