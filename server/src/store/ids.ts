import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An Airtable-shaped record id: 'rec' + 14 letters and digits. */
export function newRecordId(): string {
  const bytes = crypto.randomBytes(14);
  let id = 'rec';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** A deterministic record id from a seed number (for generated listings): 14 characters of a SHA-256. */
export function seededRecordId(n: number): string {
  const bytes = crypto.createHash('sha256').update(`gta-seed-record-${n}`).digest();
  let id = 'rec';
  for (let i = 0; i < 14; i++) id += ALPHABET[(bytes[i] as number) % ALPHABET.length];
  return id;
}
