/** The staff password: STAFF_PASSWORD, or one generated on first start and kept in the data folder (mode 600). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface StaffPassword {
  password: string;
  /** Where it came from: the environment, the data folder, or generated now. */
  source: 'env' | 'file' | 'generated';
  file?: string;
}

export const PASSWORD_FILE = 'staff-password';

export function resolveStaffPassword(dataDir: string, fromEnv: string | undefined): StaffPassword {
  if (fromEnv) return { password: fromEnv, source: 'env' };
  const file = path.join(dataDir, PASSWORD_FILE);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored) return { password: stored, source: 'file', file };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const password = crypto.randomBytes(15).toString('base64url');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  fs.chmodSync(file, 0o600);
  return { password, source: 'generated', file };
}

const digest = (text: string): Buffer => crypto.createHash('sha256').update(text, 'utf8').digest();

/** Constant-time comparison: both sides hashed to equal length, then timingSafeEqual. */
export function passwordMatches(candidate: string, expected: string): boolean {
  return crypto.timingSafeEqual(digest(candidate), digest(expected));
}
