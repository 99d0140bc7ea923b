/**
 * The server application: one node:http server with a route table. `createApp` wires the store, the records
 * API, the webhook receivers, staff sign-in and static hosting; `app.router.route(...)` lets other modules (the
 * chat assistant) add routes before `listen()`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROPERTIES_TABLE, type FieldValue } from '@gta/shared/core';
import type { ServerConfig } from './config';
import { Router, type RequestContext, type RouteHandler } from './http/router';
import { sendJson, sendText } from './http/respond';
import { applyHeaders, contentSecurityPolicy, securityHeaders } from './http/security';
import { AFTER_PAINT_LOADER_CSP_SOURCE } from './http/afterFirstPaint';
import { registerHosting, serveShell } from './http/hosting';
import { sendBody } from './http/static';
import { RecordStore } from './store/store';
import { seedStore } from './seed/seed';
import { AIRTABLE_API_PATH, buildRuntimeConfig } from './site/runtimeConfig';
import { FirstScreenRenderer } from './site/firstScreen';
import { buildRobots, buildSitemap, type SitemapListing } from './site/sitemap';
import { RecordsService } from './records/query';
import { registerRecordsApi } from './records/routes';
import { forwardToAirtable } from './records/proxy';
import { isProxyMode } from './config';
import { resolveStaffPassword, type StaffPassword } from './auth/password';
import { SessionStore } from './auth/sessions';
import { FailureLimiter, DEFAULT_LIMITER, type LimiterOptions } from './auth/limiter';
import { isStaffRequest, registerAuthRoutes } from './auth/routes';
import { registerWebhooks } from './webhooks/receivers';
import { OutboxWorker, type OutboxOptions } from './webhooks/outbox';

export interface ServerApp {
  readonly config: ServerConfig;
  readonly router: Router;
  readonly store: RecordStore;
  /**
   * Airtable-style reads and writes for server modules (the chat assistant):
   * `app.records.listRecords('Properties', { filterByFormula, sort, maxRecords })`, `app.records.createRecord(table, fields)`.
   */
  readonly records: RecordsService;
  /** The staff password and where it came from (index.ts prints a generated one). */
  readonly staffPassword: StaffPassword;
  /** True when the request carries a valid staff session. */
  isStaff(req: http.IncomingMessage): boolean;
  /** The n8n forwarder, when N8N_WEBHOOK_BASE is set. */
  readonly outbox?: OutboxWorker;
  readonly server: http.Server;
  /** Registers a route (same as router.route). */
  route: Router['route'];
  /** Starts listening; resolves with the base URL (http://localhost:PORT). */
  listen(): Promise<string>;
  /** Stops background work, closes the server and the store. */
  close(): Promise<void>;
  /** Functions run on close (background workers register theirs). */
  onClose(fn: () => void | Promise<void>): void;
}

const HOST_PATTERN = /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9a-fA-F:.]+\](:\d{1,5})?$/;

function requestContext(req: http.IncomingMessage, config: ServerConfig, port: number): RequestContext {
  const forwardedProto = config.trustProxy ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() : '';
  const forwardedHost = config.trustProxy ? String(req.headers['x-forwarded-host'] ?? '').split(',')[0]?.trim() : '';
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const secure = forwardedProto === 'https' || encrypted;
  const hostHeader = forwardedHost || req.headers.host || '';
  const host = HOST_PATTERN.test(hostHeader) ? hostHeader : `localhost:${port}`;
  const origin = `${secure ? 'https' : 'http'}://${host}`;
  let url: URL;
  try {
    url = new URL(req.url ?? '/', origin);
  } catch {
    url = new URL('/', origin);
  }
  const forwardedFor = config.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : '';
  return { url, origin, secure, params: {}, clientIp: forwardedFor || req.socket.remoteAddress || 'unknown' };
}

export interface CreateAppOptions {
  /** Extra setup run after the built-in routes are registered (tests, plugins). */
  plugins?: readonly ((app: ServerApp) => void)[];
  /** Sign-in limiter settings (tests shorten them). */
  limiter?: LimiterOptions;
  /** Outbox timing (tests shorten it). */
  outbox?: Omit<OutboxOptions, 'webhookBase'>;
}

