/**
 * The image pipeline (issue 36): a listing photo's original (a 2-8 MB camera JPEG, from Airtable or the local pool)
 * made into the sizes and formats the pages show, once, and kept on disk.
 *
 * - sharp (libvips): EXIF orientation applied (`rotate()`), colour converted to sRGB (sharp's default with an ICC
 *   profile in the input), every metadata block dropped (EXIF with GPS, XMP, IPTC: sharp writes none unless asked).
 * - Refused input: more than maxInputBytes, more than maxInputPixels (checked from the header before decoding), or
 *   not an image: a PhotoRefusedError, remembered a while so a page's every view does not fetch it again.
 * - A disk cache in cacheDir (DATA_DIR/photo-cache): derivatives and originals, bounded by maxCacheBytes, the least
 *   recently used evicted; it is read back at start, so derivatives survive restarts. Files are written under a
 *   temporary name and renamed (a reader never sees half a file; two replicas on one volume may both write).
 * - Bounded work: at most `concurrency` decodes/encodes at once, the rest wait in a queue of at most maxQueue (beyond
 *   that: PhotoBusyError, answered 503 + Retry-After). The same derivative asked twice is made once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Logger } from '../log';
import { COLOURS_FILE, PhotoColours, placeholderColour } from './photoColours';

/** Widths the pages ask for (cards, gallery, hero, full screen); any other width is a 404 (no cache blow-up). */
export const PHOTO_WIDTHS = [320, 480, 640, 800, 1080, 1280, 1600, 1920, 2560] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
export type PhotoFormat = 'avif' | 'webp' | 'jpeg';
/** The link-preview size social networks show (og:image, twitter:image). */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;
/** Bump when the encoding changes: derivatives made by another version are not reused. */
export const PIPELINE_VERSION = 1;

export const CONTENT_TYPES: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** The original of a photo: a stable identity (the same bytes for the same key) and how to read them. */
export interface PhotoSource {
  key: string;
  load(): Promise<Buffer>;
}

export type DerivativeSpec = { kind: 'width'; width: PhotoWidth; format: PhotoFormat } | { kind: 'share' };

export class PhotoRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoRefusedError';
  }
}

export class PhotoBusyError extends Error {
  constructor() {
    super('the image queue is full');
    this.name = 'PhotoBusyError';
  }
}

export interface PhotoPipelineOptions {
  cacheDir: string;
  /** Bytes kept on disk, derivatives and originals together (default 2 GB). */
  maxCacheBytes?: number;
  /** sharp jobs at once (default: 2). */
  concurrency?: number;
  /** Waiting jobs beyond which new ones are refused as busy (default 500). */
  maxQueue?: number;
  /** Slots shared with another pipeline (then concurrency and maxQueue are theirs). */
  slots?: WorkSlots;
  /** Largest original accepted (default 40 MB). */
  maxInputBytes?: number;
  /** Most pixels accepted (default 60 megapixels: a 100-megapixel file is refused). */
  maxInputPixels?: number;
  /** How long a refused original is remembered (default 10 min). */
  refusalMemoryMs?: number;
  log?: Logger;
}

interface CacheEntry {
  size: number;
  usedAt: number;
}

export interface PipelineStats {
  active: number;
  queued: number;
  /** The most jobs seen running at once since start. */
  peakActive: number;
  derived: number;
  cacheHits: number;
  cacheBytes: number;
  evicted: number;
}

const EXTENSIONS: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The bound on sharp jobs at once, shared by pipelines that keep their files in different folders. */
export class WorkSlots {
  private readonly waiting: (() => void)[] = [];
  running = 0;
  peak = 0;
  /** Derivatives being made, from the original's read to the encoder's end (busy: PhotoPipeline.busy). */
  making = 0;

