/**
 * Static hosting of the built apps: content-hashed files cached for a year, entry files (index.html, main.js,
 * remoteEntry.js, mf-manifest.json) revalidated every time with ETag / Last-Modified, brotli or gzip for text,
 * compressed hashed files kept in memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dropDocumentHeadersForSubresource } from './security';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.webmanifest': 'application/manifest+json',
};

export function mimeType(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** `name.0123456789.js`, `fonts/inter.a1b2c3d4e5.woff2`: a content hash of 8+ hex digits between dots. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.LICENSE\.txt)?$/i;

export function isHashedFile(file: string): boolean {
  return HASHED.test(path.basename(file));
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** Picks brotli when the client accepts it, else gzip, else none (q=0 honoured). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name ?? '', q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string): boolean => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br')
    return zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  return body;
}

interface CachedVariant {
  mtimeMs: number;
  body: Buffer;
}

/** Compressed variants of immutable (hashed) files, keyed by path and encoding; bounded in size. */
class CompressionCache {
  private readonly entries = new Map<string, CachedVariant>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string, mtimeMs: number): Buffer | undefined {
    const hit = this.entries.get(key);
    return hit && hit.mtimeMs === mtimeMs ? hit.body : undefined;
  }

  set(key: string, mtimeMs: number, body: Buffer): void {
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.set(key, { mtimeMs, body });
    this.bytes += body.length;
    while (this.bytes > this.maxBytes && this.entries.size > 0) {
      const first = this.entries.keys().next().value as string;
      const evicted = this.entries.get(first);
      if (evicted) this.bytes -= evicted.body.length;
      this.entries.delete(first);
    }
  }
}

const compressionCache = new CompressionCache(64 * 1024 * 1024);

export interface SendBodyOptions {
  contentType: string;
  cacheControl: string;
  /** Strong validator for the uncompressed content. */
  etag?: string;
  lastModified?: Date;
  status?: number;
  headers?: Record<string, string>;
  /** Key for keeping compressed variants in memory (content that changes only with the key or its mtime). */
  cacheKey?: { key: string; mtimeMs: number };
  /** A brotli copy made at build time (quality 11, about 8% smaller than the per-request quality 5), if any. */
  prebuiltBrotli?: () => Buffer | undefined;
}

function notModified(req: IncomingMessage, etag: string | undefined, lastModified: Date | undefined): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined && etag) {
    return inm.split(',').some((tag) => {
      const t = tag.trim().replace(/^W\//, '');
      return t === '*' || t === etag;
    });
  }
  const ims = req.headers['if-modified-since'];
  if (ims && lastModified) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/**
 * The build's brotli copy when it decompresses to exactly `body`: a copy left behind by an older build of a file
 * with a fixed name (main.js, remoteEntry.js) is never sent. Checked once per file version (the result is cached).
 */
function prebuiltBrotli(body: Buffer, read: (() => Buffer | undefined) | undefined): Buffer | undefined {
  const compressed = read?.();
  if (!compressed) return undefined;
  try {
    return zlib.brotliDecompressSync(compressed).equals(body) ? compressed : undefined;
  } catch {
    return undefined;
  }
}

/** Sends a body with validators, conditional 304, and negotiated compression. */
export function sendBody(req: IncomingMessage, res: ServerResponse, body: Buffer, options: SendBodyOptions): void {
  const status = options.status ?? 200;
  const headers: Record<string, string> = {
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl,
    ...options.headers,
  };
  if (options.etag) headers.ETag = options.etag;
  if (options.lastModified) headers['Last-Modified'] = options.lastModified.toUTCString();
  const compressible = isCompressible(options.contentType) && body.length > 512;
  // keep a Vary the route set (Host, for answers built from the Host header)
  if (compressible) headers.Vary = [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', ');
  if (status === 200 && notModified(req, options.etag, options.lastModified)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let out = body;
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : 'identity';
  if (encoding !== 'identity') {
    const key = options.cacheKey ? `${options.cacheKey.key}|${encoding}` : undefined;
    const cached = key && options.cacheKey ? compressionCache.get(key, options.cacheKey.mtimeMs) : undefined;
    if (cached) out = cached;
    else {
      out = (encoding === 'br' && prebuiltBrotli(body, options.prebuiltBrotli)) || compress(body, encoding);
      if (key && options.cacheKey) compressionCache.set(key, options.cacheKey.mtimeMs, out);
    }
    headers['Content-Encoding'] = encoding;
  }
  headers['Content-Length'] = String(out.length);
  res.writeHead(status, headers);
  res.end(out);
}

/** Resolves `relative` inside `root`, refusing anything that escapes it. */
export function resolveInside(root: string, relative: string): string | null {
  const cleaned = relative.replace(/\\/g, '/');
  if (cleaned.includes('\0')) return null;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + cleaned));
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

export interface StaticFile {
  file: string;
  stat: fs.Stats;
}

/** The regular file at root/relative, or null (directories, missing files, escapes, dot files such as dist/.builds.json). */
export function findFile(root: string, relative: string): StaticFile | null {
  if (relative.split(/[\\/]/).some((segment) => segment.startsWith('.') && segment !== '.' && segment !== '..')) return null;
  const file = resolveInside(root, relative);
  if (!file) return null;
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? { file, stat } : null;
  } catch {
    return null;
  }
}

function weakEtag(stat: fs.Stats): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

/** Sends a file from disk with the caching rule for its name. */
export function sendFile(req: IncomingMessage, res: ServerResponse, found: StaticFile, extraHeaders: Record<string, string> = {}, status = 200): void {
  const hashed = isHashedFile(found.file);
  let body: Buffer;
  try {
    body = fs.readFileSync(found.file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found');
    return;
  }
  const contentType = mimeType(found.file);
  dropDocumentHeadersForSubresource(res, contentType);
  sendBody(req, res, body, {
    status,
    contentType,
    cacheControl: hashed ? IMMUTABLE : REVALIDATE,
    etag: weakEtag(found.stat),
    lastModified: found.stat.mtime,
    headers: extraHeaders,
    cacheKey: { key: `${found.file}:${found.stat.size}`, mtimeMs: found.stat.mtimeMs },
    prebuiltBrotli: () => {
      try {
        return fs.readFileSync(`${found.file}.br`);
      } catch {
        return undefined;
      }
    },
  });
}

/** A built file kept in the store's archive (src/site/buildArchive.ts): the body, its SHA-256 (hex) and when it was archived. */
export interface ArchivedBody {
  body: Buffer;
  sha256: string;
  archivedAt: number;
}

/**
 * Sends a hashed file of another build from the archive, as sendFile sends one from disk: its type, immutable caching,
 * the subresource headers (no document-only ones), compression; the validator is its SHA-256.
 */
export function sendArchived(req: IncomingMessage, res: ServerResponse, key: string, file: ArchivedBody, extraHeaders: Record<string, string> = {}): void {
  const contentType = mimeType(key);
  dropDocumentHeadersForSubresource(res, contentType);
  sendBody(req, res, file.body, {
    contentType,
    cacheControl: IMMUTABLE,
    etag: `"${file.sha256.slice(0, 32)}"`,
    lastModified: new Date(file.archivedAt),
    headers: extraHeaders,
    cacheKey: { key: `archive:${key}`, mtimeMs: 0 },
  });
}
