/**
 * Meta values, tables and records in PostgreSQL, the part of PostgresStore (../postgres.ts) that holds the data.
 * Each table has a version, bumped by every insert in the same transaction (which takes the row lock of the table
 * first, so inserts into one table commit in seq order). A replica keeps a copy of a table with the version and last
 * seq it read, and on each read asks the version (one indexed row) and fetches only the rows past its last seq when
 * it moved; a change in place (updateRecords, applySync) bumps a count that makes the other replicas read the table
 * again.
 */
import type { Pool, PoolClient } from 'pg';
import { newRecordId } from '../ids';
import { changedFields } from '../rows';
import type { Fields, NewDelivery, RecordUpdate, StoredRecord, SyncDiff, TableInfo } from '../types';
import { insertDeliveriesIn } from './outbox';
import { SCHEMA_LOCK, transaction } from './pool';

interface TableCopy {
  version: number;
  /** The table's count of changes in place (meta rewritesKey) when read: one since means reading the table again. */
  rewrites: number;
  lastSeq: number;
  records: StoredRecord[];
  fields: Set<string>;
}

interface PgRecordRow {
  seq: string;
  id: string;
  created_time: string;
  fields: Fields;
}

/** Meta, tables and records of the PostgreSQL store; PostgresStore adds the other parts and opening. */
export abstract class PgTables {
  private readonly copies = new Map<string, TableCopy>();
  /** One refresh of a table at a time per process (concurrent reads wait for it instead of each fetching). */
  private readonly refreshing = new Map<string, Promise<TableCopy | undefined>>();

  constructor(readonly pool: Pool) {}

  async getMeta(key: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
    return rows[0]?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.pool.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
  }

  async ensureTable(name: string, fields: readonly string[] = []): Promise<void> {
    await transaction(this.pool, (client) => ensureTableIn(client, name, fields));
  }

  async hasTable(name: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM record_tables WHERE name = $1', [name]);
    return (rowCount ?? 0) > 0;
  }

  async tables(): Promise<TableInfo[]> {
    const { rows } = await this.pool.query<{ name: string; fields: string[] }>('SELECT name, fields FROM record_tables ORDER BY name');
    return rows.map((r) => ({ name: r.name, fields: r.fields }));
  }

  async fieldNames(table: string): Promise<Set<string>> {
    return (await this.copyOf(table))?.fields ?? new Set();
  }

  async all(table: string): Promise<readonly StoredRecord[]> {
    return (await this.copyOf(table))?.records ?? [];
  }

  async count(table: string): Promise<number> {
    return (await this.all(table)).length;
  }

  async find(table: string, id: string): Promise<StoredRecord | undefined> {
    const { rows } = await this.pool.query<PgRecordRow>('SELECT seq, id, created_time, fields FROM records WHERE table_name = $1 AND id = $2', [table, id]);
    const row = rows[0];
    return row ? { id: row.id, createdTime: row.created_time, fields: row.fields } : undefined;
  }

  async createRecords(table: string, fieldsList: readonly Fields[], createdTime: Date = new Date()): Promise<StoredRecord[]> {
    const created: StoredRecord[] = fieldsList.map((fields) => ({ id: newRecordId(), createdTime: createdTime.toISOString(), fields: { ...fields } }));
    await transaction(this.pool, async (client) => {
      await insertRecordsIn(client, table, created);
    });
    return created;
  }

  async createRecord(table: string, fields: Fields, createdTime?: Date): Promise<StoredRecord> {
    const [record] = await this.createRecords(table, [fields], createdTime);
    return record as StoredRecord;
  }

