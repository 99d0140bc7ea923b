/**
 * The records service: Airtable's list semantics (filterByFormula, sort, fields, maxRecords, pageSize, offset)
 * and create over the local store. Used by the records API and by other server modules (the chat assistant).
 */
import { compileFormula, FormulaError } from '../formula';
import type { Fields, Store, StoredRecord } from '../store/store';
import { errors } from './errors';

export interface SortSpec {
  field: string;
  direction?: 'asc' | 'desc';
}

export interface ListQuery {
  filterByFormula?: string;
  sort?: readonly SortSpec[];
  fields?: readonly string[];
  maxRecords?: number;
  pageSize?: number;
  offset?: string;
}

export interface ListedRecord {
  id: string;
  createdTime: string;
  fields: Fields;
}

export interface ListPage {
  records: ListedRecord[];
  offset?: string;
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
    return /^-?(\d+\.?\d*|\.\d+)$/.test(cleaned) ? { kind: 1, n: Number(cleaned) } : { kind: 2, t: v };
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

export class RecordsService {
  constructor(readonly store: Store) {}

  hasTable(table: string): Promise<boolean> {
    return this.store.hasTable(table);
  }

  /** The matching records, ordered, before paging (all of them, up to maxRecords). Throws ApiError. */
  async select(table: string, query: Omit<ListQuery, 'pageSize' | 'offset'>): Promise<StoredRecord[]> {
    const known = await this.store.fieldNames(table);
    for (const field of query.fields ?? []) if (!known.has(field)) throw errors.unknownField(field);
    for (const s of query.sort ?? []) {
      if (!known.has(s.field)) throw errors.unknownField(s.field);
      if (s.direction !== undefined && s.direction !== 'asc' && s.direction !== 'desc') throw errors.invalidRequest(`sort direction must be "asc" or "desc"`);
    }
    let records: StoredRecord[] = [...(await this.store.all(table))];
    const formula = query.filterByFormula?.trim();
    if (formula) {
      let compiled;
      try {
        compiled = compileFormula(formula, known);
      } catch (err) {
        if (err instanceof FormulaError) throw errors.invalidFormula(err.message);
        throw err;
      }
      records = records.filter((r) => compiled.matches(r.fields));
    }
    const sort = query.sort ?? [];
    if (sort.length > 0) {
      // decorate once (sort keys), compare cheaply, undecorate
      const decorated = records.map((record) => ({ record, keys: sort.map((s) => sortKey(record.fields[s.field])) }));
      decorated.sort((a, b) => {
        for (let i = 0; i < sort.length; i++) {
          const c = compareSortKeys(a.keys[i] as SortKey, b.keys[i] as SortKey);
          if (c !== 0) return sort[i]?.direction === 'desc' ? -c : c;
        }
        return 0;
      });
      records = decorated.map((d) => d.record);
    }
    if (query.maxRecords !== undefined && query.maxRecords > 0) records = records.slice(0, query.maxRecords);
    return records;
  }

  /** One page of results in Airtable's shape. Throws ApiError (422 for bad formulas, fields, offsets). */
  async list(table: string, query: ListQuery): Promise<ListPage> {
    const pageSize = query.pageSize ?? MAX_PAGE_SIZE;
    if (!Number.isInteger(pageSize) || pageSize < 1) throw errors.invalidRequest('pageSize must be a whole number from 1 to 100');
    if (query.maxRecords !== undefined && (!Number.isInteger(query.maxRecords) || query.maxRecords < 0)) throw errors.invalidRequest('maxRecords must be a whole number');
    const size = Math.min(pageSize, MAX_PAGE_SIZE);
    const ordered = await this.select(table, query);
    const start = query.offset ? decodeOffset(query.offset, ordered) : 0;
    const page = ordered.slice(start, start + size);
    const end = start + page.length;
    const wanted = query.fields ? new Set(query.fields) : null;
    const records = page.map((r) => ({
      id: r.id,
      createdTime: r.createdTime,
      fields: wanted ? Object.fromEntries(Object.entries(r.fields).filter(([k]) => wanted.has(k))) : r.fields,
    }));
    const last = page[page.length - 1];
    return end < ordered.length && last ? { records, offset: encodeOffset(end, last.id) } : { records };
  }

  /**
   * For server modules: every matching record (no paging). Example (the chat assistant):
   * `records.listRecords('Properties', { filterByFormula: "{Status} = 'Available'", sort: [{ field: 'Price' }], maxRecords: 5 })`
   */
  async listRecords(table: string, query: Omit<ListQuery, 'pageSize' | 'offset'> = {}): Promise<ListedRecord[]> {
    if (!(await this.store.hasTable(table))) return [];
    return (await this.select(table, query)).map((r) => ({ id: r.id, createdTime: r.createdTime, fields: r.fields }));
  }

  /** Stores a record (committed before this returns); the table is created when new. */
  async createRecord(table: string, fields: Fields): Promise<ListedRecord> {
    const r = await this.store.createRecord(table, fields);
    return { id: r.id, createdTime: r.createdTime, fields: r.fields };
  }

  find(table: string, id: string): Promise<ListedRecord | undefined> {
    return this.store.find(table, id);
  }
}
