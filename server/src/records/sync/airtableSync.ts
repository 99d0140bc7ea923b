/**
 * Airtable mode's synced copy of the public tables (Properties): the team's base is the source, the store the site's
 * read replica. Every visitor read (the records API, server renders, the assistant, the sitemap, alerts matching) is
 * answered from the store by the same RecordsService as local mode; the base is asked only for what changed.
 *
 * - A full paged read of each synced table (100 records a request: 1,000 listings are 10 requests) compared with the
 *   copy; the difference (edited, added and deleted records, changed attachments) is applied in one transaction
 *   (Store.applySync) with Airtable's ids and creation times. Reads start every `intervalMs` (AIRTABLE_SYNC_INTERVAL_MS)
 *   minus the last read's duration, so a change in the base is on the site within `intervalMs`.
 * - One replica syncs at a time: a lease in the store's counters (one row in the shared PostgreSQL), renewed while it
 *   holds it; another replica takes over when it lapses. Every replica reads the shared copy.
 * - The site is ready once a copy exists (meta `airtable_sync:<table>`, written with the copy). A restart during an
 *   outage serves the copy it has. A failed read keeps the last good copy, logs the failure and says so in the status
 *   (/readyz details); it is tried again with a backoff up to `intervalMs`.
 * - A write through the records API (staff) applies Airtable's answer to the copy at once and asks for a sync soon.
 * - Every request goes through the fleet-wide budget (./gateway.ts) at the lowest priority.
 */
import crypto from 'node:crypto';
import type { FieldValue } from '@gta/shared/core';
import type { Logger } from '../../log';
import type { Store, StoredRecord } from '../../store/store';
import type { ChangeNotifications } from './changeNotifications';
import type { AirtableGateway } from './gateway';

export const SYNC_META_PREFIX = 'airtable_sync:';
export const SYNC_STATUS_KEY = 'airtable_sync_status';
const SYNC_REQUESTED_KEY = 'airtable_sync_requested';

/** What the replicas know of the sync (meta `airtable_sync_status`, written by the replica that syncs). */
export interface SyncStatus {
  /** The copy of every synced table exists (from this start or an earlier one). */
  hasCopy: boolean;
  /** When the last read started and when the last good one finished (epoch ms). */
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  /** Why the last read failed (null after a good one). */
  lastError: string | null;
  /** Records in the copy, per table, after the last good read. */
  records: Record<string, number>;
  /** Which replica wrote this. */
  by: string | null;
}

interface StoredStatus {
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  failures: number;
  records: Record<string, number>;
  by: string;
}

interface Lease {
  owner: string;
  until: number;
}

export interface AirtableSyncOptions {
  store: Store;
  gateway: AirtableGateway;
  /** The tables visitors read (Properties). */
  tables: readonly string[];
  intervalMs: number;
  log?: Logger;
  /** How often a replica looks at the lease and at requests for a sync (default min(1 s, intervalMs)). */
  tickMs?: number;
  /** How long the lease lasts without renewal (default 20 s). */
  leaseMs?: number;
  /** The first wait after a failed read (default 2 s), doubled per failure up to intervalMs. */
  retryMs?: number;
  /** Called after a read changed a table's copy (the alert matcher looks at new listings, caches forget). */
  onChange?: (table: string) => void;
  /** Airtable's change notifications, where the token allows them (./changeNotifications.ts). */
  notifications?: ChangeNotifications;
  now?: () => number;
}

/** A wait that does not keep the process alive. */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

/** JSON with object keys sorted (PostgreSQL's jsonb keeps its own key order): equal values, equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The records to change so the copy holds `source` (what a full read of the base returned). */
export function diffCopy(copy: readonly StoredRecord[], source: readonly StoredRecord[]): { upsert: StoredRecord[]; remove: string[] } {
  const held = new Map(copy.map((r) => [r.id, r]));
  const upsert: StoredRecord[] = [];
  const seen = new Set<string>();
  for (const r of source) {
    seen.add(r.id);
    const mine = held.get(r.id);
    if (!mine || mine.createdTime !== r.createdTime || canonical(mine.fields) !== canonical(r.fields)) upsert.push(r);
  }
  return { upsert, remove: copy.filter((r) => !seen.has(r.id)).map((r) => r.id) };
}