  async updateRecords(table: string, updates: readonly RecordUpdate[], replace = false): Promise<StoredRecord[] | undefined> {
    if (updates.length === 0) return [];
    return transaction(this.pool, async (client) => {
      // the table's row lock first, as inserts take it: changes and inserts of one table are serialised
      const head = await client.query('UPDATE record_tables SET version = version + 1 WHERE name = $1', [table]);
      if ((head.rowCount ?? 0) === 0) return undefined;
      // replicas read only rows added past their last seq: this count tells them to read the table again
      await client.query("INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text", [
        rewritesKey(table),
      ]);
      const ids = updates.map((u) => u.id);
      const { rows } = await client.query<PgRecordRow>(
        'SELECT seq, id, created_time, fields FROM records WHERE table_name = $1 AND id = ANY($2::text[]) FOR UPDATE',
        [table, ids],
      );
      const current = new Map(rows.map((r) => [r.id, r]));
      if (ids.some((id) => !current.has(id))) throw new MissingRecord();
      const out: StoredRecord[] = [];
      for (const u of updates) {
        const row = current.get(u.id) as PgRecordRow;
        const fields = changedFields(replace ? {} : row.fields, u.fields);
        await client.query('UPDATE records SET fields = $3::jsonb WHERE table_name = $1 AND id = $2', [table, u.id, JSON.stringify(fields)]);
        row.fields = fields;
        out.push({ id: row.id, createdTime: row.created_time, fields });
      }
      return out;
    }).catch((err: unknown) => {
      if (err instanceof MissingRecord) return undefined;
      throw err;
    });
  }

  async applySync(table: string, diff: SyncDiff, meta: Readonly<Record<string, string>> = {}): Promise<void> {
    await transaction(this.pool, async (client) => {
      // the table's row lock first, as inserts and updates take it: the change is serialised with them
      await client.query("INSERT INTO record_tables (name, fields, version) VALUES ($1, '[]', 0) ON CONFLICT (name) DO NOTHING", [table]);
      await client.query('UPDATE record_tables SET version = version + 1 WHERE name = $1', [table]);
      const upserts = new Map(diff.upsert.map((r) => [r.id, r]));
      for (const id of diff.remove) upserts.delete(id);
      const { rows } = await client.query<{ id: string }>('SELECT id FROM records WHERE table_name = $1 AND id = ANY($2::text[])', [
        table,
        [...upserts.keys(), ...diff.remove],
      ]);
      const have = new Set(rows.map((r) => r.id));
      const changed = [...upserts.values()].filter((r) => have.has(r.id));
      const added = [...upserts.values()].filter((r) => !have.has(r.id));
      const removed = diff.remove.filter((id) => have.has(id));
      if (changed.length > 0 || removed.length > 0) {
        // replicas read only rows added past their last seq: this count tells them to read the table again
        await client.query("INSERT INTO meta (key, value) VALUES ($1, '1') ON CONFLICT (key) DO UPDATE SET value = (meta.value::bigint + 1)::text", [
          rewritesKey(table),
        ]);
      }
      if (changed.length > 0)
        await client.query(
          `UPDATE records AS r SET fields = u.fields, created_time = u.created_time
           FROM jsonb_to_recordset($2::jsonb) AS u(id text, created_time text, fields jsonb)
           WHERE r.table_name = $1 AND r.id = u.id`,
          [table, JSON.stringify(changed.map((r) => ({ id: r.id, created_time: r.createdTime, fields: r.fields })))],
        );
      if (removed.length > 0) await client.query('DELETE FROM records WHERE table_name = $1 AND id = ANY($2::text[])', [table, removed]);
      for (let i = 0; i < added.length; i += 500) await insertRecordsIn(client, table, added.slice(i, i + 500), true);
      for (const [key, value] of Object.entries(meta))
        await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, value]);
    });
  }

  async keepSubmission(table: string | null, fields: Fields, deliveries: readonly NewDelivery[], receivedAt: Date): Promise<string> {
    const record: StoredRecord = { id: newRecordId(), createdTime: receivedAt.toISOString(), fields: { ...fields } };
    const at = receivedAt.getTime();
    await transaction(this.pool, async (client) => {
      if (table !== null) await insertRecordsIn(client, table, [record]);
      await insertDeliveriesIn(client, record.id, deliveries, at);
    });
    return record.id;
  }

  async seed(tables: readonly TableInfo[], listingsTable: string, generate: () => readonly StoredRecord[]): Promise<number> {
    return transaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      for (const t of tables) await ensureTableIn(client, t.name, t.fields);
      const { rows } = await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'seeded_at'");
      if (rows.length > 0) return 0;
      const listings = generate();
      for (let i = 0; i < listings.length; i += 500) await insertRecordsIn(client, listingsTable, listings.slice(i, i + 500), true);
      await client.query("INSERT INTO meta (key, value) VALUES ('seeded_at', $1), ('seed_count', $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
        new Date().toISOString(),
        String(listings.length),
      ]);
      return listings.length;
    });
  }

  /** The table's records as the database has them now: the copy when its version is current, else refreshed. */
  private async copyOf(table: string): Promise<TableCopy | undefined> {
    const pending = this.refreshing.get(table);
    if (pending) return pending;
    const refresh = this.refresh(table).finally(() => this.refreshing.delete(table));
    this.refreshing.set(table, refresh);
    return refresh;
  }

  private async refresh(table: string): Promise<TableCopy | undefined> {
    const { rows } = await this.pool.query<{ version: string; rewrites: string | null; fields: string[] }>(
      'SELECT version, (SELECT value FROM meta WHERE key = $2) AS rewrites, fields FROM record_tables WHERE name = $1',
      [table, rewritesKey(table)],
    );
    const head = rows[0];
    if (!head) {
      this.copies.delete(table);
      return undefined;
    }
    const version = Number(head.version);
    const rewrites = Number(head.rewrites ?? 0);
    // records changed in place since the copy was read: read the whole table again
    const kept = this.copies.get(table);
    const copy = kept && kept.rewrites === rewrites ? kept : undefined;
    if (copy && copy.version === version) {
      for (const f of head.fields) copy.fields.add(f);
      return copy;
    }
    const from = copy?.lastSeq ?? 0;
    const added = await this.pool.query<PgRecordRow>('SELECT seq, id, created_time, fields FROM records WHERE table_name = $1 AND seq > $2 ORDER BY seq', [
      table,
      from,
    ]);
    const next: TableCopy = copy ?? { version, rewrites, lastSeq: 0, records: [], fields: new Set() };
    // a new array, so a caller still iterating the previous one sees a consistent snapshot
    next.records = next.records.concat(added.rows.map((r) => ({ id: r.id, createdTime: r.created_time, fields: r.fields })));
    for (const f of head.fields) next.fields.add(f);
    for (const r of added.rows) for (const key of Object.keys(r.fields)) next.fields.add(key);
    const last = added.rows[added.rows.length - 1];
    if (last) next.lastSeq = Number(last.seq);
    next.version = version;
    this.copies.set(table, next);
    return next;
  }
}