/** How this process reaches itself: loopback when it listens everywhere, else the address it listens on. */
function loopbackHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function createApp(config: ServerConfig, options: CreateAppOptions = {}): ServerApp {
  const store = RecordStore.open(config.dataDir);
  seedStore(store, config.seedCount);
  const records = new RecordsService(store);
  const staffPassword = resolveStaffPassword(config.dataDir, config.staffPassword);
  const sessions = new SessionStore(store);
  const isStaff = (req: http.IncomingMessage): boolean => isStaffRequest(req, sessions);
  const outbox = config.n8nWebhookBase
    ? new OutboxWorker(store, { log: config.quiet ? undefined : (m) => console.warn(m), ...options.outbox, webhookBase: config.n8nWebhookBase })
    : undefined;
  const router = new Router();
  const firstScreenRenderer =
    config.firstScreen === 'on'
      ? new FirstScreenRenderer({
          repoRoot: config.repoRoot,
          remoteOverrides: config.remoteOverrides,
          recordsEndpointUrl: () => (boundPort ? `http://${loopbackHost(config.host)}:${boundPort}${AIRTABLE_API_PATH}` : undefined),
          log: config.quiet ? undefined : (m) => console.warn(m),
        })
      : null;
  const csp = contentSecurityPolicy([config.n8nChatUrl, config.n8nWebhookBase], [AFTER_PAINT_LOADER_CSP_SOURCE]);
  const baseHeaders = securityHeaders(csp);
  const closers: (() => void | Promise<void>)[] = [];
  let boundPort = config.port;

  const dispatch = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    applyHeaders(res, baseHeaders);
    const ctx = requestContext(req, config, boundPort);
    const method = (req.method ?? 'GET').toUpperCase();
    const match = router.match(method, ctx.url.pathname);
    if (match && 'handler' in match) {
      await match.handler(req, res, { ...ctx, params: match.params });
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const { airtable } = buildRuntimeConfig(config, ctx.origin);
      const recordsBase = `${airtable.endpointUrl}/v0/${airtable.baseId}`; // as airtable.js joins them
      const firstScreen = firstScreenRenderer ? { renderer: firstScreenRenderer, config: buildRuntimeConfig(config, ctx.origin) } : undefined;
      await serveShell(req, res, ctx.url, config, { repoRoot: config.repoRoot, remoteOverrides: config.remoteOverrides, recordsBase, mode: config.resourceHints, origin: ctx.origin, scriptsAfterFirstPaint: config.scriptsAfterFirstPaint }, firstScreen);
      return;
    }
    if (match && 'methodNotAllowed' in match) {
      sendJson(res, 405, { error: { type: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here.` } }, { Allow: match.methodNotAllowed.join(', ') });
      return;
    }
    sendJson(res, 404, { error: 'NOT_FOUND' });
  };

  const server = http.createServer((req, res) => {
    dispatch(req, res).catch((err: unknown) => {
      if (!config.quiet) console.error(`[server] ${req.method} ${req.url} failed:`, err);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'SERVER_ERROR', message: 'Something went wrong on the server.' } });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;

  const app: ServerApp = {
    config,
    router,
    store,
    records,
    staffPassword,
    isStaff,
    outbox,
    server,
    route: (method, path, handler: RouteHandler) => router.route(method, path, handler),
    onClose(fn) {
      closers.push(fn);
    },
    listen() {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          server.off('error', reject);
          boundPort = (server.address() as AddressInfo).port;
          outbox?.start();
          void firstScreenRenderer?.warm();
          resolve(`http://localhost:${boundPort}`);
        });
      });
    },
    async close() {
      await outbox?.stop();
      for (const fn of closers.splice(0).reverse()) await fn();
      await new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
    },
  };

  registerSiteRoutes(app);
  registerAuthRoutes(router, { sessions, limiter: new FailureLimiter(options.limiter ?? DEFAULT_LIMITER), password: staffPassword.password });
  registerRecordsApi(router, { config, records, isStaff });
  registerWebhooks(router, { store, outbox });
  registerHosting(router, config);
  for (const plugin of options.plugins ?? []) plugin(app);
  return app;
}

function registerSiteRoutes(app: ServerApp): void {
  const { router, config, store } = app;

  router.route('GET', '/config.json', (_req, res, ctx) => {
    sendJson(res, 200, buildRuntimeConfig(config, ctx.origin), { 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' });
  });

  router.route('GET', '/sitemap.xml', async (req, res, ctx) => {
    const listings = isProxyMode(config)
      ? await upstreamListings(config)
      : store.all(PROPERTIES_TABLE).map((r) => ({ name: r.fields['Property Name'], status: r.fields.Status, listingDate: r.fields['Listing Date'] }));
    sendBody(req, res, Buffer.from(buildSitemap(ctx.origin, listings)), { contentType: 'application/xml; charset=utf-8', cacheControl: 'public, max-age=3600' });
  });

  router.route('GET', '/robots.txt', (req, res, ctx) => {
    sendBody(req, res, Buffer.from(buildRobots(ctx.origin)), { contentType: 'text/plain; charset=utf-8', cacheControl: 'public, max-age=3600' });
  });

  router.route('GET', '/healthz', (_req, res) => sendText(res, 200, 'ok'));
}

let upstreamCache: { at: number; listings: SitemapListing[] } | undefined;

/** Proxy mode: the listings for the sitemap come from real Airtable (cached for ten minutes). */
async function upstreamListings(config: ServerConfig): Promise<SitemapListing[]> {
  if (upstreamCache && Date.now() - upstreamCache.at < 10 * 60 * 1000) return upstreamCache.listings;
  const listings: SitemapListing[] = [];
  let offset: string | undefined;
  for (let page = 0; page < 200; page++) {
    const search = new URLSearchParams();
    search.append('fields[]', 'Property Name');
    search.append('fields[]', 'Status');
    search.append('fields[]', 'Listing Date');
    if (offset) search.set('offset', offset);
    const upstream = await forwardToAirtable(config, { method: 'GET', path: `/v0/${encodeURIComponent(config.airtableBaseId ?? '')}/${encodeURIComponent(PROPERTIES_TABLE)}`, search: `?${search}` });
    if (upstream.status !== 200) break;
    const body = JSON.parse(upstream.body.toString('utf8')) as { records?: { fields: Record<string, FieldValue> }[]; offset?: string };
    for (const r of body.records ?? []) listings.push({ name: r.fields['Property Name'], status: r.fields.Status, listingDate: r.fields['Listing Date'] });
    offset = body.offset;
    if (!offset) break;
  }
  upstreamCache = { at: Date.now(), listings };
  return listings;
}