interface AirtableListBody {
  records?: { id: string; createdTime: string; fields: Record<string, FieldValue> }[];
  offset?: string;
}

export class AirtableSync {
  /** This process's name on the lease. */
  readonly owner = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private running: Promise<void> | undefined;
  private copyKnown = false;
  private readonly copyWaiters: (() => void)[] = [];
  private requestedAt = 0;
  private readonly now: () => number;
  private readonly tickMs: number;
  private readonly leaseMs: number;
  /** Full reads this process made (tests). */
  reads = 0;

  constructor(private readonly options: AirtableSyncOptions) {
    this.now = options.now ?? Date.now;
    this.tickMs = options.tickMs ?? Math.min(1000, options.intervalMs);
    this.leaseMs = options.leaseMs ?? 20_000;
  }

  /** True when `table` is one of the synced (public) tables, read from the copy. */
  syncs(table: string): boolean {
    return this.options.tables.includes(table);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    // a replica shutting down lets another take the sync over at once
    const t = this.now();
    await this.options.store.counters
      .update<Lease>('airtable-sync', 'lease', (previous) => (previous?.owner === this.owner ? undefined : previous), t + this.leaseMs)
      .catch(() => undefined);
    for (const resolve of this.copyWaiters.splice(0)) resolve();
  }

  /** Resolves true once a copy of every synced table exists (now, or within `waitMs`). */
  async whenCopy(waitMs: number): Promise<boolean> {
    if (await this.hasCopy()) return true;
    if (this.stopped) return false;
    await Promise.race([new Promise<void>((resolve) => this.copyWaiters.push(resolve)), sleep(waitMs)]);
    return this.hasCopy();
  }

  /** A copy of every synced table exists in the store (written by this replica or another, now or before a restart). */
  async hasCopy(): Promise<boolean> {
    if (this.copyKnown) return true;
    for (const table of this.options.tables) if ((await this.options.store.getMeta(SYNC_META_PREFIX + table)) === undefined) return false;
    this.copyKnown = true;
    for (const resolve of this.copyWaiters.splice(0)) resolve();
    return true;
  }

  /** Asks the replica that syncs for a read soon (after a write through the records API). */
  requestSync(): void {
    this.requestedAt = this.now();
    void this.options.store.setMeta(SYNC_REQUESTED_KEY, String(this.requestedAt)).catch(() => undefined);
    if (!this.stopped) this.schedule(Math.min(this.tickMs, 200));
  }

  /**
   * Applies what Airtable answered to a write (one record, or `{records}`) to the copy at once, so the page staff
   * open next shows it; a sync follows soon for anything else the write changed.
   */
  async applyWritten(table: string, answer: Buffer): Promise<void> {
    if (!this.syncs(table)) return;
    try {
      const body = JSON.parse(answer.toString('utf8')) as { id?: string; createdTime?: string; fields?: Record<string, FieldValue>; records?: unknown };
      const list = (Array.isArray(body.records) ? body.records : [body]) as { id?: string; createdTime?: string; fields?: Record<string, FieldValue> }[];
      const upsert = list
        .filter((r) => typeof r.id === 'string' && typeof r.createdTime === 'string' && r.fields && typeof r.fields === 'object')
        .map((r) => ({ id: r.id as string, createdTime: r.createdTime as string, fields: r.fields as Record<string, FieldValue> }));
      if (upsert.length > 0 && (await this.hasCopy())) await this.options.store.applySync(table, { upsert, remove: [] });
    } catch (err) {
      this.options.log?.warn({ err, table }, 'sync: the answer to a write could not be applied to the copy; the next sync brings it');
    }
    this.requestSync();
  }

