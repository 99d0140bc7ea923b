/**
 * Photo files for the image pipeline's tests, made once per machine and kept in the temp folder (the next test run
 * reads them): a camera JPEG stored sideways with EXIF orientation 6 and GPS, a 100-megapixel JPEG, and the local
 * pool of camera-weight photographs (src/media/cameraPhotos.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export const TEST_PHOTO_DIR = path.join(os.tmpdir(), 'gta-test-photos-v1');
/** The local pool the tests share: rendered on first need, kept between runs. */
export const TEST_POOL_DIR = path.join(TEST_PHOTO_DIR, 'pool');

async function kept(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(TEST_PHOTO_DIR, name);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  fs.mkdirSync(TEST_PHOTO_DIR, { recursive: true });
  const body = await make();
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, body);
  fs.renameSync(temp, file);
  return body;
}

/**
 * 1200 x 800 pixels stored, to be shown turned a quarter clockwise (EXIF orientation 6, as a phone held upright
 * writes): left half red, right half blue as stored, so shown upright red is on top. With GPS in the EXIF.
 */
export function sidewaysPhoto(): Promise<Buffer> {
  return kept('sideways-gps.jpg', async () => {
    const half = { width: 600, height: 800, channels: 3 as const };
    const red = await sharp({ create: { ...half, background: { r: 220, g: 30, b: 30 } } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { ...half, background: { r: 30, g: 30, b: 220 } } })
      .png()
      .toBuffer();
    return sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000' } })
      .composite([
        { input: red, left: 0, top: 0 },
        { input: blue, left: 600, top: 0 },
      ])
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 23/1 5678/100' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
}

/** A 12,000 x 8,400 JPEG (100.8 megapixels): small on disk, far too many pixels to decode for a web page. */
export function hundredMegapixelPhoto(): Promise<Buffer> {
  return kept('100mp.jpg', () =>
    sharp({ create: { width: 12_000, height: 8_400, channels: 3, background: '#8a7f70' }, limitInputPixels: false })
      .jpeg({ quality: 50 })
      .toBuffer(),
  );
}
