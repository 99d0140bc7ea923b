/**
 * The one store interface of the server. Two implementations:
 *  - SqliteStore (store/sqlite.ts): the embedded default, one file in DATA_DIR, one process (a second one is
 *    refused at start by a lock);
 *  - PostgresStore (store/postgres.ts): DATABASE_URL, shared by every replica behind the load balancer.
 * Every piece of server state goes through here: the records of the Airtable-compatible API, staff sessions,
 * the sign-in lockout and rate-limit counters, chat histories, saved searches with listing alerts, and the delivery
 * outbox (n8n and Airtable).
 * Every write resolves only after the database committed it.
 */
import type { AirtableRecord, AlertCriteria, AlertFrequency, FieldValue } from '@gta/shared/core';
import type { ListingHistory } from './listingHistory';

export type { ListingEvent, ListingEventKind, ListingHistory, ListingSnapshot } from './listingHistory';

export type Fields = Record<string, FieldValue>;

/** One record's change (Store.updateRecords). */
export interface RecordUpdate {
  id: string;
  fields: Fields;
}

export type StoredRecord = AirtableRecord<Fields> & { createdTime: string };

/**
 * A change of a table that mirrors the team's Airtable base (Airtable mode's synced copy, src/records/sync): the
 * records to add or replace, with the ids and creation times Airtable gave them, and the ids that left the base.
 */
export interface SyncDiff {
  upsert: readonly StoredRecord[];
  remove: readonly string[];
}

export interface TableInfo {
  name: string;
  /** Field names declared for the table (records may add more). */
  fields: readonly string[];
}

/** The store could not be opened: the message says what to do. */
export class StoreOpenError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'StoreOpenError';
  }
}

/** Where a stored submission still has to go. */
export type DeliveryTarget = 'n8n' | 'airtable';

export interface NewDelivery {
  target: DeliveryTarget;
  /** n8n: the webhook path (contact-form, …); airtable: the table name. */
  path: string;
  /** The JSON body to send. */
  payload: unknown;
}

export type DeliveryState = 'pending' | 'delivered' | 'not-delivered';

export interface Delivery {
  seq: number;
  /** The submission id: also the idempotency key sent with every attempt. */
  submissionId: string;
  target: DeliveryTarget;
  path: string;
  payload: unknown;
  attempts: number;
  state: DeliveryState;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
  /** Airtable: the id of the record created there. */
  remoteId: string | null;
  /**
   * When the current run of passing failures (5xx, 429, no answer) began: the outbox parks the row once they have
   * lasted its give-up time. Null before the first failure and after staff's "send again".
   */
  retryingSince?: number | null;
  /**
   * Set by `claim`: an earlier claim of this row ended without an outcome recorded (the replica holding it was
   * killed, or lost its lease, mid-delivery), so whether that attempt reached its destination is unknown.
   */
  interrupted?: boolean;
}

export interface DeliveryStats {
  pending: number;
  delivered: number;
  notDelivered: number;
}

export interface Outbox {
  /**
   * Claims up to `limit` due pending deliveries for `owner` until `now + leaseMs`: no other replica gets them
   * while the lease runs; a replica that dies lets its lease expire and another one takes the rows over.
   */
  claim(owner: string, now: number, leaseMs: number, limit: number): Promise<Delivery[]>;
  delivered(seq: number, owner: string, now: number, remoteId?: string): Promise<void>;
  /**
   * Try again at `nextAttemptAt` (releases the lease). `failedAt` (a passing failure's time) starts the row's
   * retryingSince when it has none.
   */
  retry(seq: number, owner: string, nextAttemptAt: number, error: string, failedAt?: number): Promise<void>;
  /** A permanent failure: kept, shown to staff as not delivered with the reason. */
  park(seq: number, owner: string, error: string): Promise<void>;
  /** Staff's "send again": back to pending, due now, retryingSince cleared. False when there is no such parked row. */
  resend(seq: number, now: number): Promise<boolean>;
  /** Rows for staff: the undelivered ones first (pending and not delivered), newest first. */
  list(states: readonly DeliveryState[], limit: number): Promise<Delivery[]>;
  stats(): Promise<DeliveryStats>;
  /** The earliest next attempt of a pending row, or null when nothing is pending. */
  nextDueAt(): Promise<number | null>;
  /** Every delivery row of a submission (tests, support). */
  forSubmission(submissionId: string): Promise<Delivery[]>;
}

