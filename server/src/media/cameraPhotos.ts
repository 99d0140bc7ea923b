/**
 * Camera-weight listing photographs for local mode (issue 36): the seed's camera scenes (cameraSceneSvg in
 * src/seed/photos.ts: perspective rooms and fronts, daylight, soft shadows) rendered at full camera size
 * (4500 x 3000) and given photographic texture: soft optics, uneven light, seeded surface texture and sensor grain
 * (deterministic: the same bytes on every run), and a camera's EXIF (make, model, GPS), encoded as a quality-92
 * JPEG of 2-8 MB. They are made by this script at first start
 * (or by the tests, once per machine) into a folder, so the repository carries no binaries, and local mode feeds the
 * image pipeline (photoPipeline.ts) the same kind of file Airtable hands it in production.
 *
 * A pool of POOL_SIZE photographs is rendered; the listings' photos point into it (poolIndexFor), so a database of a
 * thousand listings does not need gigabytes of originals.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SeededRandom, hashString } from '../seed/random';
import { CAMERA_SCENE_WIDTH, cameraSceneSvg } from '../seed/photos';

export const CAMERA_WIDTH = 4500;
export const CAMERA_HEIGHT = 3000;
/** The number of distinct photographs rendered; bump POOL_VERSION when the rendering changes. */
export const POOL_SIZE = 10;
export const POOL_VERSION = 2;

/** Pool photographs of a facade (cameraSceneSvg in src/seed/photos.ts: a classic brick front by day, a modern one at
 * dusk): a listing's first photo is its front. */
const FACADES = [0, 5];

/** The pool photograph a listing's photo n is made from. */
export function poolIndexFor(key: string, n: number): number {
  const h = hashString(`${key}#${n}#pool`);
  return n === 1 ? (FACADES[h % FACADES.length] as number) : h % POOL_SIZE;
}

export function poolFileName(index: number): string {
  return `camera-v${POOL_VERSION}-${String(index).padStart(2, '0')}.jpg`;
}

/**
 * Seeded grain, 3 channels around 128: a luminance grain (a cheap bell, the sum of three uniforms) with a little chroma.
 * Deterministic, unlike libvips' own noise: the same pool photograph, byte for byte, on every run (with one sharp).
 */
export function grain(seed: number, width: number, height: number, strength: number): Buffer {
  const out = Buffer.allocUnsafe(width * height * 3);
  // xorshift32, inlined: ~40 million numbers for a 4500 x 3000 photograph
  let x = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
  const chroma = strength * 0.4;
  for (let i = 0; i < out.length; i += 3) {
    const l = (next() + next() + next() - 1.5) * strength;
    out[i] = 128 + l + (next() - 0.5) * chroma;
    out[i + 1] = 128 + l + (next() - 0.5) * chroma;
    out[i + 2] = 128 + l + (next() - 0.5) * chroma;
  }
  return out;
}

/** Uneven light: a few soft blobs of warm light and shade at a low resolution, enlarged smoothly. */
function lightField(rand: SeededRandom): string {
  let blobs = '';
  for (let i = 0; i < 7; i++) {
    const warm = rand.chance(0.55);
    blobs += `<ellipse cx="${rand.int(0, 300)}" cy="${rand.int(0, 200)}" rx="${rand.int(40, 140)}" ry="${rand.int(30, 100)}" fill="${warm ? '#fff1d6' : '#1a1c22'}" opacity="${(0.18 + rand.next() * 0.22).toFixed(2)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#808080"/>${blobs}</svg>`;
}

/** One camera-weight photograph: a JPEG with EXIF (camera, GPS) as a phone or DSLR writes it. The same bytes every time. */
export async function renderCameraPhoto(index: number, width = CAMERA_WIDTH, height = CAMERA_HEIGHT): Promise<Buffer> {
  const rand = new SeededRandom(hashString(`camera#${index}`));
  // drawn at a third of the camera's width and enlarged (its soft shadows, clouds and foliage cost ~10x as much
  // drawn at full size: 1.5 s instead of 100 s), then given the full-size detail below: a lens is never vector-sharp
  // (two steps: sharp would draw the SVG at the enlarged size when asked to resize it)
  const drawn = Math.min(CAMERA_SCENE_WIDTH, Math.ceil(width / 3));
  const small = await sharp(Buffer.from(cameraSceneSvg(index)), { density: (72 * drawn) / CAMERA_SCENE_WIDTH })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scene = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: 3 } })
    .resize(width, height, { fit: 'cover', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const light = await sharp(Buffer.from(lightField(rand)))
    .resize(width, height, { kernel: 'cubic' })
    .blur(Math.max(0.3, width / 60))
    .removeAlpha()
    .raw()
    .toBuffer();
  const raw = { raw: { width, height, channels: 3 as const } };
  // a fine random texture at two scales: surfaces (plaster, wood, foliage), and the sensor's grain at full size
  const [tw, th] = [Math.ceil(width / 6), Math.ceil(height / 6)];
  const texture = await sharp(grain(rand.int(1, 2 ** 31), tw, th, 30), { raw: { width: tw, height: th, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const sensor = grain(rand.int(1, 2 ** 31), width, height, 24);
  return sharp(scene, raw)
    .composite([
      { input: light, ...raw, blend: 'soft-light' },
      { input: texture, ...raw, blend: 'soft-light' },
      { input: sensor, ...raw, blend: 'overlay' },
    ])
    .modulate({ saturation: 0.92 + rand.next() * 0.1 })
    .jpeg({ quality: 92, chromaSubsampling: '4:2:0', mozjpeg: false })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'Canon EOS R5', Software: 'gta-seed camera', Copyright: 'Greater Toronto listings (generated)' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 39/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 23/1 5678/100' },
    })
    .toBuffer();
}

/**
 * The pool folder, complete: renders the photographs it lacks (one at a time: libvips uses the cores itself).
 * Files are written under a temporary name and renamed, so a half-written photo is never read.
 */
export async function ensureCameraPhotoPool(dir: string, count = POOL_SIZE): Promise<string[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, poolFileName(i));
    if (!fs.existsSync(file)) {
      const body = await renderCameraPhoto(i);
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, body);
      fs.renameSync(temp, file);
    }
    files.push(file);
  }
  return files;
}
