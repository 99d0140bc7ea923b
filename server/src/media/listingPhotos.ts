/**
 * Where a listing photo's original comes from, and the site's own URL of each photo (issue 36).
 *
 * Visitors never see an attachment's own URL: Airtable signs those and lets them expire after a few hours, and the
 * originals are 2-8 MB. The Properties answers the site reads carry `/media/photos/{record}/{attachment}` instead
 * (publicPhotos), and the pipeline's route (photoRoutes.ts) serves `{that}/{width}[.{format}]` from the disk cache, or
 * makes it from the original: read through the attachment's current URL in the store (the synced copy in Airtable
 * mode), and when that URL has expired, through a fresh one from the record read again (freshRecord).
 *
 * An attachment keeps its Airtable id (`att…`: a new upload is a new id, so the URL is versioned by it). The messy
 * shapes the seed also writes (a URL string) get a stable id from the URL's hash (`u…`).
 */
import crypto from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import { PROPERTIES_TABLE, type FieldValue } from '@gta/shared/core';
import type { Store } from '../store/store';
import { PhotoRefusedError, type PhotoSource } from './photoPipeline';
import { POOL_SIZE, ensureCameraPhotoPool, poolFileName, poolIndexFor, renderCameraPhoto } from './cameraPhotos';

export const PHOTO_PATH = '/media/photos';
const DROPPED = new Set(['', 'undefined', 'null']);
const ATTACHMENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const RECORD_ID = /^rec[A-Za-z0-9]{1,40}$/;

export interface PhotoEntry {
  id: string;
  url: string;
  width?: number;
  height?: number;
  filename?: string;
}

function urlId(url: string): string {
  return `u${crypto.createHash('sha256').update(url).digest('hex').slice(0, 20)}`;
}