  constructor(
    readonly concurrency = 2,
    readonly maxQueue = 500,
  ) {}

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs a job when one of the `concurrency` slots is free; a full queue refuses at once. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw new PhotoBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

export class PhotoPipeline {
  private readonly cacheDir: string;
  private readonly maxCacheBytes: number;
  private readonly slots: WorkSlots;
  readonly maxInputBytes: number;
  readonly maxInputPixels: number;
  private readonly refusalMemoryMs: number;
  private readonly entries = new Map<string, CacheEntry>();
  private cacheBytes = 0;
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private readonly refused = new Map<string, { at: number; message: string }>();
  private readonly counters = { derived: 0, cacheHits: 0, evicted: 0 };
  /** Each photo's placeholder colour, learnt with its first derivative, kept in the cache folder (photoColours.ts). */
  readonly colours: PhotoColours;
  private readonly learning = new Set<string>();

  constructor(private readonly options: PhotoPipelineOptions) {
    this.cacheDir = options.cacheDir;
    this.maxCacheBytes = options.maxCacheBytes ?? 2 * 1024 ** 3;
    this.slots = options.slots ?? new WorkSlots(Math.max(1, options.concurrency ?? 2), options.maxQueue ?? 500);
    this.maxInputBytes = options.maxInputBytes ?? 40 * 1024 ** 2;
    this.maxInputPixels = options.maxInputPixels ?? 60_000_000;
    this.refusalMemoryMs = options.refusalMemoryMs ?? 10 * 60_000;
    fs.mkdirSync(this.cacheDir, { recursive: true });
    this.colours = new PhotoColours(path.join(this.cacheDir, COLOURS_FILE), { log: options.log });
    this.readIndex();
  }

  /** What is kept on disk from an earlier run: the cache survives restarts, oldest-used first out. */
  private readIndex(): void {
    for (const name of fs.readdirSync(this.cacheDir)) {
      if (name === COLOURS_FILE) continue;
      const file = path.join(this.cacheDir, name);
      if (name.endsWith('.tmp')) {
        fs.rmSync(file, { force: true });
        continue;
      }
      try {
        const stat = fs.statSync(file);
        this.entries.set(name, { size: stat.size, usedAt: stat.mtimeMs });
        this.cacheBytes += stat.size;
      } catch {
        // removed meanwhile (another replica evicted it)
      }
    }
    this.evict();
  }

  stats(): PipelineStats {
    return { active: this.slots.running, queued: this.slots.queued, peakActive: this.slots.peak, cacheBytes: this.cacheBytes, ...this.counters };
  }

  /** The derivative's bytes: from the disk cache, or made from the original (once, however many ask at once). */
  async derive(source: PhotoSource, spec: DerivativeSpec): Promise<Buffer> {
    const name = derivativeName(source.key, spec);
    const kept = this.readKept(name);
    if (kept) {
      this.counters.cacheHits++;
      // kept from before the colours were (or from a crash before their file was written): learnt from this one, once,
      // when the encoder has a slot free (else on a later request); a 16 px reduction of a derivative takes ~50 ms
      if (!this.colours.get(source.key) && !this.busy) await this.learnColour(source.key, kept);
      return kept;
    }
    this.checkRefused(source.key);
    return this.once(name, async () => {
      this.slots.making++;
      try {
        const original = await this.original(source);
        const body = await this.slots.run(async () => {
          const made = await this.encode(original, spec, source.key);
          // the photo's first derivative: its placeholder colour too, so the next Properties answer carries it
          if (!this.colours.get(source.key)) await this.learnColour(source.key, original);
          return made;
        });
        this.counters.derived++;
        this.keep(name, body);
        return body;
      } finally {
        this.slots.making--;
      }
    });
  }

  /** The photo's placeholder colour ('#rrggbb'), once one of its derivatives has been made. */
  placeholder(key: string): string | undefined {
    return this.colours.get(key);
  }