export interface SessionRecords {
  create(tokenHash: string, createdAt: number, expiresAt: number): Promise<void>;
  /** The session's expiry, or undefined when unknown. */
  expiresAt(tokenHash: string): Promise<number | undefined>;
  remove(tokenHash: string): Promise<void>;
}

/**
 * Small counters kept by key (sign-in failures, rate-limit buckets): `update` reads the value, lets `change`
 * compute the next one, and writes it back atomically (no other writer, in this process or another replica,
 * interleaves). `change` returning undefined deletes the key.
 */
export interface Counters {
  update<T>(scope: string, key: string, change: (previous: T | undefined) => T | undefined, expiresAt: number): Promise<T | undefined>;
  get<T>(scope: string, key: string): Promise<T | undefined>;
}

export type ChatRole = 'human' | 'ai';
export interface ChatTurn {
  role: ChatRole;
  content: string;
}

export interface ChatMessages {
  /** The last `limit` turns of a session, oldest first. */
  list(sessionId: string, limit: number): Promise<ChatTurn[]>;
  /** Appends turns in one transaction. */
  append(sessionId: string, turns: readonly ChatTurn[], at: Date): Promise<void>;
  /**
   * The owner of a session: the first caller's `ownerHash` is recorded (atomically, whichever replica wins), and
   * the recorded one is returned, so a caller compares it with its own.
   */
  claim(sessionId: string, ownerHash: string, at: Date): Promise<string>;
  /** The recorded owner of a session, or undefined when it has none (nothing is written). */
  owner(sessionId: string): Promise<string | undefined>;
  /**
   * Forgets the sessions whose last activity (their last message, else their claim) is before `before`: their
   * messages and their owner. Resolves with the number of sessions forgotten.
   */
  prune(before: Date): Promise<number>;
}

/** A visitor's saved search with listing alerts (src/alerts). Times are epoch milliseconds. */
export interface SavedSearch {
  id: string;
  email: string;
  frequency: AlertFrequency;
  criteria: AlertCriteria;
  /** The search in words (describeAlertCriteria), as staff and the emails read it. */
  summary: string;
  /** The site's origin when the visitor saved it: the links in the emails point there. */
  siteOrigin: string;
  /** Every alert carries the one-click unsubscribe link made of it. */
  unsubscribeToken: string;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  /** When the matcher first looked (listings older than the search were taken as already known then). */
  baselinedAt: number | null;
  lastAlertAt: number | null;
  alertsSent: number;
}

export interface NewSavedSearch {
  id: string;
  email: string;
  frequency: AlertFrequency;
  criteria: AlertCriteria;
  summary: string;
  siteOrigin: string;
  /** SHA-256 (hex) of the confirm link's token: the token itself is only in the confirm email. */
  confirmTokenHash: string;
  unsubscribeToken: string;
  createdAt: number;
}

/** A listing a saved search has seen (at its baseline) or announced, with the lowest price it had then. */
export interface SeenListing {
  listingId: string;
  /** null: the listing had no price. */
  price: number | null;
  /** The alert that announced it; null when it was only seen (the baseline). */
  alertId: string | null;
}

/** What one matcher step records for a saved search, all in one transaction. */
export interface MatchStep {
  /** Listings seen or announced now (new rows, or a lower price for a row already there). */
  seen: readonly SeenListing[];
  /** The first look: the search's baseline is taken. */
  baselined?: boolean;
  /** An alert: its outbox rows (kept under the alert's id) and the search's last-alert time moves to now. */
  alert?: { id: string; deliveries: readonly NewDelivery[] };
}

/** What one matcher step records for a visitor's saved searches of one frequency (SavedSearches.matchVisitor). */
export interface VisitorStep {
  /** Per search: listings seen or announced now, and whether its baseline is taken. */
  searches: readonly { searchId: string; seen: readonly SeenListing[]; baselined?: boolean; alerted?: boolean }[];
  /**
   * The visitor's one alert: its outbox rows (kept under the alert's id); the searches marked `alerted` have their
   * last-alert time moved to now and their count of alerts raised.
   */
  alert?: { id: string; deliveries: readonly NewDelivery[] };
}

