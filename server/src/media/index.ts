/**
 * The listing photos feature (issue 36): the image pipeline, where each photo's original comes from, the local pool's
 * camera-weight photographs warmed at start, and GET /media/photos/… (photoRoutes.ts). Registered in src/plugins.ts,
 * before the static hosting of /media/*, so the photo URLs are not read as files.
 */
import path from 'node:path';
import { PROPERTIES_TABLE } from '@gta/shared/core';
import { isProxyMode } from '../config';
import type { ServerApp } from '../serverApp';
import { PhotoPipeline, WorkSlots } from './photoPipeline';
import { PhotoSources, registerPlaceholders } from './listingPhotos';
import { registerPhotoRoutes } from './photoRoutes';

export function registerPhotos(app: ServerApp): void {
  const { config, store, log, router, airtableGateway, airtableSync, records } = app;
  const airtableMode = isProxyMode(config);
  // listing photos through the image pipeline (issue 36): before /media/* so the photo URLs are not read as files
  const photoSlots = new WorkSlots(config.photoConcurrency ?? 2);
  const photoPipeline = new PhotoPipeline({
    cacheDir: path.join(config.dataDir, 'photo-cache'),
    maxCacheBytes: config.photoCacheBytes,
    slots: photoSlots,
    log: log.child({ part: 'photos' }),
  });
  const photoPoolDir = config.photoPoolDir ?? path.join(config.dataDir, 'camera-photos');
  // local mode's ten pool photographs are the same in every data folder: so are their derivatives, kept beside them
  const poolPipeline = airtableMode
    ? undefined
    : new PhotoPipeline({
        cacheDir: path.join(photoPoolDir, `derived`),
        maxCacheBytes: 512 * 1024 * 1024,
        slots: photoSlots,
        log: log.child({ part: 'photos' }),
      });
  const photoSources = new PhotoSources({
    store,
    poolDir: photoPoolDir,
    maxInputBytes: photoPipeline.maxInputBytes,
    // an expired attachment URL: the record read again from the base (fresh URLs), and the copy takes it
    freshRecord: airtableGateway
      ? async (recordId) => {
          const response = await airtableGateway.send(
            { method: 'GET', path: `${airtableGateway.tablePath(PROPERTIES_TABLE)}/${encodeURIComponent(recordId)}`, search: '' },
            { priority: 'staff', maxWaitMs: 10_000 },
          );
          if (response.status !== 200) return undefined;
          await airtableSync?.applyWritten(PROPERTIES_TABLE, response.body);
          const record = JSON.parse(response.body.toString('utf8')) as { fields?: Record<string, unknown> };
          return record.fields ? { fields: record.fields } : undefined;
        }
      : undefined,
  });
  if (!airtableMode && !config.quiet) {
    // local mode's camera-weight photographs, rendered in the background on first start (kept in the pool folder)
    const usual = [320, 480, 800, 1080, 1280] as const;
    void photoSources
      .warm(async (source) => {
        for (const width of usual) for (const format of ['avif', 'webp'] as const) await poolPipeline?.derive(source, { kind: 'width', width, format });
        await poolPipeline?.derive(source, { kind: 'share' });
      })
      .then(
        (made) => made > 0 && log.info({ part: 'photos', made }, 'rendered the camera-weight seed photographs'),
        (err: unknown) => log.warn({ part: 'photos', err }, 'the seed photographs could not be rendered'),
      );
  }
  // a photo's identity is kept in memory (no database read per view) until Properties changes here: a write through
  // the records API, the Airtable sync's changes, a record read again for fresh URLs (other replicas: knownForMs)
  records.onWrite((table) => table === PROPERTIES_TABLE && photoSources.forget());
  // each photo's placeholder colour, learnt with its first derivative, in this app's Properties answers to visitors
  registerPlaceholders(records, (key) => (key.startsWith('pool:') && poolPipeline ? poolPipeline.placeholder(key) : photoPipeline.placeholder(key)));
  app.onClose(async () => {
    await photoPipeline.colours.flush();
    await poolPipeline?.colours.flush();
  });
  registerPhotoRoutes(router, {
    pipeline: photoPipeline,
    poolPipeline,
    sources: photoSources,
    fallbackFile: path.join(config.mediaDir, 'fallback', 'property.svg'),
    log: log.child({ part: 'photos' }),
  });
}
