/**
 * Replicas of different builds (a rolling deploy of images built from clean checkouts): a tab opened on build 1 asks a
 * replica that holds only build 2 for build 1's hashed chunks, and gets them from the shared archive with the headers
 * a file from disk gets. SQLite (one machine: the replicas follow each other on one data folder) and PostgreSQL (two
 * replicas at once on one database). Plus what a dist folder's build is, the retention at start and the settings.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { readConfig } from '../config';
import { request, startServer, tempDir, type Reply, type TestServer } from '../testing/harness';
import { startPostgres, type ThrowAwayPostgres } from '../tools/throwAwayPostgres';
import { silentLogger } from '../log';
import { SqliteStore } from '../store/store';
import { BuildArchiver, hostedBuild, isArchivable } from './buildArchive';

jest.setTimeout(60_000);

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 10);

interface FakeBuild {
  repoRoot: string;
  /** URL path → bytes of this build's hashed files. */
  files: Record<string, Buffer>;
  chunk: string;
  font: string;
  remoteChunk: string;
  serverBuild: string;
}

/** Writes a repository root with a built shell and forms remote, as `npm run build` leaves them (hashed names, .br copies, .builds.json). */
function fakeBuild(n: number, options: { history?: boolean } = {}): FakeBuild {
  const repoRoot = tempDir('gta-archive-build-');
  const files: Record<string, Buffer> = {};
  const part = (dir: string, urlBase: string, contents: Record<string, string>, fixed: Record<string, string>): void => {
    const dist = path.join(repoRoot, dir, 'dist');
    const hashed: string[] = [];
    for (const [relative, text] of Object.entries({ ...contents, ...fixed })) {
      fs.mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
      fs.writeFileSync(path.join(dist, relative), text);
      if (relative in contents) {
        fs.writeFileSync(path.join(dist, `${relative}.br`), 'not really brotli');
        hashed.push(relative, `${relative}.br`);
        if (!relative.startsWith('server/')) files[`${urlBase}${relative}`] = Buffer.from(text);
      }
    }
    if (options.history !== false) fs.writeFileSync(path.join(dist, '.builds.json'), JSON.stringify([{ builtAt: Date.now(), files: hashed.sort() }]));
  };
  // over 512 bytes, so they are compressed on the way as real chunks are
  const chunkText = `/* build ${n} */ (self.webpackChunk = self.webpackChunk || []).push([[241], { 241: () => ${JSON.stringify('x'.repeat(600))} }]);\n`;
  const fontText = `wOF2 font of build ${n}`;
  const remoteText = `/* forms build ${n} */ ${'y'.repeat(700)}\n`;
  const chunk = `241.${hash(chunkText)}.js`;
  const font = `fonts/inter-old.${hash(fontText)}.woff2`;
  const remoteChunk = `10.${hash(remoteText)}.js`;
  const serverBuild = `server/exposes.${hash(`server ${n}`)}.js`;
  part(
    'shell',
    '/',
    { [chunk]: chunkText, [font]: fontText },
    { 'index.html': '<!doctype html><html><head></head><body></body></html>', 'main.js': `// main ${n}` },
  );
  part(
    'mfe-forms',
    '/remotes/forms/',
    { [remoteChunk]: remoteText, [serverBuild]: `module.exports = ${n};` },
    { 'remoteEntry.js': `// entry ${n}`, 'mf-manifest.json': '{}' },
  );
  return { repoRoot, files, chunk, font, remoteChunk, serverBuild };
}

const replica = (build: FakeBuild, where: { dataDir?: string; databaseUrl?: string }, keep: { builds?: number; days?: number } = {}): Promise<TestServer> =>
  startServer({
    repoRoot: build.repoRoot,
    firstScreen: 'off',
    archiveKeepBuilds: keep.builds ?? 5,
    archiveKeepDays: keep.days ?? 14,
    ...where,
  });