/** The outcome of a confirm or unsubscribe link: the search, and whether this click changed it. */
export interface SavedSearchChange {
  search: SavedSearch;
  changed: boolean;
}

export interface SavedSearches {
  /** Keeps a new (unconfirmed) saved search and its deliveries (kept under the search's id) in one transaction. */
  create(search: NewSavedSearch, deliveries: readonly NewDelivery[]): Promise<void>;
  /**
   * The confirm link: confirms the search whose confirm token has this hash (once; an unsubscribed one stays off).
   * The deliveries are kept, under the search's id, only when this click confirmed it. Undefined: no such token.
   */
  confirm(confirmTokenHash: string, at: number, deliveries: readonly NewDelivery[]): Promise<SavedSearchChange | undefined>;
  /** The unsubscribe link: turns the search off (once); deliveries as for confirm. Undefined: no such token. */
  unsubscribe(unsubscribeToken: string, at: number, deliveries: readonly NewDelivery[]): Promise<SavedSearchChange | undefined>;
  get(id: string): Promise<SavedSearch | undefined>;
  /** Every saved search, oldest first (the staff table). */
  list(): Promise<SavedSearch[]>;
  /** The confirmed searches that are not unsubscribed (what the matcher looks at). */
  active(): Promise<SavedSearch[]>;
  /**
   * One matcher step under the search's row lock (PostgreSQL: FOR UPDATE SKIP LOCKED, so a search another replica
   * is matching right now is skipped, not waited for): `decide` gets the search as the database holds it and the
   * listings it has seen, and returns what to record (null: nothing). Resolves with what was committed, or null
   * when nothing was (busy elsewhere, no longer active, nothing to record).
   */
  match(id: string, at: number, decide: (search: SavedSearch, seen: ReadonlyMap<string, SeenListing>) => MatchStep | null): Promise<MatchStep | null>;
  /**
   * One matcher step for one visitor's searches (`ids`, all of one email and frequency; `group` names them) in one
   * transaction: `decide` gets those still active, as the database holds them, and the listings each has seen. On
   * PostgreSQL the group is held by an advisory lock on `group` for the transaction: a group another replica is
   * matching right now is skipped (null), never split between replicas. Resolves with what was committed, or null.
   */
  matchVisitor(
    group: string,
    ids: readonly string[],
    at: number,
    decide: (searches: readonly SavedSearch[], seen: ReadonlyMap<string, ReadonlyMap<string, SeenListing>>) => VisitorStep | null,
  ): Promise<VisitorStep | null>;
  /**
   * The 'unsubscribe from all' link: turns off every search of the email of the search with this unsubscribe token
   * (those still on), keeping each one's deliveries (`deliveries(search)`) under its id. Undefined: no such token.
   */
  unsubscribeAll(unsubscribeToken: string, at: number, deliveries: (search: SavedSearch) => readonly NewDelivery[]): Promise<SavedSearch[] | undefined>;

  /** The listings a search has seen (tests, support). */
  seen(id: string): Promise<Map<string, SeenListing>>;
}

/**
 * One content-hashed file of a build a replica serves (src/site/buildArchive.ts): its path in the part's dist folder
 * (`241.ab02e55f0c.js`, `fonts/inter.eca1e21531.woff2`) and how to read it (only when the archive lacks it).
 */
export interface BuildFile {
  path: string;
  size: number;
  read(): Buffer;
}

/** The hashed files of one part's build: `part` is `shell` or a remote's name, `buildId` is derived from its files. */
export interface ServedBuild {
  part: string;
  buildId: string;
  files: readonly BuildFile[];
}

/** What recording a build stored: `added` false when the build was archived before (only its time moved on). */
export interface ArchiveOutcome {
  added: boolean;
  /** Files (and their bytes) stored now; files another build already brought are not read again. */
  files: number;
  bytes: number;
}

export interface ArchivedFile {
  body: Buffer;
  /** SHA-256 of the body, hex. */
  sha256: string;
  archivedAt: number;
}

export interface ArchivedBuild {
  part: string;
  buildId: string;
  files: number;
  bytes: number;
  firstServedAt: number;
  /** The last time a replica started serving it or said it still does (daily). */
  lastServedAt: number;
}

