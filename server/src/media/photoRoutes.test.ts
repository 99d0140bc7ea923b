/**
 * Listing photos through the site's own URLs (issue 36), in local mode (the camera-weight pool) and in Airtable mode
 * (attachment objects whose signed URLs expire, a fake base and a fake file host).
 */
import fs from 'node:fs';
import sharp from 'sharp';
import { ensureCameraPhotoPool, poolFileName } from './cameraPhotos';
import { localPoolIndex } from './listingPhotos';
import { PROPERTIES_TABLE, type FieldValue } from '@gta/shared/core';
import { LOCAL_BASE_ID } from '../config';
import { request, startServer, type TestServer } from '../testing/harness';
import { RateLimitedAirtable } from '../testing/rateLimitedAirtable';
import { FakeAttachmentHost } from '../testing/fakeAttachmentHost';
import { TEST_POOL_DIR, hundredMegapixelPhoto, sidewaysPhoto } from '../testing/testPhotos';
import { generateListings } from '../seed/generate';

// the first run on a machine renders a pool photograph (~10 s on a busy 2-core box); later runs read it from disk
jest.setTimeout(120_000);

interface Listing {
  id: string;
  fields: { Photos?: { id: string; url: string; width?: number; height?: number; placeholder?: string }[] };
}

const CHROME_IMAGE_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function bytes(url: string, accept?: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(url, { headers: accept ? { Accept: accept } : {} });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('local mode: the seed photos through the pipeline', () => {
  let server: TestServer;
  let photo: string;
  beforeAll(async () => {
    server = await startServer({ photoPoolDir: TEST_POOL_DIR, seedCount: 6 });
    const list = await request(`${server.url}/api/airtable/v0/${LOCAL_BASE_ID}/${PROPERTIES_TABLE}?pageSize=3`);
    const records = list.json<{ records: Listing[] }>().records;
    const withPhotos = records.find((r) => Array.isArray(r.fields.Photos) && r.fields.Photos.length > 0) as Listing;
    photo = withPhotos.fields.Photos![0]!.url;
  });
  afterAll(() => server.close());

  it('visitors read photos at the site’s own URL, with the original’s size, never the original’s URL', async () => {
    expect(photo).toMatch(/^\/media\/photos\/rec[A-Za-z0-9]+\/att[A-Za-z0-9]+$/);
    const list = await request(`${server.url}/api/airtable/v0/${LOCAL_BASE_ID}/${PROPERTIES_TABLE}?pageSize=6`);
    expect(list.text).not.toContain('/media/listings/');
    const first = list.json<{ records: Listing[] }>().records[0]!;
    expect(first.fields.Photos?.[0]).toMatchObject({ width: 4500, height: 3000 });
  });

  it('Accept: image/avif gets AVIF of the asked width; WebP and JPEG likewise; immutable, no EXIF or GPS', async () => {
    const avif = await bytes(`${server.url}${photo}/800`, CHROME_IMAGE_ACCEPT);
    expect(avif.status).toBe(200);
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(avif.headers.get('vary')).toContain('Accept');
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const webp = await bytes(`${server.url}${photo}/800`, 'image/webp,*/*');
    expect(webp.headers.get('content-type')).toBe('image/webp');
    const jpeg = await bytes(`${server.url}${photo}/800`, '*/*');
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    for (const { body } of [avif, webp, jpeg]) {
      const meta = await sharp(body).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([800, 533, undefined]);
      expect(body.length).toBeLessThan(200_000);
    }
    // the pool original does carry a camera's EXIF with GPS
    const explicit = await bytes(`${server.url}${photo}/320.webp`);
    expect(explicit.headers.get('content-type')).toBe('image/webp');
    expect(explicit.headers.get('vary') ?? '').not.toContain('Accept');
  });

  it('the seed originals weigh what a camera writes: 4500 x 3000 JPEG of 1.5-6 MB, with EXIF GPS', async () => {
    const [file] = await ensureCameraPhotoPool(TEST_POOL_DIR, 1);
    const original = fs.readFileSync(file!);
    expect(original.length).toBeGreaterThan(1_500_000);
    expect(original.length).toBeLessThan(6_000_000);
    const meta = await sharp(original).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 4500, 3000]);
    // a camera's EXIF, with the GPS IFD pointer (tag 0x8825): the derivatives above carry none of it
    const exif = meta.exif as Buffer;
    expect(exif.includes(Buffer.from('Canon EOS R5'))).toBe(true);
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
  });

  it('a photo whose derivative was made carries its placeholder colour in the next answer, also after a restart', async () => {
    const listPhotos = async (at: string) =>
      (await request(`${at}/api/airtable/v0/${LOCAL_BASE_ID}/${PROPERTIES_TABLE}?pageSize=3`))
        .json<{ records: Listing[] }>()
        .records.flatMap((r) => r.fields.Photos ?? []);
    expect((await bytes(`${server.url}${photo}/480`, CHROME_IMAGE_ACCEPT)).status).toBe(200);
    const colour = (await listPhotos(server.url)).find((p) => p.url === photo)?.placeholder;
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    // the photo's real average (the pool original behind it: every listing's first photo is a facade of the pool)
    const source = await server.app.records.find(PROPERTIES_TABLE, photo.split('/')[3]!);
    const poolUrl = (source!.fields.Photos as unknown as { id: string; url: string }[]).find((p) => p.id === photo.split('/')[4])!.url;
    const [file] = (await ensureCameraPhotoPool(TEST_POOL_DIR)).filter((f) => f.endsWith(poolFileName(localPoolIndex(poolUrl)!)));
    const average = (await sharp(fs.readFileSync(file!)).stats()).channels.slice(0, 3).map((c) => c.mean);
    [1, 3, 5].forEach((at, i) => expect(Math.abs(parseInt(colour!.slice(at, at + 2), 16) - average[i]!)).toBeLessThanOrEqual(6));
    // a restart on the same data: known at once, with no photo asked
    await server.close();
    server = await startServer({ photoPoolDir: TEST_POOL_DIR, seedCount: 6, dataDir: server.dataDir });
    expect((await listPhotos(server.url)).find((p) => p.url === photo)?.placeholder).toBe(colour);
  });

  it('the link preview is a 1200 x 630 JPEG; an unknown width or photo is a 404', async () => {
    const share = await bytes(`${server.url}${photo}/share.jpg`);
    expect(share.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(share.body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect((await bytes(`${server.url}${photo}/801`)).status).toBe(404);
    expect((await bytes(`${server.url}${photo.replace(/att[A-Za-z0-9]+$/, 'attNoSuchPhoto')}/800`)).status).toBe(404);
  });
});

describe('Airtable mode: expiring attachment URLs', () => {
  let base: RateLimitedAirtable;
  let host: FakeAttachmentHost;
  let site: TestServer;
  const attachment = (id: string, name: string, width: number, height: number): FieldValue =>
    ({
      id,
      url: host.sign(name),
      filename: name,
      size: 1,
      type: 'image/jpeg',
      width,
      height,
      thumbnails: { small: { url: host.sign(name), width: 36, height: 36 } },
    }) as unknown as FieldValue;
  const photosOf = () => [
    attachment('attGoodPhoto001', 'sideways.jpg', 1200, 800),
    attachment('attGoodPhoto002', 'terrace.jpg', 1600, 1067),
    attachment('attNotAnImage01', 'login.html', 1200, 800),
    attachment('attHugePhoto001', 'huge.jpg', 12000, 8400),
  ];

  beforeAll(async () => {
    host = new FakeAttachmentHost();
    await host.start();
    host.put('sideways.jpg', await sidewaysPhoto());
    host.put(
      'terrace.jpg',
      await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#7a8f6a' } })
        .jpeg()
        .toBuffer(),
    );
    host.put('login.html', Buffer.from('<html><body>Sign in</body></html>'), 'text/html');
    host.put('huge.jpg', await hundredMegapixelPhoto());
    base = new RateLimitedAirtable();
    await base.start();
    const [listing] = generateListings({ count: 1 });
    base.add(PROPERTIES_TABLE, [{ ...listing!.fields, Photos: photosOf() as unknown as FieldValue }]);
    site = await startServer(
      { airtableBaseId: base.baseId, airtableToken: base.token, airtableApiUrl: base.url, recordsRateLimit: 0, airtableSyncIntervalMs: 600_000 },
      { airtableSync: { tickMs: 200, retryMs: 500 } },
    );
  });
  afterAll(async () => {
    await site.close();
    await base.stop();
    await host.stop();
  });

  const readListing = async (): Promise<Listing> => {
    const url = `${site.url}/api/airtable/v0/${base.baseId}/${PROPERTIES_TABLE}?pageSize=5`;
    let reply = await request(url);
    for (let i = 0; reply.status !== 200 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100)); // the first copy is being read
      reply = await request(url);
    }
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain(host.url);
    return reply.json<{ records: Listing[] }>().records[0]!;
  };

  it('after every URL in the copy has expired, the page still shows every photo: the record is read again for fresh URLs', async () => {
    const listing = await readListing();
    const good = listing.fields.Photos!.find((p) => p.id === 'attGoodPhoto001')!;
    expect(good.url).toBe(`/media/photos/${listing.id}/attGoodPhoto001`);
    // hours later: Airtable's URLs in the copy have expired, and a read of the record hands out new ones
    host.expireAll();
    base.table(PROPERTIES_TABLE)[0]!.fields.Photos = photosOf() as unknown as FieldValue;
    const before = base.requests.length;
    const webp = await bytes(`${site.url}${good.url}/480`, 'image/webp,*/*');
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    // stored sideways with EXIF orientation 6: shown upright
    const meta = await sharp(webp.body).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([480, 720, undefined]);
    expect(host.requests.filter((r) => r.name === 'sideways.jpg').map((r) => r.status)).toEqual([410, 200]);
    expect(base.requests.length - before).toBe(1);
    // the page's URL is unchanged and other sizes come from the kept original: the file host is not asked again
    expect((await readListing()).fields.Photos![0]!.url).toBe(good.url);
    expect((await bytes(`${site.url}${good.url}/share.jpg`)).headers.get('content-type')).toBe('image/jpeg');
    expect(host.requests.filter((r) => r.name === 'sideways.jpg')).toHaveLength(2);
    // and every other photo of the page: none of them is the stock image
    for (const other of listing.fields.Photos!.filter((p) => p.id.startsWith('attGoodPhoto'))) {
      const shown = await bytes(`${site.url}${other.url}/800`, CHROME_IMAGE_ACCEPT);
      expect([other.id, shown.status, shown.headers.get('content-type'), shown.headers.get('x-photo-refused')]).toEqual([other.id, 200, 'image/avif', null]);
    }
  });

  it('a file that is not an image and a 100-megapixel photo are refused with the stock image, while pages answer', async () => {
    const listing = await readListing();
    const [notImage, huge] = ['attNotAnImage01', 'attHugePhoto001'].map((id) => `${site.url}/media/photos/${listing.id}/${id}/800`);
    const [a, b, page] = await Promise.all([bytes(notImage!, CHROME_IMAGE_ACCEPT), bytes(huge!, CHROME_IMAGE_ACCEPT), readListing()]);
    for (const refused of [a, b]) {
      expect(refused.status).toBe(200);
      expect(refused.headers.get('content-type')).toBe('image/svg+xml');
      expect(refused.headers.get('x-photo-refused')).toBe('1');
      expect(refused.headers.get('cache-control')).toBe('public, max-age=300');
    }
    expect(page.id).toBe(listing.id);
    // remembered: asked again, the file host is not
    const asked = host.requests.length;
    expect((await bytes(huge!, CHROME_IMAGE_ACCEPT)).headers.get('x-photo-refused')).toBe('1');
    expect(host.requests.length).toBe(asked);
  });
});