  /** What the replicas know of the sync (for /readyz). */
  async status(): Promise<SyncStatus> {
    const stored = await this.readStatus();
    return {
      hasCopy: await this.hasCopy(),
      lastAttemptAt: stored?.lastAttemptAt ?? null,
      lastSuccessAt: stored?.lastSuccessAt ?? null,
      lastError: stored?.lastError ?? null,
      records: stored?.records ?? {},
      by: stored?.by ?? null,
    };
  }

  /** Reads the base now, if this replica holds (or can take) the lease: tests, and the start. Resolves when done. */
  async syncNow(): Promise<boolean> {
    await this.running;
    if (!(await this.takeLease())) return false;
    const run = this.readAndApply();
    this.running = run.then(() => undefined);
    try {
      return await run;
    } finally {
      this.running = undefined;
    }
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref();
  }

  private tick(): Promise<void> {
    if (this.running) {
      // a read under way (syncNow's, or a tick's): look again after it, so the loop never stops
      this.schedule(this.tickMs);
      return this.running;
    }
    this.running = this.tickOnce()
      .catch((err: unknown) => this.options.log?.warn({ err }, 'sync: the store could not be read; trying again shortly'))
      .finally(() => {
        this.running = undefined;
        this.schedule(this.tickMs);
      });
    return this.running;
  }

  private async tickOnce(): Promise<void> {
    await this.hasCopy();
    if (!(await this.takeLease())) return;
    const status = await this.readStatus();
    const t = this.now();
    const requested = Math.max(this.requestedAt, Number((await this.options.store.getMeta(SYNC_REQUESTED_KEY)) ?? 0));
    const lastStart = status?.lastAttemptAt ?? 0;
    let due: boolean;
    // a failing base is tried again with a backoff (2 s, 4 s, … up to the interval), never hammered
    if (status?.lastError)
      due = t - lastStart >= Math.min(this.options.intervalMs, (this.options.retryMs ?? 2000) * 2 ** Math.max(0, (status.failures ?? 1) - 1));
    else if (!(await this.hasCopy())) due = true;
    else if (requested > lastStart) due = true;
    else due = t - lastStart >= Math.max(this.tickMs, this.options.intervalMs - (status?.lastDurationMs ?? 0));
    if (due) {
      await this.readAndApply();
      return;
    }
    const notifications = this.options.notifications;
    if (!notifications) return;
    await notifications.maintain();
    if ((await this.hasCopy()) && (await notifications.pending())) await this.applyNotified(notifications);
  }

  /** Looks for work now (a change notification arrived). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** The changes Airtable notified, applied to the copy (two requests for an edit instead of a full read). */
  private async applyNotified(notifications: ChangeNotifications): Promise<void> {
    const { store, log } = this.options;
    try {
      for (const [table, diff] of await notifications.changes(this.options.tables)) {
        if (diff.upsert.length === 0 && diff.remove.length === 0) continue;
        await store.applySync(table, diff);
        this.options.onChange?.(table);
        log?.info({ part: 'sync', table, changed: diff.upsert.length, removed: diff.remove.length }, 'sync: the copy took the changes Airtable notified');
      }
    } catch (err) {
      log?.warn({ part: 'sync', reason: (err as Error).message }, 'sync: the notified changes could not be read; the next full read brings them');
    }
  }

  /** Takes or renews the lease; false when another replica holds it. */
  private async takeLease(): Promise<boolean> {
    const t = this.now();
    let mine = false;
    await this.options.store.counters.update<Lease>(
      'airtable-sync',
      'lease',
      (previous) => {
        if (previous && previous.owner !== this.owner && previous.until > t) return previous;
        mine = true;
        return { owner: this.owner, until: t + this.leaseMs };
      },
      t + this.leaseMs,
    );
    return mine;
  }