/** The photos of a record's Photos value, in order, in any of the shapes the normaliser accepts (shared photos.ts). */
export function photoEntries(photos: unknown): PhotoEntry[] {
  let list: unknown[];
  if (Array.isArray(photos)) list = photos;
  else if (typeof photos === 'string') list = photos.split(',');
  else if (photos && typeof photos === 'object') list = [photos];
  else list = [];
  const out: PhotoEntry[] = [];
  for (const item of list) {
    if (typeof item === 'string') {
      const url = item.trim();
      if (!DROPPED.has(url.toLowerCase())) out.push({ id: urlId(url), url });
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const a = item as Record<string, unknown>;
    const url = typeof a.url === 'string' ? a.url.trim() : '';
    if (DROPPED.has(url.toLowerCase())) continue;
    const id = typeof a.id === 'string' && ATTACHMENT_ID.test(a.id) ? a.id : urlId(url);
    out.push({
      id,
      url,
      ...(typeof a.width === 'number' ? { width: a.width } : {}),
      ...(typeof a.height === 'number' ? { height: a.height } : {}),
      ...(typeof a.filename === 'string' ? { filename: a.filename } : {}),
    });
  }
  return out;
}

export function photoUrl(recordId: string, attachmentId: string): string {
  return `${PHOTO_PATH}/${encodeURIComponent(recordId)}/${encodeURIComponent(attachmentId)}`;
}

/**
 * The identity of a photo's original (PhotoSource.key): a pool photograph by its file, an Airtable attachment by its
 * id (a new upload is a new id), a bare URL string by itself.
 */
export function sourceKeyOf(entry: PhotoEntry): string {
  const pool = localPoolIndex(entry.url);
  if (pool !== null) return `pool:${poolFileName(pool)}`;
  return entry.id.startsWith('u') ? `url:${entry.url}` : `att:${entry.id}`;
}

/** A photo's placeholder colour by its original's identity (the pipelines' PhotoColours), when known. */
export type PlaceholderOf = (key: string) => string | undefined;

/**
 * The Photos value visitors get: attachment objects whose `url` is the site's own, with the original's width and
 * height (the pages' aspect ratio), its placeholder colour once known (`#rrggbb`, painted before the photo loads) and
 * no thumbnails (Airtable's expire too).
 */
export function publicPhotos(
  recordId: string,
  photos: unknown,
  placeholderOf?: PlaceholderOf,
): { id: string; url: string; filename?: string; width?: number; height?: number; type: string; placeholder?: string }[] {
  return photoEntries(photos).map((p) => {
    const placeholder = placeholderOf?.(sourceKeyOf(p));
    return {
      id: p.id,
      url: photoUrl(recordId, p.id),
      ...(p.filename ? { filename: p.filename } : {}),
      ...(p.width && p.height ? { width: p.width, height: p.height } : {}),
      type: 'image/jpeg',
      ...(placeholder ? { placeholder } : {}),
    };
  });
}

/** Each app's placeholder colours, by its records service (registered by the photos feature, src/media/index.ts). */
const placeholderRegistry = new WeakMap<object, PlaceholderOf>();

export function registerPlaceholders(records: object, placeholderOf: PlaceholderOf): void {
  placeholderRegistry.set(records, placeholderOf);
}

/** The attachment fields of Properties visitors read through the pipeline: the photos, and the floor plans. */
export const PHOTO_FIELDS = ['Photos', 'Floor Plans'] as const;

/** Every image attachment of a record's fields (PHOTO_FIELDS), in field order: where a photo URL's original is found. */
export function attachmentEntries(fields: Record<string, unknown>): PhotoEntry[] {
  return PHOTO_FIELDS.flatMap((field) => photoEntries(fields[field]));
}

/**
 * A Properties record with its Photos and Floor Plans values in the public form (stored values: before any cell
 * formatting), with the placeholder colours known to the app of `records`.
 */
export function withPublicPhotos<R extends { id: string; fields: Record<string, FieldValue> }>(record: R, records?: object): R {
  if (!PHOTO_FIELDS.some((field) => field in record.fields)) return record;
  const placeholderOf = records ? placeholderRegistry.get(records) : undefined;
  const fields: Record<string, FieldValue> = { ...record.fields };
  for (const field of PHOTO_FIELDS) if (field in fields) fields[field] = publicPhotos(record.id, fields[field], placeholderOf) as unknown as FieldValue;
  return { ...record, fields };
}

/** The local pool photograph behind a seed URL (`/media/listings/{key}/{n}.svg|jpg`), or null. */
export function localPoolIndex(url: string): number | null {
  const m = /^\/media\/listings\/([A-Za-z0-9_-]{1,40})\/(\d{1,2})\.(?:svg|jpg)$/.exec(url);
  return m ? poolIndexFor(m[1] as string, Number(m[2])) : null;
}

class ExpiredUrlError extends Error {}

export interface PhotoSourcesOptions {
  store: Store;
  /** The local pool of camera photographs (cameraPhotos.ts), rendered on first need. */
  poolDir: string;
  maxInputBytes: number;
  /** Airtable mode: the record read again from the base (fresh attachment URLs), or undefined. */
  freshRecord?: (recordId: string) => Promise<{ fields: Record<string, unknown> } | undefined>;
  fetchTimeoutMs?: number;
  /** How long a photo's identity is known without reading its record again (other replicas' writes; default 60 s). */
  knownForMs?: number;
  /** Photos whose identity is known at once, most recently asked kept (default 20,000). */
  maxKnown?: number;
}

export class PhotoSources {
  private readonly pooling = new Map<number, Promise<string>>();
  /**
   * (record, attachment) → the original's identity and how to load it, so a derivative kept on disk is served
   * without a database read. Forgotten when Properties changes here (forget(): RecordsService.onWrite, the sync's
   * changes) and after knownForMs (a write on another replica); in the order last asked, at most maxKnown.
   */
  private readonly known = new Map<string, { source: PhotoSource; at: number }>();
  /** Records read to find a photo's original (tests read it). */
  reads = 0;

  constructor(private readonly options: PhotoSourcesOptions) {}

  /** Properties changed (a write, a sync, a fresh record): every photo's identity is read again on its next request. */
  forget(): void {
    this.known.clear();
  }

  /** The original of photo `attachmentId` of listing `recordId`, or undefined when the listing has no such photo. */
  async source(recordId: string, attachmentId: string): Promise<PhotoSource | undefined> {
    if (!RECORD_ID.test(recordId) || !ATTACHMENT_ID.test(attachmentId)) return undefined;
    const id = `${recordId}/${attachmentId}`;
    const known = this.known.get(id);
    if (known && Date.now() - known.at < (this.options.knownForMs ?? 60_000)) {
      this.known.delete(id);
      this.known.set(id, known);
      return known.source;
    }
    this.known.delete(id);
    const source = await this.read(recordId, attachmentId);
    if (source) {
      this.known.set(id, { source, at: Date.now() });
      if (this.known.size > (this.options.maxKnown ?? 20_000)) this.known.delete(this.known.keys().next().value as string);
    }
    return source;
  }

  private async read(recordId: string, attachmentId: string): Promise<PhotoSource | undefined> {
    this.reads++;
    const record = await this.options.store.find(PROPERTIES_TABLE, recordId);
    const entry = record ? attachmentEntries(record.fields).find((p) => p.id === attachmentId) : undefined;
    if (!entry) return undefined;
    const key = sourceKeyOf(entry);
    const pool = localPoolIndex(entry.url);
    if (pool !== null) return { key, load: () => this.poolPhoto(pool) };
    return { key, load: () => this.fetchFresh(recordId, attachmentId, entry.url) };
  }

  /**
   * Local mode: renders the pool photographs not yet on disk, one at a time (first start; about 5-10 s each), and
   * through `derive` the sizes the pages ask for most, so a first visit does not wait for them.
   */
  async warm(derive?: (source: PhotoSource) => Promise<void>): Promise<number> {
    let made = 0;
    for (let i = 0; i < POOL_SIZE; i++) {
      if (!fs.existsSync(path.join(this.options.poolDir, poolFileName(i)))) made++;
      await this.poolPhoto(i);
    }
    for (let i = 0; i < POOL_SIZE && derive; i++) await derive({ key: `pool:${poolFileName(i)}`, load: () => this.poolPhoto(i) });
    return made;
  }

  private poolPhoto(index: number): Promise<Buffer> {
    let file = this.pooling.get(index);
    if (!file) {
      file = (async () => {
        const name = path.join(this.options.poolDir, poolFileName(index));
        if (!fs.existsSync(name)) {
          fs.mkdirSync(this.options.poolDir, { recursive: true });
          const temp = `${name}.${process.pid}.tmp`;
          fs.writeFileSync(temp, await renderCameraPhoto(index));
          fs.renameSync(temp, name);
        }
        return name;
      })();
      this.pooling.set(index, file);
      file.catch(() => this.pooling.delete(index));
    }
    return file.then((name) => fs.promises.readFile(name));
  }

  /** Through the URL in the copy; when it has expired, through the URL of the record read again. */
  private async fetchFresh(recordId: string, attachmentId: string, url: string): Promise<Buffer> {
    try {
      return await this.fetchOriginal(url);
    } catch (err) {
      if (!(err instanceof ExpiredUrlError) || !this.options.freshRecord) throw err;
    }
    const fresh = await this.options.freshRecord(recordId);
    const entry = fresh ? attachmentEntries(fresh.fields).find((p) => p.id === attachmentId) : undefined;
    if (!entry) throw new PhotoRefusedError('the attachment is gone from the record');
    return this.fetchOriginal(entry.url);
  }

  private async fetchOriginal(url: string): Promise<Buffer> {
    if (!/^https?:\/\//.test(url)) throw new PhotoRefusedError('the attachment has no URL the server can read');
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.fetchTimeoutMs ?? 30_000), redirect: 'follow' });
    if ([401, 403, 404, 410].includes(response.status)) {
      await response.body?.cancel();
      throw new ExpiredUrlError(`the attachment URL answered ${response.status}`);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new Error(`the attachment URL answered ${response.status}`);
    }
    const limit = this.options.maxInputBytes;
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > limit) {
      await response.body.cancel();
      throw new PhotoRefusedError(`the original is ${declared} bytes (limit ${limit})`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > limit) throw new PhotoRefusedError(`the original is over ${limit} bytes`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
}

export { ensureCameraPhotoPool };
