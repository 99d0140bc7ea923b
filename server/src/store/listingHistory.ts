/**
 * The listings' price and status history (ListingHistory) in both stores: the embedded SQLite file and PostgreSQL.
 * Tables (migrations *_listing_history.sql): listing_state (what the site last saw of each listing) and
 * listing_events (each change it saw, oldest first).
 *
 * `observe` is given the listings as the table holds them now and records what changed since the last look, in one
 * transaction: it may be called as often as wanted (a second look at an unchanged table records nothing), so a look
 * missed (a crash between a write and its look) is made up by the next one. In PostgreSQL it takes a
 * transaction-level advisory lock first, so two replicas looking at once take turns and a change is recorded once.
 */
import type Database from 'better-sqlite3';
import type { Pool } from 'pg';

/** What the history keeps of a listing: its id, its asking price (null: none readable) and its status. */
export interface ListingSnapshot {
  id: string;
  price: number | null;
  status: string | null;
}

/** 'listed': the site saw the listing for the first time; 'price' and 'status': a change of either. */
export type ListingEventKind = 'listed' | 'price' | 'status';

export interface ListingEvent {
  listingId: string;
  /** Epoch milliseconds. */
  at: number;
  kind: ListingEventKind;
  /** The price and status after the event. */
  price: number | null;
  status: string | null;
  /** Before it ('price' and 'status'; null for 'listed'). */
  previousPrice: number | null;
  previousStatus: string | null;
}

export interface ListingHistory {
  /**
   * Compares the listings with what was last seen of them and records, in one transaction, a 'listed' event for a
   * listing never seen, a 'price' event for a new price and a 'status' event for a new status (a price or status
   * that is missing now is not a change: the last one seen stays). Resolves with the events recorded.
   */
  observe(listings: readonly ListingSnapshot[], at: number): Promise<ListingEvent[]>;
  /** The events of these listings, oldest first (a listing never seen has none). */
  forListings(ids: readonly string[]): Promise<Map<string, ListingEvent[]>>;
}

/** Any number: the advisory lock that serialises looks at the listings across replicas. */
const HISTORY_LOCK = 727_038;

interface StateRow {
  listing_id: string;
  price: number | string | null;
  status: string | null;
}

interface EventRow {
  listing_id: string;
  at: number | string;
  kind: string;
  price: number | string | null;
  previous_price: number | string | null;
  status: string | null;
  previous_status: string | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

const toEvent = (r: EventRow): ListingEvent => ({
  listingId: r.listing_id,
  at: Number(r.at),
  kind: r.kind as ListingEventKind,
  price: num(r.price),
  status: r.status,
  previousPrice: num(r.previous_price),
  previousStatus: r.previous_status,
});

const EVENT_COLUMNS = 'listing_id, at, kind, price, previous_price, status, previous_status';

/** The last state seen of a listing. */
interface Seen {
  price: number | null;
  status: string | null;
}

/**
 * What changed between what was seen of a listing (undefined: never seen) and the listing now: the events to record
 * and the state to keep (undefined: nothing changed). The same rule for both stores.
 */
export function listingChanges(seen: Seen | undefined, now: ListingSnapshot, at: number): { events: ListingEvent[]; state?: Seen } {
  const price = now.price !== null && Number.isFinite(now.price) ? now.price : null;
  const status = now.status !== null && now.status.trim() !== '' ? now.status.trim() : null;
  if (!seen) {
    return {
      events: [{ listingId: now.id, at, kind: 'listed', price, status, previousPrice: null, previousStatus: null }],
      state: { price, status },
    };
  }
  const events: ListingEvent[] = [];
  const next: Seen = { ...seen };
  if (price !== null && price !== seen.price) {
    events.push({ listingId: now.id, at, kind: 'price', price, status: status ?? seen.status, previousPrice: seen.price, previousStatus: seen.status });
    next.price = price;
  }
  if (status !== null && status !== seen.status) {
    events.push({ listingId: now.id, at, kind: 'status', price: next.price, status, previousPrice: next.price, previousStatus: seen.status });
    next.status = status;
  }
  return events.length > 0 ? { events, state: next } : { events };
}

function groupEvents(ids: readonly string[], rows: readonly EventRow[]): Map<string, ListingEvent[]> {
  const out = new Map<string, ListingEvent[]>(ids.map((id) => [id, []]));
  for (const r of rows) out.get(r.listing_id)?.push(toEvent(r));
  return out;
}

export class SqliteListingHistory implements ListingHistory {
  constructor(private readonly db: Database.Database) {}

