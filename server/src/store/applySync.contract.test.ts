/**
 * Store.applySync on both stores (Airtable mode's synced copy of the public tables, src/records/sync): records keep
 * Airtable's ids and creation times, a change replaces a record in its place, new ones come after, removed ones
 * leave, the sync's meta is written with it, and on PostgreSQL a second replica that already holds a copy of the table
 * reads the change (its copy otherwise reads only rows added past its last seq).
 */
import { bothStores, openCase } from '../testing/bothStores';
import type { Store, StoredRecord } from './store';

jest.setTimeout(60_000);

const rec = (id: string, name: string, price: number, createdTime = '2026-01-0' + (id.length % 9) + 'T10:00:00.000Z'): StoredRecord => ({
  id,
  createdTime,
  fields: { 'Property Name': name, Price: price },
});

describe.each(bothStores('apply_sync'))('%s: applySync', (_kind, prepare) => {
  let open: () => Promise<Store>;
  let store: Store;
  beforeEach(async () => ({ open, store } = await openCase(prepare)));
  afterEach(() => store.close());

  it("first sync: the table is declared and holds the records with Airtable's ids and creation times, and the meta is set", async () => {
    expect(await store.hasTable('Properties')).toBe(false);
    const first = [rec('recAAAAAAAAAAAAAA1', 'One', 100, '2025-05-01T00:00:00.000Z'), rec('recAAAAAAAAAAAAAA2', 'Two', 200, '2025-05-02T00:00:00.000Z')];
    await store.applySync('Properties', { upsert: first, remove: [] }, { 'airtable_sync:Properties': 'at-1' });
    expect(await store.hasTable('Properties')).toBe(true);
    expect(await store.all('Properties')).toEqual(first);
    expect(await store.find('Properties', 'recAAAAAAAAAAAAAA2')).toEqual(first[1]);
    expect(await store.getMeta('airtable_sync:Properties')).toBe('at-1');
  });

  it('a change replaces the record in its place, an addition comes last, a removal leaves; other tables are untouched', async () => {
    const [submission] = await store.createRecords('Website Submissions', [{ name: 'Ada' }]);
    await store.applySync('Properties', { upsert: [rec('recA1', 'One', 100), rec('recA2', 'Two', 200), rec('recA3', 'Three', 300)], remove: [] });
    const snapshot = await store.all('Properties');
    await store.applySync(
      'Properties',
      { upsert: [rec('recA2', 'Two (price cut)', 150), rec('recA4', 'Four', 400)], remove: ['recA1', 'recGone'] },
      { 'airtable_sync:Properties': 'at-2' },
    );
    expect((await store.all('Properties')).map((r) => [r.id, r.fields['Property Name'], r.fields.Price])).toEqual([
      ['recA2', 'Two (price cut)', 150],
      ['recA3', 'Three', 300],
      ['recA4', 'Four', 400],
    ]);
    // a reader still holding the earlier array keeps a consistent snapshot
    expect(snapshot.map((r) => r.id)).toEqual(['recA1', 'recA2', 'recA3']);
    expect(await store.find('Properties', 'recA1')).toBeUndefined();
    expect(await store.getMeta('airtable_sync:Properties')).toBe('at-2');
    expect(await store.all('Website Submissions')).toEqual([submission]);
  });

  it('a field the base dropped is gone from the record (the record is replaced, not merged)', async () => {
    await store.applySync('Properties', { upsert: [{ id: 'recB1', createdTime: '2025-01-01T00:00:00.000Z', fields: { Name: 'x', Garage: 2 } }], remove: [] });
    await store.applySync('Properties', { upsert: [{ id: 'recB1', createdTime: '2025-01-01T00:00:00.000Z', fields: { Name: 'x' } }], remove: [] });
    expect((await store.find('Properties', 'recB1'))?.fields).toEqual({ Name: 'x' });
    expect((await store.all('Properties'))[0]?.fields).toEqual({ Name: 'x' });
  });

  it('another replica (or the next start) that already read the table sees the change, removals included', async () => {
    await store.applySync('Properties', { upsert: [rec('recC1', 'One', 100), rec('recC2', 'Two', 200)], remove: [] });
    const change = { upsert: [rec('recC2', 'Two', 250), rec('recC3', 'Three', 300)], remove: ['recC1'] };
    const expected = [
      ['recC2', 250],
      ['recC3', 300],
    ];
    if (store.kind === 'sqlite') {
      // one process per data folder: the next start reads what this one committed
      await store.applySync('Properties', change);
      await store.close();
      store = await open();
      expect((await store.all('Properties')).map((r) => [r.id, r.fields.Price])).toEqual(expected);
      return;
    }
    const other = await open();
    try {
      expect((await other.all('Properties')).map((r) => r.id)).toEqual(['recC1', 'recC2']);
      await store.applySync('Properties', change);
      expect((await other.all('Properties')).map((r) => [r.id, r.fields.Price])).toEqual(expected);
    } finally {
      await other.close();
    }
  });
});
