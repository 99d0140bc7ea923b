import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SqliteStore, StoreOpenError } from './store';
import { tempDir } from '../testing/harness';
import { checkWal } from './walCheck';
import { loadMigrations } from './migrations';

describe('SqliteStore', () => {
  it('creates the database, commits writes, and reads them back after reopening', async () => {
    const dir = tempDir();
    const store = SqliteStore.open(dir);
    await store.ensureTable('Website Submissions', ['name']);
    const created = await store.createRecord('Website Submissions', { name: 'Ada' });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    await store.close();
    const again = SqliteStore.open(dir);
    expect((await again.find('Website Submissions', created.id))?.fields).toEqual({ name: 'Ada' });
    expect(await again.fieldNames('Website Submissions')).toEqual(new Set(['name']));
    await again.close();
  });

  it('keeps a submission and its deliveries together, or neither', async () => {
    const store = SqliteStore.open(tempDir());
    await store.ensureTable('T');
    const id = await store.keepSubmission('T', { a: 1 }, [{ target: 'n8n', path: 'contact-form', payload: { a: 1 } }], new Date());
    expect((await store.find('T', id))?.fields).toEqual({ a: 1 });
    expect(await store.outbox.forSubmission(id)).toHaveLength(1);
    // a payload that cannot be stored (a cycle) fails the whole transaction: no record, no delivery row
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(store.keepSubmission('T', { a: 2 }, [{ target: 'n8n', path: 'contact-form', payload: cyclic }], new Date())).rejects.toThrow();
    expect(await store.count('T')).toBe(1);
    expect((await store.outbox.stats()).pending).toBe(1);
    await store.close();
  });

  it('refuses a second process on the same data folder, and lets one start once the first has gone (even killed)', async () => {
    const dir = tempDir();
    const first = SqliteStore.open(dir);
    expect(() => SqliteStore.open(dir)).toThrow(/Another server process is already using the data folder.*DATABASE_URL/s);
    // another process: the lock is the operating system's, not this process's memory
    const probe = `const D=require('better-sqlite3');const d=new D(process.argv[1],{timeout:0});d.pragma('locking_mode = EXCLUSIVE');try{d.exec('BEGIN EXCLUSIVE');console.log('got')}catch(e){console.log(e.code)}`;
    const other = spawnSync(process.execPath, ['-e', probe, path.join(dir, 'server.lock')], { encoding: 'utf8', cwd: __dirname });
    expect(other.stdout.trim()).toBe('SQLITE_BUSY');
    await first.close();
    const second = SqliteStore.open(dir);
    await second.close();
    // a holder killed with SIGKILL leaves its file behind, but not its lock
    const holder = spawnSync(
      process.execPath,
      ['-e', `${probe.replace("console.log('got')", "process.kill(process.pid,'SIGKILL')")}`, path.join(dir, 'server.lock')],
      { cwd: __dirname },
    );
    expect(holder.signal).toBe('SIGKILL');
    const third = SqliteStore.open(dir);
    await third.close();
  });

  it('refuses a corrupt database file with a clear message', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'gta.sqlite'), 'this is not a database'.repeat(500));
    expect(() => SqliteStore.open(dir)).toThrow(StoreOpenError);
    expect(() => SqliteStore.open(dir)).toThrow(/corrupt or unreadable.*Move it aside/);
  });

  // root may write any file, so this runs under an ordinary user (CI, or `setpriv --reuid=nobody npx jest`)
  const asRoot = process.getuid?.() === 0;
  (asRoot ? it.skip : it)('refuses a database file it may read but not write, instead of failing on the first submission', async () => {
    const dir = tempDir();
    await SqliteStore.open(dir).close();
    const file = path.join(dir, 'gta.sqlite');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o444);
    try {
      expect(() => SqliteStore.open(dir)).toThrow(StoreOpenError);
      expect(() => SqliteStore.open(dir)).toThrow(/cannot be written.*write access/);
    } finally {
      fs.chmodSync(file, 0o644);
    }
  });

  it('refuses a data folder that cannot be created', () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    expect(() => SqliteStore.open(path.join(file, 'data'))).toThrow(/cannot be created or written.*DATA_DIR/);
  });

  it('upgrades a database of schema 1 (the outbox gains targets and states; delivered rows stay delivered)', async () => {
    const dir = tempDir();
    const Database = (await import('better-sqlite3')).default;
    const old = new Database(path.join(dir, 'gta.sqlite'));
    old.exec(fs.readFileSync(path.join(__dirname, '..', '..', 'migrations', 'sqlite', '001_init.sql'), 'utf8'));
    old.exec("INSERT INTO meta VALUES ('schema_version', '1')");
    old.exec(
      "INSERT INTO outbox (record_id, webhook_path, payload, attempts, next_attempt_at, delivered_at) VALUES ('recA', 'contact-form', '{}', 1, 5, 6), ('recB', 'contact-form', '{}', 0, 5, NULL)",
    );
    old.close();
    const store = SqliteStore.open(dir);
    expect(await store.outbox.stats()).toEqual({ pending: 1, delivered: 1, notDelivered: 0 });
    expect(await store.getMeta('schema_version')).toBe(String(loadMigrations('sqlite').length));
    await store.close();
  });
});

