/** Staff sessions, stored server-side (hash of the token only) with an expiry. */
import crypto from 'node:crypto';
import type { RecordStore } from '../store/store';

export const SESSION_COOKIE = 'gta_staff_session';
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

const hashToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

export class SessionStore {
  constructor(
    private readonly store: RecordStore,
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a session; returns the token for the cookie (never stored as is). */
  create(): { token: string; expiresAt: number } {
    const token = crypto.randomBytes(32).toString('base64url');
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    this.store.db.prepare('INSERT INTO sessions (token_hash, created_at, expires_at) VALUES (?, ?, ?)').run(hashToken(token), createdAt, expiresAt);
    this.store.db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(createdAt);
    return { token, expiresAt };
  }

  isValid(token: string | undefined): boolean {
    if (!token) return false;
    const row = this.store.db.prepare('SELECT expires_at FROM sessions WHERE token_hash = ?').get(hashToken(token)) as { expires_at: number } | undefined;
    return row !== undefined && row.expires_at > this.now();
  }

  destroy(token: string | undefined): void {
    if (token) this.store.db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(hashToken(token));
  }
}
