/**
 * The ordered result of a search, kept for a short while so the next page of the same search is a slice, not a new
 * filter and sort of the whole table ('Show more' on /active-listings, the count beside the first page).
 *
 * Key: table, view, formula, sort and maxRecords (the fields asked for do not change which records match or their
 * order, so every `fields[]` of one search shares an entry). An entry is only used while the table is the one it was
 * computed from: the same array from the store (every store hands out a new array, or a longer one, when records are
 * created, changed or synced: see Store.all) with the same length, and no write or sync announced since
 * (`invalidate`, called by RecordsService.written and by a sync of the table). Bounded: at most `maxEntries`
 * searches and `maxRecords` record references in all (oldest dropped first), each for `ttlMs`. Formulas reading the
 * clock (NOW(), TODAY()) are not kept: their result changes with time alone.
 */
import type { StoredRecord } from '../store/store';

export interface SearchCacheOptions {
  /** How long one search's result is kept (default 30 s, below the synced copy's staleness bound). */
  ttlMs?: number;
  /** At most this many searches kept (default 256). */
  maxEntries?: number;
  /** At most this many record references across all entries (default 1,000,000: ~8 MB of pointers). */
  maxRecords?: number;
  now?: () => number;
}

interface Entry {
  table: string;
  /** The store's array the result was computed from, and its length then. */
  source: readonly StoredRecord[];
  length: number;
  generation: number;
  at: number;
  ordered: readonly StoredRecord[];
}

const CLOCK = /\b(NOW|TODAY)\s*\(/i;

export class SearchCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private held = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxRecords: number;
  private readonly now: () => number;
  /** Off: nothing is kept (the bench measures the path without it). */
  enabled = true;
  /** Hits and misses since start (the bench and tests read them). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(options: SearchCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 256;
    this.maxRecords = options.maxRecords ?? 1_000_000;
    this.now = options.now ?? Date.now;
  }

  /** The key of a search; undefined when it must not be kept (a formula reading the clock). */
  static keyOf(
    table: string,
    search: { view?: string; filterByFormula?: string; sort?: readonly { field: string; direction?: string }[]; maxRecords?: number },
  ): string | undefined {
    const formula = search.filterByFormula?.trim() ?? '';
    if (CLOCK.test(formula)) return undefined;
    return JSON.stringify([table, search.view ?? '', formula, (search.sort ?? []).map((s) => [s.field, s.direction ?? 'asc']), search.maxRecords ?? 0]);
  }

  /** The kept result of `key` when it was computed from `source` as it is now, else undefined. */
  get(key: string, table: string, source: readonly StoredRecord[]): readonly StoredRecord[] | undefined {
    const entry = this.entries.get(key);
    if (
      !this.enabled ||
      !entry ||
      entry.table !== table ||
      entry.source !== source ||
      entry.length !== source.length ||
      entry.generation !== this.generationOf(table) ||
      this.now() - entry.at > this.ttlMs
    ) {
      if (entry) this.drop(key, entry);
      this.stats.misses++;
      return undefined;
    }
    // most recently used last: eviction takes the oldest use first
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.stats.hits++;
    return entry.ordered;
  }

  set(key: string, table: string, source: readonly StoredRecord[], ordered: readonly StoredRecord[]): void {
    if (!this.enabled || ordered.length > this.maxRecords) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { table, source, length: source.length, generation: this.generationOf(table), at: this.now(), ordered });
    this.held += ordered.length;
    for (const [k, e] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxRecords) break;
      this.drop(k, e);
    }
  }

  /** The table was written or synced: no search of it computed before is used again. */
  invalidate(table: string): void {
    this.generations.set(table, this.generationOf(table) + 1);
    for (const [k, e] of this.entries) if (e.table === table) this.drop(k, e);
  }

  get size(): number {
    return this.entries.size;
  }

  private generationOf(table: string): number {
    return this.generations.get(table) ?? 0;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.held -= entry.ordered.length;
  }
}
