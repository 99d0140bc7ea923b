/**
 * Opening the store: PostgreSQL when DATABASE_URL is set (the shared store of replicas), else the embedded
 * SQLite file in DATA_DIR. Both implement one interface (./types.ts).
 */
import { PostgresStore } from './postgres';
import { SqliteStore } from './sqlite';
import type { Store } from './types';

export * from './types';
export { SqliteStore } from './sqlite';
export { PostgresStore } from './postgres';

export interface StoreLocation {
  /** postgres://… : every replica shares it. */
  databaseUrl?: string;
  /** The data folder of the embedded SQLite file. */
  dataDir: string;
}

export async function openStore(where: StoreLocation): Promise<Store> {
  if (where.databaseUrl) return PostgresStore.open(where.databaseUrl);
  return SqliteStore.open(where.dataDir);
}
