/**
 * Saved searches (listing alerts) in PostgreSQL: a search and its confirm and unsubscribe changes, the listings each
 * has seen at which lowest price, and one matching step at a time, each in one transaction with the deliveries it
 * causes. Row locks and an advisory lock per visitor keep two replicas from matching the same searches at once.
 */
import type { Pool, PoolClient } from 'pg';
import { NEW_SAVED_SEARCH_COLUMNS, newSavedSearchValues, rowToSavedSearch, SAVED_SEARCH_COLUMNS, seenMap, type SavedSearchRow, type SeenRow } from '../rows';
import type { MatchStep, NewDelivery, NewSavedSearch, SavedSearch, SavedSearchChange, SavedSearches, SeenListing, VisitorStep } from '../types';
import { insertDeliveriesIn } from './outbox';
import { transaction } from './pool';

export class PgSavedSearches implements SavedSearches {
  constructor(private readonly pool: Pool) {}

  async create(search: NewSavedSearch, deliveries: readonly NewDelivery[]): Promise<void> {
    await transaction(this.pool, async (client) => {
      await client.query(
        `INSERT INTO saved_searches (${NEW_SAVED_SEARCH_COLUMNS}) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9)`,
        newSavedSearchValues(search),
      );
      await insertDeliveriesIn(client, search.id, deliveries, search.createdAt);
    });
  }