  /** Learns a photo's placeholder colour from an image of it (once at a time); a failure only leaves it unknown. */
  private async learnColour(key: string, image: Buffer): Promise<void> {
    if (this.learning.has(key)) return;
    this.learning.add(key);
    try {
      this.colours.set(key, await placeholderColour(image, this.maxInputPixels));
    } catch (err) {
      this.options.log?.warn({ part: 'photos', err, photo: key }, 'photo placeholder: the colour could not be read');
    } finally {
      this.learning.delete(key);
    }
  }

  /** True when the derivative is kept on disk (as far as this process knows). */
  has(source: PhotoSource, spec: DerivativeSpec): boolean {
    return this.entries.has(derivativeName(source.key, spec));
  }

  /** True when the original was refused lately (it answers the stock image, not a stand-in). */
  isRefused(source: PhotoSource): boolean {
    try {
      this.checkRefused(source.key);
      return false;
    } catch {
      return true;
    }
  }

  /**
   * True when derivatives are being made for every slot (counted from the original's read, not only the encoder's
   * run): a new one would wait in line. The slots are shared by the pipelines.
   */
  get busy(): boolean {
    return this.slots.making >= this.slots.concurrency;
  }

  /**
   * A stand-in for a derivative that is not ready: the nearest derivative of the same photo and format already on
   * disk, smaller widths first (then larger), or undefined. The share image has none.
   */
  standIn(source: PhotoSource, spec: DerivativeSpec): { body: Buffer; spec: DerivativeSpec } | undefined {
    if (spec.kind === 'share') return undefined;
    const smaller = PHOTO_WIDTHS.filter((w) => w < spec.width).reverse();
    const larger = PHOTO_WIDTHS.filter((w) => w > spec.width);
    for (const width of [...smaller, ...larger]) {
      const near: DerivativeSpec = { kind: 'width', width, format: spec.format };
      const body = this.readKept(derivativeName(source.key, near));
      if (body) return { body, spec: near };
    }
    return undefined;
  }

  /** Makes the derivative in the background (a later request finds it on disk); a refusal or a full line is dropped. */
  prepare(source: PhotoSource, spec: DerivativeSpec): void {
    this.derive(source, spec).catch((err: unknown) => {
      if (!(err instanceof PhotoRefusedError) && !(err instanceof PhotoBusyError)) {
        this.options.log?.warn({ part: 'photos', err, photo: source.key }, 'a photo prepared in the background could not be made');
      }
    });
  }

  /** The original's bytes, kept on disk too (a burst of widths of one new photo fetches it once). */
  private async original(source: PhotoSource): Promise<Buffer> {
    const name = `orig-${hashKey(source.key)}`;
    const kept = this.readKept(name);
    if (kept) return kept;
    return this.once(name, async () => {
      let body: Buffer;
      try {
        body = await source.load();
      } catch (err) {
        if (err instanceof PhotoRefusedError) this.refuse(source.key, err.message);
        throw err;
      }
      if (body.length > this.maxInputBytes) this.refuse(source.key, `the original is ${body.length} bytes (limit ${this.maxInputBytes})`);
      let meta: Metadata;
      try {
        meta = await sharp(body).metadata();
      } catch {
        this.refuse(source.key, 'the original is not an image');
      }
      const pixels = (meta.width ?? 0) * (meta.height ?? 0);
      if (!meta.width || !meta.height || !meta.format) this.refuse(source.key, 'the original is not an image');
      if (pixels > this.maxInputPixels) this.refuse(source.key, `the original has ${pixels} pixels (limit ${this.maxInputPixels})`);
      this.keep(name, body);
      return body;
    });
  }

