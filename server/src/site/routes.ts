/**
 * The site's own routes beside its pages: /config.json (the runtime config), /sitemap.xml, /robots.txt, and the
 * health checks a load balancer polls (/healthz: the process answers; /readyz: send it traffic).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES } from '@gta/shared/core';
import type { ServerConfig } from '../config';
import { sendJson } from '../http/respond';
import { sendBody } from '../http/static';
import type { ServerApp } from '../serverApp';
import { buildRuntimeConfig } from './runtimeConfig';
import { buildRobots, buildSitemap } from './sitemap';

/** The parts a page needs, by the folder that must hold each build (what /readyz checks on disk). */
export function builtParts(config: ServerConfig): { name: string; dir: string }[] {
  return [
    { name: 'shell', dir: path.join(config.repoRoot, 'shell', 'dist') },
    ...REMOTE_NAMES.filter((n) => !config.remoteOverrides[n]).map((n) => ({ name: n, dir: path.join(config.repoRoot, `mfe-${n}`, 'dist') })),
  ];
}

/** /config.json, the sitemap, robots.txt and the health checks (/healthz, /readyz). */
export function registerSiteRoutes(app: ServerApp): void {
  const { router, config } = app;

  router.route('GET', '/config.json', (_req, res, ctx) => {
    sendJson(res, 200, buildRuntimeConfig(config, ctx.origin), { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
  });

  router.route('GET', '/sitemap.xml', async (req, res, ctx) => {
    if (ctx.originFromHost) res.setHeader('Vary', 'Host');
    // the store's listings in both modes (Airtable mode: the synced copy)
    const listings = (await app.listings.all()).map((r) => ({
      name: r.fields['Property Name'],
      status: r.fields.Status,
      listingDate: r.fields['Listing Date'],
    }));
    sendBody(req, res, Buffer.from(buildSitemap(ctx.origin, listings)), {
      contentType: 'application/xml; charset=utf-8',
      cacheControl: 'public, max-age=3600',
    });
  });

  router.route('GET', '/robots.txt', (req, res, ctx) => {
    if (ctx.originFromHost) res.setHeader('Vary', 'Host');
    sendBody(req, res, Buffer.from(buildRobots(ctx.origin)), { contentType: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=3600' });
  });

  /** Liveness: the process answers. A load balancer restarts a replica that stops answering here. */
  router.route('GET', '/healthz', (_req, res) => sendJson(res, 200, { status: 'ok' }, { 'Cache-Control': 'no-store' }));

  /**
   * Readiness: send this replica traffic? 503 while it shuts down, when the database does not answer, or when a
   * built part that pages need is missing on disk (the answer says which).
   */
  router.route('GET', '/readyz', async (_req, res) => {
    const problems: string[] = [];
    if (!app.isReady()) problems.push('shutting down');
    try {
      await Promise.race([app.store.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 3 s')), 3000).unref())]);
    } catch (err) {
      problems.push(`database: ${(err as Error).message}`);
    }
    for (const part of builtParts(config))
      if (!fs.existsSync(path.join(part.dir, 'mf-manifest.json')) && !fs.existsSync(path.join(part.dir, 'index.html')))
        problems.push(`${part.name}: no build in ${path.relative(config.repoRoot, part.dir)}`);
    // Airtable mode: ready once a copy of the public tables exists; a failing sync keeps serving it and says so here
    const sync = app.airtableSync ? await app.airtableSync.status().catch(() => undefined) : undefined;
    if (app.airtableSync && !sync?.hasCopy)
      problems.push(
        `airtable: no copy of the listings yet${sync?.lastError ? ` (the last read failed: ${sync.lastError})` : ' (the first read is under way)'}`,
      );
    sendJson(
      res,
      problems.length === 0 ? 200 : 503,
      {
        status: problems.length === 0 ? 'ready' : 'not ready',
        store: app.store.kind,
        problems,
        ...(sync
          ? {
              airtable: {
                copy: sync.hasCopy ? (sync.lastError ? 'stale: serving the last good copy' : 'current') : 'none',
                lastSuccessAt: sync.lastSuccessAt === null ? null : new Date(sync.lastSuccessAt).toISOString(),
                lastError: sync.lastError,
                records: sync.records,
              },
            }
          : {}),
      },
      { 'Cache-Control': 'no-store' },
    );
  });
}
