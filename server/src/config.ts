/**
 * Server settings, read once from the environment (documented in server/README.md).
 */
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@gta/shared/core';
import { parseTrustProxy } from './http/client';
import { readN8nWebhookAuth, type N8nWebhookAuth } from './http/n8nAuth';
import { resolveSecrets } from './secrets';

export interface ServerConfig {
  port: number;
  host: string;
  /** The repository root: shell/dist and mfe-<name>/dist are found under it. */
  repoRoot: string;
  /** Where the SQLite file, the generated staff password and other state live. */
  dataDir: string;
  /**
   * DATABASE_URL (postgres://user:password@host:port/db): the shared store of replicas. Unset: the embedded SQLite
   * file in dataDir, for one process.
   */
  databaseUrl?: string;
  /** LOG_LEVEL: fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: LogLevel;
  /** SHUTDOWN_GRACE_MS: how long requests in flight may take to finish after SIGTERM (default 20 s). */
  shutdownGraceMs: number;
  /**
   * SHUTDOWN_READY_DELAY_MS: after SIGTERM, how long the replica keeps answering (with /readyz 503) before it stops
   * accepting connections, so a load balancer polling /readyz stops sending first (default 5 s; SIGINT skips it).
   */
  shutdownReadyDelayMs: number;
  /** OUTBOX_LEASE_MS: how long a replica keeps the outbox rows it claimed before another may take them (default 2 min). */
  outboxLeaseMs: number;
  /** OUTBOX_CONCURRENCY: outbox rows a replica delivers at once (default 4); a replica killed mid-batch may leave that many to be sent again. */
  outboxConcurrency: number;
  /** OUTBOX_GIVE_UP_HOURS: a delivery failing with 5xx/429/no answer this long in a row is parked for staff (default 24 h). */
  outboxGiveUpMs: number;
  /** CHAT_REPLY_TIMEOUT_SECONDS: how long the chat widget waits for a sign of life from a reply (default 120 s; runtime config). */
  chatReplyTimeoutMs: number;
  /** server/media: hand-made site images and the stock fallback. */
  mediaDir: string;
  /** PHOTO_CACHE_MB: disk kept for listing photos' derivatives and originals in dataDir/photo-cache (default 2048). */
  photoCacheBytes?: number;
  /** PHOTO_CONCURRENCY: photos resized at once (default 2); the rest queue (src/media/photoPipeline.ts). */
  photoConcurrency?: number;
  /** PHOTO_POOL_DIR: where local mode's camera-weight photographs are rendered (default dataDir/camera-photos). */
  photoPoolDir?: string;
  /** STAFF_PASSWORD; when unset a random one is generated in dataDir on first start. */
  staffPassword?: string;
  /** Proxy mode: both set means the records API forwards to real Airtable. */
  airtableBaseId?: string;
  airtableToken?: string;
  airtableApiUrl: string;
  /**
   * AIRTABLE_SYNC_INTERVAL_MS: in Airtable mode, the longest a visitor's read of the synced copy of the public tables
   * may lag behind the base (default 60 s); also the bound of the public answers' shared-cache lifetime.
   */
  airtableSyncIntervalMs: number;
  /** n8n webhook base: stored submissions are forwarded to `${base}/${path}`. */
  n8nWebhookBase?: string;
  /** N8N_WEBHOOK_HEADER_NAME/_VALUE, N8N_WEBHOOK_USER/_PASSWORD, N8N_WEBHOOK_JWT_SECRET, N8N_WEBHOOK_HMAC_SECRET (src/http/n8nAuth.ts). */
  n8nWebhookAuth: N8nWebhookAuth;
  /** n8n chat trigger URL; without it the local assistant answers at /chat/webhook. */
  n8nChatUrl?: string;
  /** REMOTE_<NAME>_URL: a deployer's override of a remote's mf-manifest.json URL. */
  remoteOverrides: Partial<Record<RemoteName, string>>;
  /** Base id advertised in /config.json and accepted by the local records API. */
  localBaseId: string;
  /**
   * RECORDS_API_TOKEN: a server-to-server bearer token that may read every table and create records through the
   * records API (never given to the browser). Unset: nobody can write through the API.
   */
  recordsApiToken?: string;
  /** Records API requests per second per client address (RECORDS_RATE_LIMIT; 0 turns the limit off). */
  recordsRateLimit: number;
  /** Number of listings generated on first start (SEED_COUNT). */
  seedCount: number;
  /**
   * TRUST_PROXY=N: the number of proxies of ours in front of the server (0, the default: none). The client's
   * address is then the N-th from the right of X-Forwarded-For plus the socket's address; X-Forwarded-Proto and
   * -Host are read from the outermost trusted proxy (src/http/client.ts). `1`/`true` mean one proxy.
   */
  trustProxy: number;
  /** PUBLIC_URL: the site's public origin (https://www.example.com): every absolute URL the server writes uses it. */
  publicUrl?: string;
  /** Form posts per minute per address (IPv6: per /64) before 429 (FORM_RATE_LIMIT; 0 turns it off). */
  formRateLimit: number;
  /** Chat messages per minute per address (CHAT_RATE_LIMIT; 0 turns it off). */
  chatRateLimit: number;
  /**
   * ALERTS_INTERVAL_MS: how often the listing-alert matcher runs over the saved searches (default 5 min; 0: only
   * when listings are written through the records API). Daily and weekly alerts still go at most once a day / week.
   */
  alertsIntervalMs: number;
  /**
   * MAP_STYLE_URL: the map page's base map from a tile provider, a raster tile URL template with {z}, {x} and {y}
   * (https://tiles.example.com/{z}/{x}/{y}.png); its origin joins the CSP's img-src and connect-src. MAP_ATTRIBUTION:
   * the provider's credit line, shown on the map (required by most providers). Unset: the embedded base map.
   */
  mapStyleUrl?: string;
  mapAttribution?: string;
  /**
   * MAP_TILE_KEY: a raster provider's key, written where MAP_STYLE_URL says {key} (the template can then live in the
   * compose file and the key beside the other settings). The browser sees it in every tile URL: restrict it to the
   * site's origin at the provider.
   */
  mapTileKey?: string;
  /**
   * MAP_PMTILES_URL: the base map as one vector-tile archive (.pmtiles, Protomaps' basemap schema) on the team's
   * CDN or object storage, read by the browser with range requests: streets and names at street level, no tile
   * server. Wins over MAP_STYLE_URL; its origin joins the CSP's connect-src. docs/deploy.md, "The map".
   */
  mapPmtilesUrl?: string;
  /**
   * The build archive (src/site/buildArchive.ts): hashed files of the builds the replicas served, for tabs opened on
   * another build. ARCHIVE_KEEP_BUILDS: per part, the last N builds served are kept (default 5; 0 turns the archive
   * off); ARCHIVE_KEEP_DAYS: and every build served within this many days (default 14), whichever keeps more.
   */
  archiveKeepBuilds: number;
  archiveKeepDays: number;
  /** Quiet logging (tests). */
  quiet: boolean;
  /**
   * RESOURCE_HINTS: which preloads the app page carries (src/site/resourceHints.ts). 'first' (default): the files of
   * the route's first region; 'all': every module the route renders, plus the home page's data; 'off': none.
   */
  resourceHints: 'first' | 'all' | 'off';
  /**
   * FIRST_SCREEN: 'on' (default) renders each app page's first screen on the server from the parts' Node builds
   * (src/site/firstScreen.ts); 'off' sends the empty app page the browser renders alone.
   */
  firstScreen: 'on' | 'off';
  /**
   * SCRIPTS_AFTER_FIRST_PAINT: 'on' (default) starts the shell's scripts and the route's preloads after the page's
   * first frame (src/site/afterFirstPaint.ts); 'off' leaves them in the head, requested while the HTML is parsed.
   */
  scriptsAfterFirstPaint: boolean;
}

