/** Staff sign-in sessions in the SQLite file: a token's hash and when it ends; expired ones go at each sign-in. */
import type Database from 'better-sqlite3';
import type { SessionRecords } from '../types';

export class SqliteSessions implements SessionRecords {
  constructor(private readonly db: Database.Database) {}

  async create(tokenHash: string, createdAt: number, expiresAt: number): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO sessions (token_hash, created_at, expires_at) VALUES (?, ?, ?)').run(tokenHash, createdAt, expiresAt);
      this.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(createdAt);
    })();
  }

  async expiresAt(tokenHash: string): Promise<number | undefined> {
    const row = this.db.prepare('SELECT expires_at FROM sessions WHERE token_hash = ?').get(tokenHash) as { expires_at: number } | undefined;
    return row?.expires_at;
  }

  async remove(tokenHash: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(tokenHash);
  }
}