/** The meta key counting a table's records changed in place (updateRecords). */
const rewritesKey = (table: string): string => `records_rewritten:${table}`;

/** An id of updateRecords is not in the table: the transaction is rolled back. */
class MissingRecord extends Error {}

async function ensureTableIn(client: PoolClient, name: string, fields: readonly string[]): Promise<void> {
  await client.query("INSERT INTO record_tables (name, fields, version) VALUES ($1, '[]', 0) ON CONFLICT (name) DO NOTHING", [name]);
  const { rows } = await client.query<{ fields: string[] }>('SELECT fields FROM record_tables WHERE name = $1 FOR UPDATE', [name]);
  const known = new Set(rows[0]?.fields ?? []);
  const added = fields.filter((f) => !known.has(f));
  if (added.length > 0)
    await client.query('UPDATE record_tables SET fields = $2, version = version + 1 WHERE name = $1', [name, JSON.stringify([...known, ...added])]);
}

/**
 * Inserts records after taking the table's row lock and bumping its version: inserts into one table are
 * serialised, so their seq order is their commit order (what a replica's incremental read relies on).
 */
async function insertRecordsIn(client: PoolClient, table: string, records: readonly StoredRecord[], declared = false): Promise<void> {
  if (!declared) await client.query("INSERT INTO record_tables (name, fields, version) VALUES ($1, '[]', 0) ON CONFLICT (name) DO NOTHING", [table]);
  await client.query('UPDATE record_tables SET version = version + 1 WHERE name = $1', [table]);
  if (records.length === 0) return;
  const values: string[] = [];
  const params: string[] = [];
  records.forEach((r, i) => {
    values.push(`($${i * 4 + 1}, $${i * 4 + 2}, $${i * 4 + 3}, $${i * 4 + 4}::jsonb)`);
    params.push(r.id, table, r.createdTime, JSON.stringify(r.fields));
  });
  await client.query(`INSERT INTO records (id, table_name, created_time, fields) VALUES ${values.join(', ')}`, params);
}
