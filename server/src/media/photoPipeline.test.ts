import fs from 'node:fs';
import sharp from 'sharp';
import { tempDir } from '../testing/harness';
import { hundredMegapixelPhoto, sidewaysPhoto } from '../testing/testPhotos';
import { PhotoBusyError, PhotoPipeline, PhotoRefusedError, WorkSlots, negotiateFormat, type PhotoFormat, type PhotoSource } from './photoPipeline';

// sharp work on a busy 2-core machine: generous, and no timed assertion in these tests
jest.setTimeout(60_000);

const sourceOf = (key: string, body: Buffer | (() => Promise<Buffer>)): PhotoSource & { loads: number } => {
  const source = {
    key,
    loads: 0,
    load: async () => {
      source.loads++;
      return typeof body === 'function' ? body() : body;
    },
  };
  return source;
};

/** A distinct small photo per seed (a colour), for tests that need many originals. */
const plainPhoto = (seed: number): Promise<Buffer> =>
  sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 60 + seed * 10, sigma: 40 } } })
    .jpeg({ quality: 85 })
    .toBuffer();

describe('derivatives', () => {
  it.each<PhotoFormat>(['avif', 'webp', 'jpeg'])('%s: turned upright by the EXIF orientation, in sRGB, with no EXIF (GPS) left', async (format) => {
    const pipeline = new PhotoPipeline({ cacheDir: tempDir('gta-photos-') });
    const original = await sidewaysPhoto();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const body = await pipeline.derive(sourceOf('sideways', original), { kind: 'width', width: 320, format });
    const meta = await sharp(body).metadata();
    expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
    // stored 1200 x 800 sideways: shown 320 wide it is 480 tall, red (the stored left half) on top
    expect([meta.width, meta.height]).toEqual([320, 480]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.space).toBe('srgb');
    const { data } = await sharp(body).extract({ left: 150, top: 40, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(150);
    expect(data[2]).toBeLessThan(100);
  });

  it('the link preview is a 1200 x 630 JPEG', async () => {
    const pipeline = new PhotoPipeline({ cacheDir: tempDir('gta-photos-') });
    const body = await pipeline.derive(sourceOf('sideways', await sidewaysPhoto()), { kind: 'share' });
    const meta = await sharp(body).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1200, 630, undefined]);
  });

  it('picks AVIF, then WebP, then JPEG by the Accept header', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe('avif');
    expect(negotiateFormat('image/webp,*/*')).toBe('webp');
    expect(negotiateFormat('image/avif;q=0,image/webp')).toBe('webp');
    expect(negotiateFormat('*/*')).toBe('jpeg');
    expect(negotiateFormat(undefined)).toBe('jpeg');
  });
});

describe('the disk cache', () => {
  it('survives a restart: a new pipeline on the same folder serves without reading the original', async () => {
    const dir = tempDir('gta-photos-');
    const first = new PhotoPipeline({ cacheDir: dir });
    const made = await first.derive(sourceOf('a', await plainPhoto(1)), { kind: 'width', width: 640, format: 'webp' });
    const again = sourceOf('a', () => Promise.reject(new Error('the original must not be read again')));
    const second = new PhotoPipeline({ cacheDir: dir });
    expect((await second.derive(again, { kind: 'width', width: 640, format: 'webp' })).equals(made)).toBe(true);
    expect(again.loads).toBe(0);
    expect(second.stats()).toMatchObject({ derived: 0, cacheHits: 1 });
    // another width of it: made from the kept original, still not read again
    await second.derive(again, { kind: 'width', width: 320, format: 'jpeg' });
    expect(again.loads).toBe(0);
  });

  it('stays within its size bound, evicting the least recently used', async () => {
    const dir = tempDir('gta-photos-');
    const originals = await Promise.all([1, 2, 3, 4].map(plainPhoto));
    const bound = Math.round(originals[0]!.length * 2.5);
    const pipeline = new PhotoPipeline({ cacheDir: dir, maxCacheBytes: bound });
    for (let i = 0; i < 4; i++) {
      await pipeline.derive(sourceOf(`p${i}`, originals[i]!), { kind: 'width', width: 480, format: 'jpeg' });
      const onDisk = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(`${dir}/${name}`).size, 0);
      expect(onDisk).toBeLessThanOrEqual(bound);
    }
    expect(pipeline.stats().evicted).toBeGreaterThan(0);
    // the newest derivative is kept, the first photo's files are gone
    const reread = sourceOf('p3', originals[3]!);
    await pipeline.derive(reread, { kind: 'width', width: 480, format: 'jpeg' });
    expect(reread.loads).toBe(0);
    const first = sourceOf('p0', originals[0]!);
    await pipeline.derive(first, { kind: 'width', width: 480, format: 'jpeg' });
    expect(first.loads).toBe(1);
  });
});

describe('bounded work', () => {
  it('runs at most `concurrency` jobs at once; the rest queue and all finish; the same derivative is made once', async () => {
    const pipeline = new PhotoPipeline({ cacheDir: tempDir('gta-photos-'), concurrency: 2 });
    const originals = await Promise.all([1, 2, 3, 4, 5, 6].map(plainPhoto));
    const sources = originals.map((o, i) => sourceOf(`c${i}`, o));
    const jobs = sources.flatMap((s) => [
      pipeline.derive(s, { kind: 'width', width: 800, format: 'webp' }),
      pipeline.derive(s, { kind: 'width', width: 800, format: 'webp' }),
      pipeline.derive(s, { kind: 'width', width: 320, format: 'jpeg' }),
    ]);
    const bodies = await Promise.all(jobs);
    expect(bodies.every((b) => b.length > 0)).toBe(true);
    expect(pipeline.stats()).toMatchObject({ peakActive: 2, derived: 12, active: 0, queued: 0 });
    expect(sources.map((s) => s.loads)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('refuses new work at once when the queue is full', async () => {
    const slots = new WorkSlots(1, 1);
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = slots.run(() => gate);
    const second = slots.run(async () => 'second');
    await expect(slots.run(async () => 'third')).rejects.toBeInstanceOf(PhotoBusyError);
    expect([slots.running, slots.queued]).toEqual([1, 1]);
    release();
    await first;
    expect(await second).toBe('second');
  });
});

describe('refused input', () => {
  it('a 100-megapixel file, a file that is not an image, one over the byte limit: refused, remembered, never decoded', async () => {
    const pipeline = new PhotoPipeline({ cacheDir: tempDir('gta-photos-'), maxInputBytes: 5_000_000 });
    const huge = sourceOf('huge', await hundredMegapixelPhoto());
    await expect(pipeline.derive(huge, { kind: 'width', width: 800, format: 'jpeg' })).rejects.toThrow(/100800000 pixels/);
    await expect(pipeline.derive(huge, { kind: 'width', width: 320, format: 'webp' })).rejects.toBeInstanceOf(PhotoRefusedError);
    expect(huge.loads).toBe(1);
    const text = sourceOf('text', Buffer.from('<html>Sign in to Airtable</html>'));
    await expect(pipeline.derive(text, { kind: 'width', width: 800, format: 'jpeg' })).rejects.toThrow(/not an image/);
    const heavy = sourceOf('heavy', Buffer.alloc(5_000_001, 0xff));
    await expect(pipeline.derive(heavy, { kind: 'width', width: 800, format: 'jpeg' })).rejects.toThrow(/5000001 bytes/);
    expect(pipeline.stats().derived).toBe(0);
  });
});
