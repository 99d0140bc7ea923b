/**
 * The embedded store: one SQLite file (better-sqlite3, WAL mode) in the data folder holding every table of the
 * Airtable-compatible records API, plus the server's own state (sessions, the webhook outbox).
 *
 * Reads are served from an in-memory copy of each table, loaded once and updated after each committed write:
 * this process is the only writer, and a formula over 10,000 records then costs no JSON parsing per request.
 * Every write runs in a transaction and returns only after SQLite committed it (synchronous=FULL), so a write
 * answered 200 survives a crash.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AirtableRecord, FieldValue } from '@gta/shared/core';
import { newRecordId } from './ids';

export type Fields = Record<string, FieldValue>;
export type StoredRecord = AirtableRecord<Fields> & { createdTime: string };

/** The store could not be opened: the message says what to do. */
export class StoreOpenError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'StoreOpenError';
  }
}

export interface TableInfo {
  name: string;
  /** Field names declared for the table (records may add more). */
  fields: string[];
}

interface RecordRow {
  id: string;
  created_time: string;
  fields: string;
}

const SCHEMA_VERSION = 1;

export class RecordStore {
  private readonly cache = new Map<string, StoredRecord[]>();
  private readonly fieldCache = new Map<string, Set<string>>();

  private constructor(
    readonly db: Database.Database,
    readonly file: string,
  ) {}

