/**
 * The PostgreSQL store's connection: the pool (a lost connection never crashes the process), the migrations run at
 * start under an advisory lock (replicas starting together apply each one once), and one helper for a transaction
 * on a client of its own.
 */
import { Pool, type PoolClient } from 'pg';
import { loadMigrations } from '../migrations';
import { StoreOpenError } from '../types';

/** Any number: the advisory lock that serialises migrations and the first seed across replicas. */
export const SCHEMA_LOCK = 727_001;

/** host:port/database of a connection string, for logs (never the user or password). */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get('host') || 'local socket';
    return `PostgreSQL ${host}${u.port ? `:${u.port}` : ''}${u.pathname || ''}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/** A pool on the database at url, migrated to the current schema; a StoreOpenError says what to check. */
export async function openPool(url: string, poolSize = 10): Promise<Pool> {
  // keepAlive: a connection to a database that vanished without a word (a failover) is noticed and dropped
  const pool = new Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, keepAlive: true });
  // a client that loses its connection must not crash the process; the next query opens a new one. The pool's
  // 'error' covers idle clients only: a checked-out one (inside a transaction) emits on itself, and an 'error'
  // nobody listens to ends the process. Its query fails with the cause (a 503 for the request: store/unavailable.ts)
  // and the pool discards it on release (no longer queryable)
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new StoreOpenError(
      `The PostgreSQL database at ${describeDatabaseUrl(url)} cannot be used (${(err as Error).message}). Check DATABASE_URL and that the server is running.`,
      err,
    );
  }
  return pool;
}

/** Runs fn on a client of its own inside BEGIN … COMMIT; any error rolls back and is thrown again. */
export async function transaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // a connection that cannot even roll back is not given back to the pool
    broken = await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackFailed: unknown) => (rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed))),
    );
    throw err;
  } finally {
    client.release(broken);
  }
}

async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
    try {
      await client.query('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
      const { rows } = await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'");
      const current = rows[0] ? Number(rows[0].value) : 0;
      for (const m of loadMigrations('postgres')) {
        if (m.version <= current) continue;
        await client.query('BEGIN');
        try {
          await client.query(m.sql);
          await client.query("INSERT INTO meta (key, value) VALUES ('schema_version', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [
            String(m.version),
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new Error(`migration ${m.version}_${m.name} failed: ${(err as Error).message}`);
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
