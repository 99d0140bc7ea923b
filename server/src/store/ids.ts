import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An Airtable-shaped record id: 'rec' + 14 letters and digits. */
export function newRecordId(): string {
  const bytes = crypto.randomBytes(14);
  let id = 'rec';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** A deterministic record id from a seed number (for generated listings). */
export function seededRecordId(n: number): string {
  let x = n * 2654435761 + 97;
  let id = 'rec';
  for (let i = 0; i < 14; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    id += ALPHABET[x % ALPHABET.length];
  }
  return id;
}
