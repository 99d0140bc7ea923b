/** Staff sign-in sessions in PostgreSQL: a token's hash and when it ends; expired ones go at each sign-in. */
import type { Pool } from 'pg';
import type { SessionRecords } from '../types';

export class PgSessions implements SessionRecords {
  constructor(private readonly pool: Pool) {}

  async create(tokenHash: string, createdAt: number, expiresAt: number): Promise<void> {
    await this.pool.query('INSERT INTO sessions (token_hash, created_at, expires_at) VALUES ($1, $2, $3)', [tokenHash, createdAt, expiresAt]);
    await this.pool.query('DELETE FROM sessions WHERE expires_at < $1', [createdAt]);
  }

  async expiresAt(tokenHash: string): Promise<number | undefined> {
    const { rows } = await this.pool.query<{ expires_at: string }>('SELECT expires_at FROM sessions WHERE token_hash = $1', [tokenHash]);
    return rows[0] ? Number(rows[0].expires_at) : undefined;
  }

  async remove(tokenHash: string): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
  }
}
