/**
 * The server application: one node:http server with a route table. `createApp` opens the store (SQLite, or
 * PostgreSQL with DATABASE_URL), builds the services the features share (records, listings, staff sessions, the
 * delivery outbox, in Airtable mode the synced copy and its gateway) and registers every feature through the one list
 * in src/plugins.ts; it adds no route of its own. Every request gets an id (X-Request-Id) and one access line in the
 * JSON log; a request no route takes is a page or a file (site/hosting.ts). `close()` is the graceful shutdown of a
 * replica: it stops accepting, reports not ready, lets the requests in flight finish (up to SHUTDOWN_GRACE_MS), stops
 * the outbox after its current deliveries and closes the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { PROPERTIES_TABLE, isPmtilesUrl } from '@gta/shared/core';
import type { ServerConfig } from './config';
import { Router, type RequestContext, type RouteHandler } from './http/router';
import { clientInfo } from './http/client';
import { sendJson } from './http/respond';
import { applyHeaders, contentSecurityPolicy, remoteOrigin, securityHeaders } from './http/security';
import { guardSharedCaching, publicCacheControl } from './http/cachePolicy';
import { afterPaintLoader } from './site/afterFirstPaint';
import { serveShell, type AppPageOptions } from './site/hosting';
import { builtParts } from './site/routes';
import { openStore } from './store/store';
import { isStoreUnavailable, STORE_RETRY_AFTER_SECONDS } from './store/unavailable';
import { seedStore } from './seed/seed';
import { BuildArchiver } from './site/buildArchive';
import { AIRTABLE_API_PATH } from './http/paths';
import { buildRuntimeConfig, mapTiles, mapTilesSource } from './site/runtimeConfig';
import { FirstScreenRenderer } from './site/firstScreen';
import { RecordsService } from './records/query';
import { createListingsSource } from './records/listingsSource';
import { AirtableBudget } from './records/sync/budget';
import { AirtableGateway } from './records/sync/gateway';
import { AirtableSync } from './records/sync/airtableSync';
import { ChangeNotifications } from './records/sync/changeNotifications';
import { createLogger, silentLogger } from './log';
import { isProxyMode } from './config';
import { resolveStaffPassword } from './auth/password';
import { SessionStore } from './auth/sessions';
import { isStaffRequest } from './auth/routes';
import { OutboxWorker } from './webhooks/outbox';
import { FEATURES } from './plugins';
import type { CreateAppOptions, ServerApp } from './serverApp';

export type { CreateAppOptions, ServerApp };

function requestContext(req: http.IncomingMessage, config: ServerConfig, port: number): RequestContext {
  const client = clientInfo(req, { trustProxy: config.trustProxy, publicUrl: config.publicUrl }, port);
  let url: URL;
  try {
    url = new URL(req.url ?? '/', client.origin);
  } catch {
    url = new URL('/', client.origin);
  }
  return { url, origin: client.origin, secure: client.secure, params: {}, clientIp: client.ip, originFromHost: client.originFromHost };
}

/** The database or the file system is out of room: SQLite's SQLITE_FULL, ENOSPC, PostgreSQL's disk_full (53100). */
export function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC' || code === '53100' || code === 'EDQUOT';
}

