/**
 * Store.updateRecords on both stores: fields merged (null clears) or replaced, all or nothing, creation order kept,
 * and on PostgreSQL another replica that already holds a copy of the table reads the change (its copy otherwise
 * reads only rows added past its last seq).
 */
import { PostgresStore, SqliteStore, type Store } from './store';
import { tempDir } from '../testing/harness';
import { startPostgres, type ThrowAwayPostgres } from '../tools/throwAwayPostgres';

jest.setTimeout(60_000);

let pg: ThrowAwayPostgres;
let databases = 0;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

type Pair = () => Promise<[Store, Store | null]>;
const implementations: [string, Pair][] = [
  ['sqlite', async () => [await SqliteStore.open(tempDir()), null]],
  [
    'postgres',
    async () => {
      const url = await pg.createDatabase(`update_${++databases}`);
      return [await PostgresStore.open(url), await PostgresStore.open(url)];
    },
  ],
];

describe.each(implementations)('%s: updateRecords', (_kind, open) => {
  let store: Store;
  let replica: Store | null;
  beforeEach(async () => {
    [store, replica] = await open();
  });
  afterEach(async () => {
    await store.close();
    await replica?.close();
  });

  it('merges the fields given (null clears one), or replaces them all; the order of the table stays', async () => {
    const [a, b, c] = await store.createRecords('Homes', [
      { Name: 'A', Price: 100, Note: 'x' },
      { Name: 'B', Price: 200 },
      { Name: 'C', Price: 300 },
    ]);
    const before = await store.all('Homes');
    const updated = await store.updateRecords('Homes', [
      { id: b!.id, fields: { Price: 150 } },
      { id: a!.id, fields: { Note: null } },
    ]);
    expect(updated).toEqual([
      { id: b!.id, createdTime: b!.createdTime, fields: { Name: 'B', Price: 150 } },
      { id: a!.id, createdTime: a!.createdTime, fields: { Name: 'A', Price: 100 } },
    ]);
    expect((await store.all('Homes')).map((r) => [r.fields.Name, r.fields.Price])).toEqual([
      ['A', 100],
      ['B', 150],
      ['C', 300],
    ]);
    // a caller's earlier array is left as it was (shared, read-only)
    expect(before.map((r) => r.fields.Price)).toEqual([100, 200, 300]);
    expect(await store.find('Homes', b!.id)).toMatchObject({ fields: { Price: 150 } });

    await store.updateRecords('Homes', [{ id: c!.id, fields: { Name: 'C2' } }], true);
    expect((await store.find('Homes', c!.id))?.fields).toEqual({ Name: 'C2' });
  });

  it('an unknown id changes nothing (undefined)', async () => {
    const [a] = await store.createRecords('Homes', [{ Name: 'A', Price: 100 }]);
    expect(
      await store.updateRecords('Homes', [
        { id: a!.id, fields: { Price: 1 } },
        { id: 'recNope', fields: { Price: 2 } },
      ]),
    ).toBeUndefined();
    expect((await store.all('Homes'))[0]?.fields.Price).toBe(100);
    expect(await store.updateRecords('Nowhere', [{ id: a!.id, fields: {} }])).toBeUndefined();
  });

  it('another replica holding a copy of the table reads the change', async () => {
    if (!replica) return;
    const [a, b] = await store.createRecords('Homes', [
      { Name: 'A', Price: 100 },
      { Name: 'B', Price: 200 },
    ]);
    expect((await replica.all('Homes')).map((r) => r.fields.Price)).toEqual([100, 200]);
    await store.updateRecords('Homes', [{ id: a!.id, fields: { Price: 90 } }]);
    expect((await replica.all('Homes')).map((r) => r.fields.Price)).toEqual([90, 200]);
    // and inserts after it still arrive incrementally
    await store.createRecords('Homes', [{ Name: 'C', Price: 300 }]);
    await replica.updateRecords('Homes', [{ id: b!.id, fields: { Price: 180 } }]);
    expect((await store.all('Homes')).map((r) => r.fields.Price)).toEqual([90, 180, 300]);
    expect((await replica.all('Homes')).map((r) => r.fields.Price)).toEqual([90, 180, 300]);
  });
});
