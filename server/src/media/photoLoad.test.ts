/**
 * Photos under load (h12): a kept derivative is served without reading its listing again, and a derivative that is
 * not made yet while the encoder is busy is answered at once with a stand-in (the nearest size on disk, or the stock
 * image, never cached) instead of holding one of the browser's six HTTP/1.1 connections.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { startServer, tempDir, type TestServer } from '../testing/harness';
import { TEST_POOL_DIR } from '../testing/testPhotos';
import { ensureCameraPhotoPool } from './cameraPhotos';
import { PHOTO_WIDTHS } from './photoPipeline';
import { photoEntries, photoUrl } from './listingPhotos';

jest.setTimeout(120_000);

const AVIF_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function get(url: string, accept = AVIF_ACCEPT): Promise<{ status: number; headers: Headers; size: number }> {
  const response = await fetch(url, { headers: { Accept: accept } });
  return { status: response.status, headers: response.headers, size: (await response.arrayBuffer()).byteLength };
}

/** A pool with the originals only (no derivatives kept): a cold server's first views. */
async function coldPool(): Promise<string> {
  await ensureCameraPhotoPool(TEST_POOL_DIR, 1);
  const dir = tempDir('gta-cold-pool-');
  for (const name of fs.readdirSync(TEST_POOL_DIR)) if (name.endsWith('.jpg')) fs.copyFileSync(path.join(TEST_POOL_DIR, name), path.join(dir, name));
  return dir;
}

async function firstPhoto(server: TestServer): Promise<string> {
  for (const record of await server.app.store.all(PROPERTIES_TABLE)) {
    const [first] = photoEntries(record.fields.Photos);
    if (first) return photoUrl(record.id, first.id);
  }
  throw new Error('no listing with photos');
}

describe('a photo kept on disk: no database read', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('the second view of a kept derivative reads no record; a change to Properties reads it again', async () => {
    server = await startServer({ photoPoolDir: await coldPool(), seedCount: 4 });
    const photo = await firstPhoto(server);
    const find = jest.spyOn(server.app.store, 'find');
    expect((await get(`${server.url}${photo}/320.jpg`)).status).toBe(200);
    const afterFirst = find.mock.calls.length;
    expect(afterFirst).toBe(1);
    for (const file of ['320.jpg', '320.jpg', 'share.jpg']) expect((await get(`${server.url}${photo}/${file}`)).status).toBe(200);
    expect(find.mock.calls.length).toBe(afterFirst);
    // a write to Properties (the records API, the Airtable sync's changes) forgets what was known
    server.app.records.written(PROPERTIES_TABLE);
    expect((await get(`${server.url}${photo}/320.jpg`)).status).toBe(200);
    expect(find.mock.calls.length).toBe(afterFirst + 1);
    find.mockRestore();
  });
});

describe('a cold server: derivatives not made yet while the encoder is busy', () => {
  let server: TestServer;
  afterAll(() => server?.close());

  it('are answered at once with a stand-in that is never cached, and made in the background for the next view', async () => {
    server = await startServer({ photoPoolDir: await coldPool(), seedCount: 4, photoConcurrency: 1 });
    const photo = await firstPhoto(server);
    // one small size made first: the stand-in for the larger ones
    const small = await get(`${server.url}${photo}/320`);
    expect(small.headers.get('cache-control')).toContain('immutable');
    // a page's worth of new sizes at once, one encoder: most cannot be made now
    const files = PHOTO_WIDTHS.filter((w) => w > 320 && w <= 1280).flatMap((w) => [`${w}`, `${w}.webp`]);
    const answers = await Promise.all(files.map((file) => get(`${server.url}${photo}/${file}`).then((a) => ({ file, ...a }))));
    for (const a of answers) expect(a.status).toBe(200);
    const standIns = answers.filter((a) => a.headers.get('x-photo-stand-in') === '1');
    expect(standIns.length).toBeGreaterThan(0);
    for (const a of standIns) {
      expect(a.headers.get('cache-control')).toBe('no-store');
      // an AVIF size: the 320 AVIF (or a size made meanwhile) on disk; a WebP one: the stock image, or a WebP size
      // made meanwhile in the background
      expect(a.headers.get('content-type')).toEqual(a.file.endsWith('.webp') ? expect.stringMatching(/^image\/(svg\+xml|webp)$/) : 'image/avif');
    }
    // the next views find them made (the background work is bounded: poll until it is done)
    for (let round = 0; round < 120; round++) {
      const again = await Promise.all(standIns.map((a) => get(`${server.url}${photo}/${a.file}`)));
      if (again.every((b) => b.headers.get('x-photo-stand-in') === null)) {
        for (const b of again) expect(b.headers.get('cache-control')).toContain('immutable');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the stand-ins were never replaced by the photo');
  });
});