  /**
   * Opens (creating when missing) `${dataDir}/gta.sqlite`. Throws StoreOpenError with a clear message when the
   * folder cannot be created or written, or the file is not a healthy SQLite database.
   */
  static open(dataDir: string): RecordStore {
    try {
      makeDirectory(dataDir);
      fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.R_OK);
    } catch (err) {
      throw new StoreOpenError(`The data folder ${dataDir} cannot be created or written (${(err as Error).message}). Set DATA_DIR to a writable folder.`, err);
    }
    const file = path.join(dataDir, 'gta.sqlite');
    let db: Database.Database;
    try {
      db = new Database(file);
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`integrity check said: ${String(check)}`);
      migrate(db);
    } catch (err) {
      if (isReadOnlyError(err)) throw unwritable(file, err);
      throw new StoreOpenError(
        `The database file ${file} is corrupt or unreadable (${(err as Error).message}). Move it aside (or delete it to start from a fresh seed) and start again.`,
        err,
      );
    }
    try {
      // SQLite opens a file it may not write read-only without a word, and only the first write would fail:
      // prove a write now, so a read-only database stops the start instead of losing the first submission
      db.prepare("INSERT INTO meta (key, value) VALUES ('opened_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(new Date().toISOString());
    } catch (err) {
      db.close();
      throw unwritable(file, err);
    }
    return new RecordStore(db, file);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** A value from the meta table (seed marker, settings). */
  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  /** Declares a table (idempotent); declared fields are known even before a record has them. */
  ensureTable(name: string, fields: readonly string[] = []): void {
    const existing = this.db.prepare('SELECT fields FROM record_tables WHERE name = ?').get(name) as { fields: string } | undefined;
    if (existing) {
      const known = new Set<string>(JSON.parse(existing.fields) as string[]);
      const added = fields.filter((f) => !known.has(f));
      if (added.length === 0) return;
      const all = [...known, ...added];
      this.db.prepare('UPDATE record_tables SET fields = ? WHERE name = ?').run(JSON.stringify(all), name);
    } else {
      this.db.prepare('INSERT INTO record_tables (name, fields) VALUES (?, ?)').run(name, JSON.stringify(fields));
    }
    this.fieldCache.delete(name);
  }

  hasTable(name: string): boolean {
    return this.db.prepare('SELECT 1 FROM record_tables WHERE name = ?').get(name) !== undefined;
  }

  tables(): TableInfo[] {
    const rows = this.db.prepare('SELECT name, fields FROM record_tables ORDER BY name').all() as { name: string; fields: string }[];
    return rows.map((r) => ({ name: r.name, fields: JSON.parse(r.fields) as string[] }));
  }

  /** Every field name of a table: declared ones plus any a record carries. */
  fieldNames(table: string): Set<string> {
    const cached = this.fieldCache.get(table);
    if (cached) return cached;
    const row = this.db.prepare('SELECT fields FROM record_tables WHERE name = ?').get(table) as { fields: string } | undefined;
    const names = new Set<string>(row ? (JSON.parse(row.fields) as string[]) : []);
    for (const record of this.all(table)) for (const key of Object.keys(record.fields)) names.add(key);
    this.fieldCache.set(table, names);
    return names;
  }

  /** All records of a table in creation order (shared, read-only: do not mutate). */
  all(table: string): readonly StoredRecord[] {
    let records = this.cache.get(table);
    if (!records) {
      const rows = this.db.prepare('SELECT id, created_time, fields FROM records WHERE table_name = ? ORDER BY seq').all(table) as RecordRow[];
      records = rows.map(rowToRecord);
      this.cache.set(table, records);
    }
    return records;
  }

  count(table: string): number {
    return this.all(table).length;
  }

  find(table: string, id: string): StoredRecord | undefined {
    return this.all(table).find((r) => r.id === id);
  }

  /** Creates records in one transaction; returns them once committed. The table is declared if needed. */
  createRecords(table: string, fieldsList: readonly Fields[], createdTime: Date = new Date()): StoredRecord[] {
    const insert = this.db.prepare('INSERT INTO records (id, table_name, created_time, fields) VALUES (?, ?, ?, ?)');
    const created: StoredRecord[] = fieldsList.map((fields) => ({ id: newRecordId(), createdTime: createdTime.toISOString(), fields: { ...fields } }));
    const run = this.db.transaction(() => {
      if (!this.hasTable(table)) this.ensureTable(table);
      for (const r of created) insert.run(r.id, table, r.createdTime, JSON.stringify(r.fields));
    });
    run();
    this.appendToCache(table, created);
    return created;
  }

  createRecord(table: string, fields: Fields, createdTime?: Date): StoredRecord {
    const [record] = this.createRecords(table, [fields], createdTime);
    return record as StoredRecord;
  }

  /** Inserts records with given ids and times (seeding). */
  insertSeeded(table: string, records: readonly StoredRecord[]): void {
    const insert = this.db.prepare('INSERT INTO records (id, table_name, created_time, fields) VALUES (?, ?, ?, ?)');
    this.db.transaction(() => {
      for (const r of records) insert.run(r.id, table, r.createdTime, JSON.stringify(r.fields));
    })();
    this.cache.delete(table);
    this.fieldCache.delete(table);
  }

  /** Runs fn in one transaction (commits when it returns, rolls back when it throws). */
  transaction<T>(fn: () => T): T {
    try {
      return this.db.transaction(fn)();
    } catch (err) {
      // the memory copy may hold records of the rolled-back transaction: reload on next read
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

/**
 * mkdir -p, one level at a time: node's recursive mkdir can spin forever on special file systems such as
 * /proc; this fails fast with the underlying error instead.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const d of missing) fs.mkdirSync(d);
  if (!fs.statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
}

function isReadOnlyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_PERM'));
}

function unwritable(file: string, err: unknown): StoreOpenError {
  return new StoreOpenError(
    `The database file ${file} cannot be written (${(err as Error).message}). Give the server's user write access to it and its folder, or set DATA_DIR to a writable folder.`,
    err,
  );
}

function rowToRecord(row: RecordRow): StoredRecord {
  return { id: row.id, createdTime: row.created_time, fields: JSON.parse(row.fields) as Fields };
}

function migrate(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS record_tables (name TEXT PRIMARY KEY, fields TEXT NOT NULL DEFAULT '[]');
    CREATE TABLE IF NOT EXISTS records (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      table_name TEXT NOT NULL,
      created_time TEXT NOT NULL,
      fields TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS records_by_table ON records (table_name, seq);
    CREATE TABLE IF NOT EXISTS sessions (
      token_hash TEXT PRIMARY KEY,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    );
    CREATE TABLE IF NOT EXISTS outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      record_id TEXT NOT NULL,
      webhook_path TEXT NOT NULL,
      payload TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      last_error TEXT,
      delivered_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS outbox_due ON outbox (delivered_at, next_attempt_at);
  `);
  const version = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  if (!version) db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
}
