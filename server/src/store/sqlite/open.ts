/**
 * Opening the embedded store's file: the data folder (created, checked writable, only the server's user may read
 * it), the one-process lock on `server.lock`, the write-ahead log checked before SQLite replays it, the pragmas
 * (WAL, synchronous=FULL), an integrity check, the migrations and a first write that proves the file writable.
 * Each failure is a StoreOpenError that says what to do.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadMigrations } from '../migrations';
import { StoreOpenError } from '../types';
import { checkWal } from '../walCheck';

export const DATABASE_FILE = 'gta.sqlite';
export const LOCK_FILE = 'server.lock';

/** An open database file and the lock that keeps it to this process. */
export interface OpenDatabase {
  db: Database.Database;
  file: string;
  lock: Database.Database;
}

/**
 * Opens (creating when missing) `${dataDir}/gta.sqlite`. Throws StoreOpenError with a clear message when the
 * folder cannot be created or written, another process holds it, or the file is not a healthy database.
 */
export function openDatabase(dataDir: string): OpenDatabase {
  try {
    makeDirectory(dataDir);
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.R_OK);
  } catch (err) {
    throw new StoreOpenError(`The data folder ${dataDir} cannot be created or written (${(err as Error).message}). Set DATA_DIR to a writable folder.`, err);
  }
  const lock = takeFolderLock(dataDir);
  const file = path.join(dataDir, DATABASE_FILE);
  const wal = checkWal(`${file}-wal`);
  if (wal.damage) {
    lock.close();
    throw new StoreOpenError(
      `The database's write-ahead log ${file}-wal is damaged at frame ${wal.damage.frame}: ${wal.damage.commitsAfter} committed transaction(s) after it would be lost if the server started. ` +
        `Stop here: copy the data folder somewhere safe, then restore the last backup (npm run backup makes them), or move ${path.basename(file)}-wal aside to start from the data before the damage (the transactions after it are lost).`,
    );
  }
  let db: Database.Database;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`integrity check said: ${String(check)}`);
    migrate(db);
  } catch (err) {
    lock.close();
    if (isReadOnlyError(err)) throw unwritable(file, err);
    throw new StoreOpenError(
      `The database file ${file} is corrupt or unreadable (${(err as Error).message}). Move it aside (or delete it to start from a fresh seed) and start again.`,
      err,
    );
  }
  try {
    // SQLite opens a file it may not write read-only without a word, and only the first write would fail:
    // prove a write now, so a read-only database stops the start instead of losing the first submission
    db.prepare("INSERT INTO meta (key, value) VALUES ('opened_at', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(new Date().toISOString());
  } catch (err) {
    db.close();
    lock.close();
    throw unwritable(file, err);
  }
  restrictModes(dataDir, file);
  return { db, file, lock };
}

/**
 * One server process per data folder: an exclusive SQLite lock on `server.lock`, which the operating system
 * releases when the process ends in any way. A second process gets SQLITE_BUSY at once and is refused.
 */
function takeFolderLock(dataDir: string): Database.Database {
  const file = path.join(dataDir, LOCK_FILE);
  let lock: Database.Database | undefined;
  try {
    lock = new Database(file, { timeout: 0 });
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER, started_at TEXT)');
    lock.exec('BEGIN EXCLUSIVE');
    lock.prepare('DELETE FROM holder').run();
    lock.prepare('INSERT INTO holder (pid, started_at) VALUES (?, ?)').run(process.pid, new Date().toISOString());
    lock.exec('COMMIT');
    return lock;
  } catch (err) {
    lock?.close();
    const code = (err as { code?: unknown }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      throw new StoreOpenError(
        `Another server process is already using the data folder ${dataDir}. The SQLite store serves one process: stop the other one, give this one its own DATA_DIR, or run several replicas on one PostgreSQL database (DATABASE_URL).`,
        err,
      );
    }
    if (isReadOnlyError(err)) throw unwritable(file, err);
    throw new StoreOpenError(`The lock file ${file} cannot be used (${(err as Error).message}). Move it aside and start again.`, err);
  }
}

/**
 * mkdir -p, one level at a time: node's recursive mkdir can spin forever on special file systems such as
 * /proc; this fails fast with the underlying error instead.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const d of missing) fs.mkdirSync(d);
  if (!fs.statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
}

/**
 * Visitors' names, emails and phones live in these files: only the server's user may read them (folder 700,
 * files 600). A folder the server does not own (a mounted volume) is left as it is.
 */
function restrictModes(dataDir: string, file: string): void {
  const own = (p: string): boolean => {
    try {
      return fs.statSync(p).uid === process.getuid?.();
    } catch {
      return false;
    }
  };
  if (own(dataDir)) fs.chmodSync(dataDir, 0o700);
  for (const f of [file, `${file}-wal`, `${file}-shm`, path.join(dataDir, LOCK_FILE)]) if (fs.existsSync(f) && own(f)) fs.chmodSync(f, 0o600);
}

function isReadOnlyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_PERM') || code === 'SQLITE_CANTOPEN');
}

function unwritable(file: string, err: unknown): StoreOpenError {
  return new StoreOpenError(
    `The database file ${file} cannot be written (${(err as Error).message}). Give the server's user write access to it and its folder, or set DATA_DIR to a writable folder.`,
    err,
  );
}

function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
  const current = row ? Number(row.value) : 0;
  for (const m of loadMigrations('sqlite')) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(m.version));
    })();
  }
}
