/**
 * The shared store of replicas: PostgreSQL at DATABASE_URL (driver: pg). Every replica reads and writes the same
 * tables; nothing is trusted from a process's memory unless the database says it is still current:
 *  - records: each table has a version, bumped by every insert in the same transaction (which takes the row lock
 *    of the table first, so inserts into one table commit in seq order). A replica keeps a copy of a table with
 *    the version and last seq it read, and on each read asks the version (one indexed row) and fetches only the
 *    rows past its last seq when it moved.
 *  - the outbox: rows are claimed with SELECT … FOR UPDATE SKIP LOCKED and a lease, so each delivery is made by
 *    one replica at a time, and a replica that dies gives its rows back when the lease ends.
 *  - counters (sign-in lockout, rate limits): one row per key, changed under its row lock.
 * Migrations run at start under an advisory lock, so replicas starting together apply each one once.
 *
 * The class only composes the parts, one concern each: postgres/pool.ts (the pool, migrations, transactions),
 * postgres/tables.ts (meta, tables and records: the class extends it), postgres/outbox.ts, postgres/sessions.ts,
 * postgres/counters.ts, postgres/chat.ts, postgres/savedSearches.ts, archive.ts, listingHistory.ts.
 */
import type { Pool } from 'pg';
import { PgBuildArchive } from './archive';
import { PgChat } from './postgres/chat';
import { PgSavedSearches } from './postgres/savedSearches';
import { PgCounters } from './postgres/counters';
import { PgListingHistory, type ListingHistory } from './listingHistory';
import { PgOutbox } from './postgres/outbox';
import { describeDatabaseUrl, openPool } from './postgres/pool';
import { PgSessions } from './postgres/sessions';
import { PgTables } from './postgres/tables';
import { type BuildArchive, type ChatMessages, type Counters, type Outbox, type SavedSearches, type SessionRecords, type Store } from './types';

export { describeDatabaseUrl } from './postgres/pool';

export class PostgresStore extends PgTables implements Store {
  readonly kind = 'postgres' as const;
  readonly description: string;
  readonly outbox: Outbox;
  readonly sessions: SessionRecords;
  readonly counters: Counters;
  readonly chat: ChatMessages;
  readonly alerts: SavedSearches;
  readonly archive: BuildArchive;
  readonly listingHistory: ListingHistory;

  private constructor(pool: Pool, url: string) {
    super(pool);
    this.description = describeDatabaseUrl(url);
    this.outbox = new PgOutbox(pool);
    this.sessions = new PgSessions(pool);
    this.counters = new PgCounters(pool);
    this.chat = new PgChat(pool);
    this.alerts = new PgSavedSearches(pool);
    this.archive = new PgBuildArchive(pool);
    this.listingHistory = new PgListingHistory(pool);
  }

  static async open(url: string, options: { poolSize?: number } = {}): Promise<PostgresStore> {
    return new PostgresStore(await openPool(url, options.poolSize), url);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }
}
