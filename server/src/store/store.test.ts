import fs from 'node:fs';
import path from 'node:path';
import { RecordStore, StoreOpenError } from './store';
import { tempDir } from '../testing/harness';

describe('RecordStore', () => {
  it('creates the database, commits writes, and reads them back after reopening', () => {
    const dir = tempDir();
    const store = RecordStore.open(dir);
    store.ensureTable('Website Submissions', ['name']);
    const created = store.createRecord('Website Submissions', { name: 'Ada' });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
    const again = RecordStore.open(dir);
    expect(again.find('Website Submissions', created.id)?.fields).toEqual({ name: 'Ada' });
    expect(again.fieldNames('Website Submissions')).toEqual(new Set(['name']));
    again.close();
  });

  it('rolls back a failed transaction and forgets its records', () => {
    const store = RecordStore.open(tempDir());
    store.ensureTable('T');
    expect(() =>
      store.transaction(() => {
        store.createRecord('T', { a: 1 });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.count('T')).toBe(0);
    store.close();
  });

  it('refuses a corrupt database file with a clear message', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'gta.sqlite'), 'this is not a database'.repeat(500));
    expect(() => RecordStore.open(dir)).toThrow(StoreOpenError);
    expect(() => RecordStore.open(dir)).toThrow(/corrupt or unreadable.*Move it aside/);
  });

  // root may write any file, so this runs under an ordinary user (CI, or `setpriv --reuid=nobody npx jest`)
  const asRoot = process.getuid?.() === 0;
  (asRoot ? it.skip : it)('refuses a database file it may read but not write, instead of failing on the first submission', () => {
    const dir = tempDir();
    RecordStore.open(dir).close();
    const file = path.join(dir, 'gta.sqlite');
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o444);
    try {
      expect(() => RecordStore.open(dir)).toThrow(StoreOpenError);
      expect(() => RecordStore.open(dir)).toThrow(/cannot be written.*write access/);
    } finally {
      fs.chmodSync(file, 0o644);
    }
  });

  it('refuses a data folder that cannot be created', () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    expect(() => RecordStore.open(path.join(file, 'data'))).toThrow(/cannot be created or written.*DATA_DIR/);
  });
});
