/**
 * GET /media/photos/{record}/{attachment}/{file}: a listing photo from the image pipeline (issue 36).
 *
 *   {width}          the format the Accept header takes best (AVIF, WebP, else JPEG); `Vary: Accept`
 *   {width}.avif|webp|jpg   that format (a CDN that ignores Vary, a <picture> source)
 *   share.jpg        the 1200 x 630 JPEG link preview (og:image, twitter:image)
 *
 * The width is one of PHOTO_WIDTHS. The attachment id versions the URL (a new upload is a new id), so an answer is
 * `immutable` for a year. A refused original (not an image, too large, too many pixels) or one that cannot be read is
 * logged and answered with the stock image, briefly cached; a full queue answers 503 + Retry-After.
 *
 * A derivative not made yet while every work slot is busy (a cold server, a page of twenty new photos) is not waited
 * for: the answer is at once the nearest size of the same photo already on disk, else the stock image, `no-store`
 * (X-Photo-Stand-In: 1), and the derivative is made in the background for the next view. Over HTTP/1.1 a browser has
 * six connections per host: photos waiting for the encoder held them all and /main.js waited behind them (h7 saw
 * 8 s). docs/photos.md has the figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Router } from '../http/router';
import { sendText } from '../http/respond';
import { IMMUTABLE, sendBody } from '../http/static';
import type { Logger } from '../log';
import {
  CONTENT_TYPES,
  PHOTO_WIDTHS,
  derivativeName,
  PhotoBusyError,
  PhotoRefusedError,
  negotiateFormat,
  type DerivativeSpec,
  type PhotoFormat,
  type PhotoPipeline,
  type PhotoWidth,
} from './photoPipeline';
import { PHOTO_PATH, type PhotoSources } from './listingPhotos';

const FORMATS: Record<string, PhotoFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg', jpeg: 'jpeg' };

export function parsePhotoFile(file: string): { spec: DerivativeSpec; negotiated: boolean } | { width: PhotoWidth; negotiated: true } | null {
  if (file === 'share.jpg') return { spec: { kind: 'share' }, negotiated: false };
  const m = /^(\d{3,4})(?:\.(avif|webp|jpe?g))?$/.exec(file);
  if (!m) return null;
  const width = Number(m[1]);
  if (!(PHOTO_WIDTHS as readonly number[]).includes(width)) return null;
  if (!m[2]) return { width: width as PhotoWidth, negotiated: true };
  return { spec: { kind: 'width', width: width as PhotoWidth, format: FORMATS[m[2]] as PhotoFormat }, negotiated: false };
}

export interface PhotoRouteDeps {
  pipeline: PhotoPipeline;
  /** Local mode's pool photographs: their derivatives kept next to the pool (the same for every data folder). */
  poolPipeline?: PhotoPipeline;
  sources: PhotoSources;
  /** The stock image shown for a refused photo (server/media/fallback/property.svg). */
  fallbackFile: string;
  log?: Logger;
}

export function registerPhotoRoutes(router: Router, deps: PhotoRouteDeps): void {
  let fallback: Buffer | undefined;
  const sendFallback = (req: Parameters<typeof sendBody>[0], res: Parameters<typeof sendBody>[1], standIn = false) => {
    fallback ??= fs.readFileSync(deps.fallbackFile);
    sendBody(req, res, fallback, {
      contentType: path.extname(deps.fallbackFile) === '.svg' ? 'image/svg+xml' : 'image/jpeg',
      // the original may be fixed in the base: not for long; a stand-in while the photo is made: not at all
      cacheControl: standIn ? 'no-store' : 'public, max-age=300',
      headers: standIn ? { 'X-Photo-Stand-In': '1' } : { 'X-Photo-Refused': '1' },
    });
  };

  router.route('GET', `${PHOTO_PATH}/:record/:attachment/:file`, async (req, res, ctx) => {
    const parsed = parsePhotoFile(ctx.params.file ?? '');
    if (!parsed) {
      sendText(res, 404, 'Not found');
      return;
    }
    const spec: DerivativeSpec = 'spec' in parsed ? parsed.spec : { kind: 'width', width: parsed.width, format: negotiateFormat(req.headers.accept) };
    const source = await deps.sources.source(ctx.params.record ?? '', ctx.params.attachment ?? '');
    if (!source) {
      sendText(res, 404, 'Not found');
      return;
    }
    const pipeline = deps.poolPipeline && source.key.startsWith('pool:') ? deps.poolPipeline : deps.pipeline;
    // (share.jpg is for link previews, whose readers keep what they get: it is always waited for)
    if (spec.kind === 'width' && !pipeline.has(source, spec) && pipeline.busy && !pipeline.isRefused(source)) {
      // not ready, and the encoder is busy: a stand-in at once rather than a connection held (see the header)
      const near = pipeline.standIn(source, spec);
      pipeline.prepare(source, spec);
      if (!near) sendFallback(req, res, true);
      else {
        sendBody(req, res, near.body, {
          contentType: CONTENT_TYPES[spec.format],
          cacheControl: 'no-store',
          headers: { 'X-Photo-Stand-In': '1', ...(parsed.negotiated ? { Vary: 'Accept' } : {}) },
        });
      }
      return;
    }
    try {
      const body = await pipeline.derive(source, spec);
      const format: PhotoFormat = spec.kind === 'share' ? 'jpeg' : spec.format;
      sendBody(req, res, body, {
        contentType: CONTENT_TYPES[format],
        cacheControl: IMMUTABLE,
        etag: `"${derivativeName(source.key, spec)}"`,
        headers: parsed.negotiated ? { Vary: 'Accept' } : {},
      });
    } catch (err) {
      if (err instanceof PhotoBusyError) {
        sendText(res, 503, 'The photo is being prepared; try again shortly.', { 'Retry-After': '2' });
        return;
      }
      if (!(err instanceof PhotoRefusedError)) deps.log?.warn({ part: 'photos', err, photo: source.key }, 'photo could not be read: the stock image is shown');
      sendFallback(req, res);
    }
  });
}
