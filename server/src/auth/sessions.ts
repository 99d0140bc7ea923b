/** Staff sessions, stored server-side (hash of the token only) with an expiry. */
import crypto from 'node:crypto';
import type { SessionRecords } from '../store/store';

export const SESSION_COOKIE = 'gta_staff_session';
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

const hashToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

export class SessionStore {
  constructor(
    private readonly records: SessionRecords,
    private readonly ttlMs = SESSION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a session; returns the token for the cookie (never stored as is). */
  async create(): Promise<{ token: string; expiresAt: number }> {
    const token = crypto.randomBytes(32).toString('base64url');
    const createdAt = this.now();
    const expiresAt = createdAt + this.ttlMs;
    await this.records.create(hashToken(token), createdAt, expiresAt);
    return { token, expiresAt };
  }

  async isValid(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const expiresAt = await this.records.expiresAt(hashToken(token));
    return expiresAt !== undefined && expiresAt > this.now();
  }

  async destroy(token: string | undefined): Promise<void> {
    if (token) await this.records.remove(hashToken(token));
  }
}