/** HSTS on every answer that reached the browser over https: two years, subdomains included. */
const HSTS = 'max-age=63072000; includeSubDomains';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** How this process reaches itself: loopback when it listens everywhere, else the address it listens on. */
function loopbackHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export async function createApp(config: ServerConfig, options: CreateAppOptions = {}): Promise<ServerApp> {
  const log = options.logger ?? (config.logLevel === 'silent' ? silentLogger : createLogger(config.logLevel));
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const airtableMode = isProxyMode(config);
  try {
    // Airtable mode: the listings live in the team's base; the local store keeps only the server's own state
    if (!airtableMode) {
      const seeded = await seedStore(store, config.seedCount);
      if (seeded > 0) log.info({ listings: seeded, store: store.description }, 'seeded the store');
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  // hashed files of the builds this replica hosts, for tabs opened on another build (src/site/buildArchive.ts):
  // recorded before the first request, so a replica of the previous build already finds this build's chunks
  const archiver =
    config.archiveKeepBuilds > 0
      ? new BuildArchiver({
          store,
          parts: () => builtParts(config),
          retention: { builds: config.archiveKeepBuilds, maxAgeMs: config.archiveKeepDays * 86_400_000 },
          log: log.child({ part: 'build-archive' }),
        })
      : undefined;
  await archiver?.run('start');
  const hostingPaths = { repoRoot: config.repoRoot, mediaDir: config.mediaDir, archive: archiver };
  const records = new RecordsService(store);
  const listings = createListingsSource(store);
  // Airtable mode: the base is the source and the store its read replica; everything sent to the base shares one budget
  const airtableGateway = airtableMode
    ? new AirtableGateway(config, new AirtableBudget(store.counters, config.airtableBaseId as string, options.airtableBudget), log.child({ part: 'airtable' }))
    : undefined;
  const { webhookRefreshBeforeMs, ...syncTiming } = options.airtableSync ?? {};
  // Airtable's change notifications to PUBLIC_URL, where the token allows webhooks (else polling alone)
  const airtableNotifications =
    airtableGateway && config.publicUrl
      ? new ChangeNotifications({
          store,
          gateway: airtableGateway,
          baseId: config.airtableBaseId as string,
          publicUrl: config.publicUrl,
          refreshBeforeMs: webhookRefreshBeforeMs,
          log: log.child({ part: 'sync' }),
        })
      : undefined;
  const airtableSync = airtableGateway
    ? new AirtableSync({
        store,
        gateway: airtableGateway,
        tables: [PROPERTIES_TABLE],
        intervalMs: config.airtableSyncIntervalMs,
        log: log.child({ part: 'sync' }),
        // a change from the base is a write to the listings: the alert matcher looks at it, search caches forget
        onChange: (table) => records.written(table),
        notifications: airtableNotifications,
        ...syncTiming,
      })
    : undefined;
  const staffPassword = resolveStaffPassword(config.dataDir, config.staffPassword);
  const sessions = new SessionStore(store.sessions);
  const isStaff = (req: http.IncomingMessage): Promise<boolean> => isStaffRequest(req, sessions);
  const outbox =
    config.n8nWebhookBase || airtableMode
      ? new OutboxWorker(store, {
          log: log.child({ part: 'outbox' }),
          leaseMs: config.outboxLeaseMs,
          concurrency: config.outboxConcurrency,
          giveUpAfterMs: config.outboxGiveUpMs,
          ...options.outbox,
          webhookBase: config.n8nWebhookBase,
          n8nAuth: config.n8nWebhookAuth,
          airtable: airtableMode
            ? { airtableApiUrl: config.airtableApiUrl, airtableBaseId: config.airtableBaseId, airtableToken: config.airtableToken }
            : undefined,
          airtableGateway,
        })
      : undefined;
  const router = new Router();
  const firstScreenRenderer =
    config.firstScreen === 'on'
      ? new FirstScreenRenderer({
          repoRoot: config.repoRoot,
          remoteOverrides: config.remoteOverrides,
          recordsEndpointUrl: () => (boundPort ? `http://${loopbackHost(config.host)}:${boundPort}${AIRTABLE_API_PATH}` : undefined),
          log: (m) => log.warn({ part: 'first-screen' }, m),
        })
      : null;
  if (config.mapPmtilesUrl && !isPmtilesUrl(config.mapPmtilesUrl))
    log.warn(
      { part: 'map' },
      `MAP_PMTILES_URL (${config.mapPmtilesUrl}) is not an http(s) URL of a .pmtiles file: ${config.mapStyleUrl ? 'MAP_STYLE_URL is used' : 'the maps show their embedded base map'}`,
    );
  else if (config.mapPmtilesUrl && config.mapStyleUrl)
    log.warn({ part: 'map' }, 'MAP_PMTILES_URL and MAP_STYLE_URL are both set: the maps read the PMTiles archive; MAP_STYLE_URL is ignored');
  if (config.mapStyleUrl && config.mapStyleUrl.includes('{key}') && !config.mapTileKey)
    log.warn({ part: 'map' }, 'MAP_STYLE_URL has a {key} but MAP_TILE_KEY is not set: the tile provider is not used');
  else if (config.mapStyleUrl && !mapTiles({ ...config, mapPmtilesUrl: undefined }))
    log.warn(
      { part: 'map' },
      `MAP_STYLE_URL (${config.mapStyleUrl}) is not an http(s) raster tile URL with {z}, {x} and {y}: the map page shows its embedded base map`,
    );
  else if (config.mapStyleUrl && !config.mapAttribution)
    log.warn(
      { part: 'map' },
      'MAP_STYLE_URL is set without MAP_ATTRIBUTION: the map credits the tile host only; most providers require their own attribution text',
    );
  for (const [name, url] of Object.entries(config.remoteOverrides)) {
    if (url && /^[a-z][a-z0-9+.-]*:/i.test(url) && !remoteOrigin(url))
      log.warn(
        { part: 'csp' },
        `REMOTE_${name.toUpperCase()}_URL (${url}) is not an http(s) URL with a plain host: its origin is not added to the Content-Security-Policy`,
      );
  }
  // the one inline script, built with the shared package: without it the shell's scripts stay deferred in the head
  const loader = afterPaintLoader();
  if (!loader && config.scriptsAfterFirstPaint)
    log.warn(
      { part: 'after-paint' },
      'shared/dist/afterPaintLoader.js is missing (run npm run build -w @gta/shared): scripts load with defer, not after the first paint',
    );
  // the remotes deployed elsewhere (REMOTE_<NAME>_URL) are the ones /config.json sends the browser to: their origins join the policy
  const csp = contentSecurityPolicy({
    // the browser contacts n8n only for the chat when N8N_CHAT_URL is set; forms post here and the server forwards
    connectUrls: [config.n8nChatUrl],
    remoteUrls: Object.values(config.remoteOverrides),
    inlineScriptHashes: loader ? [loader.cspSource] : [],
    ...mapTilesSource(mapTiles(config)),
  });
  const baseHeaders = securityHeaders(csp);
  // public pages may be kept by a CDN for a short while (http/cachePolicy.ts); the staff page never
  const pageCacheControl = publicCacheControl({ airtableMode: isProxyMode(config), syncIntervalMs: config.airtableSyncIntervalMs });
  const closers: (() => void | Promise<void>)[] = [];
  let boundPort = config.port;
  let inFlight = 0;
  let draining = false;
  let closing: Promise<void> | undefined;
  const idle: (() => void)[] = [];

  const pageRewrites: ((url: URL) => ((html: string) => string) | undefined)[] = [];
  /** The app page of the request's URL, with its first screen and hints; `answer` changes this one answer (hosting.ts). */
  const servePage = async (req: http.IncomingMessage, res: http.ServerResponse, ctx: RequestContext, answer?: AppPageOptions['answer']): Promise<void> => {
    // built once per page: the records base of the hints and the config the first screen renders with
    const runtimeConfig = buildRuntimeConfig(config, ctx.origin);
    const { airtable } = runtimeConfig;
    const recordsBase = `${airtable.endpointUrl}/v0/${airtable.baseId}`; // as airtable.js joins them
    const firstScreen = firstScreenRenderer ? { renderer: firstScreenRenderer, config: runtimeConfig } : undefined;
    await serveShell(
      req,
      res,
      ctx.url,
      hostingPaths,
      {
        repoRoot: config.repoRoot,
        remoteOverrides: config.remoteOverrides,
        recordsBase,
        mode: config.resourceHints,
        origin: ctx.origin,
        scriptsAfterFirstPaint: config.scriptsAfterFirstPaint,
        publicCacheControl: pageCacheControl,
        answer,
      },
      firstScreen,
    );
  };

  const dispatch = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    guardSharedCaching(res);
    applyHeaders(res, baseHeaders);
    const ctx = requestContext(req, config, boundPort);
    if (ctx.secure) res.setHeader('Strict-Transport-Security', HSTS);
    // without PUBLIC_URL (development) links are built from Host: a cache must not give one host's answer to another
    if (ctx.originFromHost) res.setHeader('Vary', 'Host');
    const method = (req.method ?? 'GET').toUpperCase();
    const match = router.match(method, ctx.url.pathname);
    if (match && 'handler' in match) {
      await match.handler(req, res, { ...ctx, params: match.params });
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      // a page's own rewrite for this URL (a form's sent notice after its post without scripts, src/webhooks/formPosts.ts)
      const rewrite = pageRewrites.map((fn) => fn(ctx.url)).find((fn) => fn !== undefined);
      await servePage(req, res, ctx, rewrite ? { rewrite } : undefined);
      return;
    }
    if (match && 'methodNotAllowed' in match) {
      sendJson(res, 405, { error: { type: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here.` } }, { Allow: match.methodNotAllowed.join(', ') });
      return;
    }
    sendJson(res, 404, { error: 'NOT_FOUND' });
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const started = process.hrtime.bigint();
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.setHeader('X-Request-Id', requestId);
    // a replica shutting down asks each client to open its next connection elsewhere
    if (draining) res.setHeader('Connection', 'close');
    inFlight++;
    let counted = true;
    const done = (): void => {
      if (!counted) return;
      counted = false;
      inFlight--;
      const status = res.headersSent ? res.statusCode : 0;
      log.info(
        {
          req: { id: requestId, method: req.method, path: (req.url ?? '/').split('?')[0] },
          res: { status },
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          aborted: !res.writableFinished,
        },
        'request',
      );
      if (inFlight === 0) for (const resolve of idle.splice(0)) resolve();
    };
    res.once('finish', done);
    res.once('close', done);
    dispatch(req, res).catch((err: unknown) => {
      log.error({ err, req: { id: requestId, method: req.method, path: (req.url ?? '/').split('?')[0] } }, 'request failed');
      if (res.headersSent) res.destroy();
      // the database away (stopped, restarting, failing over, a connection cut mid-query): passing trouble too;
      // nothing was stored, and the pool opens fresh connections for the next requests once it is back
      else if (isStoreUnavailable(err))
        sendJson(
          res,
          503,
          {
            ok: false,
            error: { type: 'SERVICE_UNAVAILABLE', message: 'The site cannot save anything for a moment. Please try again in a few seconds.' },
            retryAfter: STORE_RETRY_AFTER_SECONDS,
          },
          { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
        );
      // a full disk is passing trouble, not a bug: say when to try again (a form keeps what the visitor typed)
      else if (isStorageFull(err))
        sendJson(
          res,
          503,
          { ok: false, error: { type: 'SERVICE_UNAVAILABLE', message: 'The server cannot store anything right now. Please try again in a minute.' } },
          { 'Retry-After': '60' },
        );
      else sendJson(res, 500, { error: { type: 'SERVER_ERROR', message: 'Something went wrong on the server.' } });
    });
  };
  const adopted = options.server;
  const server = adopted ?? http.createServer(handle);
  let lastAccepted = 0;
  server.on('connection', () => {
    lastAccepted = Date.now();
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;

  const shutdown = async (readyDelayMs: number): Promise<void> => {
    draining = true;
    // not ready, still accepting: /readyz answers 503 (and every answer says Connection: close), so a load balancer
    // that polls it stops sending here before the port closes (SHUTDOWN_READY_DELAY_MS, on SIGTERM)
    if (readyDelayMs > 0 && server.listening) {
      log.info({ readyDelayMs }, 'shutting down: not ready; still answering while the load balancer notices');
      await new Promise<void>((resolve) => setTimeout(resolve, readyDelayMs));
    }
    const grace = config.shutdownGraceMs;
    const deadline = Date.now() + grace;
    const settle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());
    // connections the kernel has completed but this process has not accepted yet are reset when the port closes:
    // first a moment with none new (up to a second; a load balancer that saw /readyz 503 sends none)
    const quietBy = Math.min(deadline, Date.now() + 1000);
    while (Date.now() - lastAccepted < 100 && Date.now() < quietBy) await settle(50);
    // stop accepting with net.Server's close: http.Server's (Node 19+) also drops every connection without a request
    // under way, and one accepted whose bytes are not read yet is such a connection: its client would see a reset
    let allClosed = false;
    const closed = new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      net.Server.prototype.close.call(server, () => resolve());
    }).then(() => {
      allClosed = true;
    });
    // every request whose bytes arrived is answered: once nothing is in flight, a moment lets the event loop read what
    // the sockets already hold; only then are the connections with nothing sent closed. Busy ones close after their
    // answer (Connection: close); a keep-alive one that had its answer before the drain is idle and closed here
    let said = false;
    while (!allClosed && Date.now() < deadline) {
      if (inFlight > 0) {
        if (!said) log.info({ inFlight, graceMs: grace }, 'shutting down: waiting for the requests in flight');
        said = true;
        await Promise.race([new Promise<void>((resolve) => idle.push(resolve)), settle(deadline - Date.now())]);
        continue;
      }
      await settle(50);
      if (inFlight === 0) server.closeIdleConnections();
      await Promise.race([closed, settle(50)]);
    }
    if (!allClosed) log.warn({ inFlight }, 'shutting down: requests still in flight after the grace period are cut');
    server.closeAllConnections();
    await closed;
    // http.Server's own close too, for the timeout checks it keeps (nothing is left for it to close)
    server.close(() => undefined);
    await outbox?.stop();
    await airtableSync?.stop();
    await archiver?.stop();
    for (const fn of closers.splice(0).reverse()) await fn();
    await store.close();
    log.info('stopped');
    log.flush?.();
  };

  const app: ServerApp = {
    options,
    config,
    router,
    sessions,
    airtableNotifications,
    hosting: hostingPaths,
    servePage,
    rewritePages: (fn) => {
      pageRewrites.push(fn);
    },
    isReady: () => !draining,
    store,
    listings,
    log,
    records,
    get inFlight() {
      return inFlight;
    },
    staffPassword,
    isStaff,
    outbox,
    airtableSync,
    airtableGateway,
    server,
    route: (method, path, handler: RouteHandler) => router.route(method, path, handler),
    onClose(fn) {
      closers.push(fn);
    },
    listen() {
      return new Promise((resolve, reject) => {
        const started = (): void => {
          boundPort = (server.address() as AddressInfo).port;
          outbox?.start();
          airtableSync?.start();
          archiver?.startDaily();
          void firstScreenRenderer?.warm();
          for (const part of builtParts(config)) {
            if (!fs.existsSync(path.join(part.dir, 'mf-manifest.json')) && !fs.existsSync(path.join(part.dir, 'index.html'))) {
              log.warn({ part: part.name, folder: part.dir }, 'a built part is missing: its pages or regions answer 503 until it is built (npm run build)');
            }
          }
          resolve(`http://localhost:${boundPort}`);
        };
        if (adopted?.listening) {
          // the socket startup.ts listened on while the database was away: the app answers on it from now on
          adopted.removeAllListeners('request');
          adopted.on('request', handle);
          started();
          return;
        }
        if (adopted) adopted.on('request', handle);
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          started();
        });
      });
    },
    close(options) {
      closing ??= shutdown(options?.readyDelayMs ?? 0);
      return closing;
    },
  };

  try {
    // every feature registers through the one list (src/plugins.ts), then the optional ones given
    for (const feature of FEATURES) await feature(app);
    for (const plugin of options.plugins ?? []) await plugin(app);
  } catch (err) {
    await store.close();
    throw err;
  }
  return app;
}
