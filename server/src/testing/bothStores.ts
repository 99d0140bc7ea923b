/**
 * The two store implementations a contract test runs against: the embedded SQLite file and PostgreSQL (a throw-away
 * cluster this file starts and stops; each case gets a database of its own, and two stores opened on one database
 * stand for two replicas). Call once at the top of a test file: it registers the cluster's beforeAll and afterAll.
 */
import { SqliteStore, PostgresStore, type Store } from '../store/store';
import { tempDir } from './harness';
import { startPostgres, type ThrowAwayPostgres } from '../tools/throwAwayPostgres';

/** Opens a store on the case's database (again, for a second replica or after a restart). */
export type StoreOpener = () => Promise<Store>;

/** `[name, prepare]` pairs for describe.each: prepare makes the case's empty database and returns its opener. */
export function bothStores(databasePrefix: string): [string, () => Promise<StoreOpener>][] {
  let pg: ThrowAwayPostgres | undefined;
  let databases = 0;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });
  return [
    [
      'sqlite',
      async () => {
        const dir = tempDir();
        return async () => SqliteStore.open(dir);
      },
    ],
    [
      'postgres',
      async () => {
        if (!pg) throw new Error('the PostgreSQL cluster has not started');
        const url = await pg.createDatabase(`${databasePrefix}_${++databases}`);
        return () => PostgresStore.open(url);
      },
    ],
  ];
}

/**
 * The case's opener and a store opened on it, for a beforeEach beside an afterEach that closes the store:
 * `beforeEach(async () => ({ open, store } = await openCase(prepare)))`.
 */
export async function openCase(prepare: () => Promise<StoreOpener>): Promise<{ open: StoreOpener; store: Store }> {
  const open = await prepare();
  return { open, store: await open() };
}
