/**
 * The outbox in the SQLite file: deliveries to n8n and Airtable kept in the transaction of what caused them, then
 * claimed under a lease, and finished as delivered, retried later or parked as not delivered.
 */
import type Database from 'better-sqlite3';
import { rowToDelivery, type OutboxRow } from '../rows';
import type { Delivery, DeliveryState, DeliveryStats, NewDelivery, Outbox } from '../types';

/** Keeps deliveries for recordId, due at once; call inside the transaction that keeps what caused them. */
export function insertDeliveries(db: Database.Database, recordId: string, deliveries: readonly NewDelivery[], at: number): void {
  const insert = db.prepare(
    "INSERT INTO outbox (record_id, target, webhook_path, payload, attempts, state, next_attempt_at, created_at) VALUES (?, ?, ?, ?, 0, 'pending', ?, ?)",
  );
  for (const d of deliveries) insert.run(recordId, d.target, d.path, JSON.stringify(d.payload), at, at);
}

export class SqliteOutbox implements Outbox {
  constructor(private readonly db: Database.Database) {}

  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<Delivery[]> {
    // one process per file: the lease still matters for a row whose delivery is under way when drain() runs again
    return this.db.transaction(() => {
      const rows = this.db
        .prepare("SELECT * FROM outbox WHERE state = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?) ORDER BY seq LIMIT ?")
        .all(now, now, limit) as OutboxRow[];
      const lease = this.db.prepare('UPDATE outbox SET lease_owner = ?, lease_until = ? WHERE seq = ?');
      for (const r of rows) lease.run(owner, now + leaseMs, r.seq);
      // an outcome clears the lease owner: one still there is a claim that never finished
      return rows.map((r) => ({ ...rowToDelivery(r), interrupted: r.lease_owner !== null }));
    })();
  }

  async delivered(seq: number, owner: string, now: number, remoteId?: string): Promise<void> {
    this.db
      .prepare(
        "UPDATE outbox SET state = 'delivered', delivered_at = ?, attempts = attempts + 1, last_error = NULL, remote_id = ?, lease_owner = NULL, lease_until = NULL WHERE seq = ? AND lease_owner = ?",
      )
      .run(now, remoteId ?? null, seq, owner);
  }

  async retry(seq: number, owner: string, nextAttemptAt: number, error: string, failedAt?: number): Promise<void> {
    this.db
      .prepare(
        'UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, retrying_since = COALESCE(retrying_since, ?), lease_owner = NULL, lease_until = NULL WHERE seq = ? AND lease_owner = ?',
      )
      .run(nextAttemptAt, error, failedAt ?? null, seq, owner);
  }

  async park(seq: number, owner: string, error: string): Promise<void> {
    this.db
      .prepare(
        "UPDATE outbox SET state = 'not-delivered', attempts = attempts + 1, last_error = ?, lease_owner = NULL, lease_until = NULL WHERE seq = ? AND lease_owner = ?",
      )
      .run(error, seq, owner);
  }

  async resend(seq: number, now: number): Promise<boolean> {
    const result = this.db
      .prepare("UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = ?, retrying_since = NULL WHERE seq = ? AND state = 'not-delivered'")
      .run(now, seq);
    return result.changes > 0;
  }

  async list(states: readonly DeliveryState[], limit: number): Promise<Delivery[]> {
    if (states.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT * FROM outbox WHERE state IN (${states.map(() => '?').join(', ')}) ORDER BY seq DESC LIMIT ?`)
      .all(...states, limit) as OutboxRow[];
    return rows.map(rowToDelivery);
  }

  async stats(): Promise<DeliveryStats> {
    const rows = this.db.prepare('SELECT state, COUNT(*) AS n FROM outbox GROUP BY state').all() as { state: string; n: number }[];
    const of = (s: string): number => rows.find((r) => r.state === s)?.n ?? 0;
    return { pending: of('pending'), delivered: of('delivered'), notDelivered: of('not-delivered') };
  }

  async nextDueAt(): Promise<number | null> {
    const row = this.db.prepare("SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM outbox WHERE state = 'pending'").get() as {
      at: number | null;
    };
    return row.at;
  }

  async forSubmission(submissionId: string): Promise<Delivery[]> {
    return (this.db.prepare('SELECT * FROM outbox WHERE record_id = ? ORDER BY seq').all(submissionId) as OutboxRow[]).map(rowToDelivery);
  }
}