  async observe(listings: readonly ListingSnapshot[], at: number): Promise<ListingEvent[]> {
    const select = this.db.prepare('SELECT listing_id, price, status FROM listing_state WHERE listing_id = ?');
    const insertState = this.db.prepare('INSERT INTO listing_state (listing_id, price, status, first_seen_at, changed_at) VALUES (?, ?, ?, ?, ?)');
    const updateState = this.db.prepare('UPDATE listing_state SET price = ?, status = ?, changed_at = ? WHERE listing_id = ?');
    const insertEvent = this.db.prepare(`INSERT INTO listing_events (${EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    return this.db.transaction((): ListingEvent[] => {
      const recorded: ListingEvent[] = [];
      for (const listing of listings) {
        const row = select.get(listing.id) as StateRow | undefined;
        const seen = row ? { price: num(row.price), status: row.status } : undefined;
        const { events, state } = listingChanges(seen, listing, at);
        if (!state) continue;
        if (seen) updateState.run(state.price, state.status, at, listing.id);
        else insertState.run(listing.id, state.price, state.status, at, at);
        for (const e of events) insertEvent.run(e.listingId, e.at, e.kind, e.price, e.previousPrice, e.status, e.previousStatus);
        recorded.push(...events);
      }
      return recorded;
    })();
  }

  async forListings(ids: readonly string[]): Promise<Map<string, ListingEvent[]>> {
    if (ids.length === 0) return new Map();
    const rows = this.db
      .prepare(`SELECT ${EVENT_COLUMNS} FROM listing_events WHERE listing_id IN (SELECT value FROM json_each(?)) ORDER BY seq`)
      .all(JSON.stringify(ids)) as EventRow[];
    return groupEvents(ids, rows);
  }
}

export class PgListingHistory implements ListingHistory {
  constructor(private readonly pool: Pool) {}

  async observe(listings: readonly ListingSnapshot[], at: number): Promise<ListingEvent[]> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [HISTORY_LOCK]);
      const { rows } = await client.query<StateRow>('SELECT listing_id, price, status FROM listing_state WHERE listing_id = ANY($1)', [
        listings.map((l) => l.id),
      ]);
      const seenById = new Map(rows.map((r) => [r.listing_id, { price: num(r.price), status: r.status }]));
      const recorded: ListingEvent[] = [];
      const fresh: { id: string; price: number | null; status: string | null }[] = [];
      const moved: { id: string; price: number | null; status: string | null }[] = [];
      for (const listing of listings) {
        const seen = seenById.get(listing.id);
        const { events, state } = listingChanges(seen, listing, at);
        if (!state) continue;
        (seen ? moved : fresh).push({ id: listing.id, ...state });
        // a listing given twice in one look: the second compares with the first
        seenById.set(listing.id, state);
        recorded.push(...events);
      }
      // one statement per kind of row, whatever the number of listings (10,000 at a first start)
      if (fresh.length > 0) {
        await client.query(
          'INSERT INTO listing_state (listing_id, price, status, first_seen_at, changed_at) SELECT id, price, status, $4::bigint, $4::bigint ' +
            'FROM unnest($1::text[], $2::float8[], $3::text[]) AS u(id, price, status) ' +
            'ON CONFLICT (listing_id) DO UPDATE SET price = excluded.price, status = excluded.status, changed_at = excluded.changed_at',
          [fresh.map((s) => s.id), fresh.map((s) => s.price), fresh.map((s) => s.status), at],
        );
      }
      if (moved.length > 0) {
        await client.query(
          'UPDATE listing_state s SET price = u.price, status = u.status, changed_at = $4 FROM unnest($1::text[], $2::float8[], $3::text[]) AS u(id, price, status) WHERE s.listing_id = u.id',
          [moved.map((s) => s.id), moved.map((s) => s.price), moved.map((s) => s.status), at],
        );
      }
      if (recorded.length > 0) {
        await client.query(
          `INSERT INTO listing_events (${EVENT_COLUMNS}) SELECT id, at, kind, price, previous_price, status, previous_status ` +
            'FROM unnest($1::text[], $2::bigint[], $3::text[], $4::float8[], $5::float8[], $6::text[], $7::text[]) ' +
            'WITH ORDINALITY AS e(id, at, kind, price, previous_price, status, previous_status, n) ORDER BY n',
          [
            recorded.map((e) => e.listingId),
            recorded.map((e) => e.at),
            recorded.map((e) => e.kind),
            recorded.map((e) => e.price),
            recorded.map((e) => e.previousPrice),
            recorded.map((e) => e.status),
            recorded.map((e) => e.previousStatus),
          ],
        );
      }
      await client.query('COMMIT');
      client.release();
      return recorded;
    } catch (err) {
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      // a client that cannot roll back is not given to the next caller
      client.release(rolledBack ? undefined : (err as Error));
      throw err;
    }
  }

  async forListings(ids: readonly string[]): Promise<Map<string, ListingEvent[]>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM listing_events WHERE listing_id = ANY($1) ORDER BY seq`, [ids]);
    return groupEvents(ids, rows);
  }
}
