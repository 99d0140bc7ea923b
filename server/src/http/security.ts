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
 * this origin plus the configured n8n origins (forms and chat may post there directly).
 */
export function contentSecurityPolicy(connectUrls: readonly (string | undefined)[]): string {
  const connect = new Set<string>(["'self'"]);
  for (const url of connectUrls) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  return [
    "default-src 'self'",
    "script-src 'self' https://www.instagram.com",
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

export function applyHeaders(res: ServerResponse, headers: Record<string, string>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}
