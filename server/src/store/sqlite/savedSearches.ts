/**
 * Saved searches (listing alerts) in the SQLite file: a search and its confirm and unsubscribe changes, the listings
 * each has seen at which lowest price, and one matching step at a time, each in one transaction with the
 * deliveries it causes. One process per file: the transaction alone keeps two steps apart.
 */
import type Database from 'better-sqlite3';
import { NEW_SAVED_SEARCH_COLUMNS, newSavedSearchValues, rowToSavedSearch, SAVED_SEARCH_COLUMNS, seenMap, type SavedSearchRow, type SeenRow } from '../rows';
import type { MatchStep, NewDelivery, NewSavedSearch, SavedSearch, SavedSearchChange, SavedSearches, SeenListing, VisitorStep } from '../types';
import { insertDeliveries } from './outbox';

export class SqliteSavedSearches implements SavedSearches {
  constructor(private readonly db: Database.Database) {}

  private getSync(id: string): SavedSearch | undefined {
    const row = this.db.prepare(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE id = ?`).get(id) as SavedSearchRow | undefined;
    return row ? rowToSavedSearch(row) : undefined;
  }

  async create(search: NewSavedSearch, deliveries: readonly NewDelivery[]): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare(`INSERT INTO saved_searches (${NEW_SAVED_SEARCH_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(...newSavedSearchValues(search));
      insertDeliveries(this.db, search.id, deliveries, search.createdAt);
    })();
  }

  private change(
    where: string,
    key: string,
    column: 'confirmed_at' | 'unsubscribed_at',
    at: number,
    deliveries: readonly NewDelivery[],
  ): SavedSearchChange | undefined {
    return this.db.transaction(() => {
      const row = this.db.prepare(`SELECT id FROM saved_searches WHERE ${where} = ?`).get(key) as { id: string } | undefined;
      if (!row) return undefined;
      // confirming a search that was unsubscribed does not turn it back on
      const extra = column === 'confirmed_at' ? ' AND unsubscribed_at IS NULL' : '';
      const changed = this.db.prepare(`UPDATE saved_searches SET ${column} = ? WHERE id = ? AND ${column} IS NULL${extra}`).run(at, row.id).changes > 0;
      if (changed) insertDeliveries(this.db, row.id, deliveries, at);
      return { search: this.getSync(row.id) as SavedSearch, changed };
    })();
  }

  async confirm(confirmTokenHash: string, at: number, deliveries: readonly NewDelivery[]): Promise<SavedSearchChange | undefined> {
    return this.change('confirm_token_hash', confirmTokenHash, 'confirmed_at', at, deliveries);
  }

  async unsubscribe(unsubscribeToken: string, at: number, deliveries: readonly NewDelivery[]): Promise<SavedSearchChange | undefined> {
    return this.change('unsubscribe_token', unsubscribeToken, 'unsubscribed_at', at, deliveries);
  }

  async get(id: string): Promise<SavedSearch | undefined> {
    return this.getSync(id);
  }

  async list(): Promise<SavedSearch[]> {
    return (this.db.prepare(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches ORDER BY created_at, id`).all() as SavedSearchRow[]).map(rowToSavedSearch);
  }

  async active(): Promise<SavedSearch[]> {
    const rows = this.db
      .prepare(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY created_at, id`)
      .all() as SavedSearchRow[];
    return rows.map(rowToSavedSearch);
  }

  private seenSync(id: string): Map<string, SeenListing> {
    return seenMap(this.db.prepare('SELECT listing_id, lowest_price, alert_id FROM saved_search_listings WHERE search_id = ?').all(id) as SeenRow[]);
  }

  async seen(id: string): Promise<Map<string, SeenListing>> {
    return this.seenSync(id);
  }

  private recordSeen(id: string, at: number, seen: readonly SeenListing[]): void {
    const upsert = this.db.prepare(
      'INSERT INTO saved_search_listings (search_id, listing_id, lowest_price, first_seen_at, alert_id) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (search_id, listing_id) DO UPDATE SET lowest_price = excluded.lowest_price, alert_id = excluded.alert_id',
    );
    for (const s of seen) upsert.run(id, s.listingId, s.price, at, s.alertId);
  }

  async matchVisitor(
    _group: string,
    ids: readonly string[],
    at: number,
    decide: (searches: readonly SavedSearch[], seen: ReadonlyMap<string, ReadonlyMap<string, SeenListing>>) => VisitorStep | null,
  ): Promise<VisitorStep | null> {
    // one process per file: the transaction alone keeps two steps of one visitor apart
    return this.db.transaction((): VisitorStep | null => {
      const searches = ids
        .map((id) => this.getSync(id))
        .filter((s): s is SavedSearch => s !== undefined && s.confirmedAt !== null && s.unsubscribedAt === null);
      if (searches.length === 0) return null;
      const step = decide(searches, new Map(searches.map((s) => [s.id, this.seenSync(s.id)])));
      if (!step || (!step.alert && step.searches.every((s) => s.seen.length === 0 && !s.baselined))) return null;
      const active = new Set(searches.map((s) => s.id));
      for (const s of step.searches) {
        if (!active.has(s.searchId)) continue;
        this.recordSeen(s.searchId, at, s.seen);
        if (s.baselined) this.db.prepare('UPDATE saved_searches SET baselined_at = ? WHERE id = ? AND baselined_at IS NULL').run(at, s.searchId);
        if (step.alert && s.alerted)
          this.db.prepare('UPDATE saved_searches SET last_alert_at = ?, alerts_sent = alerts_sent + 1 WHERE id = ?').run(at, s.searchId);
      }
      if (step.alert) insertDeliveries(this.db, step.alert.id, step.alert.deliveries, at);
      return step;
    })();
  }

  async unsubscribeAll(unsubscribeToken: string, at: number, deliveries: (search: SavedSearch) => readonly NewDelivery[]): Promise<SavedSearch[] | undefined> {
    return this.db.transaction((): SavedSearch[] | undefined => {
      const row = this.db.prepare('SELECT email FROM saved_searches WHERE unsubscribe_token = ?').get(unsubscribeToken) as { email: string } | undefined;
      if (!row) return undefined;
      const rows = this.db
        .prepare(`SELECT ${SAVED_SEARCH_COLUMNS} FROM saved_searches WHERE lower(email) = lower(?) AND unsubscribed_at IS NULL ORDER BY created_at, id`)
        .all(row.email) as SavedSearchRow[];
      const update = this.db.prepare('UPDATE saved_searches SET unsubscribed_at = ? WHERE id = ? AND unsubscribed_at IS NULL');
      const changed: SavedSearch[] = [];
      for (const r of rows) {
        if (update.run(at, r.id).changes === 0) continue;
        const search = this.getSync(r.id) as SavedSearch;
        insertDeliveries(this.db, search.id, deliveries(search), at);
        changed.push(search);
      }
      return changed;
    })();
  }

  async match(id: string, at: number, decide: (search: SavedSearch, seen: ReadonlyMap<string, SeenListing>) => MatchStep | null): Promise<MatchStep | null> {
    // one process per file: the transaction alone keeps two steps of one search apart
    return this.db.transaction((): MatchStep | null => {
      const search = this.getSync(id);
      if (!search || search.confirmedAt === null || search.unsubscribedAt !== null) return null;
      const step = decide(search, this.seenSync(id));
      if (!step || (step.seen.length === 0 && !step.baselined && !step.alert)) return null;
      this.recordSeen(id, at, step.seen);
      if (step.baselined) this.db.prepare('UPDATE saved_searches SET baselined_at = ? WHERE id = ? AND baselined_at IS NULL').run(at, id);
      if (step.alert) {
        this.db.prepare('UPDATE saved_searches SET last_alert_at = ?, alerts_sent = alerts_sent + 1 WHERE id = ?').run(at, id);
        insertDeliveries(this.db, step.alert.id, step.alert.deliveries, at);
      }
      return step;
    })();
  }
}
