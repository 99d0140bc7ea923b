/**
 * The outbox in PostgreSQL: deliveries to n8n and Airtable kept in the transaction of what caused them, then
 * claimed with SELECT … FOR UPDATE SKIP LOCKED and a lease (each delivery is made by one replica at a time, and a
 * replica that dies gives its rows back when the lease ends), and finished by the lease's owner only.
 */
import type { Pool, PoolClient } from 'pg';
import { rowToDelivery, type OutboxRow } from '../rows';
import type { Delivery, DeliveryState, DeliveryStats, NewDelivery, Outbox } from '../types';

/** Keeps deliveries for recordId, due at once, in the transaction of what caused them. */
export async function insertDeliveriesIn(client: PoolClient, recordId: string, deliveries: readonly NewDelivery[], at: number): Promise<void> {
  for (const d of deliveries) {
    await client.query(
      "INSERT INTO outbox (record_id, target, webhook_path, payload, attempts, state, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, 0, 'pending', $5, $5)",
      [recordId, d.target, d.path, JSON.stringify(d.payload), at],
    );
  }
}

export class PgOutbox implements Outbox {
  constructor(private readonly pool: Pool) {}

  async claim(owner: string, now: number, leaseMs: number, limit: number): Promise<Delivery[]> {
    // an outcome clears the lease owner: one still there (previous_owner) is a claim that never finished
    const { rows } = await this.pool.query<OutboxRow & { previous_owner: string | null }>(
      `WITH due AS (
         SELECT seq, lease_owner AS previous_owner FROM outbox
         WHERE state = 'pending' AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
         ORDER BY seq LIMIT $4 FOR UPDATE SKIP LOCKED
       )
       UPDATE outbox SET lease_owner = $1, lease_until = $2 FROM due
       WHERE outbox.seq = due.seq
       RETURNING outbox.*, due.previous_owner`,
      [owner, now + leaseMs, now, limit],
    );
    return rows.map((r) => ({ ...rowToDelivery(r), interrupted: r.previous_owner !== null })).sort((a, b) => a.seq - b.seq);
  }

  async delivered(seq: number, owner: string, now: number, remoteId?: string): Promise<void> {
    await this.pool.query(
      "UPDATE outbox SET state = 'delivered', delivered_at = $1, attempts = attempts + 1, last_error = NULL, remote_id = $2, lease_owner = NULL, lease_until = NULL WHERE seq = $3 AND lease_owner = $4",
      [now, remoteId ?? null, seq, owner],
    );
  }

  async retry(seq: number, owner: string, nextAttemptAt: number, error: string, failedAt?: number): Promise<void> {
    await this.pool.query(
      'UPDATE outbox SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2, retrying_since = COALESCE(retrying_since, $5::bigint), lease_owner = NULL, lease_until = NULL WHERE seq = $3 AND lease_owner = $4',
      [nextAttemptAt, error, seq, owner, failedAt ?? null],
    );
  }

  async park(seq: number, owner: string, error: string): Promise<void> {
    await this.pool.query(
      "UPDATE outbox SET state = 'not-delivered', attempts = attempts + 1, last_error = $1, lease_owner = NULL, lease_until = NULL WHERE seq = $2 AND lease_owner = $3",
      [error, seq, owner],
    );
  }

  async resend(seq: number, now: number): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      "UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = $1, retrying_since = NULL WHERE seq = $2 AND state = 'not-delivered'",
      [now, seq],
    );
    return (rowCount ?? 0) > 0;
  }

  async list(states: readonly DeliveryState[], limit: number): Promise<Delivery[]> {
    const { rows } = await this.pool.query<OutboxRow>('SELECT * FROM outbox WHERE state = ANY($1) ORDER BY seq DESC LIMIT $2', [states, limit]);
    return rows.map(rowToDelivery);
  }

  async stats(): Promise<DeliveryStats> {
    const { rows } = await this.pool.query<{ state: string; n: string }>('SELECT state, COUNT(*) AS n FROM outbox GROUP BY state');
    const of = (s: string): number => Number(rows.find((r) => r.state === s)?.n ?? 0);
    return { pending: of('pending'), delivered: of('delivered'), notDelivered: of('not-delivered') };
  }

  async nextDueAt(): Promise<number | null> {
    const { rows } = await this.pool.query<{ at: string | null }>(
      "SELECT MIN(GREATEST(next_attempt_at, COALESCE(lease_until, 0))) AS at FROM outbox WHERE state = 'pending'",
    );
    const at = rows[0]?.at;
    return at === null || at === undefined ? null : Number(at);
  }

  async forSubmission(submissionId: string): Promise<Delivery[]> {
    const { rows } = await this.pool.query<OutboxRow>('SELECT * FROM outbox WHERE record_id = $1 ORDER BY seq', [submissionId]);
    return rows.map(rowToDelivery);
  }
}
