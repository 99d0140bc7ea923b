/**
 * The records service: Airtable's list semantics (filterByFormula, sort, fields, maxRecords, pageSize, offset)
 * and create over the local store. Used by the records API and by other server modules (the chat assistant).
 * Its parts, each in its own file: sort order (sortKeys.ts), page offsets (offsets.ts), field and view ids (ids.ts),
 * the field types (fieldTypes.ts), cell formatting (cells.ts) and typecasting of written values (typecast.ts).
 */
import { compileFormula, DEFAULT_LIMITS, FormulaError } from '../formula';
import type { Fields, Store, StoredRecord } from '../store/store';
import { errors } from './errors';
import { filterLanes } from './filterLanes';
import { SearchCache } from './searchCache';
import { checkCellOptions, presentFields, type CellOptions } from './cells';
import { decodeOffset, encodeOffset } from './offsets';
import { checkView, fieldIdOf } from './ids';
import { compareSortKeys, sortKey, type SortKey } from './sortKeys';

export interface SortSpec {
  field: string;
  direction?: 'asc' | 'desc';
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
