/**
 * Seeds a data folder: `node dist/seed/cli.js [--count N] [--data-dir DIR]`. Refuses a folder that is already
 * seeded (delete its gta.sqlite first). `--count 10000` makes a set for benchmarks.
 */
import path from 'node:path';
import { readConfig } from '../config';
import { openStore } from '../store/store';
import { seedStore } from './seed';

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const config = readConfig();
  const count = Number(argValue(args, '--count') ?? config.seedCount);
  if (!Number.isInteger(count) || count < 1) {
    console.error('--count must be a positive whole number');
    process.exit(2);
  }
  const dataDir = path.resolve(argValue(args, '--data-dir') ?? config.dataDir);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir });
  try {
    const started = Date.now();
    const inserted = await seedStore(store, count);
    if (inserted === 0)
      console.log(`${store.description} is already seeded (${await store.count('Properties')} listings); start from an empty database to reseed.`);
    else console.log(`Seeded ${inserted} listings into ${store.description} in ${Date.now() - started} ms.`);
  } finally {
    await store.close();
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