  private async encode(original: Buffer, spec: DerivativeSpec, key: string): Promise<Buffer> {
    try {
      // orientation from EXIF applied, then every metadata block dropped; colour to sRGB (the ICC profile is used)
      let image = sharp(original, { limitInputPixels: this.maxInputPixels, failOn: 'error', sequentialRead: true }).rotate();
      if (spec.kind === 'share') {
        image = image.resize(SHARE_SIZE.width, SHARE_SIZE.height, { fit: 'cover', position: 'attention' });
        return await image.toColourspace('srgb').jpeg({ quality: 82, mozjpeg: true }).toBuffer();
      }
      image = image.resize({ width: spec.width, withoutEnlargement: true }).toColourspace('srgb');
      if (spec.format === 'avif') return await image.avif({ quality: 50, effort: 2 }).toBuffer();
      if (spec.format === 'webp') return await image.webp({ quality: 74, effort: 4 }).toBuffer();
      return await image.jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
    } catch (err) {
      this.refuse(key, `the original could not be decoded: ${(err as Error).message}`);
    }
  }

  private refuse(key: string, message: string): never {
    this.refused.set(key, { at: Date.now(), message });
    this.options.log?.warn({ part: 'photos', photo: key, reason: message }, 'photo refused: the stock image is shown');
    throw new PhotoRefusedError(message);
  }

  private checkRefused(key: string): void {
    const refusal = this.refused.get(key);
    if (!refusal) return;
    if (Date.now() - refusal.at > this.refusalMemoryMs) this.refused.delete(key);
    else throw new PhotoRefusedError(refusal.message);
  }

  private once(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const running = this.inflight.get(name);
    if (running) return running;
    const promise = make().finally(() => this.inflight.delete(name));
    this.inflight.set(name, promise);
    return promise;
  }

  private readKept(name: string): Buffer | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    try {
      const body = fs.readFileSync(path.join(this.cacheDir, name));
      entry.usedAt = Date.now();
      // the use is written to the file's mtime, so the order survives a restart (best effort)
      const now = new Date();
      fs.utimes(path.join(this.cacheDir, name), now, now, () => undefined);
      return body;
    } catch {
      this.forget(name);
      return undefined;
    }
  }

  private keep(name: string, body: Buffer): void {
    const file = path.join(this.cacheDir, name);
    const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    try {
      fs.writeFileSync(temp, body);
      fs.renameSync(temp, file);
    } catch (err) {
      fs.rmSync(temp, { force: true });
      this.options.log?.warn({ part: 'photos', err }, 'photo cache: a file could not be written');
      return;
    }
    const previous = this.entries.get(name);
    if (previous) this.cacheBytes -= previous.size;
    this.entries.set(name, { size: body.length, usedAt: Date.now() });
    this.cacheBytes += body.length;
    this.evict();
  }

  private forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.cacheBytes -= entry.size;
  }

  /** Least recently used out until the cache is at 90% of its bound. */
  private evict(): void {
    if (this.cacheBytes <= this.maxCacheBytes) return;
    const target = this.maxCacheBytes * 0.9;
    const oldestFirst = [...this.entries].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [name] of oldestFirst) {
      if (this.cacheBytes <= target) break;
      fs.rmSync(path.join(this.cacheDir, name), { force: true });
      this.forget(name);
      this.counters.evicted++;
    }
  }
}

function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 32);
}

export function derivativeName(key: string, spec: DerivativeSpec): string {
  const what = spec.kind === 'share' ? `share-${SHARE_SIZE.width}x${SHARE_SIZE.height}.jpg` : `w${spec.width}.${EXTENSIONS[spec.format]}`;
  return `v${PIPELINE_VERSION}-${hashKey(key)}-${what}`;
}

/**
 * The best format an Accept header takes: AVIF, then WebP, else JPEG. Browsers send `image/avif,image/webp,...` for
 * images; a `q=0` excludes a type.
 */
export function negotiateFormat(accept: string | undefined): PhotoFormat {
  const types = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!type) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    types.set(type, q ? Number(q.slice(2)) : 1);
  }
  const takes = (type: string) => (types.get(type) ?? 0) > 0;
  if (takes('image/avif')) return 'avif';
  if (takes('image/webp')) return 'webp';
  return 'jpeg';
}
