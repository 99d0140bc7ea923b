/**
 * Secrets read from files, as Docker/Kubernetes secrets give them (`/run/secrets/<name>`): for each secret setting X,
 * `X_FILE=/path` is read instead of `X` (the file wins when both are set). One trailing line break is dropped (`echo`
 * writes one); an empty, missing or unreadable file stops the start with the variable's name and the path, never the
 * value. readConfig (src/config.ts) resolves these before it reads anything else.
 *
 * DATABASE_URL: either given whole (DATABASE_URL or DATABASE_URL_FILE, its password URL-encoded by whoever wrote it),
 * or built here from POSTGRES_HOST, POSTGRES_PORT (5432), POSTGRES_USER, POSTGRES_PASSWORD(_FILE), POSTGRES_DB and
 * POSTGRES_SSLMODE: the same names (and the same password file) the postgres image reads, each part URL-encoded, so a
 * password with `@`, `/`, `#` or `%` connects as written.
 */
import fs from 'node:fs';

/** The settings that may come from a file (`<NAME>_FILE`). */
export const SECRET_NAMES = [
  'STAFF_PASSWORD',
  'DATABASE_URL',
  'POSTGRES_PASSWORD',
  'AIRTABLE_TOKEN',
  'RECORDS_API_TOKEN',
  'N8N_WEBHOOK_BASE',
  'N8N_WEBHOOK_HEADER_VALUE',
  'N8N_WEBHOOK_USER',
  'N8N_WEBHOOK_PASSWORD',
  'N8N_WEBHOOK_JWT_SECRET',
  'N8N_WEBHOOK_HMAC_SECRET',
  'N8N_CHAT_URL',
] as const;

/** A setting that cannot be read: the message names the variable and the file, never a value. */
export class SecretFileError extends Error {}

/** The value of `name`: the contents of the file `${name}_FILE` names when that is set, else `env[name]`. */
export function readSecret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const file = env[`${name}_FILE`]?.trim();
  if (!file) return env[name];
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'a folder, not a file' : (code ?? 'unreadable');
    throw new SecretFileError(`${name}_FILE names ${file}, which cannot be read (${why}).`);
  }
  const value = text.replace(/\r?\n$/, '');
  if (value.trim() === '') throw new SecretFileError(`${name}_FILE names ${file}, which is empty.`);
  return value;
}

/**
 * A copy of `env` with every secret of SECRET_NAMES read (from its file when `_FILE` is set) and DATABASE_URL built
 * from the POSTGRES_* parts when it is not given whole and POSTGRES_HOST is set.
 */
export function resolveSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  for (const name of SECRET_NAMES) {
    const value = readSecret(env, name);
    if (value === undefined) delete resolved[name];
    else resolved[name] = value;
  }
  if (!resolved.DATABASE_URL?.trim() && resolved.POSTGRES_HOST?.trim()) resolved.DATABASE_URL = databaseUrlFromParts(resolved);
  return resolved;
}

/** postgres://user:password@host:port/db from the POSTGRES_* parts, each URL-encoded. */
export function databaseUrlFromParts(env: NodeJS.ProcessEnv): string {
  const host = env.POSTGRES_HOST?.trim() ?? '';
  const port = env.POSTGRES_PORT?.trim() || '5432';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) throw new Error(`POSTGRES_PORT is not a port number: ${port}`);
  if (/[/?#@\s]/.test(host)) throw new Error(`POSTGRES_HOST must be a host name or address alone: ${host}`);
  const user = env.POSTGRES_USER?.trim() || 'postgres';
  const password = env.POSTGRES_PASSWORD;
  const database = env.POSTGRES_DB?.trim() || user;
  // an IPv6 address is written in brackets in a URL
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const credentials = password ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}` : encodeURIComponent(user);
  const sslmode = env.POSTGRES_SSLMODE?.trim();
  return `postgres://${credentials}@${hostPart}:${port}/${encodeURIComponent(database)}${sslmode ? `?sslmode=${encodeURIComponent(sslmode)}` : ''}`;
}