  private async readStatus(): Promise<StoredStatus | undefined> {
    const raw = await this.options.store.getMeta(SYNC_STATUS_KEY);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as StoredStatus;
    } catch {
      return undefined;
    }
  }

  /** One full read of every synced table and its diff applied; false (the copy kept) when the read failed. */
  private async readAndApply(): Promise<boolean> {
    const { store, log } = this.options;
    const started = this.now();
    const previous = await this.readStatus();
    const records: Record<string, number> = { ...(previous?.records ?? {}) };
    const base: StoredStatus = {
      lastAttemptAt: started,
      lastSuccessAt: previous?.lastSuccessAt ?? null,
      lastDurationMs: previous?.lastDurationMs ?? null,
      lastError: previous?.lastError ?? null,
      failures: previous?.failures ?? 0,
      records,
      by: this.owner,
    };
    await store.setMeta(SYNC_STATUS_KEY, JSON.stringify(base));
    this.reads++;
    try {
      let changes = 0;
      for (const table of this.options.tables) {
        const source = await this.readTable(table);
        const diff = diffCopy(await store.all(table), source);
        changes += diff.upsert.length + diff.remove.length;
        const changed = diff.upsert.length > 0 || diff.remove.length > 0;
        // the copy and its marker in one transaction (a first copy of an empty table is still a copy)
        if (changed || (await store.getMeta(SYNC_META_PREFIX + table)) === undefined)
          await store.applySync(table, diff, { [SYNC_META_PREFIX + table]: JSON.stringify({ syncedAt: this.now(), records: source.length }) });
        if (changed) this.options.onChange?.(table);
        records[table] = source.length;
      }
      const finished = this.now();
      await store.setMeta(
        SYNC_STATUS_KEY,
        JSON.stringify({ ...base, lastSuccessAt: finished, lastDurationMs: finished - started, lastError: null, failures: 0, records } satisfies StoredStatus),
      );
      if (previous?.lastError) log?.info({ part: 'sync', records }, 'sync: the base answers again; the copy is current');
      else if (changes > 0) log?.info({ part: 'sync', records, changes, ms: finished - started }, 'sync: the copy took the changes of the base');
      await this.hasCopy();
      return true;
    } catch (err) {
      const message = (err as Error).message;
      const failures = (previous?.failures ?? 0) + 1;
      await store.setMeta(SYNC_STATUS_KEY, JSON.stringify({ ...base, lastError: message, failures } satisfies StoredStatus)).catch(() => undefined);
      // a read waiting for a first copy is answered now (503) rather than after its whole wait
      for (const resolve of this.copyWaiters.splice(0)) resolve();
      log?.warn(
        { part: 'sync', reason: message, failures, lastSuccessAt: previous?.lastSuccessAt ?? null },
        (await this.hasCopy())
          ? 'sync: the base could not be read; the site serves the last good copy'
          : 'sync: the base could not be read and there is no copy yet',
      );
      return false;
    }
  }

  /** Every record of `table`, as the base lists them (pages of 100, the budget's lowest priority). */
  private async readTable(table: string): Promise<StoredRecord[]> {
    const { gateway } = this.options;
    const out: StoredRecord[] = [];
    let offset: string | undefined;
    for (let page = 0; page < 10_000; page++) {
      // a long read keeps the lease, so no other replica starts a second one
      await this.takeLease();
      const search = new URLSearchParams({ pageSize: '100' });
      if (offset) search.set('offset', offset);
      let upstream;
      try {
        upstream = await gateway.send(
          { method: 'GET', path: gateway.tablePath(table), search: `?${search}` },
          { priority: 'sync', maxWaitMs: 15_000, throwOnNetworkError: true },
        );
      } catch (err) {
        throw new Error(`Airtable could not be reached (${(err as Error).message})`);
      }
      if (upstream.status !== 200) {
        const what = upstream.refused ? 'the budget refused the read (the base is closed after a 429)' : `Airtable answered ${upstream.status}`;
        throw new Error(`${what} for ${table}: ${upstream.body.toString('utf8').slice(0, 200)}`);
      }
      const body = JSON.parse(upstream.body.toString('utf8')) as AirtableListBody;
      for (const r of body.records ?? []) out.push({ id: r.id, createdTime: r.createdTime, fields: r.fields ?? {} });
      offset = body.offset;
      if (!offset) return out;
    }
    throw new Error(`${table}: more than 10,000 pages`);
  }
}
