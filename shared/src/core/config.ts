/** The runtime config: the one contract between server, shell, remotes and deployers (docs/architecture.md). */
export type RemoteName = 'listings' | 'content' | 'forms' | 'chat' | 'admin';

export const REMOTE_NAMES: readonly RemoteName[] = ['listings', 'content', 'forms', 'chat', 'admin'];

export interface RuntimeConfig {
  /** Each remote's mf-manifest.json URL. */
  remotes: Record<RemoteName, string>;
  airtable: {
    /** Absolute or same-origin URL airtable.js uses as endpointUrl. */
    endpointUrl: string;
    baseId: string;
  };
  /** A form posts to `${webhookBase}/${path}`. */
  webhookBase: string;
  /** The n8n chat trigger URL, or the local assistant. */
  chatWebhookUrl: string;
  /**
   * How long the chat widget waits for a sign of life from a reply (CHAT_REPLY_TIMEOUT_SECONDS on the server, 120 by
   * default: an n8n AI Agent may call tools for a minute before its first word). Absent: the widget's default.
   */
  chatReplyTimeoutMs?: number;
  /** Where the staff sign-in lives (server's own API). */
  authBase?: string;
  /**
   * The maps' base map (the map page, the map view of /active-listings, a property's location map): a vector-tile
   * archive (MAP_PMTILES_URL: one .pmtiles file on the team's CDN, drawn with streets and names by protomaps-leaflet)
   * or a raster tile provider (MAP_STYLE_URL, a URL template with {z}, {x} and {y}, and optionally {s}, {r}; a
   * {key} in it is filled from MAP_TILE_KEY), with the credit line (MAP_ATTRIBUTION, text or HTML links). Absent:
   * the embedded base map of the region, which needs no internet.
   */
  map?: MapTilesConfig;
}

/** A raster tile provider: Leaflet's tile layer over the template. */
export interface RasterTilesConfig {
  tileUrl: string;
  attribution: string;
}

/** A vector-tile archive (PMTiles, the Protomaps basemap schema) read with HTTP range requests. */
export interface VectorTilesConfig {
  pmtilesUrl: string;
  attribution: string;
}

export type MapTilesConfig = RasterTilesConfig | VectorTilesConfig;

/** A PMTiles archive URL the maps can read: http(s), a plain path ending in .pmtiles. */
export function isPmtilesUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && /\.pmtiles$/i.test(parsed.pathname);
  } catch {
    return false;
  }
}

/** A raster tile URL template the map page can use: http(s), with {z}, {x} and {y}. */
export function isTileUrlTemplate(url: string): boolean {
  if (!/\{z\}/.test(url) || !/\{x\}/.test(url) || !/\{y\}/.test(url)) return false;
  try {
    const parsed = new URL(url.replace(/\{[a-z]+\}/g, '0'));
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Webhook paths, one per form (n8n's URL shape). */
export const WEBHOOK_PATHS = {
  contact: 'contact-form',
  propertyFinder: 'property-finder',
  listWithUs: 'list-with-us',
  newDevelopment: 'new-development',
  homeEvaluation: 'home-evaluation',
  propertyInquiry: 'property-inquiry',
} as const;
export type WebhookPath = (typeof WEBHOOK_PATHS)[keyof typeof WEBHOOK_PATHS];

/** Airtable tables. Public callers may read Properties only. */
export const PROPERTIES_TABLE = 'Properties';
export const SUBMISSION_TABLES = {
  'contact-form': 'Website Submissions',
  'property-finder': 'Property Finder',
  'list-with-us': 'List With Us',
  'new-development': 'New Development',
  'home-evaluation': 'Home Evaluations',
  'property-inquiry': 'Property Inquiries',
} as const satisfies Record<WebhookPath, string>;
export type SubmissionTable = (typeof SUBMISSION_TABLES)[WebhookPath];

/** Joins a base URL and a path with exactly one slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
