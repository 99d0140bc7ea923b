/**
 * Schema migrations, kept as SQL files in server/migrations/<sqlite|postgres>/NNN_name.sql and run at start in
 * order; the database records the last one applied (meta 'schema_version'), so each runs once.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** server/migrations, from src/store (tests) and dist/store (the build) alike. */
export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

export function loadMigrations(kind: 'sqlite' | 'postgres', dir = MIGRATIONS_DIR): Migration[] {
  const folder = path.join(dir, kind);
  const migrations = fs
    .readdirSync(folder)
    .map((file) => /^(\d+)_([\w-]+)\.sql$/.exec(file))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ version: Number(m[1]), name: m[2] as string, sql: fs.readFileSync(path.join(folder, m[0]), 'utf8') }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`${folder}: migrations must be numbered 1, 2, 3… without gaps (found ${m.version} at position ${i + 1})`);
  });
  return migrations;
}