describe('the write-ahead log check', () => {
  /** A data folder as a crash leaves it: the database and its WAL, never checkpointed, copied while open. */
  async function crashedCopy(records: number): Promise<string> {
    const live = tempDir();
    const store = SqliteStore.open(live);
    store.db.pragma('wal_autocheckpoint = 0');
    await store.ensureTable('Website Submissions', ['name']);
    for (let i = 0; i < records; i++) await store.createRecord('Website Submissions', { name: `Visitor ${i}` });
    const copy = tempDir();
    for (const f of ['gta.sqlite', 'gta.sqlite-wal']) fs.copyFileSync(path.join(live, f), path.join(copy, f));
    await store.close();
    return copy;
  }
  const pageSize = (wal: Buffer): number => wal.readUInt32BE(8);

  it('a healthy WAL left by a crash is replayed: every committed record is there', async () => {
    const dir = await crashedCopy(30);
    const store = SqliteStore.open(dir);
    expect(await store.count('Website Submissions')).toBe(30);
    await store.close();
  });

  it('a damaged frame with committed transactions after it stops the start, saying what to do', async () => {
    const dir = await crashedCopy(30);
    const walFile = path.join(dir, 'gta.sqlite-wal');
    const wal = fs.readFileSync(walFile);
    const frame = 5;
    wal[32 + (frame - 1) * (24 + pageSize(wal)) + 24 + 100]! ^= 0xff; // one byte of frame 5's page
    fs.writeFileSync(walFile, wal);
    expect(checkWal(walFile).damage).toMatchObject({ frame: 5 });
    expect(() => SqliteStore.open(dir)).toThrow(
      /write-ahead log .* is damaged at frame 5: \d+ committed transaction\(s\) after it would be lost.*npm run backup/s,
    );
  });

  it('a write cut at the very end (a crash before its commit) is not damage', async () => {
    const dir = await crashedCopy(10);
    const walFile = path.join(dir, 'gta.sqlite-wal');
    const wal = fs.readFileSync(walFile);
    const frames = (wal.length - 32) / (24 + pageSize(wal));
    wal[32 + (frames - 1) * (24 + pageSize(wal)) + 30]! ^= 0xff;
    fs.writeFileSync(walFile, wal);
    expect(checkWal(walFile).damage).toBeUndefined();
    const store = SqliteStore.open(dir);
    expect(await store.count('Website Submissions')).toBe(9);
    await store.close();
  });

  it('keeps the data folder and the database files private to the server (700, 600)', () => {
    const dir = tempDir();
    const store = SqliteStore.open(dir);
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dir, 'gta.sqlite')).mode & 0o777).toBe(0o600);
    void store.close();
  });
});