/** Per part, the newest `builds` builds are kept, and any build served within `maxAgeMs`: whichever keeps more. */
export interface ArchiveRetention {
  builds: number;
  maxAgeMs: number;
}

export interface PruneOutcome {
  builds: number;
  files: number;
  bytes: number;
}

/**
 * The archive of built files, shared by the replicas (a replica of one build answers a tab opened on another).
 * Writes take turns across replicas (PostgreSQL: an advisory lock), and each is one transaction.
 */
export interface BuildArchive {
  /** Records a served build: the build and the files the archive lacks, in one transaction; a known build's time moves to `at`. */
  record(build: ServedBuild, at: number): Promise<ArchiveOutcome>;
  find(part: string, path: string): Promise<ArchivedFile | undefined>;
  /** Removes the builds past the retention, then the files no kept build names, in one transaction. */
  prune(now: number, keep: ArchiveRetention): Promise<PruneOutcome>;
  /** Every archived build, newest served first (tests, support). */
  builds(): Promise<ArchivedBuild[]>;
}

export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** For logs: the file, or the database host and name (never a password). */
  readonly description: string;

  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;

  /** Declares a table (idempotent); declared fields are known even before a record has them. */
  ensureTable(name: string, fields?: readonly string[]): Promise<void>;
  hasTable(name: string): Promise<boolean>;
  tables(): Promise<TableInfo[]>;
  /** Every field name of a table: declared ones plus any a record carries. */
  fieldNames(table: string): Promise<Set<string>>;
  /** All records of a table in creation order (shared and read-only: do not mutate). */
  all(table: string): Promise<readonly StoredRecord[]>;
  count(table: string): Promise<number>;
  find(table: string, id: string): Promise<StoredRecord | undefined>;
  /** Creates records in one transaction; resolves once committed. The table is declared if needed. */
  createRecords(table: string, fieldsList: readonly Fields[], createdTime?: Date): Promise<StoredRecord[]>;
  createRecord(table: string, fields: Fields, createdTime?: Date): Promise<StoredRecord>;
  /**
   * Changes records in one transaction (all or none): each named record's fields are merged with the given ones
   * (`replace`: the given ones become its fields, as Airtable's PUT), a null or undefined value clearing the field.
   * Resolves with the records as stored now, in the order given; undefined, and nothing changed, when an id is not
   * in the table.
   */
  updateRecords(table: string, updates: readonly RecordUpdate[], replace?: boolean): Promise<StoredRecord[] | undefined>;
  /**
   * Applies a synced copy's change in one transaction (all or none): each record of `diff.upsert` replaces the stored
   * one of its id (fields and createdTime; its place in the table's order stays) or is added after the others; the
   * ids of `diff.remove` leave the table; the table is declared if needed. `meta` keys are set in the same transaction
   * (the sync's record of what the copy holds). Replicas see the change on their next read.
   */
  applySync(table: string, diff: SyncDiff, meta?: Readonly<Record<string, string>>): Promise<void>;
  /**
   * Keeps a submission and the deliveries it needs in one transaction. `table` null keeps no local record
   * (Airtable mode: the record's home is the team's base, and the outbox row holds it until it is there).
   * Resolves with the submission id once committed.
   */
  keepSubmission(table: string | null, fields: Fields, deliveries: readonly NewDelivery[], receivedAt: Date): Promise<string>;
  /**
   * First start: declares the tables and, once per database (whatever the number of replicas starting
   * together), inserts the generated listings. Resolves with the number inserted (0 when already seeded).
   */
  seed(tables: readonly TableInfo[], listingsTable: string, generate: () => readonly StoredRecord[]): Promise<number>;

  readonly outbox: Outbox;
  readonly sessions: SessionRecords;
  readonly counters: Counters;
  readonly chat: ChatMessages;
  /** Saved searches with listing alerts. */
  readonly alerts: SavedSearches;
  /** Built files of the builds the replicas served, for tabs opened on another build (src/site/buildArchive.ts). */
  readonly archive: BuildArchive;
  /** The listings' price and status history, as the site saw them change (store/listingHistory.ts). */
  readonly listingHistory: ListingHistory;

  /** Resolves when the database answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