  private async change(
    where: string,
    key: string,
    column: 'confirmed_at' | 'unsubscribed_at',
    at: number,
    deliveries: readonly NewDelivery[],
  ): Promise<SavedSearchChange | undefined> {
    return transaction(this.pool, async (client) => {
      // the row lock: two clicks on the same link (or two replicas) change it, and keep its deliveries, once
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM saved_searches WHERE ${where} = $1 FOR UPDATE`, [key]);
      const id = rows[0]?.id;
      if (id === undefined) return undefined;
      const extra = column === 'confirmed_at' ? ' AND unsubscribed_at IS NULL' : '';
      const { rowCount } = await client.query(`UPDATE saved_searches SET ${column} = $1 WHERE id = $2 AND ${column} IS NULL${extra}`, [at, id]);
      const changed = (rowCount ?? 0) > 0;
      if (changed) await insertDeliveriesIn(client, id, deliveries, at);
      const current = await client.query<SavedSearchRow>(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE id = $1`, [id]);
      return { search: rowToSavedSearch(current.rows[0] as SavedSearchRow), changed };
    });
  }

  confirm(confirmTokenHash: string, at: number, deliveries: readonly NewDelivery[]): Promise<SavedSearchChange | undefined> {
    return this.change('confirm_token_hash', confirmTokenHash, 'confirmed_at', at, deliveries);
  }

  unsubscribe(unsubscribeToken: string, at: number, deliveries: readonly NewDelivery[]): Promise<SavedSearchChange | undefined> {
    return this.change('unsubscribe_token', unsubscribeToken, 'unsubscribed_at', at, deliveries);
  }

  async get(id: string): Promise<SavedSearch | undefined> {
    const { rows } = await this.pool.query<SavedSearchRow>(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE id = $1`, [id]);
    return rows[0] ? rowToSavedSearch(rows[0]) : undefined;
  }

  async list(): Promise<SavedSearch[]> {
    const { rows } = await this.pool.query<SavedSearchRow>(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches ORDER BY created_at, id`);
    return rows.map(rowToSavedSearch);
  }

  async active(): Promise<SavedSearch[]> {
    const { rows } = await this.pool.query<SavedSearchRow>(
      `SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY created_at, id`,
    );
    return rows.map(rowToSavedSearch);
  }

  async seen(id: string): Promise<Map<string, SeenListing>> {
    const { rows } = await this.pool.query<SeenRow>('SELECT listing_id, lowest_price, alert_id FROM saved_search_listings WHERE search_id = $1', [id]);
    return seenMap(rows);
  }

  async matchVisitor(
    group: string,
    ids: readonly string[],
    at: number,
    decide: (searches: readonly SavedSearch[], seen: ReadonlyMap<string, ReadonlyMap<string, SeenListing>>) => VisitorStep | null,
  ): Promise<VisitorStep | null> {
    return transaction(this.pool, async (client) => {
      // the visitor's group is matched by one replica at a time, whole: another replica skips it (it does the work)
      const { rows: lock } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked', [VISITOR_LOCK, group]);
      if (!lock[0]?.locked) return null;
      const { rows } = await client.query<SavedSearchRow>(
        `SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE id = ANY($1::text[]) AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY created_at, id FOR UPDATE`,
        [ids],
      );
      if (rows.length === 0) return null;
      const searches = rows.map(rowToSavedSearch);
      const seen = await client.query<SeenRow & { search_id: string }>(
        'SELECT search_id, listing_id, lowest_price, alert_id FROM saved_search_listings WHERE search_id = ANY($1::text[])',
        [searches.map((s) => s.id)],
      );
      const seenBySearch = new Map(searches.map((s) => [s.id, seenMap(seen.rows.filter((r) => r.search_id === s.id))]));
      const step = decide(searches, seenBySearch);
      if (!step || (!step.alert && step.searches.every((s) => s.seen.length === 0 && !s.baselined))) return null;
      const active = new Set(searches.map((s) => s.id));
      for (const s of step.searches) {
        if (!active.has(s.searchId)) continue;
        await recordSeenIn(client, s.searchId, at, s.seen);
        if (s.baselined) await client.query('UPDATE saved_searches SET baselined_at = $1 WHERE id = $2 AND baselined_at IS NULL', [at, s.searchId]);
        if (step.alert && s.alerted) {
          await client.query('UPDATE saved_searches SET last_alert_at = $1, alerts_sent = alerts_sent + 1 WHERE id = $2', [at, s.searchId]);
        }
      }
      if (step.alert) await insertDeliveriesIn(client, step.alert.id, step.alert.deliveries, at);
      return step;
    });
  }

  async unsubscribeAll(unsubscribeToken: string, at: number, deliveries: (search: SavedSearch) => readonly NewDelivery[]): Promise<SavedSearch[] | undefined> {
    return transaction(this.pool, async (client) => {
      const { rows: found } = await client.query<{ email: string }>('SELECT email FROM saved_searches WHERE unsubscribe_token = $1', [unsubscribeToken]);
      const email = found[0]?.email;
      if (email === undefined) return undefined;
      // the rows' locks: two clicks (or two replicas) turn each search off, and keep its deliveries, once
      const { rows } = await client.query<SavedSearchRow>(
        `UPDATE saved_searches SET unsubscribed_at = $1 WHERE lower(email) = lower($2) AND unsubscribed_at IS NULL RETURNING ${SAVED_SEARCH_COLUMNS}`,
        [at, email],
      );
      const changed = rows.map(rowToSavedSearch).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
      for (const search of changed) await insertDeliveriesIn(client, search.id, deliveries(search), at);
      return changed;
    });
  }

  async match(id: string, at: number, decide: (search: SavedSearch, seen: ReadonlyMap<string, SeenListing>) => MatchStep | null): Promise<MatchStep | null> {
    return transaction(this.pool, async (client) => {
      // the search's row lock for the whole step; a search another replica is matching is skipped (it does the work)
      const { rows } = await client.query<SavedSearchRow>(
        `SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE id = $1 AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL FOR UPDATE SKIP LOCKED`,
        [id],
      );
      const row = rows[0];
      if (!row) return null;
      const seen = await client.query<SeenRow>('SELECT listing_id, lowest_price, alert_id FROM saved_search_listings WHERE search_id = $1', [id]);
      const step = decide(rowToSavedSearch(row), seenMap(seen.rows));
      if (!step || (step.seen.length === 0 && !step.baselined && !step.alert)) return null;
      await recordSeenIn(client, id, at, step.seen);
      if (step.baselined) await client.query('UPDATE saved_searches SET baselined_at = $1 WHERE id = $2 AND baselined_at IS NULL', [at, id]);
      if (step.alert) {
        await client.query('UPDATE saved_searches SET last_alert_at = $1, alerts_sent = alerts_sent + 1 WHERE id = $2', [at, id]);
        await insertDeliveriesIn(client, step.alert.id, step.alert.deliveries, at);
      }
      return step;
    });
  }
}

/** The first key of the advisory locks that hold a visitor's saved searches while they are matched (matchVisitor). */
export const VISITOR_LOCK = 727_002;

export async function recordSeenIn(client: PoolClient, id: string, at: number, seen: readonly SeenListing[]): Promise<void> {
  for (let i = 0; i < seen.length; i += 500) {
    const chunk = seen.slice(i, i + 500);
    const values: string[] = [];
    const params: unknown[] = [id, at];
    chunk.forEach((s, j) => {
      values.push(`($1, $${j * 3 + 3}, $${j * 3 + 4}::double precision, $2::bigint, $${j * 3 + 5})`);
      params.push(s.listingId, s.price, s.alertId);
    });
    await client.query(
      `INSERT INTO saved_search_listings (search_id, listing_id, lowest_price, first_seen_at, alert_id) VALUES ${values.join(', ')} ` +
        'ON CONFLICT (search_id, listing_id) DO UPDATE SET lowest_price = excluded.lowest_price, alert_id = excluded.alert_id',
      params,
    );
  }
}
