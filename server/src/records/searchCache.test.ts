/**
 * The search cache: a later page of the same search is a slice of the kept result, and nothing kept outlives a
 * change of the table, on both stores (another replica's change included), a write announced through the records
 * API, its lifetime or its bounds.
 */
import { PROPERTIES_TABLE } from '@gta/shared/core';
import type { Store, StoredRecord } from '../store/store';
import { bothStores } from '../testing/bothStores';
import { RecordsService } from './query';
import { SearchCache } from './searchCache';

jest.setTimeout(60_000);

const rec = (id: string): StoredRecord => ({ id, createdTime: '2026-01-01T00:00:00.000Z', fields: {} });

describe('SearchCache', () => {
  it('keeps a result while the table is the array it came from, with the same length, and within its lifetime', () => {
    let now = 0;
    const cache = new SearchCache({ ttlMs: 1000, now: () => now });
    const table = [rec('rec1'), rec('rec2')];
    const key = SearchCache.keyOf('T', { filterByFormula: '{A} = 1' }) as string;
    cache.set(key, 'T', table, [table[1] as StoredRecord]);
    expect(cache.get(key, 'T', table)?.map((r) => r.id)).toEqual(['rec2']);
    // another array (a change or a sync), or the same one grown (a create): not used
    expect(cache.get(key, 'T', [...table])).toBeUndefined();
    cache.set(key, 'T', table, []);
    table.push(rec('rec3'));
    expect(cache.get(key, 'T', table)).toBeUndefined();
    // past its lifetime
    cache.set(key, 'T', table, []);
    now = 1001;
    expect(cache.get(key, 'T', table)).toBeUndefined();
  });

  it('a write or sync of the table drops its searches, not the other tables', () => {
    const cache = new SearchCache();
    const a = [rec('rec1')];
    const b = [rec('rec2')];
    cache.set('ka', 'A', a, a);
    cache.set('kb', 'B', b, b);
    cache.invalidate('A');
    expect(cache.get('ka', 'A', a)).toBeUndefined();
    expect(cache.get('kb', 'B', b)).toBe(b);
  });

  it('is bounded in searches and in records held, dropping the least recently used first', () => {
    const table = Array.from({ length: 10 }, (_, i) => rec(`rec${i}`));
    const cache = new SearchCache({ maxEntries: 3, maxRecords: 35 });
    for (const k of ['k1', 'k2', 'k3']) cache.set(k, 'T', table, table);
    expect(cache.get('k1', 'T', table)).toBe(table); // k1 used: k2 is now the oldest
    cache.set('k4', 'T', table, table); // 4 searches, 40 records: one too many of each
    expect(cache.size).toBe(3);
    expect(cache.get('k2', 'T', table)).toBeUndefined();
    expect(cache.get('k1', 'T', table)).toBe(table);
    expect(cache.get('k4', 'T', table)).toBe(table);
    // a result larger than the whole budget is not kept
    const big = Array.from({ length: 40 }, (_, i) => rec(`recB${i}`));
    cache.set('big', 'T', big, big);
    expect(cache.get('big', 'T', big)).toBeUndefined();
  });

  it('the key names table, view, formula, sort and maxRecords, not the fields asked; formulas reading the clock are not kept', () => {
    const base = { filterByFormula: '{Price} > 1', sort: [{ field: 'Price', direction: 'desc' as const }] };
    const key = SearchCache.keyOf('T', base);
    expect(SearchCache.keyOf('T', { ...base, fields: ['Status'] } as typeof base)).toBe(key);
    expect(SearchCache.keyOf('T', { ...base, filterByFormula: ' {Price} > 1 ' })).toBe(key);
    expect(SearchCache.keyOf('U', base)).not.toBe(key);
    expect(SearchCache.keyOf('T', { ...base, sort: [{ field: 'Price', direction: 'asc' }] })).not.toBe(key);
    expect(SearchCache.keyOf('T', { ...base, maxRecords: 5 })).not.toBe(key);
    expect(SearchCache.keyOf('T', { ...base, view: 'Grid view' })).not.toBe(key);
    expect(SearchCache.keyOf('T', { filterByFormula: 'IS_AFTER({Listing Date}, TODAY())' })).toBeUndefined();
    expect(SearchCache.keyOf('T', { filterByFormula: 'DATETIME_DIFF(NOW(), {Listing Date}, "days") < 7' })).toBeUndefined();
  });
});

