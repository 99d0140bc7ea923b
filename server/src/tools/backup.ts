/**
 * `npm run backup` (after a build): an online backup of the embedded SQLite store while the server runs, with
 * SQLite's backup API (a consistent copy, WAL included), into `DATA_DIR/backups/gta-<time>.sqlite` or `--to FILE`.
 * The copy is checked (integrity_check) before the command says it is done. With DATABASE_URL set the store is
 * PostgreSQL: use pg_dump or the provider's point-in-time recovery (docs/deploy.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readConfig } from '../config';
import { DATABASE_FILE } from '../store/sqlite';

async function main(): Promise<void> {
  const config = readConfig();
  if (config.databaseUrl) {
    console.error("DATABASE_URL is set: the store is PostgreSQL. Back it up with pg_dump or your provider's point-in-time recovery (docs/deploy.md).");
    process.exit(2);
  }
  const source = path.join(config.dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) {
    console.error(`There is no database at ${source} (DATA_DIR).`);
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const toIndex = args.indexOf('--to');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(toIndex >= 0 && args[toIndex + 1] ? (args[toIndex + 1] as string) : path.join(config.dataDir, 'backups', `gta-${stamp}.sqlite`));
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  fs.chmodSync(target, 0o600);
  const copy = new Database(target, { readonly: true });
  const check = copy.pragma('integrity_check', { simple: true });
  const records = (copy.prepare('SELECT COUNT(*) AS n FROM records').get() as { n: number }).n;
  copy.close();
  if (check !== 'ok') {
    console.error(`The backup ${target} failed its integrity check: ${String(check)}`);
    process.exit(1);
  }
  console.log(
    `Backed up ${source} to ${target} (${records} records, integrity ok). Restore: stop the server, put the copy in place of ${DATABASE_FILE} (and remove ${DATABASE_FILE}-wal), start it.`,
  );
}

main().catch((err: unknown) => {
  console.error(`The backup failed: ${(err as Error).message}`);
  process.exit(1);
});