/** The headers a browser acts on (type, caching, encoding, CORS, the security headers), without the per-answer ones. */
function headersOf(reply: Reply): Record<string, string> {
  const out: Record<string, string> = {};
  reply.headers.forEach((value, name) => {
    if (!['date', 'etag', 'last-modified', 'content-length', 'x-request-id', 'connection', 'keep-alive'].includes(name)) out[name] = value;
  });
  return out;
}

async function expectServed(server: TestServer, urlPath: string, bytes: Buffer | undefined): Promise<Reply> {
  const reply = await request(`${server.url}${urlPath}`);
  expect([urlPath, reply.status]).toEqual([urlPath, 200]);
  expect(Buffer.from(reply.text).equals(bytes as Buffer)).toBe(true);
  return reply;
}

describe('a replica of another build answers an open tab from the archive (SQLite, replicas one after the other)', () => {
  it("serves build 1's hashed files from a dist that holds only build 2, with the headers of a file on disk; unknown names stay 404", async () => {
    const dataDir = tempDir();
    const one = fakeBuild(1);
    const two = fakeBuild(2);
    const a = await replica(one, { dataDir });
    await a.close();
    const b = await replica(two, { dataDir });
    try {
      const fromArchive = await expectServed(b, `/${one.chunk}`, one.files[`/${one.chunk}`]);
      const fromDisk = await expectServed(b, `/${two.chunk}`, two.files[`/${two.chunk}`]);
      expect(headersOf(fromArchive)).toEqual(headersOf(fromDisk));
      expect(headersOf(fromArchive)).toMatchObject({
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
        'content-encoding': expect.stringMatching(/^(br|gzip)$/),
      });
      // a subresource as from disk: nosniff, no document-only headers (the CSP is the page's)
      expect(fromArchive.headers.get('x-content-type-options')).toBe('nosniff');
      expect(fromArchive.headers.get('content-security-policy')).toBeNull();
      expect(fromArchive.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);

      const font = await expectServed(b, `/${one.font}`, one.files[`/${one.font}`]);
      expect(font.headers.get('content-type')).toBe('font/woff2');
      const remote = await expectServed(b, `/remotes/forms/${one.remoteChunk}`, one.files[`/remotes/forms/${one.remoteChunk}`]);
      const remoteOnDisk = await expectServed(b, `/remotes/forms/${two.remoteChunk}`, two.files[`/remotes/forms/${two.remoteChunk}`]);
      expect(headersOf(remote)).toEqual(headersOf(remoteOnDisk));
      expect(remote.headers.get('access-control-allow-origin')).toBe('*');
      // a revalidation of an archived file
      const again = await request(`${b.url}/${one.chunk}`, { headers: { 'If-None-Match': fromArchive.headers.get('etag') as string } });
      expect(again.status).toBe(304);

      // never archived: unknown hashed names, the published Node build, the .br copies, entry files of build 1
      for (const missing of ['/241.0123456789.js', '/remotes/forms/99.0123456789.js', `/remotes/forms/${one.serverBuild}`, `/${one.chunk}.br`])
        expect([missing, (await request(`${b.url}${missing}`)).status]).toEqual([missing, 404]);
    } finally {
      await b.close();
    }
  });

  it('keeps build 1 while the retention does, and prunes it at the start of a replica when it no longer does', async () => {
    const dataDir = tempDir();
    const one = fakeBuild(1);
    const two = fakeBuild(2);
    const three = fakeBuild(3);
    await (await replica(one, { dataDir })).close();
    await (await replica(two, { dataDir })).close();
    // the last 2 builds, whatever their age: build 3 (this replica's) and build 2 stay, build 1 goes at this start
    const c = await replica(three, { dataDir }, { builds: 2, days: 0 });
    try {
      expect((await request(`${c.url}/${two.chunk}`)).status).toBe(200);
      expect((await request(`${c.url}/${one.chunk}`)).status).toBe(404);
      const archive = c.app.store.archive;
      expect((await archive.builds()).filter((b) => b.part === 'shell')).toHaveLength(2);
    } finally {
      await c.close();
    }
  });
});

