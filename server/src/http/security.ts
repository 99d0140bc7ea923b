/** Security headers sent on every response. */
import type { ServerResponse } from 'node:http';

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy: everything from this origin; Instagram's embed script and the Instagram and
 * Facebook frames the content pages embed; any https image (listing photos hosted elsewhere); connections to
 * this origin plus the configured n8n origins (forms and chat may post there directly). `inlineScriptHashes`
 * ('sha256-…' sources) allow the one inline script the server writes (afterFirstPaint.ts) and nothing else inline.
 */
export function contentSecurityPolicy(connectUrls: readonly (string | undefined)[], inlineScriptHashes: readonly string[] = []): string {
  const connect = new Set<string>(["'self'"]);
  for (const url of connectUrls) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScriptHashes, 'https://www.instagram.com'].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    'frame-src https://www.instagram.com https://www.facebook.com',
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
