/** Security headers sent on every response. */
import type { ServerResponse } from 'node:http';
import { TOUR_FRAME_ORIGINS } from '@gta/shared/core';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A host a CSP source may name as it is: letters, digits, dots and hyphens, or a bracketed IPv6 address (never a '*'). */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/**
 * The origin of a remote's manifest URL (REMOTE_<NAME>_URL) as a CSP source, or null when it adds nothing: a
 * relative URL (this origin, already 'self'), one that is not http(s), or one whose host is not a plain name or
 * address (a wildcard such as https://*.example.com is never turned into a source).
 */
export function remoteOrigin(url: string | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (!PLAIN_HOST.test(parsed.hostname)) return null;
  return parsed.origin;
}

export interface CspSources {
  /**
   * URLs the browser connects to besides this origin (n8n's chat URL, N8N_CHAT_URL, when the widget talks to n8n
   * directly): their origins join connect-src. Never N8N_WEBHOOK_BASE: the forms post to this server.
   */
  connectUrls?: readonly (string | undefined)[];
  /**
   * The manifest URLs of remotes served from elsewhere (REMOTE_<NAME>_URL, as /config.json gives them): each origin
   * joins script-src (remoteEntry.js and chunks), connect-src (the manifest is fetched), and style-src, img-src and
   * font-src (the stylesheets, images and fonts a remote's build may serve from its own folder).
   */
  remoteUrls?: readonly (string | undefined)[];
  /** 'sha256-…' sources: the one inline script the server writes (afterFirstPaint.ts) and nothing else inline. */
  inlineScriptHashes?: readonly string[];
  /**
   * The map page's tile URL template (MAP_STYLE_URL, as /config.json gives it): its origins join img-src (the tiles)
   * and connect-src (a provider's style or data requests). A {s} subdomain stands for Leaflet's a, b and c.
   */
  mapTileUrl?: string;
  /** The maps' vector-tile archive (MAP_PMTILES_URL): read with fetch and range requests, so its origin joins connect-src. */
  pmtilesUrl?: string;
}

/** The origins a tile URL template loads from (none when it is not an http(s) URL with a plain host). */
export function tileOrigins(template: string | undefined): string[] {
  if (!template) return [];
  const subdomains = template.includes('{s}') ? ['a', 'b', 'c'] : [''];
  const origins = subdomains.map((s) => remoteOrigin(template.replace(/\{s\}/g, s).replace(/\{[a-z]+\}/g, '0')));
  return origins.every((o): o is string => o !== null) ? [...new Set(origins)] : [];
}

/**
 * The Content-Security-Policy: everything from this origin; Instagram's embed script and the Instagram and
 * Facebook frames the content pages embed; any https image (listing photos hosted elsewhere); connections to
 * this origin plus n8n's chat origin when the chat widget talks to n8n directly; the origins of the
 * remotes deployed elsewhere, for the kinds of file a remote serves; and the map's tile provider (img-src and
 * connect-src) or its vector-tile archive (connect-src). No wildcard source is ever added.
 */
export function contentSecurityPolicy({ connectUrls = [], remoteUrls = [], inlineScriptHashes = [], mapTileUrl, pmtilesUrl }: CspSources = {}): string {
  const remotes = [...new Set(remoteUrls.map(remoteOrigin).filter((o): o is string => o !== null))];
  const tiles = tileOrigins(mapTileUrl);
  const connect = new Set<string>(["'self'"]);
  const archive = remoteOrigin(pmtilesUrl);
  if (archive) connect.add(archive);
  for (const url of connectUrls) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  for (const origin of remotes) connect.add(origin);
  for (const origin of tiles) connect.add(origin);
  const list = (...sources: string[]): string => [...new Set(sources)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...inlineScriptHashes, 'https://www.instagram.com', ...remotes)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...remotes)}`,
    `img-src ${list("'self'", 'data:', 'blob:', 'https:', ...remotes, ...tiles)}`,
    `font-src ${list("'self'", 'data:', ...remotes)}`,
    `connect-src ${[...connect].join(' ')}`,
    // the social embeds, and the players of a listing's virtual tour (loaded on click: listingDetails.ts)
    `frame-src ${list('https://www.instagram.com', 'https://www.facebook.com', ...TOUR_FRAME_ORIGINS)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * Headers that only a document (or a worker) obeys: a script, stylesheet, font or raster image runs under the
 * policy of the page that loads it, so on those files these headers are dead weight, about 560 bytes a response
 * (27 scripts on the home page's first load). X-Content-Type-Options and Referrer-Policy stay on everything.
 * SVG, HTML and JSON keep them all: an SVG or an HTML file can be opened as a document.
 */
export const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'X-Frame-Options', 'Permissions-Policy', 'Cross-Origin-Opener-Policy'] as const;

const SUBRESOURCE_TYPE = /^(text\/javascript|text\/css|font\/|image\/(png|jpeg|webp|avif|gif|x-icon))/;

/** Takes the document-only headers off a response that sends a file of `contentType` which is never a document. */
export function dropDocumentHeadersForSubresource(res: ServerResponse, contentType: string): void {
  if (!SUBRESOURCE_TYPE.test(contentType)) return;
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

export function applyHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