describe.each(bothStores('search_cache'))('%s: RecordsService searches', (_kind, prepare) => {
  let open: () => Promise<Store>;
  let store: Store;
  let replica: Store | null = null;
  const search = { filterByFormula: '{Bedrooms} >= 3', sort: [{ field: 'Price', direction: 'desc' as const }], pageSize: 2 };

  beforeEach(async () => {
    open = await prepare();
    store = await open();
    await store.createRecords(
      PROPERTIES_TABLE,
      [1, 2, 3, 4, 5, 6].map((n) => ({ 'Property Name': `Home ${n}`, Bedrooms: n, Price: n * 100_000 })),
    );
  });
  afterEach(async () => {
    await store.close();
    await replica?.close();
    replica = null;
  });

  it('answers a later page of the same search from the kept result, with the count of the whole list', async () => {
    const records = new RecordsService(store);
    const first = await records.list(PROPERTIES_TABLE, { ...search, returnCount: true });
    expect(first.records.map((r) => r.fields['Property Name'])).toEqual(['Home 6', 'Home 5']);
    expect(first.count).toBe(4);
    const misses = records.searches.stats.misses;
    const second = await records.list(PROPERTIES_TABLE, { ...search, offset: first.offset, returnCount: true, fields: ['Property Name'] });
    expect(second.records.map((r) => r.fields)).toEqual([{ 'Property Name': 'Home 4' }, { 'Property Name': 'Home 3' }]);
    expect(second.count).toBe(4);
    expect(second.offset).toBeUndefined();
    expect(records.searches.stats.misses).toBe(misses);
    expect(records.searches.stats.hits).toBeGreaterThanOrEqual(1);
    // without returnCount the answer is Airtable's shape only
    expect(Object.keys(await records.list(PROPERTIES_TABLE, search)).sort()).toEqual(['offset', 'records']);
  });

  it('never answers from a result older than the table: a create, a change, or a change made by another replica', async () => {
    const records = new RecordsService(store);
    const names = async (service = records) => (await service.listRecords(PROPERTIES_TABLE, search)).map((r) => r.fields['Property Name']);
    expect(await names()).toEqual(['Home 6', 'Home 5', 'Home 4', 'Home 3']);
    await store.createRecords(PROPERTIES_TABLE, [{ 'Property Name': 'Home 7', Bedrooms: 7, Price: 700_000 }]);
    expect(await names()).toEqual(['Home 7', 'Home 6', 'Home 5', 'Home 4', 'Home 3']);
    const [six] = await records.listRecords(PROPERTIES_TABLE, { filterByFormula: "{Property Name} = 'Home 6'" });
    await store.updateRecords(PROPERTIES_TABLE, [{ id: (six as { id: string }).id, fields: { Bedrooms: 1 } }]);
    expect(await names()).toEqual(['Home 7', 'Home 5', 'Home 4', 'Home 3']);
    if (store.kind === 'postgres') {
      // another replica on the same database changes the table: this one's next search sees it
      replica = await open();
      const [five] = await records.listRecords(PROPERTIES_TABLE, { filterByFormula: "{Property Name} = 'Home 5'" });
      await replica.updateRecords(PROPERTIES_TABLE, [{ id: (five as { id: string }).id, fields: { Price: 50 } }]);
      expect(await names()).toEqual(['Home 7', 'Home 4', 'Home 3', 'Home 5']);
      await replica.createRecords(PROPERTIES_TABLE, [{ 'Property Name': 'Home 8', Bedrooms: 8, Price: 800_000 }]);
      expect(await names()).toEqual(['Home 8', 'Home 7', 'Home 4', 'Home 3', 'Home 5']);
    }
  });

  it('a write announced through the records API (or a sync) drops the table’s kept searches', async () => {
    const records = new RecordsService(store);
    await records.list(PROPERTIES_TABLE, search);
    expect(records.searches.size).toBe(1);
    records.written(PROPERTIES_TABLE);
    expect(records.searches.size).toBe(0);
  });
});
