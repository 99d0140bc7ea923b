/**
 * Who is asking, and from where, decided only from what can be trusted:
 *  - TRUST_PROXY=N: N proxies of ours stand in front of the server. Each appends the address it received the
 *    request from to X-Forwarded-For, so the client's address is the N-th entry from the right of
 *    `X-Forwarded-For, <socket address>`; anything further left was written by the client and is ignored.
 *    X-Forwarded-Proto and X-Forwarded-Host are read from the outermost trusted proxy the same way.
 *  - PUBLIC_URL: the site's public origin. When set, it is the origin of every absolute URL the server writes
 *    (config, sitemap, robots, canonical links), whatever the Host header says. Unset (development), the Host
 *    header is used when well-formed, and cacheable answers built from it vary on Host.
 */
import type { IncomingMessage } from 'node:http';
import net from 'node:net';

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-fA-F:.]+\](:\d{1,5})?$/;

export interface ClientInfo {
  /** The client's address (the right one when behind trusted proxies). */
  ip: string;
  /** `https://host[:port]` as the browser sees this site. */
  origin: string;
  /** True when the browser reached us over https (directly or through a trusted proxy). */
  secure: boolean;
  /** True when the origin came from the request's Host header (no PUBLIC_URL): cacheable answers must vary on it. */
  originFromHost: boolean;
}

export interface ClientSettings {
  /** Number of trusted proxy hops in front of the server (0: none, the socket's address is the client). */
  trustProxy: number;
  publicUrl?: string;
}

function listHeader(req: IncomingMessage, name: string): string[] {
  const raw = req.headers[name];
  const joined = Array.isArray(raw) ? raw.join(',') : (raw ?? '');
  return joined
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The value the outermost trusted proxy wrote: the N-th from the right of what the proxies appended. */
function fromTrusted(values: readonly string[], hops: number): string | undefined {
  if (hops <= 0 || values.length === 0) return undefined;
  return values[Math.max(0, values.length - hops)];
}

export function clientInfo(req: IncomingMessage, settings: ClientSettings, port: number): ClientInfo {
  const socketAddress = normaliseIp(req.socket.remoteAddress ?? 'unknown');
  const hops = settings.trustProxy;
  const chain = [...listHeader(req, 'x-forwarded-for').map(normaliseIp), socketAddress];
  const ip = hops > 0 ? (chain[Math.max(0, chain.length - 1 - hops)] as string) : socketAddress;
  const encrypted = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const secure = fromTrusted(listHeader(req, 'x-forwarded-proto'), hops) === 'https' || encrypted;
  if (settings.publicUrl) {
    const publicUrl = new URL(settings.publicUrl);
    return { ip, origin: publicUrl.origin, secure: secure || publicUrl.protocol === 'https:', originFromHost: false };
  }
  const hostHeader = fromTrusted(listHeader(req, 'x-forwarded-host'), hops) ?? req.headers.host ?? '';
  const host = HOST_PATTERN.test(hostHeader) ? hostHeader : `localhost:${port}`;
  return { ip, origin: `${secure ? 'https' : 'http'}://${host}`, secure, originFromHost: true };
}

/** `::ffff:1.2.3.4` is 1.2.3.4; anything else as given (trimmed, without a zone). */
export function normaliseIp(address: string): string {
  const a = address.trim().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? (mapped[1] as string) : a;
}

/**
 * The key a rate limit counts by: the IPv4 address, or the /64 network of an IPv6 address (one household or
 * server usually holds a whole /64, so per-address limits on IPv6 would be no limit at all).
 */
export function rateKey(ip: string): string {
  const address = normaliseIp(ip);
  if (net.isIPv6(address)) return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
  return address;
}

function expandIpv6(address: string): string[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // an embedded IPv4 tail counts as two groups
  const groups = (parts: string[]): string[] =>
    parts.flatMap((p) => {
      if (!p.includes('.')) return [p];
      const [a, b, c, d] = p.split('.').map(Number) as [number, number, number, number];
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const l = groups(left);
  const r = groups(right);
  const fill = tail === undefined ? [] : Array.from({ length: 8 - l.length - r.length }, () => '0');
  return [...l, ...fill, ...r].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/** Parses TRUST_PROXY: a number of hops; `true` means one. */
export function parseTrustProxy(value: string | undefined): number {
  const v = value?.trim().toLowerCase();
  if (!v || v === '0' || v === 'false' || v === 'off') return 0;
  if (v === 'true' || v === 'on') return 1;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 20 ? n : 0;
}

/** True when an Origin header names this site (or there is none: not a browser's cross-site request). */
export function sameSiteOrigin(req: IncomingMessage, siteOrigin: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return origin === siteOrigin;
}