describe('two replicas of different builds at once on one PostgreSQL database', () => {
  let pg: ThrowAwayPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
  });
  afterAll(async () => {
    await pg?.stop();
  });

  it("each answers the other build's hashed files: the old tab on the new replica, and the new tab on a replica not yet replaced", async () => {
    const databaseUrl = await pg.createDatabase('archive_replicas');
    const one = fakeBuild(1);
    const two = fakeBuild(2);
    const a = await replica(one, { databaseUrl });
    const b = await replica(two, { databaseUrl });
    try {
      await expectServed(b, `/${one.chunk}`, one.files[`/${one.chunk}`]);
      await expectServed(b, `/remotes/forms/${one.remoteChunk}`, one.files[`/remotes/forms/${one.remoteChunk}`]);
      await expectServed(a, `/${two.chunk}`, two.files[`/${two.chunk}`]);
      await expectServed(a, `/remotes/forms/${two.remoteChunk}`, two.files[`/remotes/forms/${two.remoteChunk}`]);
      expect((await request(`${b.url}/241.0123456789.js`)).status).toBe(404);
      expect((await request(`${a.url}/remotes/forms/99.0123456789.js`)).status).toBe(404);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('what a dist folder holds, as the archive keeps it', () => {
  it('takes the newest build of .builds.json: hashed names only, no .br copy, no Node build; an id the same in any folder', () => {
    const one = fakeBuild(1);
    const built = hostedBuild({ name: 'forms', dir: path.join(one.repoRoot, 'mfe-forms', 'dist') });
    expect(built?.build.files.map((f) => f.path)).toEqual([one.remoteChunk]);
    const shell = hostedBuild({ name: 'shell', dir: path.join(one.repoRoot, 'shell', 'dist') });
    expect(shell?.build.files.map((f) => f.path).sort()).toEqual([one.chunk, one.font].sort());
    expect(
      shell?.build.files
        .find((f) => f.path === one.chunk)
        ?.read()
        .equals(one.files[`/${one.chunk}`] as Buffer),
    ).toBe(true);

    // the same build in another image: the same id (a replica starting with it reads nothing)
    const copy = tempDir('gta-archive-copy-');
    fs.cpSync(path.join(one.repoRoot, 'shell', 'dist'), copy, { recursive: true });
    expect(hostedBuild({ name: 'shell', dir: copy })?.build.buildId).toBe(shell?.build.buildId);
    // another build: another id
    expect(hostedBuild({ name: 'shell', dir: path.join(fakeBuild(2).repoRoot, 'shell', 'dist') })?.build.buildId).not.toBe(shell?.build.buildId);
  });

  it('scans a dist without .builds.json; leaves out files over the size limits; nothing for a missing folder', () => {
    const plain = fakeBuild(1, { history: false });
    const dir = path.join(plain.repoRoot, 'shell', 'dist');
    expect(
      hostedBuild({ name: 'shell', dir })
        ?.build.files.map((f) => f.path)
        .sort(),
    ).toEqual([plain.chunk, plain.font].sort());
    const capped = hostedBuild({ name: 'shell', dir }, { file: 100, build: 10_000 });
    expect(capped?.build.files.map((f) => f.path)).toEqual([plain.font]);
    expect(capped?.skipped).toEqual([plain.chunk]);
    expect(hostedBuild({ name: 'shell', dir: path.join(plain.repoRoot, 'nothing') })).toBeNull();
  });

  it('archives and looks up only hashed names inside the folder', () => {
    expect(isArchivable('241.ab02e55f0c.js')).toBe(true);
    expect(isArchivable('fonts/inter.eca1e21531.woff2')).toBe(true);
    for (const name of [
      'main.js',
      'index.html',
      '241.ab02e55f0c.js.br',
      'server/exposes.d9bebd163d.js',
      '.hidden/1.ab02e55f0c.js',
      '../1.ab02e55f0c.js',
      '/1.ab02e55f0c.js',
      'a//1.ab02e55f0c.js',
    ])
      expect([name, isArchivable(name)]).toEqual([name, false]);
  });
});

describe('Airtable mode and the daily run', () => {
  it('keeps the archive in the store the server keeps its own state in (Airtable mode: the same local store as the outbox)', async () => {
    const dataDir = tempDir();
    const one = fakeBuild(1);
    // a base that is never reached: the archive needs none of it
    const airtable = { airtableBaseId: 'appTeamBase', airtableToken: 'patNeverSent', airtableApiUrl: 'http://127.0.0.1:9' };
    await (await startServer({ repoRoot: one.repoRoot, firstScreen: 'off', archiveKeepBuilds: 5, dataDir, ...airtable })).close();
    const b = await startServer({ repoRoot: fakeBuild(2).repoRoot, firstScreen: 'off', archiveKeepBuilds: 5, dataDir, ...airtable });
    try {
      await expectServed(b, `/${one.chunk}`, one.files[`/${one.chunk}`]);
    } finally {
      await b.close();
    }
  });

  it('answers "not here" when the store cannot be read (a 404 as without the archive, never a server error)', async () => {
    const store = SqliteStore.open(tempDir());
    const warnings: string[] = [];
    const archiver = new BuildArchiver({
      store,
      parts: () => [],
      retention: { builds: 5, maxAgeMs: 0 },
      log: { ...silentLogger, warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) },
    });
    try {
      store.archive.find = () => Promise.reject(new Error('connection refused'));
      await expect(archiver.lookup('shell', '241.ab02e55f0c.js')).resolves.toBeUndefined();
      expect(warnings).toEqual(['build archive: could not look up a file']);
    } finally {
      await archiver.stop();
      await store.close();
    }
  });

  it('marks the hosted builds as still served every day (a replica running for weeks keeps its build) and prunes', async () => {
    const store = SqliteStore.open(tempDir());
    const one = fakeBuild(1);
    let now = 1_000;
    const archiver = new BuildArchiver({
      store,
      parts: () => [{ name: 'shell', dir: path.join(one.repoRoot, 'shell', 'dist') }],
      retention: { builds: 1, maxAgeMs: 0 },
      log: silentLogger,
      now: () => now,
    });
    try {
      await archiver.run('start');
      // an older build of the shell that another replica served once
      await store.archive.record({ part: 'shell', buildId: 'older', files: [] }, 500);
      now = 5_000;
      archiver.startDaily(20);
      const end = Date.now() + 5_000;
      while ((await store.archive.builds()).length !== 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      expect((await store.archive.builds()).map((b) => [b.buildId === 'older' ? 'older' : 'hosted', b.firstServedAt, b.lastServedAt])).toEqual([
        ['hosted', 1_000, 5_000],
      ]);
    } finally {
      await archiver.stop();
      await store.close();
    }
  });
});

describe('settings', () => {
  it('ARCHIVE_KEEP_BUILDS (default 5, 0 turns the archive off) and ARCHIVE_KEEP_DAYS (default 14)', () => {
    expect(readConfig({})).toMatchObject({ archiveKeepBuilds: 5, archiveKeepDays: 14 });
    expect(readConfig({ ARCHIVE_KEEP_BUILDS: '0', ARCHIVE_KEEP_DAYS: '30' })).toMatchObject({ archiveKeepBuilds: 0, archiveKeepDays: 30 });
    expect(readConfig({ ARCHIVE_KEEP_BUILDS: 'many', ARCHIVE_KEEP_DAYS: '-1' })).toMatchObject({ archiveKeepBuilds: 5, archiveKeepDays: 14 });
    expect(readConfig({ ARCHIVE_KEEP_BUILDS: '', ARCHIVE_KEEP_DAYS: '' })).toMatchObject({ archiveKeepBuilds: 5, archiveKeepDays: 14 });
  });
});
