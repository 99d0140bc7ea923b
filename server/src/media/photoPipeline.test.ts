import fs from 'node:fs';
import sharp from 'sharp';
import { tempDir } from '../testing/harness';
import { hundredMegapixelPhoto, sidewaysPhoto } from '../testing/testPhotos';
import {
  PHOTO_WIDTHS,
  PhotoBusyError,
  PhotoPipeline,
  PhotoRefusedError,
  WorkSlots,
  negotiateFormat,
  type PhotoFormat,
  type PhotoSource,
} from './photoPipeline';

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
      const onDisk = fs
        .readdirSync(dir)
        .filter((name) => name !== 'placeholders.json')
        .reduce((sum, name) => sum + fs.statSync(`${dir}/${name}`).size, 0);
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

describe('placeholder colours', () => {
  /** A photo-like original: a wall of `base` colour with grain, a darker band (a roof) and a lighter one (a sky). */
  const wallPhoto = async (base: { r: number; g: number; b: number }): Promise<Buffer> => {
    const grainy = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: base, noise: { type: 'gaussian', mean: 0, sigma: 1 } } })
      .png()
      .toBuffer();
    const wall = await sharp({ create: { width: 1800, height: 1200, channels: 3, background: base } })
      .composite([
        { input: grainy, blend: 'soft-light' },
        { input: { create: { width: 1800, height: 200, channels: 3, background: { r: 40, g: 40, b: 45 } } }, top: 300, left: 0 },
        { input: { create: { width: 1800, height: 250, channels: 3, background: { r: 220, g: 230, b: 240 } } }, top: 0, left: 0 },
      ])
      .jpeg({ quality: 88 })
      .toBuffer();
    return wall;
  };
  const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const averageOf = async (image: Buffer) => (await sharp(image).stats()).channels.slice(0, 3).map((c) => c.mean);

  it('a derivative made: the photo has a colour close to its real average, and it survives a restart', async () => {
    const dir = tempDir('gta-photos-');
    const original = await wallPhoto({ r: 176, g: 120, b: 92 });
    const first = new PhotoPipeline({ cacheDir: dir });
    expect(first.placeholder('brick')).toBeUndefined();
    await first.derive(sourceOf('brick', original), { kind: 'width', width: 480, format: 'avif' });
    const colour = first.placeholder('brick');
    expect(colour).toMatch(/^#[0-9a-f]{6}$/);
    const average = await averageOf(original);
    rgb(colour!).forEach((c, i) => expect(Math.abs(c - average[i]!)).toBeLessThanOrEqual(6));
    // a restart: a new pipeline on the same folder knows it without reading the original or making anything
    await first.colours.flush();
    const unread = sourceOf('brick', () => Promise.reject(new Error('the original must not be read again')));
    const second = new PhotoPipeline({ cacheDir: dir });
    expect(second.placeholder('brick')).toBe(colour);
    await second.derive(unread, { kind: 'width', width: 480, format: 'avif' });
    expect(unread.loads).toBe(0);
    // the colours' file is not a cached derivative: never counted or evicted as one
    expect(second.stats().cacheBytes).toBe(
      fs
        .readdirSync(dir)
        .filter((n) => n !== 'placeholders.json')
        .reduce((s, n) => s + fs.statSync(`${dir}/${n}`).size, 0),
    );
  });

  it('a derivative kept from before colours were kept: the colour is learnt from it on its next request', async () => {
    const dir = tempDir('gta-photos-');
    const original = await wallPhoto({ r: 90, g: 110, b: 150 });
    await new PhotoPipeline({ cacheDir: dir }).derive(sourceOf('slate', original), { kind: 'width', width: 640, format: 'webp' });
    fs.rmSync(`${dir}/placeholders.json`, { force: true });
    const restarted = new PhotoPipeline({ cacheDir: dir });
    expect(restarted.placeholder('slate')).toBeUndefined();
    const unread = sourceOf('slate', () => Promise.reject(new Error('the original must not be read again')));
    await restarted.derive(unread, { kind: 'width', width: 640, format: 'webp' });
    const average = await averageOf(original);
    rgb(restarted.placeholder('slate')!).forEach((c, i) => expect(Math.abs(c - average[i]!)).toBeLessThanOrEqual(8));
    expect(unread.loads).toBe(0);
  });
});

describe('EXIF (GPS) in every derivative', () => {
  it('no width, format or link preview keeps any metadata of a camera photo with GPS', async () => {
    const pipeline = new PhotoPipeline({ cacheDir: tempDir('gta-photos-') });
    const original = await sidewaysPhoto();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from('iPhone 15 Pro'))).toBe(true);
    const source = sourceOf('gps', original);
    const specs = [
      ...PHOTO_WIDTHS.flatMap((width) => (['avif', 'webp', 'jpeg'] as const).map((format) => ({ kind: 'width' as const, width, format }))),
      { kind: 'share' as const },
    ];
    for (const spec of specs) {
      const body = await pipeline.derive(source, spec);
      const meta = await sharp(body).metadata();
      expect({ spec, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ spec, exif: undefined, xmp: undefined, iptc: undefined });
      // nor the words of the camera's EXIF anywhere in the file
      expect(body.includes(Buffer.from('iPhone'))).toBe(false);
      expect(body.includes(Buffer.from('Exif\0\0'))).toBe(false);
    }
    expect(source.loads).toBe(1);
  });
});
