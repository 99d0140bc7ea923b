/**
 * Seeds a data folder: `node dist/seed/cli.js [--count N] [--data-dir DIR]`. Refuses a folder that is already
 * seeded (delete its gta.sqlite first). `--count 10000` makes a set for benchmarks.
 */
import path from 'node:path';
import { readConfig } from '../config';
import { RecordStore } from '../store/store';
import { seedStore } from './seed';

function argValue(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

function main(): void {
  const args = process.argv.slice(2);
  const config = readConfig();
  const count = Number(argValue(args, '--count') ?? config.seedCount);
  if (!Number.isInteger(count) || count < 1) {
    console.error('--count must be a positive whole number');
    process.exit(2);
  }
  const dataDir = path.resolve(argValue(args, '--data-dir') ?? config.dataDir);
  const store = RecordStore.open(dataDir);
  try {
    const started = Date.now();
    const inserted = seedStore(store, count);
    if (inserted === 0) console.log(`${dataDir} is already seeded (${store.count('Properties')} listings); delete gta.sqlite to reseed.`);
    else console.log(`Seeded ${inserted} listings into ${store.file} in ${Date.now() - started} ms.`);
  } finally {
    store.close();
  }
}

main();
