/**
 * The archive of built files in both stores: the embedded SQLite file and PostgreSQL (a throw-away cluster; two
 * stores on one database stand for two replicas).
 */
import { createHash } from 'node:crypto';
import { type BuildFile, type ServedBuild, type Store } from './store';
import { bothStores, openCase, type StoreOpener } from '../testing/bothStores';

jest.setTimeout(60_000);

type Opener = StoreOpener;
const implementations = bothStores('archive');

const DAY = 86_400_000;
const bytesOf = (path: string): Buffer => Buffer.from(`/* ${path} */ console.log(${JSON.stringify(path)});\n`);

/** A build of files by path; `reads` counts the files read from "disk". */
function build(part: string, buildId: string, paths: readonly string[], reads: string[] = [], broken?: string): ServedBuild {
  const files: BuildFile[] = paths.map((path) => ({
    path,
    size: bytesOf(path).length,
    read: () => {
      if (path === broken) throw new Error(`EIO: ${path}`);
      reads.push(path);
      return bytesOf(path);
    },
  }));
  return { part, buildId, files };
}

describe.each(implementations)('%s store: build archive', (_kind, prepare) => {
  let open: Opener;
  let store: Store;
  beforeEach(async () => ({ open, store } = await openCase(prepare)));
  afterEach(() => store.close());

  it('keeps the files of a build and finds them by part and path, with their bytes and SHA-256', async () => {
    const outcome = await store.archive.record(build('shell', 'b1', ['241.ab02e55f0c.js', 'fonts/inter.eca1e21531.woff2']), 1000);
    expect(outcome).toEqual({ added: true, files: 2, bytes: bytesOf('241.ab02e55f0c.js').length + bytesOf('fonts/inter.eca1e21531.woff2').length });
    const found = await store.archive.find('shell', 'fonts/inter.eca1e21531.woff2');
    expect(found?.body.equals(bytesOf('fonts/inter.eca1e21531.woff2'))).toBe(true);
    expect(found?.sha256).toBe(createHash('sha256').update(bytesOf('fonts/inter.eca1e21531.woff2')).digest('hex'));
    expect(found?.archivedAt).toBe(1000);
    // the part is part of the key: the same name under a remote is another file
    expect(await store.archive.find('listings', '241.ab02e55f0c.js')).toBeUndefined();
    expect(await store.archive.find('shell', '241.0000000000.js')).toBeUndefined();
    expect(await store.archive.builds()).toEqual([{ part: 'shell', buildId: 'b1', files: 2, bytes: outcome.bytes, firstServedAt: 1000, lastServedAt: 1000 }]);
  });

  it('reads only the files the archive lacks; a build seen again only moves its time', async () => {
    const reads: string[] = [];
    await store.archive.record(build('listings', 'b1', ['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js'], reads), 1000);
    const second = await store.archive.record(build('listings', 'b2', ['1.aaaaaaaaaa.js', '3.cccccccccc.js'], reads), 2000);
    expect(second).toMatchObject({ added: true, files: 1 });
    expect(reads).toEqual(['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js', '3.cccccccccc.js']);
    // a restart (or another replica) serving b1: nothing read, nothing stored, its time moves on
    await store.close();
    store = await open();
    const again = await store.archive.record(build('listings', 'b1', ['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js'], reads), 3000);
    expect(again).toEqual({ added: false, files: 0, bytes: 0 });
    expect(reads).toHaveLength(3);
    expect((await store.archive.builds()).map((b) => [b.buildId, b.firstServedAt, b.lastServedAt])).toEqual([
      ['b1', 1000, 3000],
      ['b2', 2000, 2000],
    ]);
  });

  it('keeps nothing of a build whose file cannot be read (one transaction per build)', async () => {
    await expect(
      store.archive.record(build('shell', 'b1', ['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js', '3.cccccccccc.js'], [], '2.bbbbbbbbbb.js'), 1000),
    ).rejects.toThrow(/EIO/);
    expect(await store.archive.builds()).toEqual([]);
    expect(await store.archive.find('shell', '1.aaaaaaaaaa.js')).toBeUndefined();
    // the next start records it whole
    expect(await store.archive.record(build('shell', 'b1', ['1.aaaaaaaaaa.js', '2.bbbbbbbbbb.js', '3.cccccccccc.js']), 2000)).toMatchObject({
      added: true,
      files: 3,
    });
  });

  it('prunes per part the builds past both the last N and the age, then the files no kept build ships', async () => {
    const now = 100 * DAY;
    // shell: b1 (40 days), b2 (30 days), b3 (20 days), b4 (10 days), b5 (today); the shared file is in every build
    const ages = [40, 30, 20, 10, 0];
    for (const [i, age] of ages.entries())
      await store.archive.record(build('shell', `b${i + 1}`, ['shared.0000000000.js', `own.${i}${i}${i}${i}${i}${i}${i}${i}${i}${i}.js`]), now - age * DAY);
    // a remote with one old build: the newest of its part, kept whatever its age
    await store.archive.record(build('forms', 'f1', ['1.ffffffffff.js']), now - 60 * DAY);

    // keep 2 builds or 14 days: b4 (10 days) and b5 are both; b1..b3 go
    const pruned = await store.archive.prune(now, { builds: 2, maxAgeMs: 14 * DAY });
    expect(pruned).toEqual({ builds: 3, files: 3, bytes: 3 * bytesOf('own.0000000000.js').length });
    expect((await store.archive.builds()).map((b) => `${b.part}/${b.buildId}`).sort()).toEqual(['forms/f1', 'shell/b4', 'shell/b5']);
    expect(await store.archive.find('shell', 'own.0000000000.js')).toBeUndefined();
    expect(await store.archive.find('shell', 'own.3333333333.js')).toBeDefined();
    expect(await store.archive.find('shell', 'shared.0000000000.js')).toBeDefined();
    expect(await store.archive.find('forms', '1.ffffffffff.js')).toBeDefined();

    // keep 1 build or 30 days: the age keeps more (b4 stays)
    expect(await store.archive.prune(now, { builds: 1, maxAgeMs: 30 * DAY })).toMatchObject({ builds: 0, files: 0 });
    // keep 1 build or 5 days: b4 goes, its own file with it
    expect(await store.archive.prune(now, { builds: 1, maxAgeMs: 5 * DAY })).toMatchObject({ builds: 1, files: 1 });
    expect((await store.archive.builds()).map((b) => `${b.part}/${b.buildId}`).sort()).toEqual(['forms/f1', 'shell/b5']);
  });

  if (_kind === 'postgres') {
    it('two replicas starting together with the same new build store it once', async () => {
      const other = await open();
      try {
        const reads: string[] = [];
        const paths = Array.from({ length: 20 }, (_, i) => `${i}.${String(i).padStart(10, 'a')}.js`);
        const outcomes = await Promise.all([
          store.archive.record(build('shell', 'b1', paths, reads), 1000),
          other.archive.record(build('shell', 'b1', paths, reads), 1001),
        ]);
        expect(outcomes.map((o) => o.added).sort()).toEqual([false, true]);
        expect(reads).toHaveLength(20);
        expect(await other.archive.builds()).toMatchObject([{ buildId: 'b1', files: 20, lastServedAt: 1001 }]);
        expect((await store.archive.find('shell', paths[7] as string))?.body.equals(bytesOf(paths[7] as string))).toBe(true);
      } finally {
        await other.close();
      }
    });
  }
});
