/**
 * Counters in PostgreSQL (sign-in lockout, rate limits): one row per scope and key, changed under its row lock so
 * replicas take turns; expired rows are swept at most once a minute. (The SQLite store keeps them in memory:
 * store/memoryCounters.ts.)
 */
import type { Pool } from 'pg';
import type { Counters } from '../types';
import { transaction } from './pool';

export class PgCounters implements Counters {
  private lastSweep = 0;
  constructor(
    private readonly pool: Pool,
    private readonly now: () => number = Date.now,
  ) {}

  async update<T>(scope: string, key: string, change: (previous: T | undefined) => T | undefined, expiresAt: number): Promise<T | undefined> {
    const t = this.now();
    const result = await transaction(this.pool, async (client) => {
      // the row exists before it is locked, so two replicas changing a new key take turns instead of both inserting
      await client.query("INSERT INTO counters (scope, key, value, expires_at) VALUES ($1, $2, 'null', 0) ON CONFLICT (scope, key) DO NOTHING", [scope, key]);
      const { rows } = await client.query<{ value: T | null; expires_at: string }>(
        'SELECT value, expires_at FROM counters WHERE scope = $1 AND key = $2 FOR UPDATE',
        [scope, key],
      );
      const row = rows[0];
      const previous = row && row.value !== null && Number(row.expires_at) > t ? row.value : undefined;
      const next = change(previous);
      if (next === undefined) await client.query('DELETE FROM counters WHERE scope = $1 AND key = $2', [scope, key]);
      else await client.query('UPDATE counters SET value = $3, expires_at = $4 WHERE scope = $1 AND key = $2', [scope, key, JSON.stringify(next), expiresAt]);
      return next;
    });
    if (t - this.lastSweep > 60_000) {
      this.lastSweep = t;
      void this.pool.query('DELETE FROM counters WHERE expires_at <= $1', [t]).catch(() => undefined);
    }
    return result;
  }

  async get<T>(scope: string, key: string): Promise<T | undefined> {
    const { rows } = await this.pool.query<{ value: T | null; expires_at: string }>('SELECT value, expires_at FROM counters WHERE scope = $1 AND key = $2', [
      scope,
      key,
    ]);
    const row = rows[0];
    return row && row.value !== null && Number(row.expires_at) > this.now() ? row.value : undefined;
  }
}
