/**
 * Meta values, tables and records in the SQLite file, the part of SqliteStore (../sqlite.ts) that holds the data.
 * Being the only writer, it keeps an in-memory copy of each table, updated after each committed write (a new array
 * each time, so a caller still iterating the previous one keeps a consistent snapshot); a write that rolls back
 * drops the copy, read again on the next read.
 */
import type Database from 'better-sqlite3';
import { newRecordId } from '../ids';
import { changedFields } from '../rows';
import type { Fields, NewDelivery, RecordUpdate, StoredRecord, SyncDiff, TableInfo } from '../types';
import { insertDeliveries } from './outbox';

interface RecordRow {
  id: string;
  created_time: string;
  fields: string;
}

/** Meta, tables and records of the SQLite store; SqliteStore adds the other parts and opening. */
export abstract class SqliteTables {
  private readonly cache = new Map<string, StoredRecord[]>();
  private readonly fieldCache = new Map<string, Set<string>>();

  constructor(readonly db: Database.Database) {}

  async getMeta(key: string): Promise<string | undefined> {
    return this.getMetaSync(key);
  }

  private getMetaSync(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    this.setMetaSync(key, value);
  }

  private setMetaSync(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  async ensureTable(name: string, fields: readonly string[] = []): Promise<void> {
    this.ensureTableSync(name, fields);
  }

  private ensureTableSync(name: string, fields: readonly string[] = []): void {
    const existing = this.db.prepare('SELECT fields FROM record_tables WHERE name = ?').get(name) as { fields: string } | undefined;
    if (existing) {
      const known = new Set<string>(JSON.parse(existing.fields) as string[]);
      const added = fields.filter((f) => !known.has(f));
      if (added.length === 0) return;
      this.db.prepare('UPDATE record_tables SET fields = ? WHERE name = ?').run(JSON.stringify([...known, ...added]), name);
    } else {
      this.db.prepare('INSERT INTO record_tables (name, fields) VALUES (?, ?)').run(name, JSON.stringify(fields));
    }
    this.fieldCache.delete(name);
  }

  async hasTable(name: string): Promise<boolean> {
    return this.hasTableSync(name);
  }

  private hasTableSync(name: string): boolean {
    return this.db.prepare('SELECT 1 FROM record_tables WHERE name = ?').get(name) !== undefined;
  }

  async tables(): Promise<TableInfo[]> {
    const rows = this.db.prepare('SELECT name, fields FROM record_tables ORDER BY name').all() as { name: string; fields: string }[];
    return rows.map((r) => ({ name: r.name, fields: JSON.parse(r.fields) as string[] }));
  }

  async fieldNames(table: string): Promise<Set<string>> {
    const cached = this.fieldCache.get(table);
    if (cached) return cached;
    const row = this.db.prepare('SELECT fields FROM record_tables WHERE name = ?').get(table) as { fields: string } | undefined;
    const names = new Set<string>(row ? (JSON.parse(row.fields) as string[]) : []);
    for (const record of this.allSync(table)) for (const key of Object.keys(record.fields)) names.add(key);
    this.fieldCache.set(table, names);
    return names;
  }

  async all(table: string): Promise<readonly StoredRecord[]> {
    return this.allSync(table);
  }

  private allSync(table: string): StoredRecord[] {
    let records = this.cache.get(table);
    if (!records) {
      const rows = this.db.prepare('SELECT id, created_time, fields FROM records WHERE table_name = ? ORDER BY seq').all(table) as RecordRow[];
      records = rows.map(rowToRecord);
      this.cache.set(table, records);
    }
    return records;
  }

  async count(table: string): Promise<number> {
    return this.allSync(table).length;
  }

  async find(table: string, id: string): Promise<StoredRecord | undefined> {
    return this.allSync(table).find((r) => r.id === id);
  }

  async createRecords(table: string, fieldsList: readonly Fields[], createdTime: Date = new Date()): Promise<StoredRecord[]> {
    const created: StoredRecord[] = fieldsList.map((fields) => ({ id: newRecordId(), createdTime: createdTime.toISOString(), fields: { ...fields } }));
    this.write(() => {
      if (!this.hasTableSync(table)) this.ensureTableSync(table);
      this.insertRecords(table, created);
    });
    this.appendToCache(table, created);
    return created;
  }

  async createRecord(table: string, fields: Fields, createdTime?: Date): Promise<StoredRecord> {
    const [record] = await this.createRecords(table, [fields], createdTime);
    return record as StoredRecord;
  }

  async updateRecords(table: string, updates: readonly RecordUpdate[], replace = false): Promise<StoredRecord[] | undefined> {
    const records = this.allSync(table);
    const byId = new Map(records.map((r) => [r.id, r]));
    if (updates.some((u) => !byId.has(u.id))) return undefined;
    // later changes of one record in the same call apply over the earlier ones
    const changed = new Map<string, StoredRecord>();
    const out = updates.map((u) => {
      const current = changed.get(u.id) ?? (byId.get(u.id) as StoredRecord);
      const next: StoredRecord = { id: current.id, createdTime: current.createdTime, fields: changedFields(replace ? {} : current.fields, u.fields) };
      changed.set(u.id, next);
      return next;
    });
    const update = this.db.prepare('UPDATE records SET fields = ? WHERE table_name = ? AND id = ?');
    this.write(() => {
      for (const r of changed.values()) update.run(JSON.stringify(r.fields), table, r.id);
    });
    // a new array: a caller still iterating the previous one (shared, read-only) keeps a consistent snapshot
    this.cache.set(
      table,
      records.map((r) => changed.get(r.id) ?? r),
    );
    this.fieldCache.delete(table);
    return out;
  }

  async applySync(table: string, diff: SyncDiff, meta: Readonly<Record<string, string>> = {}): Promise<void> {
    const records = this.allSync(table);
    const have = new Set(records.map((r) => r.id));
    const removed = new Set(diff.remove.filter((id) => have.has(id)));
    const changed = new Map<string, StoredRecord>();
    const added = new Map<string, StoredRecord>();
    for (const r of diff.upsert) {
      const copy: StoredRecord = { id: r.id, createdTime: r.createdTime, fields: { ...r.fields } };
      if (removed.has(r.id)) continue;
      if (have.has(r.id)) changed.set(r.id, copy);
      else added.set(r.id, copy);
    }
    const update = this.db.prepare('UPDATE records SET fields = ?, created_time = ? WHERE table_name = ? AND id = ?');
    const remove = this.db.prepare('DELETE FROM records WHERE table_name = ? AND id = ?');
    this.write(() => {
      if (!this.hasTableSync(table)) this.ensureTableSync(table);
      for (const r of changed.values()) update.run(JSON.stringify(r.fields), r.createdTime, table, r.id);
      for (const id of removed) remove.run(table, id);
      this.insertRecords(table, [...added.values()]);
      for (const [key, value] of Object.entries(meta)) this.setMetaSync(key, value);
    });
    // a new array: a caller still iterating the previous one (shared, read-only) keeps a consistent snapshot
    this.cache.set(table, [...records.filter((r) => !removed.has(r.id)).map((r) => changed.get(r.id) ?? r), ...added.values()]);
    this.fieldCache.delete(table);
  }

  async keepSubmission(table: string | null, fields: Fields, deliveries: readonly NewDelivery[], receivedAt: Date): Promise<string> {
    const record: StoredRecord = { id: newRecordId(), createdTime: receivedAt.toISOString(), fields: { ...fields } };
    this.write(() => {
      if (table !== null) {
        if (!this.hasTableSync(table)) this.ensureTableSync(table);
        this.insertRecords(table, [record]);
      }
      insertDeliveries(this.db, record.id, deliveries, receivedAt.getTime());
    });
    if (table !== null) this.appendToCache(table, [record]);
    return record.id;
  }

  async seed(tables: readonly TableInfo[], listingsTable: string, generate: () => readonly StoredRecord[]): Promise<number> {
    let inserted = 0;
    this.write(() => {
      for (const t of tables) this.ensureTableSync(t.name, t.fields);
      if (this.getMetaSync('seeded_at')) return;
      const listings = generate();
      this.insertRecords(listingsTable, listings);
      this.setMetaSync('seeded_at', new Date().toISOString());
      this.setMetaSync('seed_count', String(listings.length));
      inserted = listings.length;
    });
    this.cache.delete(listingsTable);
    this.fieldCache.delete(listingsTable);
    return inserted;
  }

  private insertRecords(table: string, records: readonly StoredRecord[]): void {
    const insert = this.db.prepare('INSERT INTO records (id, table_name, created_time, fields) VALUES (?, ?, ?, ?)');
    for (const r of records) insert.run(r.id, table, r.createdTime, JSON.stringify(r.fields));
  }

  /** Runs fn in one transaction; on a rollback the memory copy is dropped and reloaded on the next read. */
  private write(fn: () => void): void {
    try {
      this.db.transaction(fn)();
    } catch (err) {
      this.cache.clear();
      this.fieldCache.clear();
      throw err;
    }
  }

  private appendToCache(table: string, created: readonly StoredRecord[]): void {
    const records = this.cache.get(table);
    if (records) records.push(...created);
    const names = this.fieldCache.get(table);
    if (names) for (const r of created) for (const key of Object.keys(r.fields)) names.add(key);
  }
}

function rowToRecord(row: RecordRow): StoredRecord {
  return { id: row.id, createdTime: row.created_time, fields: JSON.parse(row.fields) as Fields };
}