export const LOCAL_BASE_ID = 'appLocalBase';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(value: string | undefined): LogLevel {
  const v = value?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(v ?? '') ? (v as LogLevel) : 'info';
}

const SERVER_DIR = path.resolve(__dirname, '..');

function rate(value: string | undefined, fallback: number): number {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
}

/** PUBLIC_URL as an origin (scheme, host, port), or undefined when unset; a malformed one stops the start. */
function publicOrigin(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: ${v}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`PUBLIC_URL must start with https:// (or http://): ${v}`);
  return url.origin;
}

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/**
 * NODE_ENV as the process was started with: site/firstScreen.ts sets it to 'production' once loaded when it was
 * unset (for React's faster build), which is not the operator saying "this is production".
 */
const STARTED_NODE_ENV = process.env.NODE_ENV;

/** True when the process was started with NODE_ENV=production: then every line it prints is one JSON record (log.ts). */
export function startedInProduction(): boolean {
  return STARTED_NODE_ENV === 'production';
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const nodeEnv = env === process.env ? STARTED_NODE_ENV : env.NODE_ENV;
  // X_FILE secrets read, DATABASE_URL built from POSTGRES_* parts (src/secrets.ts); throws naming what to fix
  env = resolveSecrets(env);
  const repoRoot = path.resolve(SERVER_DIR, '..');
  const remoteOverrides: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const url = nonEmpty(env[`REMOTE_${name.toUpperCase()}_URL`]);
    if (url) remoteOverrides[name] = url;
  }
  const port = Number(env.PORT ?? 8080);
  const seedCount = Number(env.SEED_COUNT ?? 72);
  const config: ServerConfig = {
    port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 8080,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    repoRoot,
    dataDir: path.resolve(repoRoot, nonEmpty(env.DATA_DIR) ?? path.join('server', 'data')),
    mediaDir: path.join(SERVER_DIR, 'media'),
    photoCacheBytes: Number(env.PHOTO_CACHE_MB) > 0 ? Number(env.PHOTO_CACHE_MB) * 1024 * 1024 : undefined,
    photoConcurrency: Number.isInteger(Number(env.PHOTO_CONCURRENCY)) && Number(env.PHOTO_CONCURRENCY) > 0 ? Number(env.PHOTO_CONCURRENCY) : undefined,
    photoPoolDir: nonEmpty(env.PHOTO_POOL_DIR),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    logLevel: logLevel(env.LOG_LEVEL),
    shutdownGraceMs: Number.isFinite(Number(env.SHUTDOWN_GRACE_MS)) && Number(env.SHUTDOWN_GRACE_MS) >= 0 ? Number(env.SHUTDOWN_GRACE_MS ?? 20_000) : 20_000,
    shutdownReadyDelayMs:
      nonEmpty(env.SHUTDOWN_READY_DELAY_MS) !== undefined && Number(env.SHUTDOWN_READY_DELAY_MS) >= 0 ? Number(env.SHUTDOWN_READY_DELAY_MS) : 5000,
    outboxLeaseMs: Number(env.OUTBOX_LEASE_MS) >= 1000 ? Number(env.OUTBOX_LEASE_MS) : 120_000,
    outboxConcurrency:
      Number.isInteger(Number(env.OUTBOX_CONCURRENCY)) && Number(env.OUTBOX_CONCURRENCY) >= 1 ? Math.min(Number(env.OUTBOX_CONCURRENCY), 50) : 4,
    chatReplyTimeoutMs: Number(env.CHAT_REPLY_TIMEOUT_SECONDS) >= 5 ? Math.min(Number(env.CHAT_REPLY_TIMEOUT_SECONDS), 3600) * 1000 : 120_000,
    outboxGiveUpMs: Number(env.OUTBOX_GIVE_UP_HOURS) > 0 ? Math.min(Number(env.OUTBOX_GIVE_UP_HOURS), 24 * 365) * 3_600_000 : 24 * 3_600_000,
    staffPassword: nonEmpty(env.STAFF_PASSWORD),
    airtableBaseId: nonEmpty(env.AIRTABLE_BASE_ID),
    airtableToken: nonEmpty(env.AIRTABLE_TOKEN),
    airtableApiUrl: nonEmpty(env.AIRTABLE_API_URL) ?? 'https://api.airtable.com',
    airtableSyncIntervalMs: Math.max(1000, rate(nonEmpty(env.AIRTABLE_SYNC_INTERVAL_MS), 60_000)),
    n8nWebhookBase: nonEmpty(env.N8N_WEBHOOK_BASE),
    n8nWebhookAuth: readN8nWebhookAuth(env, nonEmpty(env.N8N_WEBHOOK_BASE)),
    n8nChatUrl: nonEmpty(env.N8N_CHAT_URL),
    remoteOverrides,
    localBaseId: LOCAL_BASE_ID,
    recordsApiToken: nonEmpty(env.RECORDS_API_TOKEN),
    recordsRateLimit: Number.isFinite(Number(env.RECORDS_RATE_LIMIT ?? 50)) ? Number(env.RECORDS_RATE_LIMIT ?? 50) : 50,
    seedCount: Number.isInteger(seedCount) && seedCount > 0 ? seedCount : 72,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: publicOrigin(env.PUBLIC_URL),
    formRateLimit: rate(env.FORM_RATE_LIMIT, 6),
    chatRateLimit: rate(env.CHAT_RATE_LIMIT, 30),
    alertsIntervalMs: rate(env.ALERTS_INTERVAL_MS, 5 * 60 * 1000) === 0 ? 0 : Math.max(1000, rate(env.ALERTS_INTERVAL_MS, 5 * 60 * 1000)),
    mapStyleUrl: nonEmpty(env.MAP_STYLE_URL),
    mapAttribution: nonEmpty(env.MAP_ATTRIBUTION),
    mapTileKey: nonEmpty(env.MAP_TILE_KEY),
    mapPmtilesUrl: nonEmpty(env.MAP_PMTILES_URL),
    archiveKeepBuilds: Number.isInteger(Number(nonEmpty(env.ARCHIVE_KEEP_BUILDS) ?? 5)) ? Math.max(0, Number(nonEmpty(env.ARCHIVE_KEEP_BUILDS) ?? 5)) : 5,
    archiveKeepDays: rate(nonEmpty(env.ARCHIVE_KEEP_DAYS), 14),
    quiet: env.QUIET === '1',
    resourceHints: env.RESOURCE_HINTS === 'all' || env.RESOURCE_HINTS === 'off' ? env.RESOURCE_HINTS : 'first',
    firstScreen: env.FIRST_SCREEN === 'off' ? 'off' : 'on',
    scriptsAfterFirstPaint: env.SCRIPTS_AFTER_FIRST_PAINT !== 'off',
    ...overrides,
  };
  // quiet (tests) means no log lines unless a level is asked for explicitly
  if (config.quiet && !env.LOG_LEVEL && !overrides.logLevel) config.logLevel = 'silent';
  // in production every absolute URL (canonical, /config.json, sitemap, the links in alert emails) comes from
  // PUBLIC_URL: the Host header is the visitor's to write
  if (nodeEnv === 'production' && !config.publicUrl)
    throw new Error(
      "PUBLIC_URL is not set. With NODE_ENV=production the site's public origin must be given (PUBLIC_URL=https://www.example.com, with the port if it is not 443 or 80): the server never builds its links from the Host header in production.",
    );
  return config;
}

/** True when the records API forwards to real Airtable. */
export function isProxyMode(config: ServerConfig): boolean {
  return Boolean(config.airtableBaseId && config.airtableToken);
}
