/**
 * The embedded store: one SQLite file (better-sqlite3, WAL mode) in the data folder, for one server process.
 *
 * One process per folder is enforced: at open the store takes an exclusive lock on `server.lock` beside the
 * database (held by the operating system until the process ends, even on kill -9), and a second process is
 * refused with a message that points to DATABASE_URL. Being the only writer, it keeps an in-memory copy of each
 * table, updated after each committed write, so a formula over 10,000 records costs no JSON parsing per request.
 * Every write runs in a transaction and resolves only after SQLite committed it (synchronous=FULL), so a write
 * answered 200 survives a crash.
 *
 * The class only composes the parts, one concern each: sqlite/open.ts (opening the file), sqlite/tables.ts (meta,
 * tables and records: the class extends it), sqlite/outbox.ts, sqlite/sessions.ts, sqlite/chat.ts,
 * sqlite/savedSearches.ts, archive.ts, listingHistory.ts; counters live in memory (memoryCounters.ts).
 */
import Database from 'better-sqlite3';
import { SqliteBuildArchive } from './archive';
import { SqliteListingHistory, type ListingHistory } from './listingHistory';
import { MemoryCounters } from './memoryCounters';
import { SqliteChat } from './sqlite/chat';
import { SqliteSavedSearches } from './sqlite/savedSearches';
import { openDatabase } from './sqlite/open';
import { SqliteTables } from './sqlite/tables';
import { SqliteOutbox } from './sqlite/outbox';
import { SqliteSessions } from './sqlite/sessions';
import { type BuildArchive, type ChatMessages, type Outbox, type SavedSearches, type SessionRecords, type Store } from './types';

export { DATABASE_FILE, LOCK_FILE } from './sqlite/open';

export class SqliteStore extends SqliteTables implements Store {
  readonly kind = 'sqlite' as const;
  readonly description: string;
  readonly counters = new MemoryCounters();
  readonly outbox: Outbox;
  readonly sessions: SessionRecords;
  readonly chat: ChatMessages;
  readonly alerts: SavedSearches;
  readonly archive: BuildArchive;
  readonly listingHistory: ListingHistory;

  /**
   * Opens (creating when missing) `${dataDir}/gta.sqlite`. Throws StoreOpenError with a clear message when the
   * folder cannot be created or written, another process holds it, or the file is not a healthy database.
   */
  static open(dataDir: string): SqliteStore {
    const { db, file, lock } = openDatabase(dataDir);
    return new SqliteStore(db, file, lock);
  }

  private constructor(
    db: Database.Database,
    readonly file: string,
    private readonly lock: Database.Database,
  ) {
    super(db);
    this.description = `SQLite ${file}`;
    this.outbox = new SqliteOutbox(db);
    this.sessions = new SqliteSessions(db);
    this.chat = new SqliteChat(db);
    this.alerts = new SqliteSavedSearches(db);
    this.archive = new SqliteBuildArchive(db);
    this.listingHistory = new SqliteListingHistory(db);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
    if (this.lock.open) this.lock.close();
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }
}
